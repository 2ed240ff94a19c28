# The table view's cost (docs/table-view.md): heap beside the every-game
# session on a board with Wi-Fi, with four phones on the page, against the
# same board with the table view off; and the press-to-screen time with
# phones polling against without. Under the real MicroPython (unix, 64-bit,
# firmware from .py: the harness reads about 1.5x a board's heap), with the
# firmware's own server on the loopback (tests/mpy_app/table_harness.py).
# Prints figures; asserts nothing.
import math
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tests import table_view_helpers as T  # noqa: E402
from tests.mpy_runner import peak_heap, run_micropython  # noqa: E402

FACTOR = 1.5            # harness heap / a board's heap (the team's figure)
# Known free heap at code.py start, KB (host_tools/boardinfo.py, docs/boards):
# the Pico W's from adafruit/circuitpython issue 9085 (CircuitPython 9.0:
# 123-126 KB, the wireless stack's buffers taken even with Wi-Fi off); the
# Pico 2 W's is the project's estimate (RP2350: 520 KB SRAM, not measured).
BOARDS = (("raspberry_pi_pico_w", 123, 126, "measured by others, CircuitPython 9.0"),
          ("raspberry_pi_pico2_w", 330, 395, "estimate"))
# The every-game session on a real Pico (CircuitPython 10.2.1, emulated
# RP2040): 162.6 KB free at code.py start, 33.9 KB at the lowest.
PICO_START, PICO_LOW = 162.6, 33.9
REPEAT = 3


def _code(args, port):
    return T.harness_code(args, port)


def _peak(args, libs, firmware=None):
    # Each run its own free port: a run's port may linger a moment after it.
    return peak_heap(_code(args, T.free_port()), timeout=300, check=4, firmware=firmware,
                     extra_path=T.harness_path(libs))


def _run(args, libs):
    return run_micropython(_code(args, T.free_port()), extra_path=T.harness_path(libs), timeout=600)


def _latency(out):
    for line in out.splitlines():
        if line.startswith("latency"):
            n, med, p95, worst = (int(x) for x in line.split()[1:5])
            return n, med, p95, worst
    return None


def _polls(out):
    for line in out.splitlines():
        if line.startswith("poll_us"):
            return [int(x) for x in line.split()[1:5]]
    return None


def main():
    with tempfile.TemporaryDirectory(prefix="menagerie-tv-") as tmp:
        libs = T.lib_dir(os.path.join(tmp, "lib"))
        fw_mpy, libs_mpy = T.mpy_trees(os.path.join(tmp, "mpy"))
        print("Heap beside the every-game session + power cut on a W board, four phones on the page")
        print("(MicroPython unix 64-bit: a board's heap is about the harness's / %.1f)" % FACTOR)
        print("  %-34s %9s %9s %9s" % ("", "off", "on", "board"))
        got = {}
        for label, fw, lib in ((".py (as compiled on the board)", None, libs),
                               (".mpy (as deploy ships)", fw_mpy, libs_mpy)):
            off = _peak(["--full", "--off"], lib, fw)
            on = _peak(["--full", "--phones", "4"], lib, fw)
            got[label[:4]] = (on - off) / 1024 / FACTOR
            print("  peak, %-28s %6.1f KB %6.1f KB %+6.1f KB" % (label, off / 1024, on / 1024, got[label[:4]]))
        menu = T.menu_retained(fw_mpy, libs_mpy) / 1024 / FACTOR
        on_mpy = _peak(["--full", "--phones", "4"], libs_mpy, fw_mpy) / 1024 / FACTOR
        print("  free heap wanted at the main menu to start (the every-game peak with the table view")
        print("  on, less what the main menu keeps): %.0f KB on a board (control.NEED_KB)" % (on_mpy - menu))
        used = PICO_START - PICO_LOW
        for board, lo, hi, src in BOARDS:
            extra = got[".mpy"] if board == "raspberry_pi_pico_w" else max(got[".mpy"], got[".py "])
            print("table view: heap +%d KB on %s" % (math.ceil(extra), board))
            low_lo, low_hi = lo - used - extra, hi - used - extra
            verdict = "fits beside every game" if low_lo > 20 else (
                "does not fit beside every game: Settings > Table view says what it needs")
            print("  %d-%d KB free at code.py start (%s), every game %.1f KB (a Pico):"
                  % (lo, hi, src, used))
            print("  about %.0f to %.0f KB free at the lowest with it on: %s" % (low_lo, low_hi, verdict))
        print()
        print("Press to screen on the wall clock (host MicroPython, the every-game session, a key every 250 ms;")
        print("the board is slower, but the difference is the server's poll): median / 95%% / worst ms")
        for label, args in (("no phone, table view off", ["--timed", "--full", "--off"]),
                            ("4 phones polling", ["--timed", "--full", "--phones", "4"]),
                            ("8 phones polling", ["--timed", "--full", "--phones", "8"])):
            rows = []
            polls = None
            for _ in range(REPEAT):
                out = _run(args, libs)
                rows.append(_latency(out))
                polls = _polls(out) if "--off" not in args else polls
            n = rows[0][0]
            med = sorted(r[1] for r in rows)[REPEAT // 2]
            p95 = sorted(r[2] for r in rows)[REPEAT // 2]
            worst = max(r[3] for r in rows)
            print("  %-26s %4d / %4d / %4d ms  (%d keys x %d runs)" % (label, med, p95, worst, n, REPEAT))
            if polls:
                print("    one server turn: median %d us, 99%% %d us, worst %d us" % tuple(polls[1:]))


if __name__ == "__main__":
    main()
