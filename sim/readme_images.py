"""README screenshots, rendered by the headless runner from scripts, so they
can never show a screen the firmware no longer draws. `make docs` writes
them; `menagerie docs --check` (a test) fails when one is stale."""
import os
import tempfile

# name -> (board, seed, script). Scripts start on the main menu.
_AI_NAMES = 'MENAGERIE_PLAYER_NAMES = "Ana,Ben,Cyd,Dee"\n'
# Ben starts; Ana played last with the 5th tier reached (her button on the
# sheet), sum 14; highest cards Ben 8, Cyd 10, Dee 6: the round's table.
_AI_ROUND = "OK\nOK\nOK\nOK\nP2\nP1\nRIGHT 2\nOK\nDOWN 2\nOK\nOK\nLEFT\n"

SHOTS = (
    ("main-menu", "raspberry_pi_pico", 1, ""),
    ("animal-inc-review", "raspberry_pi_pico", 1, _AI_ROUND),
    ("animal-inc-sheet", "raspberry_pi_pico", 1, _AI_ROUND + "hold OK 700\n"),
    ("panicozoo-slap", "raspberry_pi_pico", 1, "DOWN 3\nOK\nOK\nOK\nOK\nOK\nwait 500\nat 5000 P3\nat 5004 P1\n"),
    ("panicozoo-photo-finish", "raspberry_pi_pico", 2, "DOWN 3\nOK\nOK\nOK\nOK\nOK\nwait 500\nat 5000 P3\nat 5000 P1\nwait 20\n"),
    ("bowl-draw", "raspberry_pi_pico", 4, "DOWN 4\nOK\nOK\nOK 3\n"),
    ("bowl-feather", "adafruit_feather_rp2040", 4, "DOWN 4\nOK\nDOWN\nOK\nOK 2\n"),
)
# The table view's codes on the OLED (docs/table-view.md): the board's own
# access point as a phone sees it, nothing bound here (sim/table_net.py).
TABLE_SHOTS = (
    ("table-view-join", "raspberry_pi_pico2_w", 1, "DOWN 6\nOK\nUP\nOK\nOK\n"),
    ("table-view-open", "raspberry_pi_pico2_w", 1, "DOWN 6\nOK\nUP\nOK\nOK\nOK\n"),
)
OUT = "docs/images"


def render(board, seed, script, table=False):
    from sim.render import to_png
    from sim.runner import Session, run_script

    kw = {}
    if table:
        from sim.table_net import QuietNet
        kw = {"table_view": 80, "table_net": QuietNet}
    s = Session(board, seed=seed, settings_text=_AI_NAMES, **kw)
    run_script(s, script)
    if not any(line.startswith("at ") for line in script.splitlines()):
        s.advance(3000)  # let messages fade, as a person would see it settled
    fd, path = tempfile.mkstemp(suffix=".png")
    os.close(fd)
    try:
        to_png(s.pixels(), path, scale=4)
        with open(path, "rb") as f:
            return f.read()
    finally:
        os.unlink(path)


def generate():
    out = dict(("%s/%s.png" % (OUT, name), render(board, seed, script))
               for name, board, seed, script in SHOTS)
    for name, board, seed, script in TABLE_SHOTS:
        out["%s/%s.png" % (OUT, name)] = render(board, seed, script, table=True)
    return out
