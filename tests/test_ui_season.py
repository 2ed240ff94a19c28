"""A season through the buttons on both boards (issue 12): an abandoned
game stays in the history marked abandoned, Panicozoo's End game now, the
history browsed newest first and the per-player statistics screen."""
import os

import pytest

from sim.runner import Session
from ui_scripts import SCRIPTS, play

with open(os.path.join(SCRIPTS, "animal_inc_settings.toml")) as _f:
    TOML = _f.read()


@pytest.mark.parametrize("board,script", [("raspberry_pi_pico", "season_pico.txt"),
                                          ("adafruit_feather_rp2040", "season_feather.txt")])
def test_a_season_of_three_games(board, script):
    s = play(script, session=Session(board, seed=1, settings_text=TOML))
    hist = s.app.store.history()
    assert [e["game"] for e in hist] == ["animal_inc", "panicozoo", "animal_inc"]
    assert hist[0]["abandoned"] is True and hist[0]["winners"] == []
    assert len(hist[0]["rounds"]) == 1
    assert hist[1]["ended_early"] is True and hist[1].get("abandoned") is None
    assert hist[2]["ended_early"] is True and hist[2]["winners"] == [0]
    assert s.app.top().name == "history_player"
