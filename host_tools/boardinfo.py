# Facts about each supported board that are not pins: flash and drive size,
# the physical header layout (for wiring diagrams) and shopping notes.
# Board profiles in boards/ stay the single source of truth for the wiring;
# this table only says where a named pin sits on the real board.

MIB = 1024 * 1024

# CircuitPython on RP2040 keeps the first 1 MiB of flash for itself (firmware
# and the 4 KiB nvm); the CIRCUITPY FAT drive is the rest.
INFO = {
    "raspberry_pi_pico": {
        "product": "Raspberry Pi Pico (RP2040)",
        "flash": 2 * MIB,
        "drive": 1 * MIB,
        "arch": "armv6m",
        # Header pins top to bottom with the USB socket at the top.
        "left": ["GP0", "GP1", "GND", "GP2", "GP3", "GP4", "GP5", "GND", "GP6", "GP7",
                 "GP8", "GP9", "GND", "GP10", "GP11", "GP12", "GP13", "GND", "GP14", "GP15"],
        "right": ["VBUS", "VSYS", "GND", "3V3_EN", "3V3", "ADC_VREF", "GP28", "GND", "GP27", "GP26",
                  "RUN", "GP22", "GND", "GP21", "GP20", "GP19", "GP18", "GND", "GP17", "GP16"],
        # Physical pin numbers: left 1..20 downwards, right 40..21 downwards.
        "numbering": "pico",
        "power": "3V3",
        "parts": [
            "Raspberry Pi Pico (or Pico H with headers) and a USB cable",
            "SSD1306 OLED 128x64, I2C, 4 pins (GND VCC SCL SDA), address 0x3C",
            "6 tactile push buttons for UP DOWN LEFT RIGHT OK BACK",
            "6 large arcade push buttons, one per player (P1..P6)",
            "passive piezo buzzer (not the self-oscillating 'active' kind)",
            "breadboard or perfboard and jumper wires",
        ],
    },
    "adafruit_feather_rp2040": {
        "product": "Adafruit Feather RP2040",
        "flash": 8 * MIB,
        "drive": 7 * MIB,
        "arch": "armv6m",
        "left": ["RST", "3V", "3V", "GND", "A0", "A1", "A2", "A3", "D24", "D25",
                 "SCK", "MOSI", "MISO", "RX", "TX", "D4"],
        "right": ["BAT", "EN", "USB", "D13", "D12", "D11", "D10", "D9", "D6", "D5", "SCL", "SDA"],
        "numbering": "none",
        "power": "3V",
        "parts": [
            "Adafruit Feather RP2040 and a USB-C cable",
            "Adafruit FeatherWing OLED 128x32 (SSD1306, buttons A B C on the wing)",
            "stacking or plain headers to join the two boards",
            "passive piezo buzzer between A0 and GND",
        ],
        # The wing's buttons are printed A, B, C on the board.
        "labels": {"D9": "A", "D6": "B", "D5": "C"},
    },
}


def info(board_id):
    # Unknown boards (a new profile) still build; they just get no drawing
    # of the header and a generic size.
    return INFO.get(board_id, {"product": board_id, "flash": 2 * MIB, "drive": 1 * MIB,
                               "arch": "armv6m", "left": [], "right": [], "numbering": "none",
                               "power": "3V3", "parts": []})


def physical_pin(board_id, name):
    i = info(board_id)
    if name in i["left"]:
        n = i["left"].index(name)
        return n + 1 if i["numbering"] == "pico" else None
    if name in i["right"]:
        n = i["right"].index(name)
        return 40 - n if i["numbering"] == "pico" else None
    return None
