# CPython-only stand-ins for the board: SSD1306 emulator, fake I2C bus, renderers.
