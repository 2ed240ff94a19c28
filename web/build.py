"""`make web`: the static page in build/web, publishable as is.

build/web/
  index.html style.css main.js   the page (copied from web/)
  micropython.mjs micropython.wasm
                                 MicroPython on WebAssembly, from the pinned
                                 npm package (web/package.json), installed
                                 by `make web` with npm, never committed
  firmware.json                  {path: source} of the Python the page runs:
                                 the firmware's own menagerie/ (core, ui,
                                 store, app, games, settings; of hw/ only
                                 the port-independent tune.py), boards/, and
                                 the browser's hw layer web/hw_web.py and boot
                                 web/web_main.py. Sources, unchanged.
"""
import json
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEB = os.path.join(ROOT, "web")
PKG = os.path.join(WEB, "node_modules", "@micropython", "micropython-webassembly-pyscript")
PAGE_FILES = ("index.html", "style.css", "main.js")
RUNTIME_FILES = ("micropython.mjs", "micropython.wasm")
# hw/ is CircuitPython and MicroPython-board glue (busio, keypad, machine):
# the browser brings its own; only the tune sequencer is shared.
HW_KEEP = ("__init__.py", "tune.py")


def python_files():
    out = {}
    fw = os.path.join(ROOT, "firmware")
    for top in ("menagerie",):
        for dirpath, dirnames, filenames in os.walk(os.path.join(fw, top)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            rel_dir = os.path.relpath(dirpath, fw).replace(os.sep, "/")
            for f in sorted(filenames):
                if not f.endswith(".py"):
                    continue
                if rel_dir == "menagerie/hw" and f not in HW_KEEP:
                    continue
                if rel_dir.startswith("menagerie/table"):
                    continue   # the table view needs Wi-Fi: the page's boards have none
                out[rel_dir + "/" + f] = _read(os.path.join(dirpath, f))
    boards = os.path.join(ROOT, "boards")
    for f in sorted(os.listdir(boards)):
        if f.endswith(".py"):
            out["boards/" + f] = _read(os.path.join(boards, f))
    for f in ("hw_web.py", "web_main.py"):
        out[f] = _read(os.path.join(WEB, f))
    return out


def _read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def build(dest):
    missing = [f for f in RUNTIME_FILES if not os.path.exists(os.path.join(PKG, f))]
    if missing:
        raise SystemExit("web: %s missing: run `npm ci --prefix web` (make web does)" % ", ".join(missing))
    if os.path.isdir(dest):
        shutil.rmtree(dest)
    os.makedirs(dest)
    for f in PAGE_FILES:
        shutil.copyfile(os.path.join(WEB, f), os.path.join(dest, f))
    for f in RUNTIME_FILES:
        shutil.copyfile(os.path.join(PKG, f), os.path.join(dest, f))
    with open(os.path.join(dest, "firmware.json"), "w", encoding="utf-8") as f:
        json.dump(python_files(), f, sort_keys=True, separators=(",", ":"))
    return dest


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    dest = argv[0] if argv else os.path.join(ROOT, "build", "web")
    build(dest)
    print("web page built in %s (open: python3 -m http.server -d %s)" % (
        os.path.relpath(dest, ROOT), os.path.relpath(dest, ROOT)))


if __name__ == "__main__":
    main()
