"""A CIRCUITPY drive for tests: ChaN's FatFs (PyPI fatfs-ng, the library
CircuitPython builds as oofatfs) over sim/rp2040_flash.py.

Two sides use it, one at a time: the board (FatFs straight over the flash
layer, as CircuitPython runs it: `mount()`, `power_up()`) and a computer
over USB (`mount_host()`: FatFs as the computer's FAT driver, through
sim/hostdisk.py, which sends blocks in the computer's order, two per
mass-storage call; `eject()` ends that).

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

    def truncate(self):
        # At the current position (FatFs f_truncate).
        res = w.pyf_truncate(self.fh)
        self.drive.check_power()
        _ok(res, "truncate")

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

    def rename(self, old, new):
        # FatFs f_rename: refuses an existing target (the host side's
        # replace() removes it first, as a FAT driver does).
        res = w.pyf_rename(self.d.p._adjust_path(old), self.d.p._adjust_path(new))
        self.d.check_power()
        if res != w.PY_FR_OK:
            raise OSError(17, "rename %s %s: %s" % (old, new, w.fresult_to_name(res)))

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
        try:
            v = fatcheck.Volume(self.d.view())
        except ValueError:
            raise OSError(5, "no filesystem")
        free = sum(1 for c in range(2, v.n_clusters + 2) if v.fat(c) == 0)
        return (v.cluster, v.cluster, v.n_clusters, free, free, 0, 0, 0, 0, 255)

    def sync(self):
        if self.d.host is not None:
            self.d.host.sync()
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
        self.host = None          # the computer's HostDisk while it has the drive

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

    def mount_host(self, order="sorted", seed=0):
        # The computer mounts the drive (a fresh mount: its FAT driver's
        # next-fit starts at the volume's first cluster, as Linux's vfat on
        # FAT12/16 does); `fs` then goes through the computer's cache.
        from sim.hostdisk import HostDisk
        self.close()
        self.host = HostDisk(self.flash, order, seed)
        self.p = Partition(self.host)
        self.p.mount()
        self.mounted = True

    def eject(self):
        # The computer syncs and lets go (safely removed).
        if self.host is not None and not self.flash.dead:
            self.host.sync()
        self.flash.flush()
        self.close()

    def close(self):
        # fatfs-ng has 10 drive slots; unmount frees this one.
        try:
            self.p.unmount()
        except Exception:
            pass
        self.mounted = False
        self.host = None

    def reboot(self, image=None):
        # Power back on: the RAM cache is gone, FatFs mounts afresh.
        self.flash.power_off()
        if image is not None:
            self.flash.storage[:] = image
        self.mount()

    def unplug(self):
        # The cable comes out: the computer's unsent blocks and the flash
        # layer's cached sector are lost.
        self.close()
        self.flash.power_off()

    def power_up(self, board_id="raspberry_pi_pico", held=False, uid=None, version=None):
        # CircuitPython's power-up before code.py (supervisor filesystem_init,
        # main.c run_boot_py): mount the drive, or format it afresh when it
        # holds no filesystem (everything on it is lost); run boot.py (held:
        # the USB-write button pressed); then rewrite boot_out.txt if, and
        # only if, its bytes differ from the boot text (after a 1 s wait:
        # create-always, write, close, flush). -> dict: formatted, wrote
        # (boot_out.txt rewritten), steps (flash steps it took), writable
        # (code may write the drive), text.
        # Call it on a drive whose power was off (unplug()): a cut armed
        # before it falls inside it.
        from sim import cp_boot
        s0 = self.flash.steps
        formatted = False
        try:
            self.mount()
        except Exception as e:
            if "error code 13" not in str(e):   # FR_NO_FILESYSTEM
                # Any other error: CircuitPython starts in safe mode without
                # CIRCUITPY (NO_CIRCUITPY); only its REPL is left.
                return {"formatted": False, "wrote": False, "steps": 0, "writable": False,
                        "text": "", "safe_mode": str(e)}
            self._format()
            formatted = True
        try:
            boot_py = self.read_file("/boot.py")
        except OSError:
            boot_py = None
        kw = {}
        if uid:
            kw["uid"] = uid
        if version:
            kw["version"] = version
        text, writable = cp_boot.boot_text(board_id, boot_py, held, **kw)
        data = text.encode("utf-8")
        try:
            with self.fs.open("/boot_out.txt", "rb") as f:
                old = f.read(len(data) + 1)
        except OSError:
            old = None
        wrote = old != data
        if wrote:
            # CircuitPython checks none of these calls' results.
            try:
                with self.fs.open("/boot_out.txt", "wb") as f:
                    f.write(data)
            except OSError:
                pass
            self.flash.flush()
            self.check_power()
        return {"formatted": formatted, "wrote": wrote, "steps": self.flash.steps - s0,
                "writable": writable, "text": text, "safe_mode": None}

    def erase_filesystem(self):
        # storage.erase_filesystem() from the board's REPL: CircuitPython
        # makes a fresh filesystem (f_mkfs: boot sector, FAT, root directory;
        # the old data blocks stay, unreferenced) with its first-boot files,
        # then resets: power_up() next.
        self.flash.power_off()
        self._format()
        self.close()
        self.flash.power_off()

    def view(self):
        # The volume as the side that has it mounted sees it, without
        # sending anything: flash, the flash layer's cached sector, the
        # computer's unsent blocks.
        img = bytearray(self.flash.storage)
        if self.flash._cache is not None:
            img[self.flash._cache_off:self.flash._cache_off + len(self.flash._cache)] = self.flash._cache
        if self.host is not None:
            for b, data in self.host.dirty.items():
                img[b * 512:(b + 1) * 512] = data
        return bytes(img)

    def image(self):
        self.flash.flush()
        return bytes(self.flash.storage)

    # -- making one ------------------------------------------------------------
    @classmethod
    def circuitpy(cls, size=1024 * 1024, quirk=True):
        d = cls(size, quirk)
        d._format()
        return d

    def _format(self):
        # What CircuitPython's filesystem_init makes on a drive without a
        # filesystem (no volume label: fatfs-ng has no f_setlabel).
        self.close()
        self.p = Partition(self.flash)
        self.p.mkfs()
        self.mount()
        self.fs.mkdir("/.fseventsd")
        for name in ("/.fseventsd/no_log", "/.metadata_never_index", "/.Trashes",
                     "/.Trash-1000", "/settings.toml"):
            self.write_file(name, b"")
        self.write_file("/code.py", b'print("Hello World!")\n')
        self.fs.mkdir("/lib")
        self.flash.flush()

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
