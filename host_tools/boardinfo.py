# Facts about each supported board that are not pins: flash and drive size,
# the physical header layout (for wiring diagrams) and shopping notes.
# Board profiles in boards/ stay the single source of truth for the wiring;
# this table only says where a named pin sits on the real board.

MIB = 1024 * 1024

# CircuitPython on RP2040/RP2350 keeps the first 1 MiB of flash for itself
# (1020 KiB firmware + the 4 KiB nvm, ports/raspberrypi/mpconfigport.h); the
# W boards' firmware carries the wireless chip's blob and takes 1536 KiB
# (their mpconfigboard.mk), so the drive is flash - 1540 KiB there. The
# CIRCUITPY FAT drive is the rest.
#
# "boot" is what boot_out.txt's first line names after the ';' (CircuitPython's
# MICROPY_HW_BOARD_NAME "with" MICROPY_HW_MCU_NAME); its second line says
# "Board ID:<board_id>".
#
# "heap": free heap at code.py start, as known, with where the figure comes
# from (docs/boards/*.md print it). The firmware's budget is set by the
# smallest of them, never by the RP2350's larger RAM.
KIB = 1024

_PICO_LEFT = ["GP0", "GP1", "GND", "GP2", "GP3", "GP4", "GP5", "GND", "GP6", "GP7",
              "GP8", "GP9", "GND", "GP10", "GP11", "GP12", "GP13", "GND", "GP14", "GP15"]
_PICO_RIGHT = ["VBUS", "VSYS", "GND", "3V3_EN", "3V3", "ADC_VREF", "GP28", "GND", "GP27", "GP26",
               "RUN", "GP22", "GND", "GP21", "GP20", "GP19", "GP18", "GND", "GP17", "GP16"]


def _pico_parts(board):
    return [
        "%s (or its H version with headers) and a USB cable" % board,
        "SSD1306 OLED 128x64, I2C, 4 pins (GND VCC SCL SDA), address 0x3C",
        "6 tactile push buttons for UP DOWN LEFT RIGHT OK BACK",
        "6 large arcade push buttons, one per player (P1..P6)",
        "passive piezo buzzer (not the self-oscillating 'active' kind)",
        "breadboard or perfboard and jumper wires",
    ]


_RP2040_HEAP = ("125-170 KB free at code.py start (CircuitPython 9/10 on a Pico: the project's "
                "figure, docs/architecture.md)")
_WIRELESS_NOTE = ("The wireless chip (CYW43439) uses GPIO23, 24, 25 and 29 inside the board: "
                  "they are not on the header, and the on-board LED hangs off the wireless chip. "
                  "Wi-Fi stays off unless you switch the table view on (Settings > Table view: "
                  "the game on every phone, docs/table-view.md).")
_PICO_W_HEAP = ("about 123-126 KB free at code.py start: CircuitPython 9.0 on a Pico W, reported in "
                "adafruit/circuitpython issue 9085 (8.0 had 152 KB); the wireless stack's buffers "
                "take RAM even with Wi-Fi unused, so this is the smallest heap of the supported "
                "boards and the one the firmware's budget is set for")
_RP2350_HEAP = ("not measured here. Estimate: the RP2350 has 520 KB of SRAM against the RP2040's "
                "264 KB, and CircuitPython's own static use is about the same, so roughly 250 KB "
                "more than the Pico, i.e. around 375-420 KB free. The firmware does not use it: "
                "it keeps the RP2040 budget")
_PICO2_W_HEAP = ("not measured here. Estimate: the Pico 2 figure less what the wireless stack "
                 "takes on the Pico W (25-45 KB), i.e. around 330-395 KB free. The firmware "
                 "keeps the RP2040 budget")

INFO = {
    "raspberry_pi_pico": {
        "product": "Raspberry Pi Pico (RP2040)",
        "boot": "Raspberry Pi Pico with rp2040",
        "flash": 2 * MIB,
        "drive": 1 * MIB,
        "ram": 264 * KIB,
        "heap": _RP2040_HEAP,
        "arch": "armv6m",
        "micropython": "RPI_PICO",
        # Header pins top to bottom with the USB socket at the top.
        "left": _PICO_LEFT,
        "right": _PICO_RIGHT,
        # Physical pin numbers: left 1..20 downwards, right 40..21 downwards.
        "numbering": "pico",
        "power": "3V3",
        "parts": _pico_parts("Raspberry Pi Pico"),
    },
    # Same header, same GPIO numbers as the Pico on the three below.
    "raspberry_pi_pico_w": {
        "product": "Raspberry Pi Pico W (RP2040 + CYW43439)",
        "boot": "Raspberry Pi Pico W with rp2040",
        "flash": 2 * MIB,
        "drive": 2 * MIB - 1540 * KIB,
        "ram": 264 * KIB,
        "heap": _PICO_W_HEAP,
        "arch": "armv6m",
        "micropython": "RPI_PICO_W",
        "notes": [_WIRELESS_NOTE],
        "left": _PICO_LEFT,
        "right": _PICO_RIGHT,
        "numbering": "pico",
        "power": "3V3",
        "parts": _pico_parts("Raspberry Pi Pico W"),
    },
    "raspberry_pi_pico2": {
        "product": "Raspberry Pi Pico 2 (RP2350)",
        "boot": "Raspberry Pi Pico 2 with rp2350a",
        "flash": 4 * MIB,
        "drive": 3 * MIB,
        "ram": 520 * KIB,
        "heap": _RP2350_HEAP,
        # Cortex-M33 with a single-precision FPU (MicroPython's rp2 port for
        # the RP2350 in Arm mode). Bytecode-only .mpy files load on either.
        "arch": "armv7emsp",
        "micropython": "RPI_PICO2",
        "left": _PICO_LEFT,
        "right": _PICO_RIGHT,
        "numbering": "pico",
        "power": "3V3",
        "parts": _pico_parts("Raspberry Pi Pico 2"),
    },
    "raspberry_pi_pico2_w": {
        "product": "Raspberry Pi Pico 2 W (RP2350 + CYW43439)",
        "boot": "Raspberry Pi Pico 2 W with rp2350a",
        "flash": 4 * MIB,
        "drive": 4 * MIB - 1540 * KIB,
        "ram": 520 * KIB,
        "heap": _PICO2_W_HEAP,
        "arch": "armv7emsp",
        "micropython": "RPI_PICO2_W",
        "notes": [_WIRELESS_NOTE],
        "left": _PICO_LEFT,
        "right": _PICO_RIGHT,
        "numbering": "pico",
        "power": "3V3",
        "parts": _pico_parts("Raspberry Pi Pico 2 W"),
    },
    "adafruit_feather_rp2040": {
        "product": "Adafruit Feather RP2040",
        "boot": "Adafruit Feather RP2040 with rp2040",
        "flash": 8 * MIB,
        "drive": 7 * MIB,
        "ram": 264 * KIB,
        "heap": _RP2040_HEAP,
        "arch": "armv6m",
        "micropython": "ADAFRUIT_FEATHER_RP2040",
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
    return INFO.get(board_id, {"product": board_id, "boot": board_id, "flash": 2 * MIB,
                               "drive": 1 * MIB, "ram": 264 * KIB, "heap": "not known",
                               "arch": "armv6m", "micropython": None, "left": [], "right": [],
                               "numbering": "none", "power": "3V3", "parts": []})


def physical_pin(board_id, name):
    i = info(board_id)
    if name in i["left"]:
        n = i["left"].index(name)
        return n + 1 if i["numbering"] == "pico" else None
    if name in i["right"]:
        n = i["right"].index(name)
        return 40 - n if i["numbering"] == "pico" else None
    return None
