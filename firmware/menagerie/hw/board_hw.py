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


class BoardHardware:
    def __init__(self, profile, settings):
        self.profile = profile
        self.clock = Clock()
        freq = settings.get("i2c_freq", profile.I2C_FREQ)
        # After the app's own restart (App.restart: supervisor.reload()) the
        # panel still shows the main menu: it is set up again without being
        # blanked (hw/oled.py).
        self.restarted = _reloaded()
        i2c = busio.I2C(profile.SCL, profile.SDA, frequency=freq)
        self.i2c = i2c
        try:
            self.display = oled.make(profile.WIDTH, profile.HEIGHT, i2c, profile.I2C_ADDR, self.restarted)
        except Exception:
            # Free the pins: code.py retries on the profile's own wiring when
            # settings.toml's display address or pins were wrong.
            i2c.deinit()
            raise
        self.buttons = Buttons(profile, self.clock)
        self.buzzer = Buzzer(profile.PIEZO)
        self.regions = []
        try:
            from menagerie.hw.regions import build_regions

            self.regions = build_regions()
        except Exception as e:  # a store we cannot open must not stop the game
            print("regions:", e)

    def release(self):
        # Lets go of the bus, the keys and the piezo before a restart (the
        # panel keeps what it shows): the next code.py claims them afresh.
        for part in (self.buttons, self.buzzer, self.i2c):
            try:
                part.deinit()
            except Exception:
                pass

    def restart(self):
        # A fresh interpreter on the same board (App.restart): every module,
        # name and byte of the heap given back. code.py runs again; boot.py
        # does not (CircuitPython runs it once per power-up or reset), so
        # boot_out.txt is not written.
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
