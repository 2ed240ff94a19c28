# Where the app's heap goes, under the real MicroPython (unix, 64-bit: about
# twice an RP2040's figures). Prints figures; asserts nothing.
#
# - whole app: the fake-board harness (tests/mpy_app/app_harness.py) from
#   .py source, as CircuitPython runs a .py tree (compiling on the board: the
#   worse case; `menagerie build` ships .mpy when it can). "runs
#   from" is the smallest -X heapsize that completes (plain bisection);
#   "sweep" is the smallest size from which every size on a 1 KB grid up to
#   +40 KB completes. They differ because fitting is not monotonic: another
#   heap size moves the collections, and a fragmented layout can lack a
#   contiguous block a smaller heap still had.
#   Even the sweep depends on where its 1 KB grid falls, so a 0.25 KB grid
#   over the same 40 KB is also run: its highest failing size ("last fail")
#   and how many of its 161 sizes fail are the steadier figures.
#   Every power cut and every restart of the app (App.restart: leaving a game
#   for the main menu) runs as a new process, as on a board (a power cut
#   in-process kept the last boot's names and heap under the next one:
#   tests/mpy_runner.run_chain).
# - the every-game sessions of issue 25 (app_harness.EVERY: all four games
#   and the bowl, twice round in two orders, a power cut in each): each
#   process's peak, and the heap at the main menu after leaving a game
#   against the first menu's ("drift"); printed per board as
#   `memory SESSION on BOARD: low N KB, drift N KB`, where low is the
#   board's free heap at code.py start less the session's peak / 1.5 (the
#   harness reads about 1.5x an RP2040), drift the harness's / 1.5. Per game
#   too, against the 40 KB a game's lowest point must leave (the Pico W's
#   profile names what it cannot hold: SHORT_OF_RAM).
# - retained at points of a session that plays every game (gc.mem_alloc()
#   after a collection; includes the harness's own ~14 KB).
# - retained per module imported alone (.mpy, with its imports).
# - the store: bytes allocated by load() and a save with the GC off (an
#   upper bound of the garbage; the GC reclaims it as it goes).
import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tests.mpy_runner import (  # noqa: E402  (path set up above)
    compile_tree, peak_heap, retained_heap, run_chain, run_micropython,
)

MPY_APP = os.path.join(ROOT, "tests", "mpy_app")

SESSIONS = (
    ("boot to the main menu", "['--boot']"),
    ("bowl + settings session", "[]"),
    # in one process, as before issue 25 (the power cut and the app's
    # restart boot again in the same interpreter: its qstrs and heap stay)
    ("every game + power cut", "['--full']"),
    # The 128x32 board: the Draw bowl menu, the animals bowl, one draw. (It
    # was DOWN OK OK OK, when the menu's second line was the Animal Maniacs
    # bowls; since Animal Maniacs is a game that opened a 4-player game.)
    ("feather session (bowl)", "['DOWN','DOWN','DOWN','DOWN','OK','OK','OK','--small']"),
    ("Animal Maniacs + power cut", "['--maniacs']"),
    # the device on both seats, to the end with a power cut, then filed
    ("When Animals Attack game", repr("DOWN DOWN OK OK OK DOWN DOWN OK OK wait:30000 powercut wait:150000 OK".split())),
)

MODULES = (
    "menagerie.app", "menagerie.settings", "menagerie.store", "menagerie.ui.menus",
    "menagerie.ui.boot_screen", "menagerie.ui.settings_menu", "menagerie.ui.history_menu",
    "menagerie.ui.bowl", "menagerie.ui.animal_inc", "menagerie.ui.animal_inc_views",
    "menagerie.ui.panicozoo", "menagerie.ui.panicozoo_views",
)

# Retained heap at points of the --full session: (after word n, label).
POINTS = ((0, "main menu after boot"), (5, "Animal Inc score sheet"),
          (46, "Panicozoo round"), (61, "bowl beside Panicozoo"))

STORE = """
import gc
from menagerie.store import Store
regions = [bytearray(b"\\xff" * 4096), bytearray(b"\\xff" * 4096)]
s = Store(regions)
s.load()
rec = {"v": 1, "settings": {"names": ["P1", "P2", "P3", "P4", "P5", "P6"], "players": 4,
       "sound": True, "i2c_freq": 400000}, "screen": "game",
       "game": {"game": "panicozoo", "seed": 7, "options": {"players": 4}, "actions": []},
       "bowls": []}
for i in range(60):
    rec["game"]["actions"].append(["slap", i % 4, 1000 + i])
    s.save(rec)
for i in range(6):
    s.add_history({"game": "panicozoo", "players": ["P1", "P2", "P3", "P4"],
                   "scores": [3, 4, 5, i], "winners": [2]})
gc.collect()
gc.disable()
a = gc.mem_alloc()
s2 = Store(regions)
r, msg = s2.load()
print("@load", gc.mem_alloc() - a)
gc.collect()
a = gc.mem_alloc()
r["game"]["actions"].append(["slap", 1, 5000])
s2.save(r)
print("@save", gc.mem_alloc() - a)
"""


# The every-game sessions of issue 25 (tests/mpy_app/app_harness.EVERY): all
# four games and the bowl, twice round in two orders, a power cut in each,
# every power cut and every restart of the app (App.restart) a new process,
# as on a board.
EVERY = (("every game, order a", "a"), ("every game, order b", "b"))
FACTOR = 1.5   # harness heap / a board's heap (the team's figure)
# Free heap at code.py start, KB: the Pico's measured on CircuitPython 10.2.1
# (issue 25); the Pico W's the low end of 123-126 KB (CircuitPython 9.0,
# adafruit/circuitpython issue 9085; bench/b_table_view.py).
BOARDS = (("raspberry_pi_pico", 162.6), ("raspberry_pi_pico_w", 123.0))
WANT_KB = 40   # free at every game's low point (issue 25)
GAME_NAMES = {"ai": "Animal Inc", "pz": "Panicozoo", "am": "Animal Maniacs",
              "waa": "When Animals Attack", "bowl": "Draw bowl"}


def _harness(args):
    return ("import sys\nsys.path.append(%r)\nimport app_harness\napp_harness.QUIET = True\n"
            "app_harness.main(%s)\n" % (MPY_APP, args))


def _chained(args):
    # the session's argv (a list's text) with the chain's state file added
    return args[:-1] + ("," if args != "[]" else "") + "'--chain={state}']"


def _fits(code, size):
    # A session as a chain of processes (every power cut and restart a new
    # interpreter, as on a board: tests/mpy_runner.run_chain).
    return run_chain(code, size)[0] == 0


def sweep(code, start, span=40 * 1024, step=1024):
    # Smallest size s >= start with every size s, s+step, ... s+span running.
    size = start
    while True:
        bad = None
        for k in range(0, span // step + 1):
            if not _fits(code, size + k * step):
                bad = size + k * step
        if bad is None:
            return size
        size = bad + step


def fine(code, start, span=40 * 1024, step=256):
    # The failing sizes among start, start+step, ... start+span (two at a time:
    # each run is its own process).
    sizes = list(range(start, start + span + 1, step))
    with ThreadPoolExecutor(2) as ex:
        ok = list(ex.map(lambda s: _fits(code, s), sizes))
    return [s for s, fit in zip(sizes, ok) if not fit]


def _points():
    words = "app_harness.FULL.split()"
    code = ("import sys, gc\nsys.path.append(%r)\nimport app_harness\n"
            "h = app_harness.Harness(app_harness.Profile, True)\nw = %s\nat = %r\ndone = 0\n"
            "for n, label in at:\n"
            "    h.play(w[done:n])\n    done = n\n    gc.collect()\n"
            "    print('@', gc.mem_alloc(), label)\n" % (MPY_APP, words, POINTS))
    out = run_micropython(code)
    return [ln.split(" ", 2)[1:] for ln in out.splitlines() if ln.startswith("@ ")]


def _chain_code(order, extra=""):
    return _harness("['--every=%s','--chain={state}'%s]" % (order, extra))


def _every(order, firmware=None):
    # Runs the chain once (large heap) with the heap figures on, keeping each
    # process's starting state; then each process's peak on its own.
    # -> (first menu, highest menu after a restart, highest before one,
    #     [(game, peak)] per process, session peak).
    import shutil

    from tests.mpy_runner import run_chain  # noqa: F401  (the same chain)

    d = tempfile.mkdtemp(prefix="menagerie-every-")
    try:
        state = os.path.join(d, "state")
        code = _chain_code(order, ",'--mem'").replace("{state}", state)
        parts, out_all = [], []
        for k in range(200):
            snap = None
            if os.path.exists(state):
                snap = os.path.join(d, "part%d" % k)
                shutil.copy(state, snap)
            out = run_micropython(code, firmware=firmware)
            parts.append(snap)
            out_all.append(out)
            if "@next" not in out:
                break
        menus, lefts, nexts = [], [], [0]
        for out in out_all:
            for ln in out.splitlines():
                w = ln.split()
                if w and w[0] == "@menu":
                    menus.append(int(w[1]))
                elif w and w[0] == "@left":
                    lefts.append(int(w[1]))
                elif w and w[0] == "@next":
                    nexts.append(int(w[1]))
        starts = []
        for _ in _harness_module().every_game(EVERY_ORDERS[order], starts):
            pass
        peaks = []
        for k, snap in enumerate(parts):
            extra = ",'--from=%s'" % snap if snap else ""
            pc = _harness("['--every=%s','--chain=%s'%s]" % (order, os.path.join(d, "scratch"), extra))
            # (4 sizes above checked too: a bare bisection lands anywhere in
            # a band of non-fitting sizes, +-5 KB on these parts)
            peak = peak_heap(pc, check=4, firmware=firmware)
            game = [g for i, g in starts if i <= nexts[k]][-1]
            peaks.append((game, peak))
        return menus[0], max(menus[1:]), max(lefts), peaks, max(p for _, p in peaks)
    finally:
        shutil.rmtree(d, ignore_errors=True)


def _harness_module():
    if MPY_APP not in sys.path:
        sys.path.insert(0, MPY_APP)
    fw = os.path.join(ROOT, "firmware")
    if fw not in sys.path:
        sys.path.append(fw)   # after the stdlib: its code.py must not shadow `code`
    import app_harness

    return app_harness


EVERY_ORDERS = {}


def every_report(firmware=None, tree=".py"):
    EVERY_ORDERS.update(_harness_module().EVERY)
    for label, order in EVERY:
        first, menu, left, peaks, top = _every(order, firmware)
        drift = (menu - first) / 1024.0
        print("%s (%s tree), harness: peak %.1f KB; retained at the main menu: first %.1f KB, "
              "after leaving a game %.1f KB (drift %+.1f KB; %+.1f KB before the restart)"
              % (label, tree, top / 1024.0, first / 1024.0, menu / 1024.0, drift, (left - first) / 1024.0))
        games = []
        for g, p in peaks:
            if g not in [x for x, _ in games]:
                games.append((g, max(q for h, q in peaks if h == g)))
        for board, start in BOARDS:
            print("memory %s on %s: low %.0f KB, drift %.1f KB" % (
                label, board, start - top / 1024.0 / FACTOR, drift / FACTOR))
        for g, p in games:
            lows = ["%s %.0f KB%s" % (b[:len("raspberry_pi_")] == "raspberry_pi_" and b[13:] or b,
                                      start - p / 1024.0 / FACTOR,
                                      "" if start - p / 1024.0 / FACTOR >= WANT_KB else " (under %d)" % WANT_KB)
                    for b, start in BOARDS]
            print("  %-20s peak %6.1f KB  low: %s" % (GAME_NAMES[g], p / 1024.0, ", ".join(lows)))


def main():
    print("Whole app under MicroPython from .py (64-bit unix; about 1.5x an RP2040's figures);")
    print("every power cut and every restart of the app a new process, as on a board")
    print("  %-28s %10s %10s %10s %9s" % ("session", "runs from", "sweep", "last fail", "failures"))
    for label, args in SESSIONS:
        code = _harness(_chained(args))
        low = peak_heap(code, check=0, chain=True)
        bad = fine(code, low)
        last = "%7.1f KB" % (max(bad) / 1024.0) if bad else "%10s" % "none"
        print("  %-28s %7.1f KB %7.1f KB %s %5d/161" % (label, low / 1024.0, sweep(code, low) / 1024.0,
                                                      last, len(bad)))
    for label, order in EVERY:
        low = peak_heap(_chain_code(order), check=0, chain=True)
        print("  %-28s %7.1f KB %10s %10s %9s" % (label, low / 1024.0, "-", "-", "-"))
    print()
    every_report()
    with tempfile.TemporaryDirectory(prefix="menagerie-mem-") as mpy_dir:
        compile_tree(mpy_dir)
        every_report(mpy_dir, ".mpy")
    print()
    print("Retained (gc.mem_alloc after a collection) in a session with every game")
    for n, label in _points():
        print("  %-28s %7.1f KB" % (label, int(n) / 1024.0))
    print()
    with tempfile.TemporaryDirectory(prefix="menagerie-mem-") as mpy_dir:
        compile_tree(mpy_dir)
        base = retained_heap("pass\n", firmware=mpy_dir)
        print("Retained per module imported alone (.mpy, with its imports, minus an empty program)")
        for m in MODULES:
            try:
                kept = retained_heap("import %s\n" % m, firmware=mpy_dir) - base
            except AssertionError:
                print("  %-34s (not importable)" % m)
                continue
            print("  %-34s %7.1f KB" % (m, kept / 1024.0))
    print()
    out = run_micropython(STORE)
    got = dict(ln[1:].split() for ln in out.splitlines() if ln.startswith("@"))
    print("Store, 60 actions + 6 finished games in two 4 KB regions, GC off (upper bound)")
    print("  load() allocates %7.1f KB" % (int(got["load"]) / 1024.0))
    print("  one save allocates %5.1f KB" % (int(got["save"]) / 1024.0))


if __name__ == "__main__":
    main()
