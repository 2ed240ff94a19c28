# The save files on the CIRCUITPY drive, laid out so that no save can touch
# another file (docs/persistence.md, "The drive").
#
# Every write to a file through FatFs ends, on close, with a rewrite of the
# block holding the file's directory entry; CircuitPython's RP2040 flash layer
# turns each block write into an erase and reprogram of its whole 4 KB flash
# sector. So a save may destroy, at a power cut, every 4 KB sector holding a
# block of the window it writes or of the file's directory. make() creates
# the files once, in an order that makes those sectors hold only the save
# file itself, its guard bands and its own directory:
#
#   1. saves/fill.tmp takes every free cluster but the ones needed (so the
#      files below go, contiguous, into the drive's last free run, not into
#      holes an update left: FatFs allocates the first free cluster on);
#   2. saves/guard.bin (4 KB): below save_a's directory cluster;
#   3. save_a/ (one cluster), save_a/game.sav ([4 KB guard][window][4 KB]);
#   4. save_b/ and save_b/game.sav likewise (save_a's tail guard below it);
#   5. fill.tmp removed.
#
# The first bytes of guard.bin and of each file's head guard are TAG: the
# board writes only files it made this way. A cut while making them (FAT
# writes: once per drive, at the first boot) leaves fill.tmp, and the next
# boot starts over. Nothing here runs during a save.
import os

from menagerie.store import layout

ERASED = b"\xff" * 512


class BoardFS:
    # The board's own os/open (root: where the drive is mounted, "" on the
    # board; a MicroPython test mounts a FAT image elsewhere); tests on the
    # host pass sim.drive.DriveFS instead.
    def __init__(self, root=""):
        self.root = root

    def open(self, path, mode="rb"):
        return open(self.root + path, mode)

    def mkdir(self, path):
        os.mkdir(self.root + path)

    def remove(self, path):
        os.remove(self.root + path)

    def stat(self, path):
        return os.stat(self.root + path)

    def statvfs(self, path="/"):
        return os.statvfs(self.root + path)

    def sync(self):
        try:
            os.sync()
        except (AttributeError, OSError):
            pass


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


def _write(fs, path, size):
    # TAG, then erased bytes, written in one go (contiguous clusters).
    with fs.open(path, "wb") as f:
        f.write(layout.TAG + ERASED[len(layout.TAG):])
        n = 512
        while n < size:
            f.write(ERASED)
            n += 512


def status(fs):
    # {"a": ok?, "b": ok?} for the two save files; "fresh": none of ours
    # exists (make() may create them); "unfinished": a make() was cut.
    ok = []
    for d in layout.SAVE_DIRS:
        ok.append(_tagged(fs, "/%s/%s" % (d, layout.SAVE_NAME), layout.SAVE_FILE_SIZE))
    guard = _tagged(fs, "/" + layout.GUARD_FILE, layout.GUARD)
    unfinished = _size(fs, "/" + layout.FILL_FILE) >= 0
    fresh = not guard and not unfinished
    for d in layout.SAVE_DIRS:
        if _size(fs, "/" + d) >= 0:
            fresh = False
    return ok, fresh, unfinished


def _remove(fs, path):
    try:
        fs.remove(path)
    except OSError:
        pass


def make(fs=None):
    # Creates the files (see the top). Returns [ok a, ok b].
    fs = fs or BoardFS()
    ok, fresh, unfinished = status(fs)
    if ok[0] and ok[1]:
        return ok
    if unfinished:
        # A cut while making them: start over (everything here is ours).
        for d in layout.SAVE_DIRS:
            _remove(fs, "/%s/%s" % (d, layout.SAVE_NAME))
            _remove(fs, "/" + d)
        _remove(fs, "/" + layout.GUARD_FILE)
        _remove(fs, "/" + layout.FILL_FILE)
        fresh = True
    if not fresh:
        return ok  # partly there and not ours to redo: report, write nothing
    try:
        fs.mkdir("/" + layout.GUARD_DIR)
    except OSError:
        pass
    st = fs.statvfs("/")
    csize, free = st[1] or st[0], st[3]
    per = -(-layout.SAVE_FILE_SIZE // csize)
    need = -(-layout.GUARD // csize) + 2 * (1 + per)
    if free < need + 1:
        return [False, False]
    # Mark the start first: a cut from here on leaves fill.tmp.
    with fs.open("/" + layout.FILL_FILE, "wb") as f:
        if free - need > 1:
            f.seek((free - need) * csize - 1)
        f.write(b"\xff")
    fs.sync()
    _write(fs, "/" + layout.GUARD_FILE, layout.GUARD)
    for d in layout.SAVE_DIRS:
        fs.mkdir("/" + d)
        _write(fs, "/%s/%s" % (d, layout.SAVE_NAME), layout.SAVE_FILE_SIZE)
    fs.remove("/" + layout.FILL_FILE)
    fs.sync()
    return status(fs)[0]
