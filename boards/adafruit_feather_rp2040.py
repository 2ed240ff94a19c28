# Second board: Feather RP2040 + 128x32 OLED FeatherWing (SSD1306 at 0x3C on
# STEMMA/I2C). Only the wing's three buttons exist: A=UP, B=OK, C=DOWN, and a
# long press of B is BACK. No player buttons: "who" is always picked from a list.
import board

NAME = "Feather RP2040 + OLED FeatherWing 128x32"
BOARD_ID = "adafruit_feather_rp2040"
WIDTH = 128
HEIGHT = 32
I2C_ADDR = 0x3C
I2C_FREQ = 400000
SDA = board.SDA
SCL = board.SCL
# FeatherWing OLED 128x32: A on D9, B on D6, C on D5.
NAV = (
    ("UP", board.D9),
    ("OK", board.D6),
    ("DOWN", board.D5),
)
PLAYERS = ()
PIEZO = board.A0
LONG_PRESS_BACK = "OK"
USB_WRITE_BUTTON = "OK"
# Pins `board` has that are not on the header (settings.toml wiring may
# not use them; menagerie/pins.py says why).
INTERNAL_PINS = "NEOPIXEL"
INTERNAL_WHY = "used on the board itself (the NeoPixel)"
