"""The name editor through the buttons on both boards (issue 12): 10 letters
as settings allow, delete, cancel, and "Ana" in a handful of presses."""
import os

import pytest

from menagerie import settings as settings_mod
from menagerie.ui import names
from sim.runner import Session, run_script
from ui_scripts import SCRIPTS, play

with open(os.path.join(SCRIPTS, "names_settings.toml")) as _f:
    TOML = _f.read()

BOARDS = [("raspberry_pi_pico", "names_pico.txt"), ("adafruit_feather_rp2040", "names_feather.txt")]


def test_one_name_length_for_settings_and_screens():
    assert names.MAX_NAME == settings_mod.MAX_NAME


@pytest.mark.parametrize("board,script", BOARDS)
def test_name_editor_types_deletes_and_cancels(board, script):
    s = play(script, board=board, session=Session(board, seed=1, settings_text=TOML))
    assert s.app.settings["names"][:2] == ["Ana", "Max"]


@pytest.mark.parametrize("board,script", BOARDS)
def test_typing_ana_over_a_seat_label_takes_few_presses(board, script):
    s = Session(board, seed=1, settings_text=TOML)
    run_script(s, "DOWN 6\nOK\nDOWN\nOK\nOK\nscreen name_edit\n")
    before = s.presses
    run_script(s, "OK\nUP 13\nOK\nOK\nDOWN\nOK\nscreen names\nexpect P1 Ana\n")
    assert s.presses - before <= 18
    assert s.app.settings["names"][0] == "Ana"
