# The board's save files (save_a/game.sav, save_b/game.sav, saves/guard.bin),
# made by `menagerie deploy` on the computer, never by the board: making
# them writes the FAT, which on CIRCUITPY shares its 4 KB flash sector with
# the boot sector, and a power cut there can leave the drive unmountable
# (docs/persistence.md, "The drive"). A deploy that finds them in order leaves
# them alone (the game in progress is in them); one that finds them missing,
# cut short or damaged makes them again with the firmware's own
# store/drivemake.py, through the computer's FAT driver, and puts back the
# saved bytes of any file that was still whole.
#
# The window in each file is 48 KB where the drive has the room, else the
# largest of layout.SIZES that leaves drivemake.ROOM free (the Pico W's
# ~508 KiB drive under a .py tree); a redeploy keeps the files at the size
# they have, never shrinking or growing them (a saved game is in them).
import os

from host_tools import drivefs
from host_tools.paths import ensure_firmware_importable

ensure_firmware_importable()
from menagerie.store import drivefiles, drivemake, layout  # noqa: E402

SAVES = tuple("%s/%s" % (d, layout.SAVE_NAME) for d in layout.SAVE_DIRS)


def need(window=layout.WINDOW):
    # Bytes the files take with this window: two files, the guard file, two
    # directory clusters (at most 4 KB each).
    return 2 * drivemake.file_size(window) + layout.GUARD + 2 * 4096


NEED = need()                    # the 48 KB layout
NEED_MIN = need(layout.SIZES[-1])  # the floor


class SaveFilesError(Exception):
    pass


# drivemake's fs calls on a mounted drive (paths from the drive's root).
HostFS = drivefs.FolderFS


def state(drive):
    # "ok", "missing" (none of them) or "damaged" (some missing, cut short,
    # or not tagged), from what the computer sees.
    ok, fresh, unfinished = drivefiles.status(drivefs.of(drive))
    if ok[0] and ok[1] and not unfinished:
        return "ok"
    return "missing" if fresh else "damaged"


def free(drive):
    # Free bytes on the drive, as drivemake counts them.
    st = drivefs.of(drive).statvfs("/")
    return (st[1] or st[0]) * st[3]


def taken(drive):
    # Bytes the store's own files and folders hold on the drive (what a
    # remake frees first), cluster by cluster.
    fs = drivefs.of(drive)
    st = fs.statvfs("/")
    cs = st[1] or st[0]
    n = 0
    for rel in SAVES + (layout.GUARD_FILE, layout.FILL_FILE):
        try:
            if fs.isfile(rel):
                n += -(-fs.getsize(rel) // cs) * cs
        except OSError:
            pass
    return n + cs * sum(1 for d in layout.SAVE_DIRS if fs.isdir(d))


def windows(drive):
    # Each save file's window size in bytes (0: missing or damaged).
    return drivefiles.status(drivefs.of(drive))[0]


def _kb(n):
    return "%d KB" % (n // 1024)


def _window(fs, rel):
    # The saved bytes of a whole save file, or None (absent, cut, blank).
    try:
        size = fs.stat("/" + rel)[6] - 2 * layout.GUARD
        if size not in layout.SIZES:
            return None
        with fs.open("/" + rel, "rb") as f:
            if f.read(len(layout.TAG)) != layout.TAG:
                return None
            f.seek(layout.GUARD)
            data = f.read(size)
    except OSError:
        return None
    return data if data.strip(b"\xff") else None


def _put_window(fs, rel, data):
    with fs.open("/" + rel, "r+b") as f:
        f.seek(layout.GUARD)
        f.write(data)
        f.flush()
        if hasattr(f, "fileno"):
            os.fsync(f.fileno())


def _check_ours(fs):
    for d in layout.SAVE_DIRS:
        if fs.exists(d) and not fs.isdir(d):
            raise SaveFilesError("%s is a file, where the board's save folder goes: move it away "
                                 "and deploy again" % d)
        if fs.isdir(d):
            for name in fs.listdir(d):
                if name.lower() != layout.SAVE_NAME:
                    raise SaveFilesError("%s/ holds %s, which is not the board's save file: "
                                         "move it away and deploy again" % (d, name))
                with fs.open("%s/%s" % (d, name), "rb") as f:
                    head = f.read(len(layout.TAG))
                if head and head != layout.TAG and head.strip(b"\xff"):
                    raise SaveFilesError("%s/%s is not a Menagerie save file: move it away and "
                                         "deploy again" % (d, name))


def ensure(drive, dry_run=False, reserve=0, restore=None):
    # Makes the save files if they are not in order; returns one line to
    # print. SaveFilesError: files in the way that are not the board's.
    # drive: the drive's folder or a drivefs object; reserve: bytes to leave
    # free beside them (the firmware a deploy copies next); restore(fs): puts
    # saved games back from the computer's copies when the drive had none
    # (host_tools/backups.py), -> where from (a list, empty: nothing).
    fs = drivefs.of(drive)
    now = state(fs)
    if now == "ok":
        line = "kept your save files (%s, %s windows)" % (", ".join(SAVES), _kb(windows(fs)[0]))
        left = free(fs)
        if left < drivemake.ROOM:
            line += ("; WARNING: only %d KiB left free beside them (a settings edit may not fit)"
                     % (left // 1024))
        return line
    if not drivefiles.status(fs)[2]:
        # (With saves/fill.tmp there, a make was cut: everything is ours.)
        _check_ours(fs)
    if dry_run:
        return "would make the save files (%s: %s)" % (now, ", ".join(SAVES))
    kept = {}
    for rel in SAVES:
        data = _window(fs, rel)
        if data is not None:
            kept[rel] = data
    # A remake keeps the window of the file still whole (its save is put
    # back into the same size); with none, make() picks by the free space.
    size = max([len(d) for d in kept.values()] or [0]) or None
    for rel in SAVES + layout.SAVE_DIRS + (layout.GUARD_FILE, layout.FILL_FILE):
        if fs.exists(rel):
            fs.remove("/" + rel)
    st = fs.statvfs("/")
    csize = st[1] or st[0]
    ok = drivemake.make(fs, size, -(-reserve // csize) if reserve else 0)
    for rel, data in sorted(kept.items()):
        if fs.exists(rel) and len(data) <= ok[SAVES.index(rel)]:
            _put_window(fs, rel, data)
    back = []
    if now == "missing" and ok[0] and ok[1] and restore is not None:
        back = restore(fs)
    fs.sync()
    if not (ok[0] and ok[1]):
        if size:
            return ("WARNING: no room to make the save files again with their %s windows "
                    "(%d KiB needed): the board saves to its 4 KB nvm only and your saved game "
                    "is lost; free some space and deploy again" % (_kb(size), need(size) // 1024))
        return ("WARNING: no room for the save files (%d KiB needed at the least, %d KiB for "
                "the full size): the board saves to its 4 KB nvm only; free some space and "
                "deploy again" % ((NEED_MIN + drivemake.ROOM) // 1024, NEED // 1024))
    small = "" if ok[0] == layout.WINDOW else (
        ": %s windows, what the drive has room for (48 KB on a roomier drive)" % _kb(ok[0]))
    if back:
        return ("made the save files (%s)%s and put back your saved games from %s"
                % (", ".join(SAVES), small, back[0]))
    return "made the save files (%s)%s%s" % (", ".join(SAVES), small,
                                             ", your saved game kept" if kept else "")
