# `menagerie deploy`: bring a mounted CIRCUITPY drive up to date with a
# fresh build, copying only what changed.
#
# Order matters. CircuitPython reloads code.py whenever a file changes, and a
# cable can be pulled at any moment. So when anything changes: first code.py
# is replaced by a tiny placeholder that only prints "update in progress"
# (a half-copied tree then boots into a clear message, never into an import
# error), then every other file goes over as temp file + rename, then stale
# files are removed, and the real code.py comes last.
import os
import sys

from host_tools import cpy_mpy, drivefs, tree

PLACEHOLDER = (b"# Written by `menagerie deploy` while it copies files; replaced at the end.\n"
               b"print('Menagerie update in progress: run `menagerie deploy` again.')\n")


class DeployError(Exception):
    pass


class Plan:
    def __init__(self):
        self.copy = []      # tree-relative paths to write, entry points last
        self.delete = []    # stale files from an earlier deploy
        self.keep = []      # user data already on the drive
        self.same = 0
        self.bytes = 0


def _same(src, fs, rel):
    if not fs.isfile(rel) or os.path.getsize(src) != fs.getsize(rel):
        return False
    try:
        have = fs.read(rel)
    except OSError:
        return False   # unreadable on the drive: copied again
    with open(src, "rb") as a:
        return a.read() == have


def plan(src, drive, user_data):
    # drive: the drive's folder, or a drivefs object.
    fs = drivefs.of(drive)
    p = Plan()
    new_files = [f for f in tree.walk(src) if f != tree.MANIFEST]
    for rel in new_files:
        if rel in user_data and fs.exists(rel):
            p.keep.append(rel)
        elif _same(os.path.join(src, rel), fs, rel):
            p.same += 1
        else:
            p.copy.append(rel)
            p.bytes += os.path.getsize(os.path.join(src, rel))
    p.copy.sort(key=lambda r: (r in tree.ENTRY_POINTS, r))
    old = tree.read_manifest(fs) or {}
    protected = set(user_data) | set(old.get("user_data", ()))
    for rel in sorted(old.get("files", {})):
        if rel not in new_files and rel not in protected and fs.isfile(rel):
            p.delete.append(rel)
        if fs.isfile(rel + ".tmp"):
            p.delete.append(rel + ".tmp")   # left by an interrupted deploy
    # A .py left beside a module that now ships as .mpy would be imported first.
    for rel in cpy_mpy.shadowing_sources(new_files, fs):
        if rel not in p.delete and rel not in protected:
            p.delete.append(rel)
    return p


class Progress:
    # A plain-text bar on stderr; redrawn in place on a terminal.
    def __init__(self, total, stream=None, width=30):
        self.total = max(total, 1)
        self.stream = stream or sys.stderr
        self.width = width
        self.done = 0
        self.shown = -1

    def step(self, nbytes, label):
        self.done += nbytes
        pct = 100 * self.done // self.total
        filled = self.width * self.done // self.total
        line = "[%s%s] %3d%% %s" % ("#" * filled, "." * (self.width - filled), pct, label)
        if self.stream.isatty():
            self.stream.write("\r" + line[:79].ljust(79))
        elif pct // 10 != self.shown // 10:
            # A log file gets a line per tenth, not one per file.
            self.stream.write(line + "\n")
        self.shown = pct
        self.stream.flush()

    def end(self):
        if self.stream.isatty():
            self.stream.write("\n")


def _write(src, fs, rel):
    # One file from the tree, as temp file + rename.
    d = os.path.dirname(rel)
    if d:
        fs.makedirs(d)
    with open(src, "rb") as f:
        data = f.read()
    fs.write(rel + ".tmp", data)
    fs.replace(rel + ".tmp", rel)


def _free(fs):
    return fs.free()


def apply(p, src, drive, progress=None):
    fs = drivefs.of(drive)
    if not p.copy and not p.delete:
        return
    entry = [r for r in p.copy if r in tree.ENTRY_POINTS]
    need = p.bytes + len(PLACEHOLDER)
    freed = sum(fs.getsize(r) for r in p.copy + p.delete if fs.isfile(r))
    if need - freed > _free(fs):
        raise DeployError("not enough space on %s: %s needed, %s free"
                          % (fs, tree.kib(need - freed), tree.kib(_free(fs))))
    for name in entry or [e for e in tree.ENTRY_POINTS if fs.exists(e)]:
        fs.write(name, PLACEHOLDER)
    bar = progress or Progress(p.bytes)
    for rel in p.copy:
        if rel in tree.ENTRY_POINTS:
            continue
        _write(os.path.join(src, rel), fs, rel)
        bar.step(os.path.getsize(os.path.join(src, rel)), rel)
    for rel in p.delete:
        fs.remove(rel)
        _prune_dirs(fs, os.path.dirname(rel))
    _write(os.path.join(src, tree.MANIFEST), fs, tree.MANIFEST)
    for rel in entry:
        _write(os.path.join(src, rel), fs, rel)
        bar.step(os.path.getsize(os.path.join(src, rel)), rel)
    if not entry:
        # Nothing new for the entry point, but the placeholder went over it.
        for name in tree.ENTRY_POINTS:
            if os.path.exists(os.path.join(src, name)):
                _write(os.path.join(src, name), fs, name)
    bar.end()
    fs.sync_dirs(p.copy + p.delete)


def _prune_dirs(fs, rel_dir):
    while rel_dir:
        if fs.isdir(rel_dir) and not fs.listdir(rel_dir):
            fs.remove(rel_dir)
        rel_dir = os.path.dirname(rel_dir)
