# The table view's cost on MicroPython (docs/table-view.md, docs/micropython.md):
# the Pico 2 W's `menagerie build --mpy` tree itself (its own radio glue,
# menagerie/hw/mpy_wifi_net.py, over a pretend network on the loopback:
# tests/mpy_app/mpy_net_harness.py), the every-game session with a power cut,
# table view off against on with four phones, and the main menu's heap: the
# free heap the switch asks for. Under the unix MicroPython (64-bit: a
# board's heap is about the harness's / 1.5). Prints figures; asserts nothing.
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from host_tools import build as B  # noqa: E402
from tests import table_view_helpers as T  # noqa: E402
from tests.mpy_runner import peak_heap, run_micropython  # noqa: E402
from tests.test_table_view_mpy import RUN, _argv, _path  # noqa: E402

FACTOR = 1.5
BOARD = "raspberry_pi_pico2_w"

MENU = """
import sys, gc
del sys.argv[:]
sys.argv.extend(%r)
import app_harness
app_harness.QUIET = True
import mpy_net_harness as M
with open(M.W.SETTINGS) as f:
    M.MpyNetHarness.SETTINGS_TEXT = f.read()
h = M.MpyNetHarness(M.TH.ProfileW, True)
gc.collect()
print("retained", gc.mem_alloc())
"""


def main():
    with tempfile.TemporaryDirectory(prefix="menagerie-tvm-") as tmp:
        tree = os.path.join(tmp, "tree")
        r = B.build(BOARD, tree, mpy=True)
        if not r.ok:
            print("build failed:", r.errors)
            return
        path = _path(tree, tmp)

        def peak(toml, args):
            code = RUN % _argv(tree, tmp, toml, args)
            return peak_heap(code, timeout=300, check=4, firmware=tree, extra_path=path, resolution=512)

        # Off: the W board's app from the same tree without the radio's
        # harness (which imports the radio glue to point it at the loopback).
        off = peak_heap(T.harness_code(["--full", "--off"]), timeout=300, check=4, firmware=tree,
                        extra_path=path, resolution=512)
        on = peak("MENAGERIE_TABLE_VIEW = 1\n", ["--full", "--phones", "4"])
        out = run_micropython(MENU % _argv(tree, tmp, "MENAGERIE_TABLE_VIEW = 0\n", []), firmware=tree,
                              extra_path=path, timeout=300)
        menu = int(out.split()[-1])
        print("MicroPython %s tree (menagerie build --mpy), every-game session + power cut:" % BOARD)
        print("  peak heap, table view off %.1f KB, on with 4 phones %.1f KB: %+.1f KB on a board"
              % (off / 1024, on / 1024, (on - off) / 1024 / FACTOR))
        print("  free heap wanted at the main menu to start: %.0f KB on a board (control.NEED_KB = %s)"
              % ((on - menu) / 1024 / FACTOR, _need()))
        print("table view: heap +%d KB on %s (MicroPython)" % (round((on - off) / 1024 / FACTOR), BOARD))


def _need():
    import re

    with open(os.path.join(ROOT, "firmware", "menagerie", "table", "control.py")) as f:
        return re.search(r"^NEED_KB = (\d+)", f.read(), re.M).group(1)


if __name__ == "__main__":
    main()
