"""The interactive simulator: the OLED drawn with Unicode block characters,
keys mapped to the board's buttons, in real time."""
import curses
import os
import time

from sim.render import to_halfblocks

# Two pixels across and two down per character: fits an 80x24 terminal.
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
    return "  ".join(parts)


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
        art = to_halfblocks(px) if w >= len(px[0]) + 4 and h >= len(px) // 2 + 6 else to_quadrants(px)
        status = session.app.state()
        frame = (tuple(art), status["screen"], session.i2c_bytes())
        if frame != last_frame:
            last_frame = frame
            scr.erase()
            width = len(art[0])
            _put(scr, 0, 0, "+" + "-" * width + "+")
            for i, line in enumerate(art):
                _put(scr, i + 1, 0, "|" + line + "|")
            _put(scr, len(art) + 1, 0, "+" + "-" * width + "+")
            _put(scr, len(art) + 2, 0, "%s | screen: %s | I2C bytes: %d" % (
                session.profile.NAME, status["screen"], session.i2c_bytes()))
            _put(scr, len(art) + 3, 0, legend(session.profile))
            scr.refresh()
        time.sleep(0.01)


def _put(scr, y, x, s):
    h, w = scr.getmaxyx()
    if y < h:
        try:
            scr.addstr(y, x, s[: max(0, w - x - 1)])
        except curses.error:
            pass
