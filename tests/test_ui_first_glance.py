"""What a new table misread (issue 26), item by item, on the simulated
boards. (Item 8, `make sim` in an 80x24 terminal: tests/test_sim_terminal.py;
the class of defect as a whole: tests/test_screen_gallery.py.)"""
import os

import pytest

from sim import screen_lint
from sim.gallery import key_words
from sim.runner import Session, run_script
from ui_scripts import SCRIPTS

PICO = "raspberry_pi_pico"
FEATHER = "adafruit_feather_rp2040"
with open(os.path.join(SCRIPTS, "animal_inc_settings.toml")) as _f:
    NAMES = _f.read()
# main menu > Animal Inc, 4 players, names, 16 rounds, Benjamin starts
PICO_SHEET = "OK\nOK\nOK\nOK\nP2\n"
FEATHER_SHEET = "OK\nOK\nOK\nOK\nDOWN\nOK\n"


def _sheet(board, record=False):
    s = Session(board, seed=1, settings_text=NAMES, record=record)
    run_script(s, PICO_SHEET if board == PICO else FEATHER_SHEET + "screen ai_sheet\n")
    return s


def _lint(s):
    c = s.app.canvas
    return screen_lint.check(c.frame(), c.width, c.height, covers=c.covers(), screen=s.app.top().name,
                             extra_words=set(s.app.settings["names"]))


# 1. "1st" under the starter read as a ranking
@pytest.mark.parametrize("board", [PICO, FEATHER])
def test_1_the_starter_mark_is_not_a_place(board):
    s = _sheet(board)
    shown = "\n".join(s.screen_text())
    assert "1st" not in shown
    # under Benjamin's name (seat 2), the starter's mark
    assert "go" in s.screen_text()[3 if board == PICO else 1].split()


# 2. LEFT/RIGHT wrapped round on a card value; bounded pickers say their step
def test_2_card_values_stop_at_their_ends_and_say_the_step():
    s = _sheet(PICO)
    # round without a 5th tier, Dee last: the table opens on Ana's card (10)
    run_script(s, "OK\nP4\n")
    assert s.app.top().name == "ai_entry"
    run_script(s, "expect card: UP/DOWN 1 </> 4\nRIGHT\nexpect >Ana  12\nRIGHT\nexpect >Ana  12\n"
                  "LEFT 4\nexpect >Ana   0\nDOWN\nexpect >Ana   0\n")


def test_2_the_sum_stops_at_its_ends():
    s = _sheet(PICO)
    run_script(s, "P1\nLEFT 3\nexpect 0\nDOWN\nexpect 0\nexpect-not 63\n")
    run_script(s, "RIGHT 20\nexpect 63\nUP\nexpect 63\n")


@pytest.mark.parametrize("board,keys", [(PICO, "UP/DOWN 1  </> 5"), (FEATHER, "A +1  C -1  B ok")])
def test_2_number_pickers_stop_at_their_ends_and_say_their_keys(board, keys):
    s = Session(board, seed=1)
    run_script(s, "OK\nexpect %s\nUP 5\nexpect 4\nOK\nOK\nscreen ai_rounds\n" % keys)
    # rounds 1..99: UP from 99 stays on 99 (it went round to 1)
    run_script(s, "DOWN 20\nexpect 1\nDOWN\nexpect 1\n")
    if board == PICO:
        run_script(s, "RIGHT 20\nexpect 99\nUP\nexpect 99\n")


# 3. "No" to "Undo round 5?" gave no sign
@pytest.mark.parametrize("board", [PICO, FEATHER])
def test_3_both_answers_of_a_confirmation_say_what_happened(board):
    s = _sheet(board)
    enter = "P1\nOK\nhold OK 700\n" if board == PICO else "OK\nOK\nOK\nOK\nOK\nOK\n"
    run_script(s, enter + "screen ai_sheet\nUP\nDOWN\nexpect Undo round 1\nOK\nscreen ai_confirm\n")
    run_script(s, "OK\nexpect Not undone\nscreen ai_menu\n")
    run_script(s, "OK\nscreen ai_confirm\nDOWN\nOK\nexpect Undone\nscreen ai_sheet\nwait 2500\n")
    # "End the game now?": No says the game goes on
    run_script(s, "UP\nDOWN 2\nOK\nscreen ai_confirm\nOK\nexpect The game goes on\n")


def test_3_no_to_a_reshuffle_and_to_abandoning_a_game_say_so():
    s = Session(PICO, seed=1)
    run_script(s, "DOWN 4\nOK\nOK\nOK\nDOWN\nDOWN 2\nOK\nscreen bowl_reshuffle\nOK\nexpect Draws kept\n")
    s = _sheet(PICO)
    run_script(s, "BACK\nDOWN 3\nOK\nexpect Abandon Animal Inc?\nOK\nexpect Animal Inc\nexpect goes on\n")


# 4. the sum screen's hint was cut mid-word ("OK, or a player's P")
def test_4_the_sum_screen_says_its_keys_in_whole_words():
    s = _sheet(PICO, record=True)
    run_script(s, "P1\n")
    assert s.app.top().name == "ai_entry"
    assert s.screen_text()[-1] == "OK or P1-P4: cards"
    assert _lint(s) == []


# 5. the "Undone" banner over the totals; rows of tall digits touching
def test_5_undone_hides_no_part_of_the_totals_and_their_rows_do_not_touch():
    s = _sheet(PICO, record=True)
    run_script(s, "P1\nOK\nhold OK 700\nUP\nDOWN\nOK\nDOWN\nOK\nexpect Undone\nscreen ai_sheet\n")
    assert _lint(s) == []
    c = s.app.canvas
    digits = [d for d in c.frame() if d.kind == "digits"]
    assert len(digits) == 4
    upper = [d for d in digits if d.ink[1] < 32]
    lower = [d for d in digits if d.ink[1] >= 32]
    assert upper and lower
    assert min(d.ink[1] for d in lower) - max(d.ink[3] for d in upper) >= 2  # a blank row between
    # the banner went to the top, over the title, not over the digits
    toast = [d for d in c.frame() if d.source == "toast"]
    assert toast and all(d.box[3] < 8 for d in toast)


# 6. the Feather: pickers' keys, sum digits on the key line, the bowl's big
# name on the title bar, an edited past round with no title
def test_6_the_feathers_pickers_say_their_keys():
    s = Session(FEATHER, seed=1, record=True)
    run_script(s, "OK\nscreen ai_players\n")
    assert screen_lint.says_keys(s.app.canvas.frame(), key_words(s.profile))
    assert "A +1  C -1  B ok" in s.screen_text()


def test_6_the_feathers_sum_digits_keep_clear_of_the_key_line():
    s = _sheet(FEATHER, record=True)
    run_script(s, "OK\nOK\nexpect Tier 5+ sum\nwait 2500\n")
    assert _lint(s) == []
    d = [x for x in s.app.canvas.frame() if x.kind == "digits"][0]
    assert d.ink[3] <= 22  # the key line's text starts at 24


def test_6_the_feathers_bowl_keeps_the_big_name_clear_of_the_title_bar():
    s = Session(FEATHER, seed=4, record=True)
    run_script(s, "DOWN 4\nOK\nOK\nOK 2\nscreen bowl\nexpect Hippo\n")
    frame = s.app.canvas.frame()
    assert any(d.tall for d in frame)   # the name in double-size type
    assert _lint(s) == []


def test_6_a_past_round_edited_on_the_feather_says_which_round():
    s = _sheet(FEATHER)
    run_script(s, "OK\nOK\nOK\nOK\nOK\nOK\nscreen ai_sheet\nUP\nDOWN 2\nOK\nscreen ai_history\nUP\nOK\n"
                  "screen ai_entry\nOK\nOK\nwait 2500\n")
    assert s.app.top().name == "ai_entry" and s.app.top().cur() == "review"
    assert s.screen_text()[0] == "Edit round 1"


# 7. When Animals Attack: whose animal the device's move note is about
def test_7_the_devices_move_notes_say_whose_animal_moves():
    with open(os.path.join(SCRIPTS, "when_animals_attack.ini")) as f:
        config = f.read()
    s = Session(PICO, seed=1, files={"config.ini": config})
    notes = []

    def stepped():
        top = s.app.top()
        if top.name == "waa_map" and top.mode == "bot" and top.note and top.note not in notes:
            notes.append(top.note)

    s.stepped = stepped
    with open(os.path.join(SCRIPTS, "when_animals_attack_pico.txt")) as f:
        run_script(s, f.read())
    moves = [n for n in notes if ":" in n]
    assert moves, notes
    for n in moves:
        assert n.startswith("P2 "), n   # the device plays P2
        assert len(n) <= 21
