# Builds the hardware object the app uses (docs/architecture.md) from a
# board profile. The simulator builds the same shape in sim/hardware.py.
import os
import time

import busio

import adafruit_ssd1306  # noqa: F401  (first: a missing driver is named, code.py)
from menagerie.hw import oled
from menagerie.hw.buttons import Buttons
from menagerie.hw.buzzer import Buzzer
from menagerie.hw.clock import Clock
from menagerie.core.rng import seed_from_bytes


def _release_displays():
    # A displayio display lives through a reload and keeps its bus
    # (rescue.py makes one): free it before busio.I2C asks for the pins.
    try:
        import displayio

        displayio.release_displays()
    except (ImportError, AttributeError):  # no displayio in this build
        pass


class BoardHardware:
    def __init__(self, profile, settings):
        self.profile = profile
        self.clock = Clock()
        freq = settings.get("i2c_freq", profile.I2C_FREQ)
        self.i2c = self.buttons = self.buzzer = None
        # After the app's own restart (App.restart: supervisor.reload()) the
        # panel still shows the main menu: it is set up again without being
        # blanked (hw/oled.py).
        self.restarted = _reloaded()
        _release_displays()
        try:
            # The display first: it is what a person sees come up.
            self.i2c = busio.I2C(profile.SCL, profile.SDA, frequency=freq)
            self.display = oled.make(profile.WIDTH, profile.HEIGHT, self.i2c, profile.I2C_ADDR,
                                     self.restarted)
            self.buttons = Buttons(profile, self.clock)
            self.buzzer = Buzzer(profile.PIEZO)
        except BaseException:
            # Free the bus and pins on every failure: the next try (code.py's
            # own wiring fallback, hw/display_wait.py's retries, a reload)
            # builds them again, and busio refuses a peripheral still enabled
            # ("I2C peripheral in use") or a pin still claimed.
            self.release()
            raise
        self.regions = []
        try:
            from menagerie.hw.regions import build_regions

            self.regions = build_regions()
        except Exception as e:  # a store we cannot open must not stop the game
            print("regions:", e)

    @staticmethod
    def piezo(profile):
        # The piezo alone, for a board whose display does not answer.
        return Buzzer(profile.PIEZO)

    def release(self):
        # Give back the bus and the pins (before a reload, or after a failed
        # start); each part once, whatever state it is in.
        for part in (self.buzzer, self.buttons, self.i2c):
            if part is not None:
                try:
                    part.deinit()
                except Exception:
                    pass
        self.i2c = self.buttons = self.buzzer = None

    def restart(self):
        # A fresh interpreter on the same board (App.restart): every module,
        # name and byte of the heap given back; the panel keeps what it
        # shows. code.py runs again; boot.py does not (CircuitPython runs it
        # once per power-up or reset), so boot_out.txt is not written.
        import supervisor

        self.release()
        supervisor.reload()
        while True:  # the reload is raised at the VM's next check
            time.sleep(0.01)

    def sleep_ms(self, ms):
        time.sleep(ms / 1000)

    def new_seed(self):
        # Each game gets a fresh seed from the hardware RNG; the game stores it.
        return seed_from_bytes(os.urandom(4))


def _reloaded():
    # This code.py run follows supervisor.reload() (the app's restart, or
    # code.py's own after a crash), not a power-up or a reset.
    try:
        import supervisor

        return supervisor.runtime.run_reason == supervisor.RunReason.SUPERVISOR_RELOAD
    except Exception:
        return False
