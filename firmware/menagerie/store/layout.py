# Where the store's regions live on each port: the one place that names the
# save files, their windows and sizes. The board (hw/regions.py,
# hw/mpy_board.py), the simulator (sim/flash.py) and the host tools (pull,
# build/deploy) all read these names, so a computer finds exactly the bytes
# the board wrote.
#
# CircuitPython: region 0 is microcontroller.nvm (not visible over USB),
# then the windows of one file on the CIRCUITPY drive:
#   [4 KB guard][8 KB window][4 KB guard][8 KB window][4 KB guard]
# The guards keep the filesystem's 4 KB sector rewrites inside this file.
NVM_MIN = 512
SAVE_DIR = "saves"
SAVE_FILE = "saves/menagerie.sav"   # drive path, relative to the drive's root
GUARD = 4096
WINDOW = 8192
SAVE_FILE_SIZE = 3 * GUARD + 2 * WINDOW
# The file regions, in region order after nvm: (drive path, offset, size).
WINDOWS = ((SAVE_FILE, GUARD, WINDOW), (SAVE_FILE, 2 * GUARD + WINDOW, WINDOW))
# Files on the drive that hold saves: user data that deploy never overwrites.
FILES = (SAVE_FILE,)

# MicroPython: no nvm; each region is a whole file on the board's littlefs
# filesystem, in region order, appended to like nvm (hw/mpy_regions.py).
MPY_FILES = ("menagerie-a.sav", "menagerie-b.sav")
MPY_WINDOW = 8192
