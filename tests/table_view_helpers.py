"""The table view under test: a simulated board with Wi-Fi running in real
time in a thread (the firmware's own server on a free loopback port, the
host's socket module as its pool), and the system's headless Chromium
driven one step at a time (web/drive.mjs --lines) so a game can be played
on the device between two looks at the phone's page."""
import json
import os
import subprocess
import threading
import time

from sim.runner import Session, run_script
from tests import web_helpers as wh


class LiveDevice:
    """Session(board, table_view=0) stepped to the wall clock every few ms
    (its app loop polls the server as the board's does); every use of the
    session from the test goes through `do` (one lock)."""

    def __init__(self, board="raspberry_pi_pico2_w", seed=1, **kw):
        self.session = Session(board, seed=seed, table_view=0, **kw)
        self.url = self.session.table_address()
        if not self.url:
            raise AssertionError("table view did not start: %s" % self.session.app.table.note)
        self.lock = threading.Lock()
        self._stop = False
        self.errors = []
        self._t0 = time.monotonic() - self.session.now / 1000
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        while not self._stop:
            try:
                with self.lock:
                    now = int((time.monotonic() - self._t0) * 1000)
                    self.session.advance_to(now)
            except Exception as e:  # the test sees it
                self.errors.append(repr(e))
                return
            time.sleep(0.002)

    def do(self, fn):
        with self.lock:
            out = fn(self.session)
            # virtual time may have run ahead (a press takes 200 ms at once)
            self._t0 = min(self._t0, time.monotonic() - self.session.now / 1000)
            return out

    def play(self, words):
        return self.do(lambda s: run_script(s, "\n".join(words)))

    def close(self):
        self._stop = True
        self.thread.join(5)
        self.session.close()


class Browser:
    """One headless Chromium, one step at a time (see web/drive.mjs)."""

    def __init__(self, timeout=60):
        why = wh.missing()
        if why:
            raise AssertionError("browser tests cannot run: " + why)
        self.p = subprocess.Popen(["node", os.path.join(wh.WEB, "drive.mjs"), "--lines"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  text=True, cwd=wh.WEB, env=dict(os.environ, CHROMIUM=wh.CHROMIUM))
        self.timeout = timeout

    def step(self, **st):
        self.p.stdin.write(json.dumps(st) + "\n")
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        if not line:
            raise AssertionError("browser driver died:\n" + self.p.stderr.read()[-4000:])
        out = json.loads(line)
        if "error" in out:
            raise AssertionError("browser step %s failed: %s\n%s" % (st, out["error"], "\n".join(out.get("logs", []))))
        return out["result"]

    def eval(self, js):
        return self.step(op="eval", js=js)

    def wait(self, js, timeout=None):
        return self.step(op="wait", js=js, timeout=(timeout or self.timeout) * 1000)

    def close(self):
        try:
            self.p.stdin.close()
            self.p.wait(30)
        except Exception:
            self.p.kill()


# -- the MicroPython harness with the table view (tests/mpy_app/table_harness.py)

MPY_APP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mpy_app")
WWW = os.path.join(wh.ROOT, "firmware", "menagerie", "table", "www")


def lib_dir(dest):
    """The libraries the board gets (as `menagerie build` ships them) in dest."""
    from host_tools import libs

    avail = libs.available()
    for top in ("adafruit_httpserver", "adafruit_miniqr"):
        for rel, src in avail[top][2]:
            path = os.path.join(dest, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(libs.shipped(rel, src))
    return dest


def free_port():
    """A port no one listens on now (the system's pick)."""
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def harness_code(args, port=None):
    """The snippet that runs the table harness with args (a list)."""
    return ("import sys\nsys.path.append(%r)\ndel sys.argv[:]\nsys.argv.extend(['table_harness', %r, %r] + %r)\n"
            "import app_harness\napp_harness.QUIET = True\nimport table_harness\n"
            "table_harness.main(sys.argv[3:])\n"
            % (MPY_APP, str(port or free_port()), WWW, list(args)))


def harness_path(libs):
    return (os.path.join(MPY_APP, "table_shims"), libs)


def mpy_trees(dest):
    """The firmware and the libraries compiled with MicroPython's mpy-cross
    (CircuitPython's own is not fetched here: its .mpy are the same kind of
    bytecode), as deploy ships a board: -> (firmware dir, libraries dir)."""
    from tests.mpy_runner import compile_tree, mpy_cross_exe

    fw = os.path.join(dest, "firmware")
    lib = os.path.join(dest, "lib")
    compile_tree(fw)
    src = lib_dir(os.path.join(dest, "lib-py"))
    for root, _, files in os.walk(src):
        for f in files:
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(root, f), src)
                out = os.path.join(lib, rel[:-3] + ".mpy")
                os.makedirs(os.path.dirname(out), exist_ok=True)
                subprocess.run([mpy_cross_exe(), "-o", out, os.path.join(root, f)], check=True)
    return fw, lib


MENU_RETAINED = """
import sys, gc
sys.path.append(%r)
import app_harness
app_harness.QUIET = True
import table_harness as TH
h = app_harness.Harness(TH.ProfileW, True)
gc.collect()
print("retained", gc.mem_alloc())
"""


def menu_retained(firmware, libs):
    """gc.mem_alloc() at the main menu of a W board, table view off."""
    from tests.mpy_runner import run_micropython

    code = ("import sys\ndel sys.argv[:]\nsys.argv.extend(['x', '1', %r])\n" % WWW) + MENU_RETAINED % MPY_APP
    out = run_micropython(code, firmware=firmware, extra_path=harness_path(libs))
    return int(out.split()[-1])


def shots(folder):
    """The README's phone pictures of the page (light and dark), beside the
    OLED's animal-inc-sheet.png (sim/readme_images.py: the same round):
    `python -m tests.table_view_helpers docs/images`."""
    from sim import readme_images as R

    script = [w for line in (R._AI_ROUND + "hold OK 700\n").splitlines() for w in [line] if w]
    d = LiveDevice(seed=1, settings_text=R._AI_NAMES)
    b = Browser()
    try:
        d.do(lambda s: run_script(s, "\n".join(script)))
        for dark, name in ((False, "table-view-phone.png"), (True, "table-view-phone-dark.png")):
            b.step(op="open", url=d.url, width=390, height=844, dark=dark)
            b.wait("window.table.state && window.table.state.game && "
                   "getComputedStyle(document.body).fontSize === '20px'")
            b.step(op="screenshot", path=os.path.join(folder, name), viewport=True)
            print("wrote", os.path.join(folder, name))
    finally:
        b.close()
        d.close()


if __name__ == "__main__":
    import sys

    shots(sys.argv[1])
