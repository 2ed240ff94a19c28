"""The history list on the device: one line per finished game, newest first,
telling games apart without a clock (winner and winning score)."""
from menagerie.ui.history_menu import history_label, history_text


def test_label_names_the_game_the_winner_and_the_score():
    e = {"game": "animal_inc", "players": ["Ana", "Ben", "Cyd"], "scores": [243, 190, 201], "winners": [0]}
    assert history_label(e) == "Animal Inc Ana 243"


def test_shared_victory_and_long_names_fit_one_line():
    e = {"game": "panicozoo", "players": ["Benjamin", "Cordelia"], "scores": [5, 5], "winners": [0, 1]}
    label = history_label(e)
    assert label.startswith("Panicozoo Benjamin+")
    assert len(label) <= 20


def test_damaged_entry_still_gives_a_line():
    assert history_label({}) .startswith("?")
    assert history_text({"players": ["A", "B"], "scores": [1], "winners": [1]}) == " A 1\n*B "
