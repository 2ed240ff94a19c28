# The file calls `menagerie deploy` makes on a CIRCUITPY drive, in one place:
# FolderFS runs them on a mounted drive (a folder); the drive model's tests
# run the same deploy code on sim/hostfs.py's DriveHostFS (FatFs as the
# computer's FAT driver over the RP2040 flash layer), so that every write a
# deploy makes can be cut there (docs/persistence.md, "A yanked cable").
# Paths are drive-relative, "/"-separated; a leading "/" is allowed.
import os
import shutil

SKIP_DIRS = {"__pycache__", ".git", ".fseventsd", ".Trashes", "System Volume Information"}


def rel(path):
    return path.replace(os.sep, "/").strip("/")


def of(drive):
    # A FolderFS for a folder's path; an fs object passes through.
    return FolderFS(drive) if isinstance(drive, str) else drive


class FolderFS:
    def __init__(self, root):
        self.root = root

    def path(self, p):
        r = rel(p)
        return os.path.join(self.root, *r.split("/")) if r else self.root

    def __str__(self):
        return self.root

    # -- reading ---------------------------------------------------------------
    def exists(self, p):
        return os.path.exists(self.path(p))

    def isfile(self, p):
        return os.path.isfile(self.path(p))

    def isdir(self, p):
        return os.path.isdir(self.path(p))

    def getsize(self, p):
        return os.path.getsize(self.path(p))

    def read(self, p):
        with open(self.path(p), "rb") as f:
            return f.read()

    def listdir(self, p=""):
        return sorted(os.listdir(self.path(p)))

    def stat(self, p):
        return tuple(os.stat(self.path(p)))

    def open(self, p, mode="rb"):
        return open(self.path(p), mode)

    def statvfs(self, p="/"):
        # (bsize, frsize, blocks, bfree, ...) as os.statvfs; where there is
        # none (Windows) the cluster size is unknown: 4 KB overestimates
        # what the save files need, which only leaves some room free.
        if hasattr(os, "statvfs"):
            return tuple(os.statvfs(self.path(p)))
        u = shutil.disk_usage(self.root)
        return (4096, 4096, u.total // 4096, u.free // 4096, u.free // 4096, 0, 0, 0, 0, 255)

    def free(self):
        return shutil.disk_usage(self.root).free

    # -- writing ---------------------------------------------------------------
    def write(self, p, data):
        # A whole file, synced before it returns (create or truncate).
        with open(self.path(p), "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())

    def overwrite(self, p, data):
        # Over an existing file, in place: the clusters it has are written
        # again and no cluster is freed or taken when the new text needs as
        # many; the FAT is not written (its directory entry is: size, time).
        with open(self.path(p), "r+b") as f:
            f.write(data)
            f.truncate(len(data))
            f.flush()
            os.fsync(f.fileno())

    def replace(self, src, dst):
        os.replace(self.path(src), self.path(dst))

    def remove(self, p):
        q = self.path(p)
        if os.path.isdir(q):
            os.rmdir(q)
        else:
            os.remove(q)

    def mkdir(self, p):
        os.mkdir(self.path(p))

    def makedirs(self, p):
        os.makedirs(self.path(p), exist_ok=True)

    def sync(self):
        if hasattr(os, "sync"):
            os.sync()

    def sync_dirs(self, rels):
        # Renames and deletions live in directory entries: flush those too,
        # so an unplug right after the command returns loses nothing
        # (POSIX only).
        if os.name != "posix":
            return
        for d in sorted({os.path.dirname(rel(r)) for r in rels}):
            try:
                fd = os.open(self.path(d), os.O_RDONLY)
            except OSError:
                continue
            try:
                os.fsync(fd)
            except OSError:
                pass
            finally:
                os.close(fd)


def walk(fs, top=""):
    # Sorted drive-relative paths of every file, skipping what tree.walk
    # skips (a computer's own folders, dot files but the manifest, .pyc).
    from host_tools.tree import MANIFEST
    out = []
    for name in fs.listdir(top):
        p = (top + "/" + name) if top else name
        if fs.isdir(p):
            if name not in SKIP_DIRS and not name.startswith("."):
                out += walk(fs, p)
        elif not name.endswith(".pyc") and (not name.startswith(".") or name == MANIFEST):
            out.append(p)
    return sorted(out)
