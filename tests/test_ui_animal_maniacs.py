"""Animal Maniacs through the buttons on the simulated boards: a whole
3-player game with special zoos on the Pico (tests/scripts/
animal_maniacs_pico.txt) and a contest on the 3-button Feather."""
from ui_scripts import play

from menagerie.core import animal_maniacs_data as D


def test_three_players_with_special_zoos_to_a_win_on_the_pico():
    s = play("animal_maniacs_pico.txt", seed=3)
    assert s.boots == 2  # the power cut in the camel's contest resumed
    assert s.app.state()["game"] is None and s.app.state()["screen"] == "main_menu"
    last = s.app.store.history()[-1]
    assert last["game"] == "animal_maniacs"
    assert last["winners"] == [1]
    assert last["scores"] == [1, 8, 0]
    assert sum(sum(r) for r in last["rounds"]) == 9  # the rows add up to the scores
    assert last["start"] == 0


def test_the_pico_game_shows_each_rule_happening():
    # Replay the same presses and look at the game the device kept.
    import os
    from sim.runner import Session, run_script
    from ui_scripts import SCRIPTS

    with open(os.path.join(SCRIPTS, "animal_maniacs_pico.txt")) as f:
        lines = f.read().splitlines()
    s = Session("raspberry_pi_pico", seed=3)
    seen = set()
    for line in lines:
        run_script(s, line)
        g = s.app.game
        if g is None:
            continue
        seen.update(t.split(" ")[0] for t in g.log)
        kinds = [a[0] for a in g.actions]
        if g.over():
            break
    assert g.zoos == [D.CENTRAL_AM, D.PARIS, D.BERKELEY]
    for k in ("king", "borrow", "ehunt", "hunt", "capture", "draw", "resolve"):
        assert k in kinds, k
    assert ("draw", 1, 1) in g.actions  # the camel's Ace
    assert {"Lion", "Ace!", "Polar", "P2"} <= seen  # ate, endangered, back to P2, lost turn
    assert len(g.wall(1)) == 7 and g.winners() == [1] and g.win_by == [D.KILLS]


def test_a_contest_on_the_feather():
    s = play("animal_maniacs_feather.txt", board="adafruit_feather_rp2040", seed=5)
    g = s.app.game
    assert s.boots == 2
    assert [a[0] for a in g.actions] == ["capture", "card", "jack", "card", "draw", "resolve"]
    assert len(g.zoo(0)) == 1 and g.hand == [4, 3] and g.turn == 1
    assert s.app.state()["screen"] == "am_turn"
