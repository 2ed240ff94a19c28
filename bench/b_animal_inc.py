# Animal Inc core costs: .mpy sizes, CPU time of card-level random games (the
# fuzz tests' engine) and of a scorekeeper replay (resume = replay), and the
# MicroPython heap the scorekeeper needs (what the device imports) versus the
# simulation (which stays on the desktop). CPython times are this machine's.
import os
import subprocess
import tempfile
import time

from menagerie.core.animal_inc import AnimalIncGame
from menagerie.core.animal_inc_sim import simulate_game
from tests.mpy_runner import FIRMWARE, baseline_heap, mpy_cross_exe, peak_heap, run_micropython

MODULES = ("animal_inc.py", "animal_inc_deck.py", "animal_inc_pyramid.py", "animal_inc_sim.py")


def mpy_sizes():
    out = []
    with tempfile.TemporaryDirectory() as d:
        for m in MODULES:
            src = os.path.join(FIRMWARE, "menagerie", "core", m)
            dst = os.path.join(d, m[:-3] + ".mpy")
            subprocess.run([mpy_cross_exe(), "-o", dst, src], check=True)
            out.append((m, os.path.getsize(src), os.path.getsize(dst)))
    return out


def cpython_games(players, n):
    # Process CPU time: other jobs on a shared machine do not inflate it.
    t = time.process_time()
    for seed in range(n):
        simulate_game(players, seed)
    return (time.process_time() - t) / n * 1e3


MP_GAMES = """
import time
from menagerie.core.animal_inc_sim import simulate_game
t = time.ticks_ms()
for seed in range(%d):
    simulate_game(%d, seed)
print(time.ticks_diff(time.ticks_ms(), t))
"""

SCOREKEEPER = """
from menagerie.core.animal_inc import AnimalIncGame
acts = [["round", r %% 2, r %% 4, (6 * r) %% 40 if r %% 2 else 0, 12, 10, 9, 8] for r in range(16)]
g = AnimalIncGame.replay({"players": 4}, 1, acts)
assert g.over()
%s
"""


def presses():
    # Presses per 4-player round through the real screens on the simulated
    # boards, over random card-level games (tests/animal_inc_presses.py
    # plans the fewest presses a person who knows the screens would use).
    from sim.runner import Session
    from tests.animal_inc_presses import measure, report

    toml = 'MENAGERIE_PLAYER_NAMES = "Ana,Benjamin,Cyd,Dee"\n'
    for board in ("raspberry_pi_pico", "adafruit_feather_rp2040"):
        holds = []
        counts = measure(board, range(101, 109), Session(board, seed=3, settings_text=toml), holds)
        print(report(board, counts, holds))


def guess_orders():
    # The 3-button board's guessing orders (ui/animal_inc_guess.py) derived
    # again: frequencies of the highest cards and tier-5 sums in random
    # card-level games (other seeds than the press figure's), +2 each so
    # that a value never seen still has a place, then the optimal trees.
    from collections import Counter

    from menagerie.core.animal_inc import CARD_VALUES, possible_pyramid_sums
    from menagerie.core.animal_inc_sim import game_rounds
    from menagerie.ui.animal_inc_guess import CARDS, SUMS
    from tests.animal_inc_presses import search_order

    highs, sums = Counter(), Counter()
    for players, games in ((2, 300), (3, 300), (4, 600)):
        for seed in range(1000, 1000 + games):
            for game, rnd in game_rounds(players, seed):
                _, reached, last, total = game.actions[-1][:4]
                if reached:
                    sums[total] += 1
                for i, h in enumerate(game.actions[-1][4:]):
                    if not (reached and i == last):
                        highs[h] += 1
    print("guessing game of the 3-button board (ui/animal_inc_guess.py), from 1200 random games:")
    for name, values, count, stored in (("cards", CARD_VALUES, highs, CARDS),
                                        ("sums", possible_pyramid_sums(), sums, SUMS)):
        order, avg = search_order(list(values), [count[v] + 2 for v in values])
        print("  %s: %.2f presses per value on average; the stored order %s the optimal one"
              % (name, avg, "is" if tuple(order) == tuple(stored) else "is NOT"))
        if tuple(order) != tuple(stored):
            print("    optimal:", tuple(order))


def main():
    presses()
    guess_orders()
    total = 0
    for m, src, mpy in mpy_sizes():
        total += mpy
        print("%-24s source %6d B   .mpy %6d B" % (m, src, mpy))
    print("%-24s                .mpy %6d B" % ("total", total))
    print("card-level random games, CPython CPU time:")
    all_ms = 0.0
    for p in (2, 3, 4):
        ms = cpython_games(p, 300)
        all_ms += ms
        print("  %d players: %.2f ms/game" % (p, ms))
    print("  1000 games (mixed counts): about %.1f s" % (all_ms / 3 * 1000 / 1e3))
    for p in (2, 4):
        n = 20
        ms = int(run_micropython(MP_GAMES % (n, p)).strip())
        print("  MicroPython unix, %d players: %.1f ms/game" % (p, ms / n))
    acts = [("round", r % 2, r % 4, (6 * r) % 40 if r % 2 else 0, 12, 10, 9, 8) for r in range(16)]
    n = 200
    t = time.perf_counter()
    for _ in range(n):
        AnimalIncGame.replay({"players": 4}, 1, acts)
    print("replay a 16-round scorekeeper game (CPython): %.3f ms"
          % ((time.perf_counter() - t) / n * 1e3))
    base = baseline_heap()
    print("MicroPython unix heap (64-bit; roughly half on RP2040), baseline %d B" % base)
    imp = peak_heap("from menagerie.core.animal_inc import AnimalIncGame\n")
    print("  import animal_inc (scorekeeper) from source: %d B" % (imp - base))
    full = peak_heap(SCOREKEEPER % "g.entry_fields()\ng.history()\n")
    print("  replay 16 rounds + entry_fields + history: %d B" % (full - base))
    sim = peak_heap("from menagerie.core.animal_inc_sim import simulate_game\n"
                    "simulate_game(4, 1)\n")
    print("  card-level simulation of a 4-player game (desktop only): %d B" % (sim - base))
    with tempfile.TemporaryDirectory() as d:
        core = os.path.join(d, "menagerie", "core")
        os.makedirs(core)
        for f in ("__init__.py",):
            open(os.path.join(d, "menagerie", f), "w").close()
        src = os.path.join(FIRMWARE, "menagerie", "core")
        for f in sorted(os.listdir(src)):
            if f.endswith(".py") and (f.startswith("animal_inc") or f in ("game.py", "rng.py", "__init__.py")):
                subprocess.run([mpy_cross_exe(), "-o", os.path.join(core, f[:-3] + ".mpy"),
                                os.path.join(src, f)], check=True)
        imp = peak_heap("from menagerie.core.animal_inc import AnimalIncGame\n", firmware=d)
        full = peak_heap(SCOREKEEPER % "g.entry_fields()\ng.history()\n", firmware=d)
        print("  from .mpy: import %d B, replay 16 rounds + entry_fields + history %d B"
              % (imp - base, full - base))
