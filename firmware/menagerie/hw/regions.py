# Which raw regions the store gets on a CircuitPython board.
# microcontroller.nvm (4 KB, its own flash sector) always; plus two windows
# of /saves/menagerie.sav when boot.py let the code write the drive. The file
# is [4 KB guard][8 KB window][4 KB guard][8 KB window][4 KB guard]: the
# filesystem rewrites whole 4 KB flash sectors, and the guards keep those
# rewrites inside this file (given a contiguous file, which a file written in
# one go on a fresh drive is).
import os

from menagerie.store import layout

# The layout (names, offsets, sizes) is store/layout.py's, shared with the
# simulator and the host tools that pull these bytes off the drive.
SAVE_DIR = "/" + layout.SAVE_DIR
SAVE_PATH = "/" + layout.SAVE_FILE
GUARD = layout.GUARD
WINDOW = layout.WINDOW


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


def build_regions():
    regions = []  # type: list
    try:
        import microcontroller
        nvm = microcontroller.nvm
        if nvm is not None and len(nvm) >= layout.NVM_MIN:
            regions.append(nvm)
    except Exception:
        pass
    if code_can_write():
        from menagerie.store.fileregion import FileRegion, prepare
        try:
            os.mkdir(SAVE_DIR)
        except OSError:
            pass
        prepare(SAVE_PATH, layout.SAVE_FILE_SIZE)
        for name, offset, size in layout.WINDOWS:
            regions.append(FileRegion("/" + name, offset, size))
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
