# Animal Maniacs at the table: button presses of a plain capture on the Pico
# (the target: 8 or fewer), what other card values cost, the .mpy
# sizes of the game's modules and the CPU time of a resume (= replay).
# The game's heap on the MicroPython harness is in b_memory ("Animal
# Maniacs + power cut"). Prints figures; asserts nothing.
import os
import subprocess
import tempfile
import time

from menagerie.core.animal_maniacs import AnimalManiacsGame
from menagerie.core.animal_maniacs_sim import play
from sim.runner import Session, run_script
from tests.mpy_runner import FIRMWARE, mpy_cross_exe

# Main menu -> Animal Maniacs, 3 players, default options, P1 starts.
START = "DOWN\nOK\nDOWN\nOK\nOK\nOK\nP1\n"
# From the turn screen: Capture, the first wild animal, attack 7 red (from 6
# red: UP), the animal's 4 red (from 6 red: DOWN DOWN), turn the cards over.
CAPTURE = "OK\nOK\nUP\nOK\nDOWN\nDOWN\nOK\nOK\n"


def capture_presses():
    s = Session("raspberry_pi_pico", seed=3)
    run_script(s, START)
    assert s.app.top().name == "am_turn"
    before = s.presses
    run_script(s, CAPTURE)
    acts = [a[0] for a in s.app.game.actions]
    return s.presses - before, acts, s.app.game.log, s.app.top().name


def picker_cost(start, target, nv):
    # UP/DOWN presses from value index start to target on a wrapping list.
    d = (target - start) % nv
    return min(d, nv - d)


def spread():
    # Presses of a capture for every attack card (A-10, both colours) against
    # every wild draw (A-10, J, both colours), as the card screen counts them:
    # 2 (action, animal) + attack + 1 + draw + 1 + 1 (resolve).
    costs = []
    for av in range(10):
        for ac in (0, 1):
            for dv in range(11):
                for dc in (0, 1):
                    att = picker_cost(5, av, 10) + ac  # 6 red is index 5
                    dr = picker_cost(5, dv, 11) + dc
                    costs.append(2 + att + 1 + dr + 1 + 1)
    return min(costs), sum(costs) / float(len(costs)), max(costs), \
        len([c for c in costs if c <= 8]) * 100.0 / len(costs)


def mpy_sizes():
    out = []
    with tempfile.TemporaryDirectory() as d:
        for sub in ("core", "ui"):
            folder = os.path.join(FIRMWARE, "menagerie", sub)
            for m in sorted(os.listdir(folder)):
                if m.startswith("animal_maniacs") and m.endswith(".py"):
                    dst = os.path.join(d, m[:-3] + ".mpy")
                    subprocess.run([mpy_cross_exe(), "-o", dst, os.path.join(folder, m)], check=True)
                    out.append((sub + "/" + m, os.path.getsize(os.path.join(folder, m)), os.path.getsize(dst)))
    return out


def main():
    n, acts, log, screen = capture_presses()
    print("Plain capture on the Pico (7 red against a red 4): %d presses (target <= 8)" % n)
    print("  actions %s, then %r, back on %s" % (" ".join(acts), log, screen))
    lo, mean, hi, share = spread()
    print("  any card values: %d to %d presses, mean %.1f; %.0f%% within 8" % (lo, hi, mean, share))
    print()
    total_py = total_mpy = 0
    print("Modules (.py bytes -> .mpy bytes; only the device's are loaded on it)")
    for name, py, mpy in mpy_sizes():
        print("  %-34s %6d -> %5d" % (name, py, mpy))
        total_py += py
        total_mpy += mpy
    print("  %-34s %6d -> %5d" % ("total", total_py, total_mpy))
    print()
    g = play({"players": 4, "zoos": 1, "edition": 1}, 21)
    t = time.process_time()
    for _ in range(5):
        AnimalManiacsGame.replay(g.options, g.seed, g.actions)
    ms = (time.process_time() - t) / 5 * 1e3
    print("Resume = replay of a random 4-player game of %d actions: %.1f ms CPython" % (len(g.actions), ms))
