# The save files on the CIRCUITPY drive, laid out so that no save can touch
# another file (docs/persistence.md, "The drive"). The board only reads
# them here (status()): it never makes them, because making them writes the
# FAT, which shares flash sector 0 with the boot sector, and a cut there can
# leave the drive unmountable. `menagerie deploy` makes them on the computer
# (store/drivemake.py, never shipped to the board); a board without them
# saves to nvm only and its boot screen says "run menagerie deploy".
#
# Every write to a file through FatFs ends, on close, with a rewrite of the
# block holding the file's directory entry; CircuitPython's RP2040 flash layer
# turns each block write into an erase and reprogram of its whole 4 KB flash
# sector. So a save may destroy, at a power cut, every 4 KB sector holding a
# block of the window it writes or of the file's directory; drivemake.py
# lays the files out so that those sectors hold only the save file itself,
# its guard bands and its own directory. The first bytes of guard.bin and of
# each file's head guard are TAG: the board writes only files made that way.
import os

from menagerie.store import layout


class BoardFS:
    # The board's own os/open (root: where the drive is mounted, "" on the
    # board; a MicroPython test mounts a FAT image elsewhere); tests on the
    # host pass sim.drive.DriveFS instead.
    def __init__(self, root=""):
        self.root = root

    def open(self, path, mode="rb"):
        return open(self.root + path, mode)

    def stat(self, path):
        return os.stat(self.root + path)


def _size(fs, path):
    try:
        return fs.stat(path)[6]
    except OSError:
        return -1


def _tagged(fs, path, size):
    if _size(fs, path) != size:
        return False
    try:
        with fs.open(path, "rb") as f:
            return f.read(len(layout.TAG)) == layout.TAG
    except OSError:
        return False


def status(fs):
    # ok: per save file its window's size (0: missing, untagged or of a size
    # deploy never makes); "fresh": none of ours exists (drivemake.make()
    # may create them); "unfinished": a make() was cut.
    ok = []
    for d in layout.SAVE_DIRS:
        p = "/%s/%s" % (d, layout.SAVE_NAME)
        n = _size(fs, p) - 2 * layout.GUARD
        ok.append(n if n in layout.SIZES and _tagged(fs, p, n + 2 * layout.GUARD) else 0)
    guard = _tagged(fs, "/" + layout.GUARD_FILE, layout.GUARD)
    unfinished = _size(fs, "/" + layout.FILL_FILE) >= 0
    fresh = not guard and not unfinished
    for d in layout.SAVE_DIRS:
        if _size(fs, "/" + d) >= 0:
            fresh = False
    return ok, fresh, unfinished


