"""Slow presses (issue 25): each shows its busy line on the display before
its work starts, the work runs a slice per loop step, When Animals Attack's
island is made between presses and is the same island for the same seed
(the reference made by 96bb448's firmware), background work waits while a
screen times slaps, and the flows run the same under MicroPython."""
import os

import pytest

from sim.runner import Session, run_script

from mpy_runner import run_cpython, run_micropython

HERE = os.path.dirname(os.path.abspath(__file__))
MPY_APP = os.path.join(HERE, "mpy_app")
REF = os.path.join(HERE, "data", "waa_islands.txt")


def _reference():
    with open(REF) as f:
        return f.read().splitlines()


def test_islands_match_96bb448s_under_cpython_and_micropython():
    ref = _reference()
    assert len(ref) == 198
    code = "import waa_islands_ref\nfor ln in waa_islands_ref.lines():\n    print(ln)\n"
    assert run_cpython(code, extra_path=[HERE]).splitlines() == ref
    assert run_micropython(code, extra_path=[HERE], timeout=300).splitlines() == ref


def test_an_island_made_in_slices_between_others_is_the_same():
    # Two islands made a slice at a time, turn about (a setup left and
    # another begun), each equal to the one island() makes at once.
    from menagerie.core import when_animals_attack_start as S
    from menagerie.core.when_animals_attack_map import island
    from menagerie.core.rng import Rng
    from menagerie.core import when_animals_attack_roster as R

    def full(players, seed):
        o = dict(S.Start.DEFAULTS)
        o.update(players=players, deal=1, map="random")
        return o

    want = {}
    for players, seed in ((4, 7), (3, 11)):
        want[seed] = island(Rng(seed), full(players, seed), players, R.ROSTER[0])
    a = {"players": 4, "deal": 1, "map": "random"}
    b = {"players": 3, "deal": 1, "map": "random"}
    slices = 0
    while S.make_step(7, a):
        slices += 1
        if slices == 5:
            while S.make_step(11, b):
                pass
            assert S._last[1] == want[11]
    assert slices > 10   # it was made in slices
    assert S._last[1] == want[7]
    assert not S.make_step(7, a)   # kept: nothing more to do


class _Log:
    # What the app does after a press, in order: each flush (the screen's
    # name and text) and each piece of slow work.
    def __init__(self, s):
        import menagerie.games as G
        from menagerie.core import when_animals_attack_start as S

        self.events = []
        app = s.app
        flush = app.flusher.flush

        def logged_flush():
            self.events.append(("flush", app.top().name, tuple(app.canvas.lines())))
            return flush()
        app.flusher.flush = logged_flush
        new_game = app.new_game

        def logged_new_game(*a, **k):
            self.events.append(("work", "new_game"))
            return new_game(*a, **k)
        app.new_game = logged_new_game
        self.restore = []
        for mod, name in ((G, "import_module"), (G, "release_others"), (S, "make_step")):
            orig = getattr(mod, name)
            self.restore.append((mod, name, orig))

            def logged(*a, _orig=orig, _name=name, **k):
                self.events.append(("work", _name))
                return _orig(*a, **k)
            setattr(mod, name, logged)

    def close(self):
        for mod, name, orig in self.restore:
            setattr(mod, name, orig)


def _first_after(s, word, busy_line):
    # Press `word` with the log on: the first thing after it must be a
    # flush of the busy screen saying busy_line, before any work.
    log = _Log(s)
    try:
        run_script(s, word + "\n")
        for _ in range(500):
            if s.app.top().name != "busy":
                break
            s.advance(10)
    finally:
        log.close()
    ev = log.events
    assert ev, "nothing happened"
    assert ev[0][0] == "flush" and ev[0][1] == "busy", ev[:3]
    assert busy_line in ev[0][2], ev[0]
    assert any(e[0] == "work" for e in ev), ev
    return ev


def test_entering_a_game_shows_loading_before_it_loads():
    s = Session("raspberry_pi_pico", seed=1)
    _first_after(s, "OK", "Getting ready...")
    assert s.screen_text()[0] == "Animal Inc: players"


def test_abandon_shows_loading_before_filing_and_loading():
    s = Session("raspberry_pi_pico", seed=1)
    run_script(s, "OK 5\nBACK\nDOWN 3\nOK\nDOWN\n")
    assert s.app.state()["screen"] != "busy"
    _first_after(s, "OK", "Getting ready...")
    st = s.app.state()
    assert st["game_id"] is None and "Players" in s.screen_text()[0]
    assert s.app.store.history()[-1].get("abandoned")


def test_animal_maniacs_start_shows_dealing_before_the_game_is_made():
    s = Session("raspberry_pi_pico", seed=1)
    run_script(s, "DOWN\nOK 4\n")
    assert s.app.state()["screen"] == "am_who"
    ev = _first_after(s, "OK", "Dealing the cards")
    assert ("work", "new_game") in ev
    assert s.app.state()["game_id"] == "animal_maniacs"


def test_keys_pressed_while_busy_go_to_the_next_screen_in_order():
    from menagerie.ui.screen import Busy
    from menagerie.ui.widgets import Menu

    s = Session("raspberry_pi_pico", seed=1)
    picked = []

    def task(app):
        for _ in range(30):   # 300 ms of the simulator's steps
            yield
        app.replace(Menu("Next", ["a", "b", "c"], lambda app, i: picked.append(i), name="next"))

    s.app.push(Busy("Test", "Working...", task(s.app)))
    run_script(s, "DOWN\nexpect Working...\nOK\n")
    s.advance(200)
    assert s.app.top().name == "next" and picked == [1]


def _waa_to_island(s):
    run_script(s, "DOWN 2\nOK\nOK\nDOWN 2\nOK\n")
    assert s.app.state()["screen"] == "waa_island"


def test_the_island_is_made_during_the_questions():
    s = Session("raspberry_pi_pico", seed=1)
    _waa_to_island(s)
    from menagerie.core import when_animals_attack_start as S

    assert S._last[0] is not None   # (seed, map, ...): made ahead
    seed = S._last[0][0]
    ev = _first_after(s, "OK", "Making the island...")
    # made ahead: the busy screen found it done (one look, no more slices)
    assert [e for e in ev if e == ("work", "make_step")] == [("work", "make_step")]
    g = s.app.game
    assert g.seed == seed


def test_an_island_not_made_ahead_is_finished_under_the_busy_screen_and_the_same():
    from menagerie.core import when_animals_attack_start as S
    from menagerie.core.when_animals_attack import WhenAnimalsAttackGame

    s = Session("raspberry_pi_pico", seed=1)
    run_script(s, "DOWN 2\nOK\nOK\n")
    # the questions answered faster than the island is made: no job ran
    s.app.idle[:] = []
    S._last[0] = S._last[1] = None
    S._making[0] = S._making[1] = None
    run_script(s, "DOWN 2\nOK\n")
    ev = _first_after(s, "OK", "Making the island...")
    assert ev.count(("work", "make_step")) > 5   # in slices, after the line
    g = s.app.game
    assert g.options["map"] == "random"
    S._last[0] = S._last[1] = None
    fresh = WhenAnimalsAttackGame(g.options, g.seed)
    assert fresh.dump() == g.dump()


def test_no_background_work_while_a_screen_times_slaps():
    s = Session("raspberry_pi_pico", seed=1)
    # Panicozoo's first round
    run_script(s, "DOWN 3\nOK\nOK\nOK\nOK\n")
    top = s.app.top()
    assert hasattr(top, "slap_keys"), top.name
    ran = []
    s.app.schedule(lambda app: ran.append(1))
    s.advance(500)
    assert ran == [] and len(s.app.idle) == 1
    s.app.home()
    s.advance(50)
    assert ran == [1] and s.app.idle == []


@pytest.mark.parametrize("words", [
    # "Yes, abandon" Animal Inc for Panicozoo, then Animal Maniacs' start
    "OK OK OK OK OK BACK DOWN DOWN DOWN OK DOWN OK BACK UP UP OK OK OK OK OK",
    # When Animals Attack's start (the island made ahead), the device's moves
    "DOWN DOWN OK OK OK DOWN DOWN OK OK wait:3000",
], ids=["abandon-maniacs", "waa"])
def test_slow_presses_identical_under_micropython(words):
    code = "import app_harness\napp_harness.main(%r)\n" % (words.split(),)
    cp = run_cpython(code, extra_path=[MPY_APP])
    mp = run_micropython(code, extra_path=[MPY_APP])
    assert cp.splitlines() == mp.splitlines()
    last = cp.splitlines()[-2]
    assert "P1's turn" in last or "P2 builds" in last, last
