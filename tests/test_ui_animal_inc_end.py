"""Ending an Animal Inc game early ("players can agree" on the length) is a
saved action: the standings survive a power cut, and "Keep playing" takes
the ending back."""
from sim.runner import Session, run_script

SCRIPT = """
OK
screen ai_players
OK
OK
OK
P1
screen ai_sheet
# one round: P1 reached tier 5 and was last (their button on the sheet),
# default sum, defaults for the rest
P1
OK
hold OK 700
expect R2/16
UP
screen ai_menu
DOWN 3
expect >End game now
OK
DOWN
OK
screen ai_standings
expect wins!
powercut
screen ai_standings
expect wins!
OK
screen ai_over_menu
expect Keep playing
DOWN
OK
screen ai_sheet
expect R2/16
"""


def test_end_early_survives_a_power_cut_and_keep_playing_takes_it_back():
    s = Session("raspberry_pi_pico", seed=4)
    run_script(s, SCRIPT, "end-early")
    g = s.app.game
    assert not g.over() and len(g.deltas) == 1
    assert s.boots == 2
