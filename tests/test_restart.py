"""The app's restart at rest (issue 25): leaving a game or the bowl for the
bare main menu restarts the interpreter (App.restart -> hw.restart()), so
the next game gets the heap of a fresh boot. On the simulated board: the
same menu on a panel that never goes dark, everything saved first, nothing
lost when the power goes during that save, no restart loop."""
from sim.runner import Session, cut_next_save, run_script

TO_BOWL = """
DOWN 4
OK
OK
OK
OK
expect draw 2 of 36
"""


def _watch_panel(s):
    # Every display on/off command the chip gets from now on.
    seen = []
    emu = s.hw.emu
    run = emu._execute

    def spy(c, a):
        if c in (0xAE, 0xAF):
            seen.append(c)
        return run(c, a)

    emu._execute = spy
    return seen


def _bowl_left(s):
    run_script(s, TO_BOWL)
    s.press("BACK")   # the pools
    assert s.restarts == 0
    s.press("BACK")   # the main menu: at rest, so the app restarts


def test_leaving_the_bowl_restarts_on_the_same_menu_on_a_lit_panel():
    s = Session()
    run_script(s, TO_BOWL)
    s.press("BACK")
    seen = _watch_panel(s)
    s.press("BACK")
    before = s.hw.emu          # the chip the restarted app finds again
    assert s.restarts == 1 and s.boots == 1
    assert s.hw.emu is before and s.hw.restarted
    assert s.app.top().name == "main_menu" and s.app.stack[0].index == 4
    assert ">Draw bowl" in s.screen_text()
    assert s.app.toast_text is None   # nothing said: nothing happened for the players
    # The restarted driver set the chip up again without turning it off.
    assert 0xAE not in seen and s.hw.emu.display_on
    # The cursor goes on from where it was.
    s.press("DOWN")
    assert ">History" in s.screen_text()


def test_the_frame_never_changes_across_the_restart():
    s = Session()
    run_script(s, TO_BOWL)
    s.press("BACK")
    frames = []
    restart = s.hw.restart

    def seen_then_restart():
        frames.append(s.pixels())   # the menu, as the restart begins
        restart()

    s.hw.restart = seen_then_restart
    s.hw.buttons.schedule("BACK", True, s.now)
    s.hw.buttons.schedule("BACK", False, s.now + 60)
    while s.restarts == 0:
        s.advance(1)
        if frames:
            frames.append(s.pixels())   # every millisecond of the new boot
    s.advance(400)
    frames.append(s.pixels())
    assert any(any(row) for row in frames[0])
    assert all(f == frames[0] for f in frames)


def test_the_bowl_resumes_exactly_after_the_restart():
    s = Session()
    run_script(s, TO_BOWL)
    bowls = s.app.state()["bowls"]
    record = s.app.record()
    s.press("BACK")
    s.press("BACK")
    assert s.restarts == 1
    # The bowl is saved, not yet replayed (its code stays out of RAM) ...
    assert "maniacs" in s.app.saved_bowls and not s.app.bowls
    assert s.app.record()["bowls"] == record["bowls"]
    # ... and it is the same bowl when it opens.
    assert s.app.state()["bowls"] == bowls
    run_script(s, "OK\nexpect >Animals 34/36\nOK\nexpect 34 left\nOK\nexpect draw 3 of 36\n")


def test_no_restart_while_a_game_is_live_nor_a_second_one_after_it():
    s = Session()
    run_script(s, """
OK
OK
OK
OK
P2
expect R1/16
BACK
expect Animal Inc: continue
wait 3000
""")
    assert s.restarts == 0 and s.app.game is not None
    _bowl_left(s)
    assert s.restarts == 0    # the game beside the bowl is still live
    s = Session()
    _bowl_left(s)
    s.advance(5000)
    s.press("DOWN")
    s.press("UP")
    s.advance(5000)
    assert s.restarts == 1


def test_abandoning_a_game_restarts_into_the_next_setup():
    s = Session()
    run_script(s, """
OK
OK
OK
OK
P2
expect R1/16
BACK
DOWN 3
OK
expect Abandon Animal Inc?
DOWN
OK
""")
    assert s.restarts == 1
    assert s.app.top().name != "main_menu" and s.app.stack[0].index == 3
    assert s.app.game is None
    text = "\n".join(s.screen_text())
    assert "Players" in text and "Kept in the history" in text
    assert s.app.store.history_count() == 1
    # Backing out of that setup is leaving: a restart onto the menu.
    s.press("BACK")
    assert s.app.top().name == "main_menu"
    assert s.restarts == 2 and s.app.stack[0].index == 3
    assert ">Panicozoo" in s.screen_text()


def test_a_power_cut_during_the_restart_save_loses_nothing():
    # The save before the restart (the menu's row) cut at every flash step:
    # the bowl's draws and the history are all there after the power-up.
    steps = 0
    while True:
        steps += 1
        s = Session()
        run_script(s, TO_BOWL)
        s.press("BACK")
        bowls = s.app.state()["bowls"]
        cut_next_save(s, steps)
        s.press("BACK")
        cut = s.boots == 2
        assert s.app.state()["bowls"] == bowls, steps
        # (a cut save may have a note for the boot screen)
        assert s.app.stack[-1].name in ("main_menu", "boot")
        if not cut:
            assert s.restarts == 1
            break
        assert steps < 200
    assert steps > 1


def test_a_save_that_fails_keeps_the_session_and_stops_trying():
    s = Session()
    run_script(s, TO_BOWL)
    s.press("BACK")
    s.app.store.save = _full
    s.press("BACK")
    assert s.restarts == 0
    assert s.app.toast_text.startswith("Not saved")
    s.advance(5000)
    s.press("DOWN")
    assert s.restarts == 0 and ">History" in s.screen_text()


def _full(record):
    raise OSError("store full")


def test_settings_warnings_are_not_shown_again_after_a_restart():
    s = Session(settings_text="MENAGERIE_PLAYERS = 99\n")
    assert s.app.top().name == "boot"
    s.press("OK")
    _bowl_left(s)
    assert s.restarts == 1
    assert s.app.top().name == "main_menu"
    s.powercut()
    assert s.app.top().name == "boot"   # a power-up shows them again



def test_reading_the_saved_bowls_is_not_opening_them():
    # The table view's polls replay the saved bowls (table/state.py): that
    # must not count as the players opening one, or the menu would restart
    # after every poll.
    s = Session()
    _bowl_left(s)
    assert s.restarts == 1 and s.app.saved_bowls
    s.app.bowls_in()
    s.app.state()
    s.press("DOWN")
    s.press("UP")
    s.advance(3000)
    assert s.restarts == 1 and s.app.bowls
    # Opening the bowl through the menu is: leaving it restarts again.
    run_script(s, "expect >Draw bowl\nOK\nOK\nexpect 34 left\nBACK\nBACK\n")
    assert s.restarts == 2
