"""`make sim`: the interactive simulator starts in a terminal, shows the main
menu, reacts to keys and quits on q."""
import os
import pty
import select
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _read_until(fd, needle, timeout=20):
    buf = b""
    end = time.time() + timeout
    while time.time() < end:
        r, _, _ = select.select([fd], [], [], 0.2)
        if r:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            buf += chunk
            if needle in buf:
                return buf
    return buf


def run_terminal(board, keys, expect):
    master, slave = pty.openpty()
    env = dict(os.environ, TERM="xterm-256color", LINES="50", COLUMNS="140")
    p = subprocess.Popen([sys.executable, "-m", "sim", "--board", board], cwd=ROOT,
                         stdin=slave, stdout=slave, stderr=slave, env=env)
    os.close(slave)
    try:
        seen = _read_until(master, b"screen: main_menu")
        assert b"screen: main_menu" in seen, seen[-2000:]
        for k in keys:
            os.write(master, k)
            time.sleep(0.4)
        seen += _read_until(master, expect)
        assert expect in seen, seen[-2000:]
        os.write(master, b"q")
        assert p.wait(timeout=10) == 0
    finally:
        if p.poll() is None:
            p.kill()
        os.close(master)


def test_pico_terminal_opens_the_bowl():
    # DOWN x4 then Enter: the Draw bowl's pool list. curses turns on the
    # terminal's application keypad mode, where the down arrow is ESC O B.
    run_terminal("raspberry_pi_pico", [b"\x1bOB"] * 4 + [b"\r"], b"bowl_pools")


def test_feather_terminal_shows_its_key_map():
    run_terminal("adafruit_feather_rp2040", [], b"Bksp/Esc=BACK (hold OK)")


def test_an_80x24_terminal_shows_the_whole_panel_status_and_keys():
    # issue 12: `make sim` in 80x24 hid the bottom of the screen and the keys
    # (without the screen's text, the smallest view is braille)
    from sim.boardstub import load_profile
    from sim.terminal import frame_lines, legend_parts

    for board, h in (("raspberry_pi_pico", 64), ("adafruit_feather_rp2040", 32)):
        px = [[(x + y) % 2 for x in range(128)] for y in range(h)]
        parts = legend_parts(load_profile(board))
        lines = frame_lines(px, 80, 24, "status", parts)
        assert len(lines) <= 24
        assert all(len(s) <= 79 for s in lines)
        art = lines[1:lines.index("status") - 1]
        assert len(art) * (4 if h == 64 else 2) >= h  # every pixel row is drawn
        assert "q=quit" in " ".join(lines)  # the key lines are all there
        shown = "\n".join(lines)
        assert all(p in shown for p in parts)
    # a big terminal gets the finer half blocks
    big = frame_lines([[1] * 128 for _ in range(64)], 200, 60, "status", ["q=quit"])
    assert len(big) == 32 + 2 + 1 + 1


def test_an_80x24_terminal_shows_the_pico_main_menu_as_its_text():
    # issue 26: the braille view of the main menu in 80x24 was unreadable
    # dots; below the quadrant view the terminal shows the screen's lines
    from sim.runner import Session
    from sim.terminal import frame_lines, legend_parts

    s = Session("raspberry_pi_pico", seed=1)
    lines = frame_lines(s.pixels(), 80, 24, "status", legend_parts(s.profile), s.app.canvas.log)
    assert len(lines) <= 24 and all(len(x) <= 79 for x in lines)
    body = [x[1:-1] for x in lines[1:9]]
    assert body[0].startswith("Menagerie")
    assert body[1] == ">Animal Inc".ljust(22)
    assert body[2].startswith(" Animal Maniacs")
    assert any("140x40" in x for x in lines)
    assert "q=quit" in " ".join(lines)
    # the Feather's 128x32 still fits as quadrant pixels
    f = Session("adafruit_feather_rp2040", seed=1)
    lines = frame_lines(f.pixels(), 80, 24, "status", legend_parts(f.profile), f.app.canvas.log)
    assert not any("140x40" in x for x in lines) and lines[1][1] in " \u2598\u259d\u2580\u2596\u258c\u259e\u259b\u2597\u259a\u2590\u259c\u2584\u2599\u259f\u2588"
