# The slow presses of issue 25 on an RP2040, by proxy (bench/proxy.py): the
# MicroPython harness on the .mpy tree, every loop step timed, times the
# factor calibrated against the real board. Per press: the first change on
# the screen after it, and the longest step of the work it started (a press
# works in slices, one per loop step, so this is the longest a next press
# can wait). Prints figures; asserts nothing.
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from bench import proxy  # noqa: E402
from tests.mpy_runner import compile_tree  # noqa: E402

WHAT = {
    "ai_enter": "OK on Animal Inc in the main menu",
    "abandon": '"Yes, abandon" (Animal Inc) -> Panicozoo',
    "am_start": "Animal Maniacs: who starts -> the game",
    "waa_island": "When Animals Attack: Random island -> game",
    "waa_island_cold": "the same, 4 players, the island not begun before",
    "waa_thinking": "When Animals Attack: the device's move",
}


def main():
    ref = proxy.ref_ms()
    f = proxy.factor(ref)
    print("proxy factor %.0f (RP2040 ms per harness ms: issue 25's real figures over 96bb448's"
          % f)
    print("  harness times, the largest of four presses, scaled by this host's speed now:")
    print("  reference work %.3f ms, %.3f ms at calibration)" % (ref, proxy.CAL_REF_MS))
    with tempfile.TemporaryDirectory(prefix="menagerie-presses-") as tree:
        compile_tree(tree)
        got = proxy.measure(tree)
        menu, codepy = proxy.boot(tree)
    for name in sorted(got):
        first, longest, total = got[name]
        if name == "waa_thinking":
            print("device move %s: %d ms (proxy), the longest of its steps in its first turn"
                  % (name, longest * f))
            continue
        print("press %s: %d ms (proxy)  first change %d ms, all its steps %d ms; %s"
              % (name, longest * f, first * f, total * f, WHAT[name]))
        if name in proxy.CAL:
            print("  before (96bb448): %d ms of work, nothing on the screen until it was done; real %.2f s"
                  % (proxy.CAL[name] * f * ref / proxy.CAL_REF_MS, proxy.REAL[name]))
    bf = proxy.boot_factor(ref)
    print("boot: code.py start to the main menu drawn: %d ms (proxy, factor %.0f); %d ms at the"
          % ((menu + codepy) * bf, bf, (menu + codepy) * f))
    print("  presses' factor (harness: app %.3f ms + code.py's compile %.3f ms; the boot's own factor"
          % (menu, codepy))
    print("  is calibrated on the whole start, hardware set-up included, which the harness lacks)")
    print("  before (96bb448): %d ms (proxy); real %.1f s"
          % ((proxy.CAL_BOOT[0] + proxy.CAL_BOOT[1]) * bf * ref / proxy.CAL_REF_MS, proxy.REAL_BOOT))
    print("  (first change: the press to the first flush after it; a busy line counts.")
    print("  A press's work before this branch was one step: its time was its first change.)")


if __name__ == "__main__":
    main()
