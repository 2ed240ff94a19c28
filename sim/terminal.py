"""The interactive simulator: the OLED drawn with Unicode block characters,
keys mapped to the board's buttons, in real time."""
import curses
import os
import time

from sim.render import to_halfblocks

# Two pixels across and two down per character.
_QUAD = " ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█"
HOLD_MS = 800


def to_quadrants(px):
    out = []
    for y in range(0, len(px), 2):
        top, bot = px[y], px[y + 1] if y + 1 < len(px) else [0] * len(px[y])
        line = []
        for x in range(0, len(top), 2):
            v = top[x] | top[x + 1] << 1 | bot[x] << 2 | bot[x + 1] << 3
            line.append(_QUAD[v])
        out.append("".join(line))
    return out


def to_braille(px):
    # Two pixels across and four down per character (Unicode braille): a
    # 128x64 panel in 64x16 characters, so the panel, its status and the key
    # lines fit an 80x24 terminal.
    bits = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))
    out = []
    h = len(px)
    for y in range(0, h, 4):
        line = []
        for x in range(0, len(px[0]), 2):
            v = 0
            for dy in range(4):
                if y + dy < h:
                    row = px[y + dy]
                    if row[x]:
                        v |= bits[dy][0]
                    if x + 1 < len(row) and row[x + 1]:
                        v |= bits[dy][1]
            line.append(chr(0x2800 + v))
        out.append("".join(line))
    return out


def wrap_parts(parts, width):
    # The key legend as lines no wider than the terminal (never a cut key).
    lines, cur = [], ""
    for p in parts:
        if cur and len(cur) + 2 + len(p) > width:
            lines.append(cur)
            cur = p
        else:
            cur = cur + "  " + p if cur else p
    if cur:
        lines.append(cur)
    return lines


def to_text(entries, width, height):
    # The screen's text where it stands: one line per 8-pixel page, a
    # character per 6-pixel cell (entries: the canvas log, (row, x, text)).
    # Big type and digits show as their characters on their first page.
    cols = (width + 5) // 6
    grid = [[" "] * cols for _ in range(height // 8)]
    for e in sorted(entries):
        row, x, s = e[0], e[1], e[2]
        if 0 <= row < len(grid):
            c = max(0, (x + 3) // 6)
            for i in range(len(s)):
                if c + i < cols:
                    grid[row][c + i] = s[i]
    return ["".join(r) for r in grid]


def frame_lines(px, w, h, status, parts, text=None):
    # Everything the terminal shows, in the largest art that leaves room
    # for the status line and the legend: half blocks, quadrants; below
    # that the screen's lines as text (text: the canvas log) when given,
    # else braille (a 128x64 panel in braille is dots nobody reads).
    legend_lines = wrap_parts(parts, w - 1)
    spare = 2 + 1 + len(legend_lines)  # border, status, legend
    for fn, cols, rows in ((to_halfblocks, len(px[0]), (len(px) + 1) // 2),
                           (to_quadrants, len(px[0]) // 2, (len(px) + 1) // 2),
                           (to_braille, len(px[0]) // 2, (len(px) + 3) // 4)):
        if w >= cols + 3 and h >= rows + spare:
            break
    note = None
    if fn is to_braille and text is not None:
        art = to_text(text, len(px[0]), len(px))
        note = "(the screen's text: a 140x40 terminal shows its pixels)"
    else:
        art = fn(px)
    width = len(art[0])
    out = ["+" + "-" * width + "+"]
    out += ["|" + line + "|" for line in art]
    out.append("+" + "-" * width + "+")
    if note:
        out.append(note[: w - 1])
    out.append(status)
    return out + legend_lines


def key_map(profile):
    names = [n for n, _ in profile.NAV] + [n for n, _ in profile.PLAYERS]
    m = {
        curses.KEY_UP: ("UP", 0), curses.KEY_DOWN: ("DOWN", 0),
        curses.KEY_LEFT: ("LEFT", 0), curses.KEY_RIGHT: ("RIGHT", 0),
        10: ("OK", 0), 13: ("OK", 0), curses.KEY_ENTER: ("OK", 0),
        ord("o"): ("OK", HOLD_MS),
    }
    back = ("BACK", 0) if "BACK" in names else ("OK", HOLD_MS)
    for k in (curses.KEY_BACKSPACE, 127, 8, 27):
        m[k] = back
    if "BACK" in names:
        m[ord("b")] = ("BACK", HOLD_MS)
    for i in range(1, 7):
        m[ord(str(i))] = ("P%d" % i, 0)
    return {k: v for k, v in m.items() if v[0] in names}


def legend(profile):
    return "  ".join(legend_parts(profile))


def legend_parts(profile):
    has = set(n for n, _ in profile.NAV) | set(n for n, _ in profile.PLAYERS)
    parts = ["arrows=" + "/".join(n for n in ("UP", "DOWN", "LEFT", "RIGHT") if n in has),
             "Enter=OK", "o=hold OK"]
    if "BACK" in has:
        parts.append("Bksp/Esc=BACK  b=hold BACK")
    else:
        parts.append("Bksp/Esc=BACK (hold OK)")
    players = [n for n, _ in profile.PLAYERS]
    if players:
        parts.append("1-%d=%s..%s" % (len(players), players[0], players[-1]))
    parts.append("q=quit")
    return parts


def run_terminal(session):
    os.environ.setdefault("ESCDELAY", "25")
    curses.wrapper(_loop, session)


def _loop(scr, session):
    curses.curs_set(0)
    scr.nodelay(True)
    keys = key_map(session.profile)
    t0 = time.monotonic() - session.now / 1000.0
    last_frame = None
    while True:
        ch = scr.getch()
        while ch != -1:
            if ch in (ord("q"), ord("Q")):
                return
            if ch in keys:
                name, hold = keys[ch]
                session.tap(name, hold)
            ch = scr.getch()
        session.advance_to(int((time.monotonic() - t0) * 1000))
        px = session.pixels()
        h, w = scr.getmaxyx()
        status = session.app.state()
        line = "%s | screen: %s | I2C bytes: %d" % (session.profile.NAME, status["screen"],
                                                   session.i2c_bytes())
        addr = session.table_address()
        if addr:
            line += " | table view: " + addr
        lines = frame_lines(px, w, h, line, legend_parts(session.profile), session.app.canvas.log)
        frame = (tuple(lines), w, h)
        if frame != last_frame:
            last_frame = frame
            scr.erase()
            for i, s in enumerate(lines):
                _put(scr, i, 0, s)
            scr.refresh()
        time.sleep(0.01)


def _put(scr, y, x, s):
    h, w = scr.getmaxyx()
    if y < h:
        try:
            scr.addstr(y, x, s[: max(0, w - x - 1)])
        except curses.error:
            pass
