# Makes the save files on a CIRCUITPY drive (store/drivefiles.py says why
# their layout matters). Run by `menagerie deploy` on the computer
# (host_tools/savefiles.py), through the computer's own FAT driver, and by
# the drive model's tests through FatFs; never shipped to the board
# (host_tools/build.py), so the board cannot write the FAT in normal running.
#
# The order gives the layout under a next-fit allocator (FatFs, Linux vfat:
# the first free cluster from the last one allocated):
#
#   1. saves/fill.tmp takes every free cluster but the ones needed (so the
#      files below go, contiguous, into the drive's last free run, not into
#      holes an update left);
#   2. saves/guard.bin (4 KB): below save_a's directory cluster;
#   3. save_a/ (one cluster), save_a/game.sav ([4 KB guard][window][4 KB]);
#   4. save_b/ and save_b/game.sav likewise (save_a's tail guard below it);
#   5. fill.tmp removed.
#
# The window: 48 KB where the drive has room for it and ROOM more, else the
# largest of layout.SIZES that leaves ROOM (a settings.toml or config.ini
# edit, a computer's own small files); none below the floor (12 KB: a long
# game in progress and some history, docs/persistence.md "Capacity").
# The board reads it back from the file's size.
#
# A cut while making them leaves fill.tmp, and the next make() starts over.
import os

from menagerie.store import layout
from menagerie.store.drivefiles import BoardFS, status

ERASED = b"\xff" * 512
ROOM = 8192   # left free after the files (doctor says when a drive has less)


class MakeFS(BoardFS):
    # BoardFS plus the calls only making the files needs.
    def mkdir(self, path):
        os.mkdir(self.root + path)

    def remove(self, path):
        os.remove(self.root + path)

    def statvfs(self, path="/"):
        return os.statvfs(self.root + path)

    def sync(self):
        try:
            os.sync()
        except (AttributeError, OSError):
            pass


def _write(fs, path, size):
    # TAG, then erased bytes, written in one go (contiguous clusters).
    with fs.open(path, "wb") as f:
        f.write(layout.TAG + ERASED[len(layout.TAG):])
        n = 512
        while n < size:
            f.write(ERASED)
            n += 512


def _remove(fs, path):
    try:
        fs.remove(path)
    except OSError:
        pass


def file_size(window):
    return 2 * layout.GUARD + window


def clusters(window, csize):
    # What the files take on the drive: guard.bin, two directories, two files.
    return -(-layout.GUARD // csize) + 2 * (1 + -(-file_size(window) // csize))


def choose(csize, free, sizes=layout.SIZES):
    # The largest window whose files leave ROOM free (None: not even the floor).
    for w in sizes:
        if free - clusters(w, csize) >= -(-ROOM // csize):
            return w
    return None


def make(fs, window=None, reserve=0):
    # Creates the files (see the top) through fs (MakeFS, the host's
    # savefiles.HostFS, sim.drive.DriveFS), with window bytes each (None:
    # choose() picks). reserve: clusters to leave free beside them for the
    # firmware a deploy copies after making them. Returns each file's window
    # size, 0 if not made (drivefiles.status()).
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
    if window is None:
        window = choose(csize, free - reserve)
    if window is None or window not in layout.SIZES:
        return [0, 0]
    need = clusters(window, csize)
    if free - reserve < need + 1:
        return [0, 0]
    # Mark the start first: a cut from here on leaves fill.tmp. The fill
    # itself only on a drive the size of a CIRCUITPY (at most 16 MB), not
    # on a folder of a computer's own disk (a test, `deploy --to DIR`).
    with fs.open("/" + layout.FILL_FILE, "wb") as f:
        if free - need > 1 and st[2] * csize <= 16 * 1024 * 1024:
            f.seek((free - need) * csize - 1)
        f.write(b"\xff")
    fs.sync()
    _write(fs, "/" + layout.GUARD_FILE, layout.GUARD)
    for d in layout.SAVE_DIRS:
        fs.mkdir("/" + d)
        _write(fs, "/%s/%s" % (d, layout.SAVE_NAME), file_size(window))
    fs.remove("/" + layout.FILL_FILE)
    fs.sync()
    return status(fs)[0]
