"""A CIRCUITPY drive for tests: ChaN's FatFs (PyPI fatfs-ng, the library
CircuitPython builds as oofatfs) over sim/rp2040_flash.py.

Drive.circuitpy(size) formats it as CircuitPython does on first boot (FAT12
for the Pico's ~1 MB: mkfs with FatFs's defaults, then .fseventsd/no_log,
.metadata_never_index, .Trashes, .Trash-1000, settings.toml, code.py, lib/),
deploy(tree) copies a firmware tree onto it as a computer would, and `fs`
gives the firmware the few os/open calls the store uses (DriveFS), so the
firmware's own code (store/drivefiles.py, store/drivemake.py, store/fileregion.py,
hw/regions.py) runs on it.
"""
import os

import fatfs.wrapper as w
from fatfs import Partition

from sim.rp2040_flash import Rp2040Flash

RW = w.PY_FA_READ | w.PY_FA_WRITE


class PowerCut(BaseException):
    pass


def _ok(res, what):
    if res != w.PY_FR_OK:
        raise OSError(res, "%s: %s" % (what, w.fresult_to_name(res)))


class DriveFile:
    # The subset of a CircuitPython file object the firmware uses.
    def __init__(self, drive, path, mode):
        self.drive = drive
        self.fh = w.FIL_Handle()
        if "r+" in mode:
            flags = RW | w.PY_FA_OPEN_EXISTING
        elif "w" in mode:
            flags = w.PY_FA_WRITE | w.PY_FA_CREATE_ALWAYS | (w.PY_FA_READ if "+" in mode else 0)
        elif "a" in mode:
            flags = w.PY_FA_WRITE | w.PY_FA_OPEN_APPEND
        else:
            flags = w.PY_FA_READ | w.PY_FA_OPEN_EXISTING
        res = w.pyf_open(self.fh, drive.p._adjust_path(path), flags)
        drive.check_power()
        if res != w.PY_FR_OK:
            raise OSError(2, "%s: %s" % (path, w.fresult_to_name(res)))
        self.open = True

    def seek(self, n, whence=0):
        assert whence == 0
        res = w.pyf_lseek(self.fh, n)
        self.drive.check_power()
        _ok(res, "seek")

    def read(self, n=-1):
        if n < 0:
            n = 1 << 24
        res, data = w.pyf_read(self.fh, n)
        self.drive.check_power()
        _ok(res, "read")
        return data

    def write(self, data):
        res = w.pyf_write(self.fh, bytes(data))
        self.drive.check_power()
        if isinstance(res, tuple):
            res, n = res
        else:
            n = len(data)
        _ok(res, "write")
        return n

    def flush(self):
        res = w.pyf_sync(self.fh)
        self.drive.check_power()
        _ok(res, "sync")

    def close(self):
        if self.open:
            self.open = False
            res = w.pyf_close(self.fh)
            self.drive.check_power()
            _ok(res, "close")

    def __enter__(self):
        return self

    def __exit__(self, *a):
        try:
            self.close()
        except PowerCut:
            if a[0] is None:
                raise
        return False


class DriveFS:
    # What the firmware calls on `os` and `open` (store/drivefiles.py takes one).
    def __init__(self, drive):
        self.d = drive

    def open(self, path, mode="rb"):
        return DriveFile(self.d, path, mode)

    def mkdir(self, path):
        res = w.pyf_mkdir(self.d.p._adjust_path(path))
        self.d.check_power()
        if res != w.PY_FR_OK:
            raise OSError(17, "mkdir %s: %s" % (path, w.fresult_to_name(res)))

    def remove(self, path):
        res = w.pyf_unlink(self.d.p._adjust_path(path))
        self.d.check_power()
        if res != w.PY_FR_OK:
            raise OSError(2, "remove %s" % path)

    def stat(self, path):
        fi = w.FILINFO_Handle()
        res = w.pyf_stat(self.d.p._adjust_path(path), fi)
        self.d.check_power()
        if res != w.PY_FR_OK:
            raise OSError(2, "stat %s" % path)
        mode = 0x4000 if fi.is_directory() else 0x8000
        return (mode, 0, 0, 0, 0, 0, fi.get_size(), 0, 0, 0)

    def statvfs(self, path="/"):
        # (bsize, frsize, blocks, bfree, ...) as CircuitPython's os.statvfs:
        # counted from the FAT here (fatfs-ng has no f_getfree).
        from sim import fatcheck
        self.d.flash.flush()
        try:
            v = fatcheck.Volume(bytes(self.d.flash.storage))
        except ValueError:
            raise OSError(5, "no filesystem")
        free = sum(1 for c in range(2, v.n_clusters + 2) if v.fat(c) == 0)
        return (v.cluster, v.cluster, v.n_clusters, free, free, 0, 0, 0, 0, 255)

    def sync(self):
        self.d.flash.flush()
        self.d.check_power()

    def listdir(self, path="/"):
        out = []
        dh = w.DIR_Handle()
        fi = w.FILINFO_Handle()
        _ok(w.pyf_opendir(dh, self.d.p._adjust_path(path)), "opendir " + path)
        try:
            while True:
                if w.pyf_readdir(dh, fi) != w.PY_FR_OK:
                    break
                try:
                    name = fi.get_name()
                except UnicodeError:
                    name = "\ufffd"
                if not name:
                    break
                out.append((name, fi.is_directory(), fi.get_size()))
        finally:
            w.pyf_closedir(dh)
        return out


class Drive:
    def __init__(self, size=1024 * 1024, quirk=True):
        self.flash = Rp2040Flash(size, quirk)
        self.p = Partition(self.flash)
        self.fs = DriveFS(self)
        self.mounted = False

    # -- power ---------------------------------------------------------------
    def check_power(self):
        if self.flash.dead:
            raise PowerCut("cut")

    def mount(self):
        # A fresh Partition each time: fatfs-ng cannot mount one twice.
        self.close()
        self.p = Partition(self.flash)
        self.p.mount()
        self.mounted = True

    def close(self):
        # fatfs-ng has 10 drive slots; unmount frees this one.
        try:
            self.p.unmount()
        except Exception:
            pass
        self.mounted = False

    def reboot(self, image=None):
        # Power back on: the RAM cache is gone, FatFs mounts afresh.
        self.flash.power_off()
        if image is not None:
            self.flash.storage[:] = image
        self.mount()

    def image(self):
        self.flash.flush()
        return bytes(self.flash.storage)

    # -- making one ------------------------------------------------------------
    @classmethod
    def circuitpy(cls, size=1024 * 1024, quirk=True):
        d = cls(size, quirk)
        d.p.mkfs()
        d.mount()
        d.fs.mkdir("/.fseventsd")
        for name in ("/.fseventsd/no_log", "/.metadata_never_index", "/.Trashes",
                     "/.Trash-1000", "/settings.toml"):
            d.write_file(name, b"")
        d.write_file("/code.py", b'print("Hello World!")\n')
        d.fs.mkdir("/lib")
        d.flash.flush()
        return d

    def write_file(self, path, data):
        with self.fs.open(path, "wb") as f:
            if data:
                f.write(data)

    def read_file(self, path):
        with self.fs.open(path, "rb") as f:
            return f.read()

    def makedirs(self, path):
        at = ""
        for part in path.strip("/").split("/"):
            at += "/" + part
            try:
                self.fs.stat(at)
            except OSError:
                self.fs.mkdir(at)

    def deploy(self, root, skip=()):
        # Copies a tree as a computer does over USB (directories first, then
        # files in walk order), boot_out.txt included if the tree has none.
        for top, dirs, files in os.walk(root):
            dirs.sort()
            rel = os.path.relpath(top, root).replace(os.sep, "/")
            if rel != ".":
                self.makedirs("/" + rel)
            for name in sorted(files):
                path = ("/" + name) if rel == "." else ("/%s/%s" % (rel, name))
                if path.lstrip("/") in skip or "__pycache__" in path:
                    continue
                with open(os.path.join(top, name), "rb") as f:
                    self.write_file(path, f.read())
        try:
            self.fs.stat("/boot_out.txt")
        except OSError:
            self.write_file("/boot_out.txt", b"Adafruit CircuitPython 10.2.1 on 2026-01-01; "
                                             b"Raspberry Pi Pico with rp2040\nBoard ID:raspberry_pi_pico\n")
        self.flash.flush()

    def walk(self, path="/"):
        # {path: bytes or None for a directory} of everything on the drive.
        out = {}
        for name, is_dir, size in self.fs.listdir(path):
            full = (path.rstrip("/") + "/" + name)
            if is_dir:
                out[full] = None
                out.update(self.walk(full))
            else:
                out[full] = self.read_file(full)
        return out


_TREE = {}


def firmware_tree(board="raspberry_pi_pico", py=False):
    # A `menagerie build` tree for the board, built once per process; py=True
    # the .py tree (`--py`, what an offline build ships: the biggest).
    key = (board, py)
    if key not in _TREE:
        import tempfile
        from host_tools import build
        out = tempfile.mkdtemp(prefix="menagerie-drive-")
        res = build.build(board, out, compile_cp=not py)
        if not res.ok:
            raise RuntimeError("; ".join(res.errors))
        _TREE[key] = out
    return _TREE[key]
