# `menagerie deploy`: bring a mounted CIRCUITPY drive up to date with a
# fresh build, copying only what changed.
#
# Order matters. CircuitPython reloads code.py whenever a file changes, and a
# cable can be pulled at any moment. So when anything changes: an earlier
# interrupted deploy's temp files go, then code.py is replaced by a
# placeholder that only prints "update in progress" (a half-copied tree then
# boots into a clear message, never into an import error), then every other
# file goes over its old self (in place when it takes as many clusters: no
# FAT write, _put), boot.py first, then stale files are removed, and the
# real code.py comes last. What runs before (copies of the saves, the
# drive's health, the save files) is host_tools/deploy_flow.py.
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
        self.files = []     # every file of the new tree


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
    p.files = new_files
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
    # One file from the tree.
    with open(src, "rb") as f:
        _put(fs, rel, f.read())


def _put(fs, rel, data):
    # Over the old file in place when the new text takes as many clusters:
    # no cluster is freed or taken, so the FAT (which shares its flash
    # sector with the boot sector) is not written; else a plain rewrite.
    # No temp file and rename: each costs writes of the folder's block and
    # the FAT, the flash sectors a cut ruins the drive in, and code.py (a
    # placeholder until the end) keeps a half-copied tree from running.
    d = os.path.dirname(rel)
    if d and not fs.isdir(d):
        fs.makedirs(d)
    if fs.isfile(rel):
        cs = cluster(fs)
        old = fs.getsize(rel)
        if old and -(-old // cs) == -(-len(data) // cs):
            fs.overwrite(rel, data)
            return
    fs.write(rel, data)


def placeholder(size):
    # PLACEHOLDER padded with a comment to `size` bytes (the code.py it goes
    # over), so it takes the same clusters.
    if size <= len(PLACEHOLDER):
        return PLACEHOLDER
    return PLACEHOLDER + b"#" * (size - len(PLACEHOLDER) - 1) + b"\n"


def _free(fs):
    return fs.free()


def space_needed(p, src, fs):
    # Bytes the copy takes beyond what it frees, cluster by cluster, with
    # room for the one temp file a copy holds at a time.
    cs = cluster(fs)
    new = [-(-os.path.getsize(os.path.join(src, r)) // cs) * cs for r in p.copy]
    freed = sum(-(-fs.getsize(r) // cs) * cs for r in p.copy + p.delete if fs.isfile(r))
    return sum(new) + max(new or [0]) + cs - freed


def cluster(fs):
    st = fs.statvfs("/")
    return st[1] or st[0] or tree.CLUSTER


def check_space(p, src, fs):
    need = space_needed(p, src, fs)
    if need > _free(fs):
        raise DeployError("not enough space on %s: %s needed, %s free"
                          % (fs, tree.kib(need), tree.kib(_free(fs))))


def apply(p, src, drive, progress=None, after_boot=None):
    # Copies the plan. after_boot(): run once boot.py is on the drive (the
    # deploy writes boot_out.txt there, host_tools/deploy_flow.py).
    fs = drivefs.of(drive)
    if not p.copy and not p.delete:
        if after_boot:
            after_boot()
        return
    check_space(p, src, fs)
    # Temp files an interrupted deploy left go first (a copy below would
    # use the same name).
    for rel in [r for r in p.delete if r.endswith(".tmp")]:
        fs.remove(rel)
    entry = [r for r in p.copy if r in tree.ENTRY_POINTS]
    for name in entry or [e for e in tree.ENTRY_POINTS if fs.exists(e)]:
        _put(fs, name, placeholder(fs.getsize(name) if fs.isfile(name) else 0))
    bar = progress or Progress(p.bytes)
    first = [r for r in p.copy if r == "boot.py"]
    for rel in first + [r for r in p.copy if r not in first]:
        if rel in tree.ENTRY_POINTS:
            continue
        _write(os.path.join(src, rel), fs, rel)
        bar.step(os.path.getsize(os.path.join(src, rel)), rel)
        if rel == "boot.py" and after_boot:
            after_boot()
            after_boot = None
    if after_boot:
        after_boot()
    for rel in p.delete:
        if not rel.endswith(".tmp"):
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
