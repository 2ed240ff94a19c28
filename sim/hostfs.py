"""host_tools/drivefs.py's FolderFS calls on the drive model, as a computer
makes them over USB: FatFs is the computer's FAT driver (next-fit, like
Linux's vfat), its blocks go through sim/hostdisk.py (the computer's cache
and order, two blocks per mass-storage call) to the RP2040 flash layer, and
a sync is the computer's fsync. So `menagerie deploy`'s own code
(host_tools/deploy.py, savefiles.py, backups.py, drivehealth.py) runs on the
model and every flash step it causes can be cut.

Errors are OSError as on a real folder; a cut raises sim.drive.PowerCut.
"""
import errno

from sim.drive import DriveFS


class DriveHostFS:
    def __init__(self, drive, root="CIRCUITPY"):
        self.d = drive
        self.fs = DriveFS(drive)
        self.root = root   # a name for messages
        # What was read since the last write (the computer caches it too):
        # the drive model is slow to walk, and a deploy reads every file.
        self._stats = {}
        self._data = {}

    def _changed(self):
        self._stats.clear()
        self._data.clear()

    def __str__(self):
        return self.root

    @staticmethod
    def _p(p):
        return "/" + p.replace("\\", "/").strip("/")

    def _stat(self, p):
        q = self._p(p)
        if q not in self._stats:
            try:
                self._stats[q] = self.fs.stat(q)
            except OSError as e:
                self._stats[q] = e
        st = self._stats[q]
        if isinstance(st, OSError):
            raise st
        return st

    def exists(self, p):
        try:
            self._stat(p)
            return True
        except OSError:
            return self._p(p) == "/"

    def isfile(self, p):
        try:
            return self._stat(p)[0] == 0x8000
        except OSError:
            return False

    def isdir(self, p):
        if self._p(p) == "/":
            return True
        try:
            return self._stat(p)[0] == 0x4000
        except OSError:
            return False

    def getsize(self, p):
        return self._stat(p)[6]

    def read(self, p):
        q = self._p(p)
        if q not in self._data:
            with self.fs.open(q, "rb") as f:
                self._data[q] = f.read()
        return self._data[q]

    def listdir(self, p=""):
        return sorted(n for n, _, _ in self.fs.listdir(self._p(p)))

    def stat(self, p):
        return self._stat(p)

    def open(self, p, mode="rb"):
        if mode not in ("r", "rb"):
            self._changed()
        return self.fs.open(self._p(p), mode)

    def statvfs(self, p="/"):
        return self.fs.statvfs(self._p(p))

    def free(self):
        st = self.statvfs()
        return st[1] * st[3]

    def write(self, p, data):
        self._changed()
        with self.fs.open(self._p(p), "wb") as f:
            if data:
                f.write(data)
            f.flush()

    def overwrite(self, p, data):
        self._changed()
        with self.fs.open(self._p(p), "r+b") as f:
            f.write(data)
            f.truncate()
            f.flush()

    def replace(self, src, dst):
        self._changed()
        if self.exists(dst):
            self.fs.remove(self._p(dst))
        self.fs.rename(self._p(src), self._p(dst))
        self.fs.sync()

    def remove(self, p):
        self._changed()
        self.fs.remove(self._p(p))

    def mkdir(self, p):
        self._changed()
        if self.exists(p):
            raise OSError(errno.EEXIST, "exists: %s" % p)
        self.fs.mkdir(self._p(p))

    def makedirs(self, p):
        self._changed()
        at = ""
        for part in p.replace("\\", "/").strip("/").split("/"):
            if not part:
                continue
            at += "/" + part
            if not self.isdir(at):
                self.fs.mkdir(at)

    def sync(self):
        self.fs.sync()

    def sync_dirs(self, rels):
        self.fs.sync()
