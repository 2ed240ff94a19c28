"""Stand-ins for CircuitPython modules the board profiles import.

Profiles write pins as `board.GP4` so that mypy checks them against the real
board; on the desktop a pin is just its name.
"""
import importlib
import os
import sys
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
BOARDS = ("raspberry_pi_pico", "adafruit_feather_rp2040", "raspberry_pi_pico_w",
          "raspberry_pi_pico2", "raspberry_pi_pico2_w")
ALIASES = {"pico": "raspberry_pi_pico", "feather": "adafruit_feather_rp2040",
           "picow": "raspberry_pi_pico_w", "pico2": "raspberry_pi_pico2", "pico2w": "raspberry_pi_pico2_w"}


def setup_paths():
    # Appended, not prepended: firmware/code.py must never shadow the
    # standard library's `code` module (pdb imports it).
    for p in (ROOT, FIRMWARE):
        if p not in sys.path:
            sys.path.append(p)


class Pin(str):
    """A pin name that prints as itself (board.GP4 -> 'GP4')."""


def _install_board(board_id):
    mod = types.ModuleType("board")
    mod.board_id = board_id
    mod.__getattr__ = lambda name: Pin(name)  # PEP 562 module __getattr__
    sys.modules["board"] = mod


def load_profile(name):
    """Import boards/<board_id>.py with a stand-in `board` module."""
    setup_paths()
    board_id = ALIASES.get(name, name)
    if board_id not in BOARDS:
        raise SystemExit("unknown board %r (known: %s)" % (name, ", ".join(BOARDS + tuple(ALIASES))))
    _install_board(board_id)
    mod_name = "boards." + board_id
    if mod_name in sys.modules:
        return importlib.reload(sys.modules[mod_name])
    return importlib.import_module(mod_name)
