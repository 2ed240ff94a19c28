# `make bench`: runs every bench/b_*.py module's main() in name order. Each
# prints figures (bytes, heap, sizes, CPU time); nothing here asserts a time.
import importlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# firmware/ goes after the stdlib: its code.py must not shadow `code`.
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
sys.path.append(os.path.join(ROOT, "firmware"))
# Benches never download: a build uses CircuitPython's mpy-cross only if it is
# already cached (host_tools/cpy_mpy.py), else ships .py.
os.environ.setdefault("MENAGERIE_OFFLINE", "1")


def main():
    only = sys.argv[1:]
    names = sorted(f[:-3] for f in os.listdir(HERE) if f.startswith("b_") and f.endswith(".py"))
    for name in names:
        if only and not any(o in name for o in only):
            continue
        print("=" * 72)
        print(name)
        print("=" * 72)
        importlib.import_module("bench." + name).main()
        print()


main()
