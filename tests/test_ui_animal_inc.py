"""Animal Inc scorekeeper through the buttons, on the simulated boards.

The scripts in tests/scripts/animal_inc_*.txt play whole games (with expect
lines, a refused entry, an undo and a power cut in the middle of a round
entry); the tests below assert the final state. test_presses_per_round plays
rounds of random card-level games (core/animal_inc_sim.py) through the fewest
presses the screens allow and prints the figure quoted in
docs/games/animal-inc.md.
"""
import os

import pytest

from animal_inc_presses import measure, new_game_keys, press_keys, report
from sim.runner import Session, run_script
from ui_scripts import SCRIPTS, play

PICO = "raspberry_pi_pico"
SEEDS = (11, 12)  # two whole 16-round games per board
FEATHER = "adafruit_feather_rp2040"
with open(os.path.join(SCRIPTS, "animal_inc_settings.toml")) as _f:
    NAMES_TOML = _f.read()


# -- scripts ------------------------------------------------------------------
def _session(board, seed=1):
    return Session(board, seed=seed, settings_text=NAMES_TOML)


def test_four_player_game_of_16_rounds_on_the_pico():
    s = play("animal_inc_4p.txt", session=_session(PICO))
    st = s.app.state()
    g = st["game"]
    assert st["screen"] == "ai_standings"
    assert s.boots == 2  # the power cut in round 9
    assert g["over"] and g["round"] == 16 and g["rounds"] == 16
    # Round 6 was undone and entered again; round 12 fixed from the review.
    assert game_actions(s)[5] == ["round", 1, 3, 21, 6, 6, 9, 0]
    assert game_actions(s)[11] == ["round", 0, 0, 0, 7, 10, 10, 8]
    assert g["scores"] == [190, 265, 187, 177]
    assert g["winners"] == [1]
    game = s.app.game
    assert len(game.actions) == 16
    assert sum(sum(d) for d in game.deltas) == sum(g["scores"]) - 800
    # Leaving the standings files the game; the new game keeps the names.
    run_script(s, "OK\nexpect >New game, same names\nOK\nexpect 4\nOK\nexpect P2 Benjamin\n")
    hist = s.app.store.history()
    assert hist[-1]["players"] == ["Ana", "Benjamin", "Cyd", "Dee"]
    assert hist[-1]["scores"] == [190, 265, 187, 177]
    assert hist[-1]["winners"] == [1] and len(hist[-1]["rounds"]) == 16
    assert hist[-1]["rounds"][8] == [-12, 31, -8, -7]
    assert hist[-1]["start"] == 1
    assert s.app.game is None


def game_actions(s):
    return [list(a) for a in s.app.game.actions]


@pytest.mark.parametrize("board,script", [(PICO, "animal_inc_2p_pico.txt"),
                                          (FEATHER, "animal_inc_2p_feather.txt")])
def test_two_player_game_ends_in_a_shared_victory(board, script):
    # The same game through each board's own buttons.
    s = play(script, session=_session(board))
    st = s.app.state()
    g = st["game"]
    assert s.boots == 2
    assert st["screen"] == "ai_standings"
    assert g["over"] and g["rounds"] == 8
    assert g["scores"] == [208, 208]
    assert g["winners"] == [0, 1]
    assert "Shared victory!" in s.screen_text()
    assert game_actions(s) == [
        ["round", 1, 1, 12, 10, 0], ["round", 0, 0, 0, 9, 12], ["round", 1, 0, 7, 0, 8],
        ["round", 0, 1, 0, 6, 10], ["round", 1, 1, 20, 12, 0], ["round", 0, 0, 0, 10, 4],
        ["round", 1, 0, 31, 0, 12], ["round", 0, 1, 0, 5, 10]]


@pytest.mark.parametrize("board", [PICO, FEATHER])
def test_presses_per_round(board, capsys):
    # Rounds of random card-level games, entered with the fewest presses;
    # every one lands as the action the table played. The figure itself is
    # bench/b_animal_inc.py's (more games). Budget: issue 12 asks for 10 on
    # the Pico and 14 on the Feather (docs/games/animal-inc.md "Presses per
    # round"); a hold counts as a press and the Feather's entry has none.
    holds = []
    counts = measure(board, SEEDS, _session(board, seed=3), holds)
    with capsys.disabled():
        print("\n" + report(board, counts, holds))
    assert sum(counts) <= len(counts) * (10 if board == PICO else 14)
    assert max(counts) <= (20 if board == PICO else 26)
    if board == FEATHER:
        assert sum(holds) == 0


def test_four_player_rounds_on_the_feather_through_the_guessing_game():
    # tests/scripts/animal_inc_4p_feather.txt: the usual round (sum 15,
    # highest 12/4/10) in 14 presses, a round without a 5th tier, a refused
    # entry fixed in place
    s = play("animal_inc_4p_feather.txt", session=_session(FEATHER))
    assert s.app.top().name == "ai_sheet"
    assert game_actions(s) == [["round", 1, 3, 15, 12, 4, 10, 0],
                               ["round", 0, 0, 0, 7, 9, 6, 12],
                               ["round", 0, 1, 0, 8, 8, 8, 12]]
    assert s.app.game.scores == [189, 197, 204, 239]


def test_three_players_on_the_feather_hear_that_the_last_ok_saves():
    # tests/scripts/animal_inc_3p_feather.txt: under three players only the
    # short key line fits, so the table says both lines once (the save on
    # the last row included), on a reached round and on one without a 5th
    # tier; the first round is saved as entered.
    s = play("animal_inc_3p_feather.txt", session=_session(FEATHER))
    assert s.app.top().name == "ai_entry"
    assert game_actions(s) == [["round", 1, 2, 6, 8, 10, 0]]
    assert s.app.game.scores == [192, 190, 206]


def test_a_held_arrow_answers_once_in_the_guessing_game():
    # On the Feather a held UP/DOWN does not repeat there: a repeat would
    # answer "higher" again and again, on into the next player's row.
    s = _session(FEATHER)
    press_keys(s, new_game_keys(4, False) + ["OK", "OK", "OK"])  # sum 6, the table
    assert s.app.top().name == "ai_entry" and s.app.top().cur() == "review"
    s.hold("UP", 1500)
    run_script(s, "expect >Ana  10\n")
    s.hold("UP", 1500)  # 12: settled, Benjamin's row
    s.hold("DOWN", 1500)
    run_script(s, "expect Ana  12\nexpect >Benjami   6\n")
    assert s.app.top().highs[:2] == [12, 6]


@pytest.mark.parametrize("board", [PICO, FEATHER])
def test_button_mashing_inside_a_game_keeps_the_sheet_consistent(board):
    # Random presses and holds from the sheet: no exception, totals always
    # equal 200 plus the sum of the confirmed rounds, the record replays.
    import random

    from menagerie.core.animal_inc import AnimalIncGame

    confirmed = 0
    for seed in range(4):
        rnd = random.Random(seed)
        s = _session(board, seed=seed)
        press_keys(s, new_game_keys(rnd.choice((2, 3, 4)), board == PICO))
        names = list(s.hw.buttons.names) + ["OK"] * 4  # OK moves entries along
        for _ in range(250):
            if rnd.random() < 0.08:
                s.hold(rnd.choice(names), rnd.choice((700, 1500)))
            else:
                s.press(rnd.choice(names))
            g = s.app.game
            if g is None or s.app.game_id != "animal_inc":
                continue
            for i in range(g.players):
                assert g.scores[i] == 200 + sum(d[i] for d in g.deltas)
            rec = g.record()
            again = AnimalIncGame.replay(rec["options"], rec["seed"], rec["actions"])
            assert again.dump() == g.dump()
            confirmed = max(confirmed, len(g.deltas))
    assert confirmed >= 2  # the mashing did get through whole round entries


@pytest.mark.parametrize("board,script", [(PICO, "animal_inc_edit_pico.txt"),
                                          (FEATHER, "animal_inc_edit_feather.txt")])
def test_a_past_round_is_edited_from_the_history(board, script):
    s = play(script, session=_session(board))
    g = s.app.game
    if board == PICO:
        # the edit was undone at the end: two rounds, round 1 as first entered
        assert [a[0] for a in g.actions] == ["round", "round"]
        assert g.scores == [226, 180, 200, 200]
    else:
        assert g.actions[-1] == ("edit", 1, 1, 1, 8, 8, 0)
        assert g.deltas[0] == [-8, 8] and g.scores == [200, 200]


def test_a_refused_entry_keeps_every_value_for_the_fix():
    # tests/scripts/animal_inc_4p.txt round 5: a third 12 is refused, fixed in place
    s = play("animal_inc_4p.txt", session=_session(PICO))
    assert game_actions(s)[4] == ["round", 0, 0, 0, 12, 12, 10, 3]
    assert game_actions(s)[6] == ["round", 0, 2, 0, 5, 8, 6, 0]
