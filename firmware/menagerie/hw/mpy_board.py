# The hardware object (docs/architecture.md) on MicroPython's machine module:
# the same shape as BoardHardware (board_hw.py, CircuitPython), so app, ui
# and core run unchanged. Profiles name pins as board.GPn; on MicroPython the
# `board` module is a shim `menagerie build --mpy` writes (pin numbers).
import os
import time

import adafruit_ssd1306
from menagerie.core.rng import seed_from_bytes
from menagerie.hw.mpy_buttons import Buttons
from menagerie.hw.mpy_buzzer import Buzzer
from menagerie.hw.mpy_clock import Clock
from menagerie.hw.mpy_i2c import NO_PULL_UP, make_i2c

# Save files on the board's filesystem when the store names none; tests
# point SAVE_DIR at a temporary folder.
DEFAULT_FILES = ("menagerie-a.sav", "menagerie-b.sav")
SAVE_DIR = "/"


def region_files():
    # The store's own file names (store/layout.py MPY_FILES), so
    # `menagerie pull --mpremote` finds them.
    try:
        import menagerie.store as store

        names = getattr(store, "MPY_FILES", None)
    except ImportError:
        names = None
    if not names or len(names) < 2:
        names = DEFAULT_FILES
    d = SAVE_DIR if SAVE_DIR.endswith("/") else SAVE_DIR + "/"
    return tuple(d + n.lstrip("/") for n in names)


class MpyHardware:
    def __init__(self, profile, settings, clock=None, i2c=None):
        self.profile = profile
        self.clock = clock or Clock()
        if i2c is None:
            freq = settings.get("i2c_freq", profile.I2C_FREQ)
            i2c = make_i2c(profile.SDA, profile.SCL, freq)
        self.i2c = i2c
        self.buttons = self.buzzer = None
        try:
            # The display first: it is what a person sees come up.
            self.display = adafruit_ssd1306.SSD1306_I2C(
                profile.WIDTH, profile.HEIGHT, i2c, addr=profile.I2C_ADDR
            )
            self.buttons = Buttons(profile, self.clock)
            self.buzzer = Buzzer(profile.PIEZO)
        except BaseException as e:
            self.release()   # as BoardHardware: the next try starts clean
            if isinstance(e, (OSError, ValueError)) and not getattr(i2c, "pulled_up", True):
                raise RuntimeError(NO_PULL_UP)   # the cause busio would name
            raise
        self.settings_text = None   # settings.load() reads /settings.toml itself
        self.regions = []
        try:
            from menagerie.hw.mpy_regions import file_regions

            self.regions = file_regions(region_files())
        except Exception as e:  # a store we cannot open must not stop the game
            print("regions:", e)

    # MicroPython gives a soft reset no mark the next main.py can read: its
    # boot sets the panel up afresh (a blank moment), and the boot notes
    # show again (restore.boot).
    restarted = False

    @staticmethod
    def piezo(profile):
        # The piezo alone, for a board whose display does not answer.
        return Buzzer(profile.PIEZO)

    def release(self):
        # The PWM and the bus back (pin IRQs stay: a new Buttons replaces them).
        for part in (self.buzzer, self.i2c):
            if part is not None:
                try:
                    part.deinit()
                except Exception:
                    pass
        self.buzzer = None

    def restart(self):
        # A fresh interpreter (App.restart): boot.py and main.py run again.
        import machine

        self.release()
        machine.soft_reset()

    def sleep_ms(self, ms):
        time.sleep_ms(ms)

    def new_seed(self):
        # Each game gets a fresh seed from the hardware RNG; the game stores it.
        return seed_from_bytes(os.urandom(4))
