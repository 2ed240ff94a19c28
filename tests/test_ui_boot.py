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
