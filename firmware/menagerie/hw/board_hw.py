# Builds the hardware object the app uses (docs/architecture.md) from a
# board profile. The simulator builds the same shape in sim/hardware.py.
import os
import time

import busio

import adafruit_ssd1306
from menagerie.hw.buttons import Buttons
from menagerie.hw.buzzer import Buzzer
from menagerie.hw.clock import Clock
from menagerie.core.rng import seed_from_bytes


class BoardHardware:
    def __init__(self, profile, settings):
        self.profile = profile
        self.clock = Clock()
        freq = settings.get("i2c_freq", profile.I2C_FREQ)
        i2c = busio.I2C(profile.SCL, profile.SDA, frequency=freq)
        try:
            self.display = adafruit_ssd1306.SSD1306_I2C(
                profile.WIDTH, profile.HEIGHT, i2c, addr=profile.I2C_ADDR
            )
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

    def sleep_ms(self, ms):
        time.sleep(ms / 1000)

    def new_seed(self):
        # Each game gets a fresh seed from the hardware RNG; the game stores it.
        return seed_from_bytes(os.urandom(4))


