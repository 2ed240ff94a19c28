# Where the store's regions live on each port: the one place that names the
# save files, their windows and sizes. The board (hw/regions.py,
# store/drivefiles.py, hw/mpy_board.py), the simulator (sim/flash.py) and the
# host tools (pull, build/deploy) all read these names, so a computer finds
# exactly the bytes the board wrote.
#
# CircuitPython: region 0 is microcontroller.nvm (not visible over USB),
# then one window in each of two files on the CIRCUITPY drive, each in a
# directory of its own (docs/persistence.md, "The drive"):
#   save_a/game.sav, save_b/game.sav = [4 KB guard][window][4 KB guard]
# The window is 48 KB where the drive has room, else one of SIZES: deploy
# picks the largest that leaves the drive some room (store/drivemake.py);
# the board takes each file's window from the file's size (drivefiles.py),
# so nothing else on the drive says it and a 48 KB drive is byte for byte
# what it was.
# made once by store/drivefiles.py in an order that puts, on the flash, a
# 4 KB guard file (saves/guard.bin) below save_a's directory cluster, the
# save_a file right after it, then save_b's directory and file. Every 4 KB
# flash sector a save rewrites (the window's, the directory entry's on
# close) then holds only that save file, its guards and its own directory.
NVM_MIN = 512
GUARD = 4096
WINDOW = 49152
SAVE_FILE_SIZE = 2 * GUARD + WINDOW
SIZES = (49152, 32768, 24576, 16384, 12288)   # largest first; 12 KB: the floor
SAVE_DIRS = ("save_a", "save_b")
SAVE_NAME = "game.sav"
GUARD_DIR = "saves"
GUARD_FILE = "saves/guard.bin"   # below save_a's directory on the flash
FILL_FILE = "saves/fill.tmp"     # only while the files are being made
TAG = b"MGDRIVE1"                # first bytes of every file drivefiles made
# The file regions, in region order after nvm: (drive path, offset, size
# when the file is the full 48 KB one; the board reads the size it has).
WINDOWS = (("save_a/game.sav", GUARD, WINDOW), ("save_b/game.sav", GUARD, WINDOW))
# The layout before drivefiles (one file whose windows shared flash sectors
# with other files, issue 9): read once for its save, never written again.
LEGACY_FILE = "saves/menagerie.sav"
# Files on the drive that hold saves: user data that deploy never overwrites.
FILES = ("save_a/game.sav", "save_b/game.sav", GUARD_FILE, LEGACY_FILE)
LEGACY_WINDOWS = ((LEGACY_FILE, 4096, 8192), (LEGACY_FILE, 16384, 8192))
LEGACY_SIZE = 28672

# MicroPython: no nvm; each region is a whole file on the board's littlefs
# filesystem, in region order, appended to like nvm (hw/mpy_regions.py).
MPY_FILES = ("menagerie-a.sav", "menagerie-b.sav")
MPY_WINDOW = 8192
