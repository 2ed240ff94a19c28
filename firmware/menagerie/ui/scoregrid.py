# Totals read across the table (issue 12): every "where do we stand" screen
# draws its players as cells of a grid, the total in tall digits (24 px on
# the 128x64 panel, 16 px on the 128x32 one, ui/digits.py) with the name
# beside it ("side" cells) or above it ("stack" cells, narrow columns).
# Leaders have their name inverted; notes (a passing target, "starts", a
# place) go under the name. Names follow ui/names.py: whole when they fit,
# else their first SHORT letters.

from menagerie.ui import digits as _d
from menagerie.ui.names import short

# Here rather than in ui/canvas.py: only the standings screens draw them, so
# the digits' code and data leave RAM with this module (games.TRANSIENT).
_TALL = memoryview(_d.TALL)
_MID = memoryview(_d.MID)


def digits_width(s, tall=True):
    if tall:
        return len(s) * (_d.TALL_W + _d.TALL_GAP) - _d.TALL_GAP
    return len(s) * (_d.MID_W + _d.MID_GAP) - _d.MID_GAP


def draw_digits(c, row, x, s, tall=True):
    # 0-9, "-" and " " (anything else draws as a space), page aligned like
    # the rest of the canvas: a total is whole page slices.
    if c.log is not None:
        c.log.append((row, x, s))
    if tall:
        data, gw, pages, gap = _TALL, _d.TALL_W, _d.TALL_PAGES, _d.TALL_GAP
    else:
        data, gw, pages, gap = _MID, _d.MID_W, _d.MID_PAGES, _d.MID_GAP
    w = c.width
    buf = c.buf
    size = gw * pages
    chars = _d.DIGIT_CHARS
    for ch in s:
        i = chars.find(ch)
        if i < 0:
            i = len(chars) - 1
        if 0 <= x and x + gw <= w:
            for p in range(pages):
                r = row + p
                if 0 <= r < c.rows:
                    o = 1 + r * w + x
                    src = i * size + p * gw
                    buf[o : o + gw] = data[src : src + gw]
        x += gw + gap
    return x


def leaders(values):
    # Seats holding the top value; nobody leads while everyone is level.
    top = max(values)
    out = [i for i in range(len(values)) if values[i] == top]
    return [] if len(out) == len(values) else out


def ranking(values):
    # Seats by value, highest first; equal values keep seat order.
    order = list(range(len(values)))
    order.sort(key=lambda i: (-values[i], i))
    return order


def fit_name(name, room):
    if len(name) <= room:
        return name
    s = short(name)
    return s if len(s) <= room else name[:room]


def cell(c, row, x, w, name, value, lead, notes, tall, stack=False):
    # One player's cell at page `row`, columns x..x+w-1.
    pages = 3 if tall else 2
    if stack:
        nm = fit_name(name, w // 6)
        c.text(row, x + (w - c.text_width(nm)) // 2, nm, invert=lead)
        dw = digits_width(value, tall)
        draw_digits(c, row + 1, x + (w - dw) // 2, value, tall)
        return
    dw = digits_width(value, tall)
    # 3 columns clear on the right: the next cell's name is not touched
    draw_digits(c, row, x + w - dw - 3, value, tall)
    room = (w - dw - 5) // 6
    c.text(row, x, fit_name(name, room), invert=lead)
    for k in range(min(len(notes), pages - 1)):
        if notes[k]:
            c.text(row + 1 + k, x, notes[k][:room])


def grid(c, row, names, values, notes=None, cols=2, tall=True, stack=False, marks=None):
    # names, values (strings): one cell per player, seat order or ranked as
    # the caller lists them; marks: which cells are marked (default: the
    # leaders by value). -> the page below the grid.
    n = len(names)
    w = c.width // cols
    h = (3 if tall else 2) + (1 if stack else 0)
    if marks is None:
        nums = []
        for v in values:
            try:
                nums.append(int(v))
            except ValueError:
                nums.append(0)
        marks = leaders(nums)
    for i in range(n):
        r = row + (i // cols) * h
        x = (i % cols) * w
        cell(c, r, x, w, names[i], values[i], i in marks, notes[i] if notes else (), tall, stack)
    return row + ((n + cols - 1) // cols) * h


def pages(c, n):
    # How many screens n players take: the 128x32 panel shows 4 at a time,
    # or 3 and a line saying there is more.
    if c.rows >= 8 or n <= 4:
        return 1
    return (n + 2) // 3


def board(c, row, names, values, notes, marks, page=0, hint=""):
    # A whole "where do we stand" screen from `row` down: 2 to 6 players.
    # 128x64: up to 4 players two abreast with the name beside the digits,
    # 5-6 three abreast with the name above; 128x32: 4 a page.
    n = len(names)
    if c.rows >= 8:
        if n <= 4:
            grid(c, row, names, values, notes, marks=marks)
        else:
            grid(c, row, names, values, cols=3, stack=True, marks=marks)
        return
    if n <= 4:
        grid(c, row, names, values, notes, tall=False, marks=marks)
        return
    first = page * 3
    ids = list(range(first, min(first + 3, n)))
    grid(c, row, [names[i] for i in ids], [values[i] for i in ids],
         [notes[i] for i in ids] if notes else None, tall=False,
         marks=[k for k in range(len(ids)) if ids[k] in marks])
    more = "v %d/%d" % (page + 1, pages(c, n))
    c.text(row + 2, 66, more)
    if hint:
        c.text(row + 3, 66, hint[:10])
