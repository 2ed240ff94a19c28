"""Power-up to a usable menu: no waiting when there is nothing to read, the
boot screen's notes when there is (they stay until OK), the write policy
over the menu when it is not the usual one. Both boards."""
import os

import pytest

import sim.runner as R
from sim.runner import Session, run_script

BOARDS = ("raspberry_pi_pico", "adafruit_feather_rp2040")
TYPO = "MENAGERIE_SOUDN = 0\n"
OUT = os.environ.get("MENAGERIE_TEST_PNG")   # set to a folder to keep screenshots


def _png(s, name):
    if OUT:
        os.makedirs(OUT, exist_ok=True)
        s.png(os.path.join(OUT, name + ".png"))


@pytest.mark.parametrize("board", BOARDS)
def test_the_first_frame_is_the_main_menu(board, monkeypatch):
    monkeypatch.setattr(R, "BOOT_MS", 0)   # only the first step after boot
    s = Session(board)
    assert s.app.state()["stack"] == ["main_menu"]
    assert "Menagerie" in s.screen_text()[0]
    assert s.app.toast_text is None   # "Saves: on": nothing to read
    _png(s, "boot-menu-" + board)
    # A key works at once: no boot screen swallows it.
    run_script(s, "DOWN\nexpect Animal Maniacs")


@pytest.mark.parametrize("board", BOARDS)
def test_a_note_is_shown_until_ok(board):
    s = Session(board, settings_text=TYPO)
    assert s.app.top().name == "boot"
    ok = "B" if board == "adafruit_feather_rp2040" else "OK"  # the button as printed
    run_script(s, "wait 10000\nscreen boot\nexpect MENAGERIE\nexpect %s:" % ok)
    shown = "\n".join(s.screen_text())
    assert "SOUDN" in shown
    _png(s, "boot-note-" + board)
    # A note longer than the screen is paged (the Feather's two rows): OK
    # shows the next part, the last OK leaves.
    pages = s.app.top().pages
    run_script(s, "OK\n" * (pages - 1) + "screen boot\nexpect %s: on\nOK\nscreen main_menu" % ok)
    assert "menagerie.ui.boot_screen" not in __import__("sys").modules   # dropped after boot


def test_the_usb_write_policy_is_said_over_the_menu_without_holding_it():
    s = Session("raspberry_pi_pico")
    s.app.boot_info = "USB write mode:\nsaves nvm only"
    s.app.boot()
    s.advance(10)
    assert s.app.top().name == "main_menu"
    assert "USB write mode:" in "\n".join(s.screen_text())
    _png(s, "boot-usb-write")
    # Any key hides it and still does its job; otherwise it goes by itself.
    run_script(s, "DOWN\nexpect-not USB write mode\nexpect Animal Maniacs")
    s.app.boot()
    s.advance(4100)
    assert "USB write mode:" not in "\n".join(s.screen_text())


def test_a_resumed_game_opens_straight_away_after_a_power_cut():
    s = Session("raspberry_pi_pico")
    run_script(s, "OK 5\nscreen ai_sheet")   # Animal Inc: players, names, rounds, start
    assert s.app.game is not None
    monkey = R.BOOT_MS
    try:
        R.BOOT_MS = 0
        s.powercut()
    finally:
        R.BOOT_MS = monkey
    assert s.app.state()["stack"][0] == "main_menu" and len(s.app.stack) > 1
    assert "Resumed Animal Inc" in "\n".join(s.screen_text())


def test_a_note_still_reaches_the_players_when_the_boot_screen_cannot_load(monkeypatch):
    # It loads last, on the heap the store just used; out of RAM there (a
    # None entry makes the import fail here), the menu comes up and says it.
    import sys

    monkeypatch.setitem(sys.modules, "menagerie.ui.boot_screen", None)
    s = Session("raspberry_pi_pico", settings_text=TYPO)
    assert s.app.top().name == "main_menu"
    assert "unknown key" in "\n".join(s.screen_text())


def test_nvm_erased_under_a_saved_game_is_said_with_its_step(tmp_path):
    # Issue 22 item 6 as a person meets it: a Panicozoo game beside a long
    # history, its base on the drive's files and the moves since in nvm's
    # journal (a 1 KB nvm here, so that the journal fills within a game).
    # nvm is erased (a CircuitPython reinstall that clears it): the boot
    # screen says the drive's copy is back and at which step, until OK;
    # the game then resumes there, and the next boot is quiet.
    from sim.flash import FlashRegion, FileFlashRegion
    regions = [FlashRegion(1024), FileFlashRegion(), FileFlashRegion()]
    s = Session("raspberry_pi_pico", seed=3, regions=regions)
    ai = {"game": "animal_inc", "players": ["Ann", "Bob", "Cy"], "rounds": [[3, 1, 0]],
          "scores": [3, 1, 0], "winners": [0], "start": 0}
    for k in range(12):
        s.app.finish_game(dict(ai, scores=[k, 1, 0]))
    run_script(s, "DOWN 3\nOK\nOK\nOK\nOK\nscreen pz_ready\n")
    bases = s.app.store.stats()["bases_written"]
    while s.app.store.stats()["bases_written"] == bases:
        run_script(s, "OK\nP2\nOK\nOK\n")          # a round: open, slap, right
    at = len(s.app.game.actions)
    run_script(s, "OK\nP3\nOK\nOK\nOK\nP1\nDOWN\n")  # two more rounds' moves
    assert len(s.app.game.actions) > at
    regions[0].data[:] = b"\xff" * len(regions[0])
    s.powercut()
    shown = "\n".join(s.screen_text())
    assert s.app.top().name == "boot"
    assert "Save memory erased" in shown and "step %d" % at in shown, shown
    s.png(str(tmp_path / "nvm-erased.png"))
    _png(s, "boot-nvm-erased")
    run_script(s, "OK\n" * s.app.top().pages)
    assert len(s.app.game.actions) == at
    s.powercut()
    assert s.app.top().name != "boot"
