# Raspberry Pi Pico W (RP2040 + CYW43439 wireless chip): the Pico's wiring,
# pin for pin (its header is the Pico's). Inside, GPIO23/24/25/29 drive the
# wireless chip, so board has no GP23..GP25 and the LED is on the wireless
# chip (LED, SMPS_MODE, VBUS_SENSE are CYW43 pins); none of them is used here.
# Pins are board attributes so mypy (circuitpython-stubs) checks every name
# against this board's own definition.
import board

NAME = "Raspberry Pi Pico W + SSD1306 128x64"
BOARD_ID = "raspberry_pi_pico_w"
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
# What this board cannot hold with 40 KB to spare at a game's lowest point
# (issue 25; `make bench ARGS=memory`, "memory ... on raspberry_pi_pico_w"):
# its 123 KB at code.py start less each game's peak leaves about 2-20 KB for
# every game and 15-25 KB for the draw bowl. They run (one game at a time,
# the app restarts between them, docs/architecture.md, Memory), with that
# little to spare: no room for the table view beside a game (it asks for
# table/control.NEED_KB), and a game that grows may not fit. The Pico (the
# same chip without the wireless stack, ~37 KB more) holds them all.
SHORT_OF_RAM = "animal_inc panicozoo animal_maniacs when_animals_attack bowl"
