"""Regenerate firmware/menagerie/ui/font.py from the X11 misc-fixed fonts.

    apt-get install xfonts-base      # once, on the host
    .venv/bin/python -m host_tools.gen_font [--check]

SMALL: misc-fixed 5x7 (ASCII 32..126), 5 column bytes per glyph, LSB = top.
BIG:   misc-fixed 9x18B, doubled with Scale2x (EPX) so diagonals stay smooth,
       cut to 24 rows = 3 SSD1306 pages. Digits share one width (scores do
       not jiggle when a digit changes); other glyphs are cropped to their ink.
Both source fonts are public domain ("Public domain font. Share and enjoy.").
The output is deterministic: --check fails when the committed file differs.
"""
import gzip
import io
import os
import sys

from PIL import PcfFontFile
from PIL.PcfFontFile import PCF_BDF_ENCODINGS

MISC = "/usr/share/fonts/X11/misc"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "firmware", "menagerie", "ui", "font.py")

BIG_CHARS = "0123456789 +-:/!?.ABCDEFGHIJKLMNOPQRSTUVWXYZ"
BIG_SRC_TOP = 3  # 9x18B rows 3..14 hold every kept glyph's ink (digits 4..13)
BIG_ROWS = 24
BIG_SPACE_W = 8
BIG_DIGIT_COLS = (0, 7)  # union of the digits' ink columns in 9x18B


class _Pcf(PcfFontFile.PcfFontFile):
    # Pillow indexes the encoding table by code without subtracting the
    # table's first column, which shifts glyphs in fonts whose table does not
    # start at 0; read it ourselves (row 0 = codes 0..255 is all we need).
    def _load_encoding(self):
        fp, _fmt, i16, _i32 = self._getformat(PCF_BDF_ENCODINGS)
        first_col, last_col = i16(fp.read(2)), i16(fp.read(2))
        first_row, last_row = i16(fp.read(2)), i16(fp.read(2))
        i16(fp.read(2))
        n = (last_col - first_col + 1) * (last_row - first_row + 1)
        offsets = [i16(fp.read(2)) for _ in range(n)]
        enc = [None] * 256
        if first_row == 0:
            for code in range(first_col, min(last_col + 1, 256)):
                o = offsets[code - first_col]
                if o != 0xFFFF:
                    enc[code] = o
        return enc


def load(name):
    path = os.path.join(MISC, name + ".pcf.gz")
    with gzip.open(path) as f:
        font = _Pcf(io.BytesIO(f.read()))
    copyright_ = font.info.get(b"COPYRIGHT", b"")
    if b"Public domain" not in copyright_:
        raise SystemExit("%s is not marked public domain: %r" % (name, copyright_))
    return font


def bitmap(font, ch):
    # -> list of rows, each a list of 0/1, in the font's full cell
    _dx, _dst, _src, im = font.glyph[ord(ch)]
    w, h = im.size
    return [[1 if im.getpixel((x, y)) else 0 for x in range(w)] for y in range(h)]


def scale2x(rows):
    # EPX / AdvMAME2x: each pixel becomes 2x2, corners copy a neighbour when
    # two adjacent neighbours agree, which rounds staircase diagonals.
    h, w = len(rows), len(rows[0])

    def px(x, y):
        return rows[y][x] if 0 <= x < w and 0 <= y < h else 0

    out = [[0] * (2 * w) for _ in range(2 * h)]
    for y in range(h):
        for x in range(w):
            p = px(x, y)
            a, b, c, d = px(x, y - 1), px(x + 1, y), px(x - 1, y), px(x, y + 1)
            e0 = a if (c == a and c != d and a != b) else p
            e1 = b if (a == b and a != c and b != d) else p
            e2 = c if (d == c and d != b and c != a) else p
            e3 = d if (b == d and b != a and d != c) else p
            out[2 * y][2 * x], out[2 * y][2 * x + 1] = e0, e1
            out[2 * y + 1][2 * x], out[2 * y + 1][2 * x + 1] = e2, e3
    return out


def columns_to_pages(rows, x0, x1, pages):
    # column-major per page: page 0's columns, then page 1's, ...; LSB = top
    out = bytearray()
    for p in range(pages):
        for x in range(x0, x1 + 1):
            v = 0
            for bit in range(8):
                y = p * 8 + bit
                if y < len(rows) and rows[y][x]:
                    v |= 1 << bit
            out.append(v)
    return bytes(out)


def small_font():
    font = load("5x7")
    data = bytearray()
    for code in range(32, 127):
        rows = bitmap(font, chr(code))
        assert len(rows) == 7 and len(rows[0]) == 5, (chr(code), len(rows))
        data += columns_to_pages(rows, 0, 4, 1)
    return bytes(data)


def big_font():
    font = load("9x18B")
    data = bytearray()
    widths = bytearray()
    offsets = bytearray()
    for ch in BIG_CHARS:
        offsets += (len(data)).to_bytes(2, "little")
        if ch == " ":
            widths.append(BIG_SPACE_W)
            data += bytes(3 * BIG_SPACE_W)
            continue
        src = bitmap(font, ch)
        lost = [r for r in src[:BIG_SRC_TOP] + src[BIG_SRC_TOP + BIG_ROWS // 2 :] if any(r)]
        assert not lost, "glyph %r has ink outside the kept rows" % ch
        rows = scale2x(src[BIG_SRC_TOP : BIG_SRC_TOP + BIG_ROWS // 2])
        if ch.isdigit():
            x0, x1 = 2 * BIG_DIGIT_COLS[0], 2 * BIG_DIGIT_COLS[1] + 1
        else:
            ink = [x for x in range(len(rows[0])) if any(r[x] for r in rows)]
            x0, x1 = min(ink), max(ink)
        widths.append(x1 - x0 + 1)
        data += columns_to_pages(rows, x0, x1, 3)
    offsets += (len(data)).to_bytes(2, "little")
    return bytes(data), bytes(widths), bytes(offsets)


def literal(name, data, per_line=16):
    lines = ["%s = (" % name]
    for i in range(0, len(data), per_line):
        chunk = data[i : i + per_line]
        lines.append('    b"' + "".join("\\x%02x" % b for b in chunk) + '"')
    lines.append(")")
    return "\n".join(lines)


HEADER = '''\
# GENERATED by host_tools/gen_font.py -- do not edit by hand.
# Glyphs come from the X11 "misc-fixed" bitmap fonts (5x7 and 9x18B, as
# shipped in Debian's xfonts-base), which their authors placed in the public
# domain ("Public domain font. Share and enjoy."). Stored as bytes literals so
# that a frozen/.mpy build keeps them in flash instead of copying to RAM.

# SMALL: ASCII 32..126, 5 column bytes each (LSB = top pixel, SSD1306 page
# format), drawn in a 6-pixel cell: 21 characters per 128-pixel line.
SMALL_FIRST = 32
SMALL_LAST = 126
SMALL_W = 5
SMALL_CELL = 6
'''

BIG_HEADER = '''
# BIG: 24 pixels (3 pages) tall. Glyph i of BIG_CHARS has width BIG_W[i] and
# its bytes at BIG[off:off + 3 * w] (off = little-endian 16-bit BIG_OFF[2i]),
# laid out page 0's columns, then page 1's, then page 2's. Lower case letters
# are drawn as upper case.
BIG_PAGES = 3
BIG_GAP = 2
'''


def render():
    small = small_font()
    big, widths, offsets = big_font()
    parts = [HEADER, literal("SMALL", small), BIG_HEADER]
    parts.append("BIG_CHARS = %r" % BIG_CHARS)
    parts.append(literal("BIG_W", widths))
    parts.append(literal("BIG_OFF", offsets))
    parts.append(literal("BIG", big))
    return "\n".join(parts) + "\n"


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    text = render()
    if "--check" in argv:
        with open(OUT) as f:
            same = f.read() == text
        print("font.py is up to date" if same else "font.py differs from the generator")
        return 0 if same else 1
    with open(OUT, "w") as f:
        f.write(text)
    print("wrote", OUT, len(text), "chars")
    return 0


if __name__ == "__main__":
    sys.exit(main())
