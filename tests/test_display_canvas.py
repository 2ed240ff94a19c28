# Canvas drawing into the driver's buffer, the generated font, the renderers.
import os
import subprocess
import sys

import pytest

from menagerie.ui import font
from menagerie.ui.canvas import Canvas
from sim.fake_i2c import make_oled
from sim.render import to_halfblocks, to_png

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class FakeDisplay:
    def __init__(self, width=128, height=64):
        self.width, self.height = width, height
        self.buffer = bytearray(1 + width * height // 8)
        self.buffer[0] = 0x40


def px(d, x, y):
    return (d.buffer[1 + (y // 8) * d.width + x] >> (y % 8)) & 1


def glyph(ch):
    o = (ord(ch) - 32) * 5
    return font.SMALL[o:o + 5]


def test_geometry():
    c = Canvas(FakeDisplay())
    assert (c.width, c.height, c.rows, c.cols) == (128, 64, 8, 21)
    c32 = Canvas(FakeDisplay(128, 32))
    assert (c32.rows, c32.cols) == (4, 21)


def test_font_tables():
    assert len(font.SMALL) == 95 * 5
    assert not any(b & 0x80 for b in font.SMALL)  # 7 rows: bit 7 is the line gap
    assert glyph(" ") == bytes(5)
    assert len(set(glyph(ch) for ch in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")) == 62
    n = len(font.BIG_CHARS)
    assert len(font.BIG_W) == n and len(font.BIG_OFF) == 2 * (n + 1)
    assert len(font.BIG) == sum(3 * w for w in font.BIG_W)
    digit_w = set(font.BIG_W[font.BIG_CHARS.index(ch)] for ch in "0123456789")
    assert digit_w == {16}  # tabular digits: a changing score does not shift


@pytest.mark.skipif(not os.path.exists("/usr/share/fonts/X11/misc/5x7.pcf.gz"),
                    reason="xfonts-base not installed (only needed to regenerate)")
def test_font_module_matches_its_generator():
    r = subprocess.run([sys.executable, "-m", "host_tools.gen_font", "--check"], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_text_scale1_writes_font_columns_and_gap():
    d = FakeDisplay()
    c = Canvas(d)
    d.buffer[1 + 2 * 128 + 12 + 5] = 0xFF  # junk in the gap column gets cleared
    assert c.text(2, 6, "Hi") == 12
    base = 1 + 2 * 128
    assert d.buffer[base + 6:base + 11] == glyph("H")
    assert d.buffer[base + 11] == 0
    assert d.buffer[base + 12:base + 17] == glyph("i")
    assert d.buffer[base + 17] == 0
    assert sum(d.buffer[1:base]) == 0 and sum(d.buffer[base + 18:]) == 0
    c.text(2, 6, "Hi", invert=True)
    # inverted text is 7 pixels tall: the page's last row stays dark
    assert d.buffer[base + 6:base + 11] == bytes(b ^ 0x7F for b in glyph("H"))
    assert d.buffer[base + 11] == 0x7F
    c.text(0, 0, "\x01")  # unknown characters draw as '?'
    assert d.buffer[1:6] == glyph("?")


@pytest.mark.parametrize("scale", [2, 3])
def test_scaled_text_is_the_small_font_magnified(scale):
    d = FakeDisplay()
    c = Canvas(d)
    ref = FakeDisplay()
    Canvas(ref).text(0, 0, "Ag5")
    assert c.text(1, 4, "Ag5", scale=scale) == 18 * scale
    for y in range(8 * scale):
        for x in range(18 * scale):
            assert px(d, 4 + x, 8 + y) == px(ref, x // scale, y // scale), (x, y)
    assert not any(d.buffer[1:1 + 128])  # page 0 untouched


def test_clipping_right_bottom_left():
    d = FakeDisplay()
    c = Canvas(d)
    c.text(0, 120, "ABCDEF")  # only 'A' and 2 columns of 'B' fit
    assert d.buffer[1 + 120:1 + 125] == glyph("A")
    assert d.buffer[1 + 126:1 + 128] == glyph("B")[:2]
    assert not any(d.buffer[1 + 128:])  # nothing wrapped into page 1
    c.text(8, 0, "off screen")
    c.text(-1, 0, "above")
    c.text(6, 0, "XY", scale=3)  # pages 6, 7 drawn, page 8 dropped
    c.big(6, 100, "88")
    c.text(3, -3, "AB")
    assert d.buffer[1 + 3 * 128:1 + 3 * 128 + 2] == glyph("A")[3:]
    assert len(d.buffer) == 1 + 1024


def test_big_digits():
    d = FakeDisplay()
    c = Canvas(d)
    assert c.big_width("205") == 3 * (16 + font.BIG_GAP)
    w = c.big_center(2, "205")
    assert w == c.big_width("205")
    x0 = (128 - w + font.BIG_GAP) // 2
    ink_rows = set(y for y in range(64) for x in range(128) if px(d, x, y))
    assert min(ink_rows) >= 16 and max(ink_rows) < 40 and max(ink_rows) - min(ink_rows) >= 18
    ink_cols = [x for x in range(128) if any(px(d, x, y) for y in range(64))]
    assert ink_cols[0] >= x0 and ink_cols[-1] < x0 + w
    # lower case maps to upper case; unknown maps to '?'
    a, b = FakeDisplay(), FakeDisplay()
    Canvas(a).big(0, 0, "p3!")
    Canvas(b).big(0, 0, "P3!")
    assert a.buffer == b.buffer
    Canvas(a).big(0, 0, "\u00e9")
    Canvas(b).big(0, 0, "?")
    assert a.buffer == b.buffer


def test_text_outside_ascii_is_one_question_mark_a_character():
    # text() reads the bytes of the text: a character's UTF-8 tail draws
    # nothing, so "é" is one "?" cell, as it was a character at a time.
    for scale in (1, 2):
        a, b = FakeDisplay(), FakeDisplay()
        assert Canvas(a).text(0, 0, "x\u00e9y", scale) == Canvas(b).text(0, 0, "x?y", scale)
        assert a.buffer == b.buffer


QSTRS = """
import micropython
from menagerie.ui.canvas import Canvas


class D:
    width = 128
    height = 64
    buffer = bytearray(1 + 128 * 8)


c = Canvas(D())
micropython.qstr_info()
c.text(0, 0, "~%&$^@;")
c.text(1, 0, "|{}", 2)
c.center(3, "`<]")
c.big(4, 0, "#*")
c.big_width("=_")
micropython.qstr_info()
"""


def test_drawing_text_interns_no_qstrs_under_micropython():
    # MicroPython interns each one-character str a loop over a str makes: a
    # qstr kept until the board restarts, and a session's qstrs are paid for
    # by whole pools (~14 KB here for the seventh: docs/architecture.md,
    # Memory). Drawing characters never drawn before must intern none.
    from mpy_runner import run_micropython

    out = run_micropython(QSTRS)
    counts = [line.split("n_qstr=")[1].split(",")[0] for line in out.splitlines() if "n_qstr=" in line]
    assert len(counts) == 2 and counts[0] == counts[1], out


def test_center_right_fill_row_dark_on_light():
    d = FakeDisplay()
    c = Canvas(d)
    c.center(0, "AB")
    assert d.buffer[1 + 58:1 + 63] == glyph("A")  # (128 - 12 + 1) // 2
    c.right(1, "Z")
    assert d.buffer[1 + 128 + 123:1 + 128 + 128] == glyph("Z")
    c.fill_row(4, pages=2)
    c.text(4, 10, "OK", invert=True)
    row4 = d.buffer[1 + 4 * 128:1 + 5 * 128]
    # a bar is 7 pixels tall: what is under it never touches it (issue 26)
    assert row4[:10] == b"\x7f" * 10 and row4[22:] == b"\x7f" * 106
    assert row4[10:15] == bytes(b ^ 0x7F for b in glyph("O"))
    assert d.buffer[1 + 5 * 128:1 + 6 * 128] == b"\x7f" * 128
    c.fill_row(5, on=False)
    assert not any(d.buffer[1 + 5 * 128:1 + 6 * 128])
    c.clear()
    assert not any(d.buffer[1:]) and d.buffer[0] == 0x40


def test_lines_hline_box_progress():
    d = FakeDisplay()
    c = Canvas(d)
    c.hline(1, 3, 10, 12)
    assert d.buffer[1 + 128 + 9:1 + 128 + 14] == bytes([0, 8, 8, 8, 0])
    c.box(0, 2, 127, 3)
    assert d.buffer[1 + 2 * 128] == 0xFF and d.buffer[1 + 2 * 128 + 5] == 0x01
    assert d.buffer[1 + 3 * 128 + 5] == 0x80 and d.buffer[1 + 3 * 128 + 127] == 0xFF
    c.progress(6, 0, 21, 0, 4)
    assert d.buffer[1 + 6 * 128:1 + 6 * 128 + 4] == bytes([0x7E, 0x42, 0x42, 0x42])
    c.progress(6, 0, 21, 4, 4)
    assert d.buffer[1 + 6 * 128:1 + 6 * 128 + 22] == b"\x7e" * 22
    c.progress(6, 0, 21, 1, 2)  # 20 inner columns, half filled
    assert d.buffer[1 + 6 * 128 + 10] == 0x7E and d.buffer[1 + 6 * 128 + 11] == 0x42


def test_log_and_lines():
    c = Canvas(FakeDisplay())
    c.text(0, 0, "no log")
    assert c.log is None and c.lines() == []
    c.log = []
    c.right(2, "7")
    c.text(2, 0, "Score")
    c.big(3, 20, "205")
    c.center(0, "Animal Inc")
    c.text(2, 40, "x2", scale=2)
    assert c.lines() == ["Animal Inc", "Score x2 7", "205"]
    c.clear()
    assert c.log == [] and c.lines() == []


@pytest.mark.parametrize("height", [64, 32])
def test_canvas_on_the_real_driver_reaches_the_glass(height, tmp_path):
    drv, emu, bus = make_oled(128, height)
    c = Canvas(drv)
    c.center(0, "Hello")
    c.big(1, 0, "12")
    drv.show()
    img = emu.image()
    assert img == [[drv.pixel(x, y) for x in range(128)] for y in range(height)]
    p = to_png(img, str(tmp_path / "s.png"), scale=3)
    from PIL import Image

    im = Image.open(p)
    assert im.size == (128 * 3 + 18, height * 3 + 18)
    on = [(x, y) for y in range(height) for x in range(128) if img[y][x]][0]
    off = [(x, y) for y in range(height) for x in range(128) if not img[y][x]][0]
    color = [im.getpixel((9 + 3 * x, 9 + 3 * y)) for x, y in (on, off)]
    assert color[0] != color[1] and im.getpixel((1, 1)) not in color  # bezel
    hb = to_halfblocks(img)
    assert len(hb) == height // 2 and all(len(r) == 128 for r in hb)
    assert to_halfblocks([[1, 0, 1, 0], [1, 1, 0, 0]]) == ["\u2588\u2584\u2580 "]
