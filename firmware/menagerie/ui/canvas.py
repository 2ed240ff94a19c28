# Drawing straight into the adafruit_ssd1306 driver's buffer.
#
# The buffer is one 0x40 control byte followed by the frame in the SSD1306
# page layout: byte 1 + page * width + x holds pixels (x, page * 8 .. +7),
# bit 0 = top. Text is page aligned, so a glyph column is one byte store and
# text at scale 1 never touches single pixels. Everything clips silently.
# A filled row (a title bar, the chosen line, a message) is 7 pixels tall:
# its page's bottom pixel row stays dark, so what is drawn under a bar (tall
# digits, big type, another bar) never touches it.
# Text is read as its bytes (s.encode()), not a character at a time: each
# one-character str a loop makes is interned as a qstr on MicroPython, kept
# until the board restarts, and a session's qstrs are paid for by whole
# pools (docs/architecture.md, Memory). A character outside ASCII shows as
# one "?" (its UTF-8 lead byte; the bytes after it are skipped).
from menagerie.ui import font as _font

_SMALL = memoryview(_font.SMALL)
_BIG = memoryview(_font.BIG)
_BIG_W = _font.BIG_W
_BIG_OFF = _font.BIG_OFF
_CELL = _font.SMALL_CELL
_GAP = _font.BIG_GAP

# ASCII code -> index in BIG_CHARS (255 = not in the big font)
_BIG_IDX = bytearray(b"\xff" * 128)
_c = _font.BIG_CHARS.encode()
for _i in range(len(_c)):
    _BIG_IDX[_c[_i]] = _i
for _c in range(ord("a"), ord("z") + 1):
    _BIG_IDX[_c] = _BIG_IDX[_c - 32]
_BIG_QMARK = _BIG_IDX[ord("?")]


def _stretch(v, scale):
    # spread each bit of a glyph column over `scale` bits
    out = 0
    run = (1 << scale) - 1
    bit = 0
    while v:
        if v & 1:
            out |= run << (bit * scale)
        v >>= 1
        bit += 1
    return out


class Canvas:
    def __init__(self, display):
        self.display = display
        self.buf = display.buffer
        self.width = display.width
        self.height = display.height
        self.rows = self.height // 8
        self.cols = self.width // _CELL
        self.log = None
        # Pages holding tall type (big font, scaled text, score digits), a
        # bit each: the app's message banner goes where it hides no part of
        # them (App._draw_toast).
        self.tall = 0
        self._zero = bytes(self.width)
        self._ones = b"\x7f" * self.width

    def clear(self):
        w = self.width
        z = self._zero
        buf = self.buf
        for p in range(self.rows):
            buf[1 + p * w : 1 + (p + 1) * w] = z
        self.tall = 0
        if self.log is not None:
            del self.log[:]

    # ---- small font (5x7 in a 6-pixel cell, scaled 1..4) ----
    def text_width(self, s, scale=1):
        return len(s) * _CELL * scale

    def text(self, row, x, s, scale=1, invert=False):
        if self.log is not None:
            self.log.append((row, x, s))
        if scale > 1:
            self._text_scaled(row, x, s, scale, invert)
            return len(s) * _CELL * scale
        w = self.width
        if row < 0 or row >= self.rows:
            return len(s) * _CELL
        buf = self.buf
        base = 1 + row * w
        inv = 0x7F if invert else 0
        for c in s.encode():
            if 0x7F < c < 0xC0:
                continue  # the rest of a character whose first byte drew "?"
            if x >= w:
                break
            if c < 32 or c > 126:
                c = 63
            o = (c - 32) * 5
            if x >= 0 and x + _CELL <= w and not inv:
                d = base + x
                buf[d : d + 5] = _SMALL[o : o + 5]
                buf[d + 5] = 0
            else:
                for i in range(_CELL):
                    xi = x + i
                    if 0 <= xi < w:
                        buf[base + xi] = (_SMALL[o + i] if i < 5 else 0) ^ inv
            x += _CELL
        return len(s) * _CELL

    def _text_scaled(self, row, x, s, scale, invert):
        self.mark_tall(row, scale)
        w = self.width
        rows = self.rows
        buf = self.buf
        inv = 0xFF if invert else 0
        for c in s.encode():
            if 0x7F < c < 0xC0:
                continue  # the rest of a character whose first byte drew "?"
            if x >= w:
                return
            if c < 32 or c > 126:
                c = 63
            o = (c - 32) * 5
            for i in range(_CELL):
                v = _stretch(_SMALL[o + i], scale) if i < 5 else 0
                for p in range(scale):
                    r = row + p
                    if 0 <= r < rows:
                        # inverted, the last pixel row stays dark (as bars)
                        b = ((v >> (8 * p)) & 0xFF) ^ (inv & 0x7F if p == scale - 1 else inv)
                        d = 1 + r * w
                        for k in range(scale):
                            xi = x + i * scale + k
                            if 0 <= xi < w:
                                buf[d + xi] = b
            x += _CELL * scale

    def center(self, row, s, scale=1, invert=False):
        # the trailing gap column does not count as ink
        x = (self.width - self.text_width(s, scale) + scale) // 2
        return self.text(row, x, s, scale, invert)

    def right(self, row, s, scale=1):
        return self.text(row, self.width - self.text_width(s, scale) + scale, s, scale)

    # ---- big font (3 pages tall) ----
    def big_width(self, s):
        n = 0
        for c in s.encode():
            if 0x7F < c < 0xC0:
                continue
            i = _BIG_IDX[c] if c < 128 else 255
            n += _BIG_W[_BIG_QMARK if i == 255 else i] + _GAP
        return n

    def mark_tall(self, row, pages):
        if row >= 0:
            self.tall |= ((1 << pages) - 1) << row

    def big(self, row, x, s):
        self.mark_tall(row, 3)
        if self.log is not None:
            self.log.append((row, x, s))
        w = self.width
        rows = self.rows
        buf = self.buf
        x0 = x
        for c in s.encode():
            if 0x7F < c < 0xC0:
                continue
            i = _BIG_IDX[c] if c < 128 else 255
            if i == 255:
                i = _BIG_QMARK
            gw = _BIG_W[i]
            off = _BIG_OFF[2 * i] | (_BIG_OFF[2 * i + 1] << 8)
            if x < w and x + gw + _GAP > 0:
                # clip the glyph to [0, w) once, then copy whole page slices
                a = 0 if x >= 0 else -x
                b = gw if x + gw <= w else w - x
                for p in range(3):
                    r = row + p
                    if 0 <= r < rows:
                        d = 1 + r * w + x
                        src = off + p * gw
                        if a < b:
                            buf[d + a : d + b] = _BIG[src + a : src + b]
                        for k in range(gw, gw + _GAP):
                            if 0 <= x + k < w:
                                buf[d + k] = 0
            x += gw + _GAP
        return x - x0

    def big_center(self, row, s):
        return self.big(row, (self.width - self.big_width(s) + _GAP) // 2, s)

    # ---- shapes ----
    def fill_row(self, row, pages=1, on=True):
        w = self.width
        src = self._ones if on else self._zero
        for p in range(max(row, 0), min(row + pages, self.rows)):
            self.buf[1 + p * w : 1 + (p + 1) * w] = src

    def hline(self, row, bit, x0, x1):
        if row < 0 or row >= self.rows:
            return
        w = self.width
        m = 1 << bit
        base = 1 + row * w
        buf = self.buf
        for x in range(max(x0, 0), min(x1, w - 1) + 1):
            buf[base + x] |= m

    def _vline(self, x, row0, row1):
        w = self.width
        if 0 <= x < w:
            for p in range(max(row0, 0), min(row1, self.rows - 1) + 1):
                self.buf[1 + p * w + x] = 0xFF

    def box(self, x0, row0, x1, row1):
        # outline hugging the pages row0..row1 (top = bit 0, bottom = bit 7)
        self.hline(row0, 0, x0, x1)
        self.hline(row1, 7, x0, x1)
        self._vline(x0, row0, row1)
        self._vline(x1, row0, row1)

    def progress(self, row, x0, x1, num, den):
        # a 6-pixel tall bar inside one page: frame plus a filled part
        if row < 0 or row >= self.rows or x1 - x0 < 2:
            return
        w = self.width
        base = 1 + row * w
        buf = self.buf
        inner = x1 - x0 - 1
        if den <= 0:
            fill = 0
        else:
            fill = inner * max(0, min(num, den)) // den
        for x in range(max(x0, 0), min(x1, w - 1) + 1):
            if x == x0 or x == x1 or x - x0 <= fill:
                buf[base + x] = 0x7E
            else:
                buf[base + x] = 0x42

    # ---- text the simulator reports as screen_text ----
    def lines(self):
        if not self.log:
            return []
        out = []
        cur_row = None
        parts = None
        for row, x, s in sorted(self.log):
            if row != cur_row:
                if parts:
                    out.append(" ".join(parts))
                cur_row = row
                parts = []
            parts.append(s)
        if parts:
            out.append(" ".join(parts))
        return out
