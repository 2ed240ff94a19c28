# mypy over the code that talks to CircuitPython (boards/<board_id>.py,
# firmware/menagerie/hw/, firmware/code.py, firmware/menagerie/start.py,
# firmware/boot.py) against
# circuitpython-stubs, with the `board` module of each profile's real board:
# a pin the board lacks or a misspelt keypad keyword fails here, not on the
# table.
#
# Board stubs: `circuitpython_setboard <id>` copies the board's definition
# over the installed board-stubs, which would race with anyone else running
# mypy in this venv at the same time. We take the very file it would install
# (its own lookup function) and put it first on MYPYPATH instead: same stub,
# nothing shared is mutated, and the two boards can never leak into each other.
import os
import subprocess
import sys

import pytest

from mpy_runner import ROOT

CONFIG = os.path.join(ROOT, "tests", "mypy-circuitpython.ini")
CACHE = os.path.join(ROOT, ".mypy_cache", "circuitpython")


def profiles():
    d = os.path.join(ROOT, "boards")
    return sorted(f[:-3] for f in os.listdir(d) if f.endswith(".py") and not f.startswith("_"))


def firmware_files():
    # Whatever exists now: hw/ and the entry points are written by others.
    out = []
    hw = os.path.join(ROOT, "firmware", "menagerie", "hw")
    if os.path.isdir(hw):
        # hw/mpy_*.py is the MicroPython glue (machine, time.ticks_us): it never
        # runs on CircuitPython, so checking it against circuitpython-stubs would
        # only report what CircuitPython lacks. tests/test_hw_micropython.py runs
        # it under the real MicroPython instead.
        out += sorted(os.path.join(hw, f) for f in os.listdir(hw)
                      if f.endswith(".py") and not f.startswith("mpy_"))
    for entry in ("code.py", "boot.py", os.path.join("menagerie", "start.py")):
        p = os.path.join(ROOT, "firmware", entry)
        if os.path.exists(p):
            out.append(p)
    return out


def board_stub_dir(board_id):
    # A directory holding board/__init__.pyi for board_id, for MYPYPATH.
    from circuitpython_setboard import get_definitions_or_exit

    try:
        src = get_definitions_or_exit(board_id)
    except SystemExit:
        pytest.fail("circuitpython-stubs has no board definition for %r" % board_id)
    dest = os.path.join(ROOT, ".mypy_cache", "board-overlay", board_id)
    target = os.path.join(dest, "board", "__init__.pyi")
    text = src.read_text()
    if not os.path.exists(target) or open(target).read() != text:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        tmp = target + ".%d.tmp" % os.getpid()
        with open(tmp, "w") as f:
            f.write(text)
        os.replace(tmp, target)   # atomic: a parallel run never sees half a stub
    return dest


def run_mypy(board_id, files):
    # -> list of error lines (empty when clean)
    env = dict(os.environ)
    env["MYPYPATH"] = os.pathsep.join(
        [board_stub_dir(board_id), os.path.join(ROOT, "firmware"), ROOT])
    p = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", CONFIG,
         "--cache-dir", os.path.join(CACHE, board_id)] + list(files),
        env=env, capture_output=True, text=True, cwd=ROOT, timeout=300)
    lines = [line for line in (p.stdout + p.stderr).splitlines() if line.strip()]
    errors = [line for line in lines if ": error:" in line]
    if p.returncode != 0 and not errors:
        pytest.fail("mypy failed to run:\n" + "\n".join(lines))
    return errors


_RESULTS = {}


def checked(board_id):
    # One mypy run per board covers its profile and the firmware files.
    if board_id not in _RESULTS:
        files = [os.path.join(ROOT, "boards", board_id + ".py")] + firmware_files()
        _RESULTS[board_id] = run_mypy(board_id, files)
    return _RESULTS[board_id]


def test_every_supported_board_has_a_profile():
    for b in ("raspberry_pi_pico", "adafruit_feather_rp2040", "raspberry_pi_pico_w",
              "raspberry_pi_pico2", "raspberry_pi_pico2_w"):
        assert b in profiles()


@pytest.mark.parametrize("board_id", profiles())
def test_profile_matches_its_board(board_id):
    mine = os.path.join("boards", board_id + ".py")
    errors = [e for e in checked(board_id) if e.startswith(mine)]
    assert not errors, "mypy (board %s):\n%s" % (board_id, "\n".join(errors))


@pytest.mark.parametrize("board_id", profiles())
def test_hw_and_entry_points_type_check_on_board(board_id):
    if not firmware_files():
        pytest.skip("no hw/ or entry point files yet")
    errors = [e for e in checked(board_id) if not e.startswith("boards" + os.sep)]
    assert not errors, "mypy (board %s):\n%s" % (board_id, "\n".join(errors))


BAD_PIN = """\
import board

PIEZO = board.D13
"""

BAD_KEYWORD = """\
import keypad


def make(pins):
    return keypad.Keys(pins, value_when_pressed=False, pull=True, intervall=0.001)
"""

GOOD_KEYS = """\
import board
import keypad


def make():
    return keypad.Keys((board.GP14,), value_when_pressed=False, pull=True, interval=0.001)
"""


def _check_text(board_id, tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return run_mypy(board_id, [str(path)])


def test_a_pin_the_pico_lacks_fails_and_the_feather_has_passes(tmp_path):
    errors = _check_text("raspberry_pi_pico", tmp_path, "bad_profile.py", BAD_PIN)
    assert any('"D13"' in e for e in errors), errors
    # Same file, a board that has D13: the check is per board, not generic.
    assert _check_text("adafruit_feather_rp2040", tmp_path, "bad_profile.py", BAD_PIN) == []


def test_a_misspelt_keypad_keyword_in_a_function_body_fails(tmp_path):
    errors = _check_text("raspberry_pi_pico", tmp_path, "bad_keys.py", BAD_KEYWORD)
    assert any('"intervall"' in e for e in errors), errors
    assert _check_text("raspberry_pi_pico", tmp_path, "good_keys.py", GOOD_KEYS) == []


W_PIN = """\
import board

PIEZO = board.GP23
"""


def test_a_pin_the_wireless_chip_takes_fails_on_the_w_boards_only(tmp_path):
    # GPIO23 is a header-less pin on the Pico 2 but the wireless chip's on the
    # Pico 2 W, whose board stub has no GP23.
    errors = _check_text("raspberry_pi_pico2_w", tmp_path, "w_profile.py", W_PIN)
    assert any('"GP23"' in e for e in errors), errors
    assert _check_text("raspberry_pi_pico2", tmp_path, "w_profile.py", W_PIN) == []
