# Raspberry Pi Pico 2 W (RP2350 + CYW43439): the Pico's wiring, pin for pin.
# As on the Pico W, GPIO23/24/25/29 drive the wireless chip inside (no
# GP23..GP25 on board; LED, SMPS_MODE, VBUS_SENSE are wireless-chip pins).
# Pins are board attributes so mypy (circuitpython-stubs) checks every name
# against this board's own definition.
import board

NAME = "Raspberry Pi Pico 2 W + SSD1306 128x64"
BOARD_ID = "raspberry_pi_pico2_w"
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
INTERNAL_PINS = "LED SMPS_MODE VBUS_SENSE A3 VOLTAGE_MONITOR"
INTERNAL_WHY = "used inside by the wireless chip"
# Wi-Fi: the table view, when switched on in Settings (docs/table-view.md);
# off, the firmware never imports wifi.
WIFI = True
