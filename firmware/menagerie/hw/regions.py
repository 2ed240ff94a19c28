# Which raw regions the store gets on a CircuitPython board.
# microcontroller.nvm (4 KB, its own flash sector) always; plus the windows
# of save_a/game.sav and save_b/game.sav (store/layout.py: 48 KB, or smaller
# on a drive with less room, read from each file's size), made on the
# computer by `menagerie deploy` (store/drivemake.py) so that no save can
# touch another file on the drive. The board never makes them (that writes
# the FAT, and a cut there can leave the drive unmountable): without them it
# saves to nvm only and the boot screen says to run the deploy.
# When the code may not write the drive (USB-write mode) the files are still
# read, so the newest save is found wherever it is; saves then go to nvm.
# The old single save file (saves/menagerie.sav, issue 9) is only read.
import os

from menagerie.store import layout


class Regions(list):
    # The region list plus a note for the boot screen (Store.load() shows it).
    note = ""  # empty: nothing to say


def code_can_write():
    try:
        import storage
        return not storage.getmount("/").readonly
    except Exception:
        pass
    try:  # older builds: probe
        with open("/.menagerie_probe", "wb") as f:
            f.write(b"1")
        os.remove("/.menagerie_probe")
        return True
    except OSError:
        return False


def _size(fs, path):
    try:
        return fs.stat(path)[6]
    except OSError:
        return -1


MISSING = "Save files missing:\nrun menagerie deploy"


def build_regions(fs=None, nvm=None, writable=None):
    # fs, nvm, writable: the drive model's tests pass their own (None: the
    # board's). Reads the drive only: nothing here writes a block of it.
    regions = Regions()
    if nvm is None:
        try:
            import microcontroller
            nvm = microcontroller.nvm
        except Exception:
            pass
    if nvm is not None and len(nvm) >= layout.NVM_MIN:
        regions.append(nvm)
    from menagerie.store.fileregion import FileRegion
    from menagerie.store import drivefiles
    rfs = fs  # None on the board: FileRegion then uses open() itself
    fs = fs or drivefiles.BoardFS()
    if writable is None:
        writable = code_can_write()
    try:
        ok = drivefiles.status(fs)[0]
    except OSError:
        ok = [0, 0]
    for k in range(len(layout.WINDOWS)):
        name, offset, size = layout.WINDOWS[k]
        if ok[k]:  # the window's size, from the file's (layout.SIZES)
            regions.append(FileRegion("/" + name, offset, ok[k], writable, rfs))
    if not (ok[0] and ok[1]):
        regions.note = MISSING
    if _size(fs, "/" + layout.LEGACY_FILE) == layout.LEGACY_SIZE:
        for name, offset, size in layout.LEGACY_WINDOWS:
            regions.append(FileRegion("/" + name, offset, size, False, rfs))
    return regions


def policy():
    # One line for the boot screen: who may write the drive, and why.
    why = ""
    try:
        with open("/boot_out.txt") as f:
            for line in f:
                if line.startswith("menagerie boot:"):
                    why = line[15:].strip()
    except Exception:
        pass
    if code_can_write():
        return "Saves: on"
    if why.startswith("error"):
        return "Saves: nvm only\n(boot.py error)"
    return "USB write mode:\nsaves nvm only"
