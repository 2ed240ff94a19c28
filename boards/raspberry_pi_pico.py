# Default board: Raspberry Pi Pico, SSD1306 128x64 on I2C0, a full button set.
# Pins are board attributes so mypy (circuitpython-stubs, board set with
# circuitpython_setboard) checks every name against the real board.
import board

NAME = "Raspberry Pi Pico + SSD1306 128x64"
BOARD_ID = "raspberry_pi_pico"
WIDTH = 128
HEIGHT = 64
I2C_ADDR = 0x3C
I2C_FREQ = 400000
SDA = board.GP4
SCL = board.GP5
# Navigation buttons, wired to GND (internal pull-ups).
NAV = (
    ("UP", board.GP10),
    ("DOWN", board.GP11),
    ("LEFT", board.GP12),
    ("RIGHT", board.GP13),
    ("OK", board.GP14),
    ("BACK", board.GP15),
)
# One big arcade button per player.
PLAYERS = (
    ("P1", board.GP16),
    ("P2", board.GP17),
    ("P3", board.GP18),
    ("P4", board.GP19),
    ("P5", board.GP20),
    ("P6", board.GP21),
)
PIEZO = board.GP22
# Logical button a long press produces; None: the board has a real BACK.
LONG_PRESS_BACK = None
# Held at power-up: the USB host may write the drive (boot.py).
USB_WRITE_BUTTON = "BACK"
# Pins `board` has that are not on the header (settings.toml wiring may
# not use them; menagerie/pins.py says why).
INTERNAL_PINS = "GP23 SMPS_MODE GP24 VBUS_SENSE GP25 LED A3 VOLTAGE_MONITOR"
INTERNAL_WHY = "used on the board itself (power, LED, VSYS)"
