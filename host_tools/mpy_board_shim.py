# The `board` module a MicroPython tree needs. CircuitPython has `board`
# built in (it must never be shadowed, so CircuitPython trees never get this
# file); MicroPython has none, and the profiles say `board.GP4`. For --mpy
# builds we write board.py with board_id and every pin name of the board as
# its GPIO number, which machine.Pin takes.
#
# Pin numbers as circuitpython-stubs 10.3.1 documents them (each board stub's
# "# GPIOn" comments); tests/test_hw_micropython.py re-reads the stubs.

_PICO = dict([("GP%d" % n, n) for n in range(29)] + [
    ("SMPS_MODE", 23), ("VBUS_SENSE", 24), ("LED", 25), ("GP26_A0", 26), ("A0", 26),
    ("GP27_A1", 27), ("A1", 27), ("GP28_A2", 28), ("A2", 28), ("A3", 29),
    ("VOLTAGE_MONITOR", 29)])

# Pico W / Pico 2 W: GPIO23/24/25/29 drive the CYW43 wireless chip, so the
# stubs have no GP23..GP25; LED, SMPS_MODE and VBUS_SENSE are pins of the
# wireless chip itself ("# CYWn"), not GPIO numbers machine.Pin could take by
# number (MicroPython names them "LED", "WL_GPIO1", "WL_GPIO2"). They are left
# out: no profile uses them. A3/VOLTAGE_MONITOR (GPIO29) stays, as in the stub.
_PICO_W = dict((k, v) for k, v in _PICO.items()
               if k not in ("GP23", "GP24", "GP25", "SMPS_MODE", "VBUS_SENSE", "LED"))

_FEATHER_RP2040 = {
    "A0": 26, "A1": 27, "A2": 28, "A3": 29, "D24": 24, "D25": 25, "SCK": 18, "MOSI": 19,
    "MISO": 20, "D0": 1, "RX": 1, "D1": 0, "TX": 0, "D4": 6, "SDA": 2, "SCL": 3, "D5": 7,
    "D6": 8, "D9": 9, "D10": 10, "D11": 11, "D12": 12, "LED": 13, "D13": 13, "BUTTON": 4,
    "BOOT": 4, "NEOPIXEL": 16,
}

PINS = {
    "raspberry_pi_pico": _PICO,
    "raspberry_pi_pico_w": _PICO_W,
    # The Pico 2 keeps the Pico's pin names and GPIO numbers.
    "raspberry_pi_pico2": _PICO,
    "raspberry_pi_pico2_w": _PICO_W,
    "adafruit_feather_rp2040": _FEATHER_RP2040,
}


def shim_text(board_id):
    if board_id not in PINS:
        raise KeyError("no MicroPython pin table for %r (known: %s)"
                       % (board_id, ", ".join(sorted(PINS))))
    pins = PINS[board_id]
    lines = [
        "# Written by `menagerie build --mpy`: MicroPython has no `board` module.",
        "# Pin names of the CircuitPython board, as GPIO numbers for machine.Pin.",
        "board_id = %r" % board_id,
    ]
    lines += ["%s = %d" % (name, pins[name]) for name in sorted(pins)]
    return "\n".join(lines) + "\n"
