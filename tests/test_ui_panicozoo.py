"""Panicozoo through the buttons on the simulated boards: whole games from
tests/scripts/panicozoo_*.txt, plus the buzzer's edge cases driven directly
(late-reported presses, a full event queue, sound off)."""
from sim.runner import Session, run_script
from ui_scripts import play

from menagerie.ui import sounds

START_PICO = "DOWN 3\nOK\nOK\nOK\nOK\n"  # Panicozoo, 4 players, classic, no aid


def tunes(s):
    return [notes for _, notes in s.sounds + s.hw.buzzer.log]


def test_full_classic_game_on_the_pico():
    s = play("panicozoo_game_pico.txt")
    assert s.boots == 2
    st = s.app.state()
    assert st["game"] is None and st["screen"] == "main_menu"
    last = s.app.store.history()[-1]
    assert last["game"] == "panicozoo"
    # P1 and P2 tied on 5 cards; P2 won tie-breaker by the automatic award
    assert last["scores"] == [5, 5, 3, 2] and sum(last["scores"]) == 15
    assert last["winners"] == [1]
    played = tunes(s)
    for name in ("open", "slap", "tie", "right", "wrong", "win"):
        assert sounds.TUNES[name] in played, name


def test_young_players_game_on_the_pico():
    s = play("panicozoo_young_pico.txt")
    last = s.app.store.history()[-1]
    # 15 animals; P1's one card went to P3 after P1's wrong slap
    assert last["scores"] == [5, 4, 6] and last["winners"] == [2]


def test_feather_three_players_on_its_three_buttons():
    s = play("panicozoo_feather.txt", board="adafruit_feather_rp2040")
    g = s.app.state()["game"]
    assert s.boots == 2
    assert g["round"] == 3 and g["phase"] == "ready"
    assert g["cards"] == [0, 0, 2]
    assert g["found"] == [0, 1]
    # no leftover long press or repeat from the slaps reached the menus
    assert s.app.state()["screen"] == "pz_ready"


def test_feather_four_players_name_the_slapper():
    s = play("panicozoo_feather_4p.txt", board="adafruit_feather_rp2040")
    g = s.app.state()["game"]
    assert g["cards"] == [0, 0, 0, 1] and g["round"] == 2
    assert [a[0] for a in s.app.game.actions] == ["open", "slap", "wrong", "slap", "right"]


def _open_round(board="raspberry_pi_pico", seed=3):
    s = Session(board, seed=seed)
    s.app.strict = True
    run_script(s, START_PICO + "OK\nscreen pz_open\n")
    return s


def test_a_press_reported_late_in_the_same_millisecond_still_ties():
    s = _open_round()
    t = s.now + 100
    s.at(t, "P2")
    s.advance_to(t + 1)           # P2 seen, the clock is 1 ms past it
    assert s.app.game.phase == "open"
    s.hw.buttons.schedule("P4", True, t)  # same scan, reported a batch later
    s.advance(20)
    r = s.app.game.race
    assert r.tied == [1, 3] and r.winner in (1, 3)
    assert "tie: 0 ms" in "\n".join(s.screen_text())


def test_a_press_one_ms_later_loses():
    s = _open_round()
    t = s.now + 100
    s.at(t + 1, "P1")
    s.at(t, "P4")
    s.advance(200)
    r = s.app.game.race
    assert r.winner == 3 and not r.tie() and r.gap_ms == 1
    assert "P4!" in s.screen_text()


def test_a_full_event_queue_voids_the_race_and_rearms():
    s = _open_round()
    t = s.now
    for i in range(70):  # more than keypad's 64 queued events
        s.hw.buttons.schedule("P%d" % (i % 4 + 1), i % 2 == 0, t)
    s.advance(20)
    g = s.app.game
    assert g.phase == "open" and g.race.void
    assert g.actions[-1][0] == "race" and g.actions[-1][2] == 1
    assert "Presses lost: re-slap" in s.screen_text()
    run_script(s, "P3\nexpect P3!\n")
    assert s.app.game.answering == 2


def test_presses_while_answering_are_ignored_and_say_so():
    s = _open_round()
    run_script(s, "P2\nexpect P2!\nP1\nexpect Wait: P2 answers\nP2\nexpect P2 is answering\n")
    assert s.app.game.answering == 1 and s.app.game.phase == "answering"


def test_sound_off_plays_no_tunes():
    s = Session("raspberry_pi_pico", seed=3)
    s.app.settings["sound"] = False
    run_script(s, START_PICO + "OK\nP1\nDOWN\nP2\nUP\n")
    assert s.app.game.cards() == [0, 1, 0, 0]
    assert tunes(s) == []


def test_undo_from_the_game_menu_rearms_the_round():
    s = _open_round()
    run_script(s, "P3\nexpect P3!\nBACK\nscreen pz_menu\nDOWN 2\nOK\nscreen pz_open\nP1\nexpect P1!\n")
    acts = [a[0] for a in s.app.game.actions]
    assert acts == ["open", "race"] and s.app.game.answering == 0


def test_six_players_armed_line_shows_every_seat():
    s = play("panicozoo_6p_pico.txt")
    assert s.app.game.armed() == [0, 1, 3, 4]
