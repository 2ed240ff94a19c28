# Panicozoo core costs: .mpy sizes, CPU time to resolve a race and to replay a
# whole game (resume = replay), and the MicroPython heap a full game needs.
# Times are CPython on this machine: relative figures, not the board's.
import json
import os
import subprocess
import tempfile
import time

from menagerie.core.buzzer import resolve
from menagerie.core.panicozoo import PanicozooGame
from menagerie.core.rng import Rng
from tests.mpy_runner import FIRMWARE, ROOT, baseline_heap, mpy_cross_exe, peak_heap, run_micropython

MODULES = ("panicozoo.py", "panicozoo_deck.py", "panicozoo_dump.py", "buzzer.py")


def mpy_sizes():
    out = []
    with tempfile.TemporaryDirectory() as d:
        for m in MODULES:
            src = os.path.join(FIRMWARE, "menagerie", "core", m)
            if not os.path.exists(src):
                continue
            dst = os.path.join(d, m[:-3] + ".mpy")
            subprocess.run([mpy_cross_exe(), "-o", dst, src], check=True)
            out.append((m, os.path.getsize(src), os.path.getsize(dst)))
    return out


def race_times():
    rng = Rng(1)
    presses = [(p, 1000 + (p * 7) % 3) for p in range(6)]
    n = 5000
    t = time.perf_counter()
    for _ in range(n):
        resolve(presses, [0, 1, 2, 3, 4, 5], rng, open_ms=990)
    return (time.perf_counter() - t) / n * 1e6


def full_game_record():
    # The golden classic scenario's game: the longest realistic save.
    scen = os.path.join(ROOT, "tests", "scenarios", "panicozoo_classic.py")
    ns = {"__name__": "bench"}
    import contextlib
    import io
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(open(scen).read(), scen, "exec"), ns)
    return ns["g"]


def main():
    total = 0
    for m, src, mpy in mpy_sizes():
        total += mpy
        print("%-20s source %6d B   .mpy %6d B" % (m, src, mpy))
    print("%-20s                .mpy %6d B" % ("total", total))
    print("resolve a 6-way race (CPython): %.1f us" % race_times())
    g = full_game_record()
    n = 50
    t = time.perf_counter()
    for _ in range(n):
        PanicozooGame.replay(g.options, g.seed, g.actions)
    print("replay classic game, %d actions (CPython): %.2f ms"
          % (len(g.actions), (time.perf_counter() - t) / n * 1e3))
    base = baseline_heap()
    imp = peak_heap("from menagerie.core.panicozoo import PanicozooGame\n")
    print("MicroPython unix heap (64-bit; roughly half on RP2040), baseline %d B" % base)
    print("  import panicozoo from .py source: %d B" % (imp - base))
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "save.json")
        with open(path, "w") as f:
            json.dump(g.record(), f)
        code = ("import json\n"
                "from menagerie.core.panicozoo import PanicozooGame\n"
                "with open(%r) as f:\n"
                "    r = json.load(f)\n"
                "g = PanicozooGame.replay(r['options'], r['seed'], r['actions'])\n"
                "assert g.over()\n" % path)
        peak = peak_heap(code)
        print("  + load the save (JSON) and replay %d actions: %d B" % (len(g.actions), peak - base))
        # Live heap (gc.mem_alloc after collect) at each stage of a resume.
        stages = run_micropython(
            "import gc, json\n"
            "gc.collect(); a = gc.mem_alloc()\n"
            "from menagerie.core.panicozoo import PanicozooGame\n"
            "gc.collect(); b = gc.mem_alloc()\n"
            "with open(%r) as f:\n"
            "    r = json.load(f)\n"
            "gc.collect(); c = gc.mem_alloc()\n"
            "g = PanicozooGame.replay(r['options'], r['seed'], r['actions'])\n"
            "gc.collect(); d = gc.mem_alloc()\n"
            "print(b - a, c - b, d - c)\n" % path).split()
        print("  live: modules %s B, save record %s B, game after replay %s B"
              % tuple(stages))
