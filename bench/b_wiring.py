# What your own wiring in settings.toml costs at boot (menagerie/pins.py),
# under the real MicroPython (unix, 64-bit: about twice an RP2040's figures),
# from .py as CircuitPython compiles it, against the Pico's pin shim:
# - peak heap of settings.load alone, and with pins.apply after it (the
#   check's compile and run; pins.py is dropped right after, code.py);
# - peak heap of the boot to the main menu (the b_memory harness) after a
#   settings.toml without and with wiring keys, with "last fail" and failures
#   on a 0.25 KB grid over 20 KB as in b_memory (fitting is not monotonic);
# - per board, which pins a settings.toml may name (header pins) and how many
#   `board` has that are kept from it.
# Prints figures; asserts nothing.
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from bench.b_memory import MPY_APP, fine  # noqa: E402
from tests.mpy_runner import FIRMWARE, peak_heap  # noqa: E402

OWN = ('MENAGERIE_PLAYER_NAMES = "Ann,Bob"\nMENAGERIE_PIN_UP = "GP2"\nMENAGERIE_PIN_DOWN = "GP3"\n'
       'MENAGERIE_PIN_PIEZO = "GP26"\nMENAGERIE_OLED_SIZE = "128x32"\n')
PLAIN = 'MENAGERIE_PLAYER_NAMES = "Ann,Bob"\n'

PROFILE = """
class P:
    NAME = "x 128x64"; WIDTH = 128; HEIGHT = 64; I2C_ADDR = 0x3C
    SDA = 4; SCL = 5; PIEZO = 22
    NAV = (("UP", 10), ("DOWN", 11), ("LEFT", 12), ("RIGHT", 13), ("OK", 14), ("BACK", 15))
    PLAYERS = (("P1", 16), ("P2", 17), ("P3", 18), ("P4", 19), ("P5", 20), ("P6", 21))
"""

LOAD = """import sys
sys.path.insert(0, %r)
sys.path.append(%r)
import board
from menagerie import settings
wiring = {}
s, w = settings.load(getenv=None, text=%r, wiring=wiring)
settings = None
"""

APPLY = PROFILE + """
if wiring:
    from menagerie import games, pins
    p = pins.apply(P, wiring, w)
    del pins
    games.drop(("menagerie.pins", "menagerie.settings"))
"""

BOOT = """
import app_harness
h = app_harness.Harness(app_harness.Profile, True)
"""


def main():
    from host_tools.mpy_board_shim import shim_text
    from host_tools import profiles
    shim = tempfile.mkdtemp(prefix="menagerie-shim-")
    with open(os.path.join(shim, "board.py"), "w") as f:
        f.write(shim_text("raspberry_pi_pico"))
    print("Peak heap, MicroPython 64-bit unix, firmware from .py (%s)" % FIRMWARE)
    load = LOAD % (shim, MPY_APP, OWN)
    print("  %-44s %7.1f KB" % ("settings.load (a file with wiring keys)", peak_heap(load, check=2) / 1024.0))
    print("  %-44s %7.1f KB" % ("+ pins.apply, pins dropped", peak_heap(load + APPLY, check=2) / 1024.0))
    print("  %-30s %10s %10s %9s" % ("boot to the main menu after", "runs from", "last fail", "failures"))
    for label, text in (("settings.toml, no wiring", PLAIN), ("settings.toml with wiring", OWN)):
        code = LOAD % (shim, MPY_APP, text) + APPLY + BOOT
        low = peak_heap(code, check=0)
        bad = fine(code, low, span=20 * 1024)
        print("  %-30s %7.1f KB %s %5d/81" % (label, low / 1024.0,
                                             "%7.1f KB" % (max(bad) / 1024.0) if bad else "%10s" % "none",
                                             len(bad)))
    print()
    print("Pins a settings.toml may name, per board (header pins; kept out: INTERNAL_PINS)")
    from host_tools.mpy_board_shim import PINS
    for b in profiles.board_ids():
        p = profiles.load(b)
        internal = p.INTERNAL_PINS.split()
        names = [n for n in sorted(PINS.get(b, {})) if n not in internal]
        print("  %-24s %2d names, %d kept out (%s)" % (b, len(names), len(internal), " ".join(internal)))
