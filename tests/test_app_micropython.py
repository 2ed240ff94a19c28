"""The whole app (core + ui + store + app loop) under the real MicroPython
interpreter: the same button script gives the same screens, press by press,
as under CPython."""
import os

import pytest

from mpy_runner import run_cpython, run_micropython

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mpy_app")

FEATHER = "DOWN DOWN DOWN DOWN OK DOWN OK OK OK powercut OK hold:OK hold:OK --small"


def _script(args):
    return "import app_harness\napp_harness.main(%r)\n" % (args,)


@pytest.mark.parametrize("args", [[], FEATHER.split(), ["--full"]], ids=["pico", "feather", "all-games"])
def test_app_screens_identical_under_micropython(args):
    code = _script(args)
    cp = run_cpython(code, extra_path=[HERE])
    mp = run_micropython(code, extra_path=[HERE])
    assert cp.splitlines() == mp.splitlines()
    assert "Resumed" in cp
    assert "boots 2" in cp


def test_pico_script_reaches_every_step():
    out = run_micropython(_script([]), extra_path=[HERE])
    assert "draw 4 of 36" in out
    assert "Sound: off" in out
    assert "Put back" in out


def test_every_game_runs_under_micropython():
    out = run_micropython(_script(["--full"]), extra_path=[HERE])
    assert "P1 sum +11 =211" in out       # Animal Inc round table (the review)
    assert "Round 1 changed" in out        # a past round edited
    assert "R2/16" in out                  # ... confirmed
    assert "P3!" in out                    # Panicozoo slap
    assert "Resumed Panicozoo" in out      # power cut mid-game
    assert "draw 2 of 36" in out           # bowl


# Animal Inc on the 3-button board: the usual round (sum 15, highest
# 12/4/10) through the guessing game (ui/animal_inc_guess.py), then a round
# without a 5th tier.
FEATHER_INC = ("OK OK OK OK OK OK OK UP UP DOWN UP DOWN UP UP DOWN DOWN OK UP OK "
               "OK DOWN OK DOWN UP UP DOWN DOWN OK UP UP OK --small")


def test_animal_inc_guessing_game_identical_under_micropython():
    code = _script(FEATHER_INC.split())
    cp = run_cpython(code, extra_path=[HERE])
    mp = run_micropython(code, extra_path=[HERE])
    assert cp.splitlines() == mp.splitlines()
    assert "[DOWN] >P1   8  -8 =192" in mp        # sum 15 settled: the table
    assert "[UP]  P1  12 -12 =188 | >P2" in mp     # a settled card, taken without OK
    assert "[UP]  P1   7  -7 =181 |  P2   9  +9 =205 |  P3   6  +6 =196 | >P4  12" in mp
    assert "[OK] P1 181 P2 205 | P3 196 P4 227" in mp  # saved by OK on the last row
