# `menagerie docs` / `make docs`: run every docs generator and write what
# changed; `--check` writes nothing and fails when a file is missing or stale
# (tests use it, so docs cannot drift from the code).
#
# HOOK for more generators (e.g. the simulator's README screenshots): add a
# module name to GENERATOR_MODULES. The module needs one function,
# `generate() -> {repo-relative path: bytes}`. A listed module that does not
# exist yet is skipped with a note.
import importlib
import io
import os
import sys

from host_tools.paths import ROOT

GENERATOR_MODULES = [
    "host_tools.board_docs",
    "sim.readme_images",    # README screenshots from the simulator
    "sim.gallery",          # every screen, one contact sheet per part and board (issue 26)
]


def collect(modules=None):
    files, skipped = {}, []
    for name in modules or GENERATOR_MODULES:
        try:
            mod = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name and name.startswith(e.name):
                skipped.append(name)
                continue
            raise
        for path, data in mod.generate().items():
            if path in files:
                raise ValueError("%s is generated twice (%s)" % (path, name))
            files[path] = data
    return files, skipped


def _same(path, data):
    if not os.path.exists(path):
        return False
    with open(path, "rb") as f:
        old = f.read()
    if old == data:
        return True
    if path.endswith(".png"):
        # Two encoders may pack the same pixels differently: compare pixels.
        from PIL import Image
        a, b = Image.open(io.BytesIO(old)), Image.open(io.BytesIO(data))
        return a.size == b.size and a.convert("RGBA").tobytes() == b.convert("RGBA").tobytes()
    return False


def stale(files, root=ROOT):
    return sorted(p for p, data in files.items() if not _same(os.path.join(root, p), data))


def main(check=False, root=ROOT, modules=None):
    files, skipped = collect(modules)
    for name in skipped:
        print("skipped %s (not written yet)" % name)
    bad = stale(files, root)
    if check:
        for p in bad:
            print("stale: %s (run `make docs`)" % p, file=sys.stderr)
        print("%d generated files checked, %d stale" % (len(files), len(bad)))
        return 1 if bad else 0
    for p in bad:
        full = os.path.join(root, p)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(files[p])
        print("wrote %s" % p)
    print("%d generated files, %d rewritten" % (len(files), len(bad)))
    return 0
