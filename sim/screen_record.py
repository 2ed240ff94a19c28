"""What each draw of a frame covered, recorded in the simulator only.

The firmware's Canvas keeps a text log when one is given (the simulator's
screen_text, the web page's screen reader); on the board the log is None and
nothing is recorded. RecordingCanvas, a simulator-side subclass, also keeps
every draw's rectangle, so the screen lint (sim/screen_lint.py) can check a
frame for text cut at the panel's edge, draws on top of each other and tall
digits touching their neighbours.

Code that writes the frame buffer itself (the score digits of
ui/scoregrid.py, the island of ui/when_animals_attack_draw.py) is seen by
comparing the buffer before and after: what changed between two canvas calls
is one draw, with the text the score digits put in the log."""
from menagerie.ui.canvas import Canvas
from menagerie.ui import font as _font


class Draw:
    # kind: "text", "big", "digits", "pixels" (a buffer write of its own),
    # "fill", "erase", "line".
    # box: (x0, y0, x1, y1) inclusive, where the draw meant to put ink, not
    # clipped to the panel; ink: what it changed in the frame (clipped), or
    # None. source: "screen" or "toast" (the app's message banner).
    __slots__ = ("kind", "box", "ink", "text", "invert", "tall", "source", "order")

    def __init__(self, kind, box, text="", invert=False, tall=False, source="screen"):
        self.kind = kind
        self.box = box
        self.ink = None
        self.text = text
        self.invert = invert
        self.tall = tall
        self.source = source
        self.order = 0

    def __repr__(self):
        return "<%s %r at %r%s%s>" % (self.kind, self.text, self.box, " inverted" if self.invert else "",
                                      " (toast)" if self.source == "toast" else "")


def _trimmed(s):
    # leading and trailing spaces are no ink: (characters skipped, length)
    lead = len(s) - len(s.lstrip(" "))
    return lead, len(s.strip(" "))


def _diff(before, after, width, rows):
    # -> (bounding box of the pixels that differ or None, [(x, y, lit now)])
    x0 = y0 = 10 ** 6
    x1 = y1 = -1
    px = []
    for p in range(rows):
        base = 1 + p * width
        if before[base:base + width] == after[base:base + width]:
            continue
        for x in range(width):
            d = before[base + x] ^ after[base + x]
            if not d:
                continue
            v = after[base + x]
            for bit in range(8):
                if d >> bit & 1:
                    y = p * 8 + bit
                    px.append((x, y, v >> bit & 1))
                    x0, x1 = min(x0, x), max(x1, x)
                    y0, y1 = min(y0, y), max(y1, y)
    return (None if x1 < 0 else (x0, y0, x1, y1)), px


class _Log(list):
    # The canvas text log; an entry added from outside the canvas (the score
    # digits) names the buffer write that follows it.
    def __init__(self, canvas):
        list.__init__(self)
        self.canvas = canvas

    def append(self, entry):
        c = self.canvas
        if not c._depth:
            c._sync()
            c._pending = entry
        list.append(self, entry)


class RecordingCanvas(Canvas):
    def __init__(self, display):
        Canvas.__init__(self, display)
        self.log = _Log(self)
        self.source = "screen"
        self._depth = 0
        self._reset()

    # -- bookkeeping ----------------------------------------------------
    def _sync(self):
        # A buffer write since the last canvas call: record it as one draw.
        now = bytes(self.buf)
        if now != self._snap:
            ink, px = _diff(self._snap, now, self.width, self.rows)
            e = self._pending
            if e is not None:
                row, x, s = e[0], e[1], e[2]
                d = Draw("digits", (ink[0], ink[1], ink[2], ink[3]), s, tall=ink[3] - ink[1] >= 12)
                d.box = (x, row * 8, ink[2], ink[3]) if x <= ink[0] else ink
            else:
                d = Draw("pixels", ink)
            d.ink = ink
            self._before = self._snap
            self._add(d, px)
            self._snap = now
        self._pending = None

    def _add(self, d, px, painted=None):
        # px: the pixels d changed; painted: the rectangle a canvas call
        # wrote whole (lit or not). Ink of an earlier draw that d wrote over
        # is a cover (earlier, later); the owner map says whose ink is lit.
        d.source = self.source
        d.order = len(self.draws)
        self.draws.append(d)
        own = self._owner
        w = self.width
        if painted is not None:
            before, after = self._before, self._snap
            x0, y0, x1, y1 = painted
            for y in range(max(0, y0), min(self.height - 1, y1) + 1):
                base = 1 + (y >> 3) * w
                bit = 1 << (y & 7)
                for x in range(max(0, x0), min(w - 1, x1) + 1):
                    i = y * w + x
                    k = own[i]
                    if k >= 0 and k != d.order and before[base + x] & bit:
                        self._covers.add((k, d.order))
                    own[i] = d.order if after[base + x] & bit else -1
        for x, y, lit in px:
            i = y * w + x
            k = own[i]
            if k >= 0 and k != d.order:
                self._covers.add((k, d.order))
            own[i] = d.order if lit else -1

    def _run(self, d, painted, fn, *args):
        if not self._depth:
            self._sync()
        self._depth += 1
        try:
            out = fn(*args)
        finally:
            self._depth -= 1
        if not self._depth:
            now = bytes(self.buf)
            d.ink, px = _diff(self._snap, now, self.width, self.rows)
            self._before, self._snap = self._snap, now
            self._add(d, px, painted)
        return out

    def frame(self):
        # The draws of the frame drawn since the last clear().
        self._sync()
        return list(self.draws)

    def covers(self):
        # [(earlier draw, later draw, partly)]: the later one changed the
        # earlier one's ink; partly when some of the earlier one still shows.
        self._sync()
        shown = set(k for k in self._owner if k >= 0)
        return [(self.draws[a], self.draws[b], a in shown) for a, b in sorted(self._covers)]

    # -- the canvas calls ---------------------------------------------------
    def clear(self):
        Canvas.clear(self)
        self._reset()

    def _reset(self):
        self.draws = []
        self._pending = None
        self._snap = bytes(self.buf)
        self._owner = [-1] * (self.width * self.height)
        self._covers = set()

    def text(self, row, x, s, scale=1, invert=False):
        if self._depth:
            return Canvas.text(self, row, x, s, scale, invert)
        cell = _font.SMALL_CELL * scale
        if invert:
            # a cell's last pixel row stays dark under inverted text
            box = (x, row * 8, x + cell * len(s) - 1, row * 8 + 8 * scale - 2)
        else:
            lead, n = _trimmed(s)
            # ink: 5 of the 6 columns of a cell, 7 of its 8 rows
            box = (x + lead * cell, row * 8, x + (lead + n) * cell - scale - 1, row * 8 + 7 * scale - 1)
        d = Draw("text", box, s, invert, tall=scale > 1)
        painted = (x, row * 8, x + cell * len(s) - 1, row * 8 + 8 * scale - 1)
        return self._run(d, painted, Canvas.text, self, row, x, s, scale, invert)

    def big(self, row, x, s):
        if self._depth:
            return Canvas.big(self, row, x, s)
        w = Canvas.big_width(self, s) - _font.BIG_GAP
        d = Draw("big", (x, row * 8, x + w - 1, row * 8 + 23), s, tall=True)
        return self._run(d, (x, row * 8, x + w + _font.BIG_GAP - 1, row * 8 + 23), Canvas.big, self, row, x, s)

    def fill_row(self, row, pages=1, on=True):
        if self._depth:
            return Canvas.fill_row(self, row, pages, on)
        d = Draw("fill" if on else "erase", (0, row * 8, self.width - 1, (row + pages) * 8 - 1))
        return self._run(d, d.box, Canvas.fill_row, self, row, pages, on)

    def hline(self, row, bit, x0, x1):
        if self._depth:
            return Canvas.hline(self, row, bit, x0, x1)
        y = row * 8 + bit
        return self._run(Draw("line", (x0, y, x1, y)), None, Canvas.hline, self, row, bit, x0, x1)

    def box(self, x0, row0, x1, row1):
        return self._run(Draw("line", (x0, row0 * 8, x1, row1 * 8 + 7)), None, Canvas.box, self, x0, row0, x1, row1)

    def progress(self, row, x0, x1, num, den):
        d = Draw("line", (x0, row * 8 + 1, x1, row * 8 + 6))
        return self._run(d, d.box, Canvas.progress, self, row, x0, x1, num, den)


def record_app(app):
    # Give a simulated App a recording canvas; the message banner it draws
    # over a screen is marked as such.
    c = RecordingCanvas(app.hw.display)
    app.canvas = c
    toast = app._draw_toast

    def draw_toast(cv):
        c._sync()
        c.source = "toast"
        try:
            toast(cv)
        finally:
            c._sync()
            c.source = "screen"

    app._draw_toast = draw_toast
    return c
