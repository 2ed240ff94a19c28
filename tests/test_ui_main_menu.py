"""The main menu through the buttons: items never shift when a game is live."""
import pytest

from ui_scripts import play


@pytest.mark.parametrize("board,script", [
    ("raspberry_pi_pico", "main_menu_live_pico.txt"),
    ("adafruit_feather_rp2040", "main_menu_live_feather.txt"),
])
def test_live_game_keeps_the_menu_in_place(board, script):
    s = play(script, board=board)
    assert s.app.game_id == "animal_inc" and s.app.game is not None
    labels = s.app.stack[0].labels()
    assert labels[0] == "Animal Inc: continue"
    assert labels[1:] == ["Animal Maniacs", "When Animals Attack", "Panicozoo", "Draw bowl", "History", "Settings"]
