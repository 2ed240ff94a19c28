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
import shutil
import sys

from host_tools import cpy_mpy, tree

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


def _same(src, dst):
    if not os.path.isfile(dst) or os.path.getsize(src) != os.path.getsize(dst):
        return False
    with open(src, "rb") as a, open(dst, "rb") as b:
        return a.read() == b.read()


def plan(src, drive, user_data):
    p = Plan()
    new_files = [f for f in tree.walk(src) if f != tree.MANIFEST]
    for rel in new_files:
        dst = os.path.join(drive, rel)
        if rel in user_data and os.path.exists(dst):
            p.keep.append(rel)
        elif _same(os.path.join(src, rel), dst):
            p.same += 1
        else:
            p.copy.append(rel)
            p.bytes += os.path.getsize(os.path.join(src, rel))
    p.copy.sort(key=lambda r: (r in tree.ENTRY_POINTS, r))
    old = tree.read_manifest(drive) or {}
    protected = set(user_data) | set(old.get("user_data", ()))
    for rel in sorted(old.get("files", {})):
        if rel not in new_files and rel not in protected and os.path.isfile(os.path.join(drive, rel)):
            p.delete.append(rel)
        if os.path.isfile(os.path.join(drive, rel + ".tmp")):
            p.delete.append(rel + ".tmp")   # left by an interrupted deploy
    # A .py left beside a module that now ships as .mpy would be imported first.
    for rel in cpy_mpy.shadowing_sources(new_files, drive):
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


def _write(src, dst):
    os.makedirs(os.path.dirname(dst) or ".", exist_ok=True)
    tmp = dst + ".tmp"
    with open(src, "rb") as f:
        data = f.read()
    _write_bytes(tmp, data)
    os.replace(tmp, dst)


def _write_bytes(path, data):
    with open(path, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def _free(drive):
    return shutil.disk_usage(drive).free


def apply(p, src, drive, progress=None):
    if not p.copy and not p.delete:
        return
    entry = [r for r in p.copy if r in tree.ENTRY_POINTS]
    need = p.bytes + len(PLACEHOLDER)
    freed = sum(os.path.getsize(os.path.join(drive, r)) for r in p.copy + p.delete
                if os.path.isfile(os.path.join(drive, r)))
    if need - freed > _free(drive):
        raise DeployError("not enough space on %s: %s needed, %s free"
                          % (drive, tree.kib(need - freed), tree.kib(_free(drive))))
    for name in entry or [e for e in tree.ENTRY_POINTS if os.path.exists(os.path.join(drive, e))]:
        _write_bytes(os.path.join(drive, name), PLACEHOLDER)
    bar = progress or Progress(p.bytes)
    for rel in p.copy:
        if rel in tree.ENTRY_POINTS:
            continue
        _write(os.path.join(src, rel), os.path.join(drive, rel))
        bar.step(os.path.getsize(os.path.join(src, rel)), rel)
    for rel in p.delete:
        os.remove(os.path.join(drive, rel))
        _prune_dirs(drive, os.path.dirname(rel))
    _write(os.path.join(src, tree.MANIFEST), os.path.join(drive, tree.MANIFEST))
    for rel in entry:
        _write(os.path.join(src, rel), os.path.join(drive, rel))
        bar.step(os.path.getsize(os.path.join(src, rel)), rel)
    if not entry:
        # Nothing new for the entry point, but the placeholder went over it.
        for name in tree.ENTRY_POINTS:
            if os.path.exists(os.path.join(src, name)):
                _write(os.path.join(src, name), os.path.join(drive, name))
    bar.end()
    _sync_dirs(drive, p.copy + p.delete)


def _sync_dirs(drive, rels):
    # Renames and deletions live in directory entries: flush those too, so
    # an unplug right after the command returns loses nothing (POSIX only).
    if os.name != "posix":
        return
    for d in sorted({os.path.dirname(r) for r in rels}):
        try:
            fd = os.open(os.path.join(drive, d), os.O_RDONLY)
        except OSError:
            continue
        try:
            os.fsync(fd)
        except OSError:
            pass
        finally:
            os.close(fd)


def _prune_dirs(drive, rel_dir):
    while rel_dir:
        path = os.path.join(drive, rel_dir)
        if os.path.isdir(path) and not os.listdir(path):
            os.rmdir(path)
        rel_dir = os.path.dirname(rel_dir)
