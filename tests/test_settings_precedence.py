"""settings.toml against the saved settings (issue 9, item 8), through the
headless runner: a change made on the device wins until settings.toml is
edited; then the file's values win for the keys it sets, and the boot screen
says so (docs/persistence.md, Settings)."""
from menagerie import settings as S
from sim.runner import Session, run_script

ANN_BOB = 'MENAGERIE_PLAYER_NAMES = "Ann,Bob"\n'
SETTINGS = "DOWN 6\nOK\nscreen settings\n"   # main menu -> Settings


def _boot(text):
    s = Session("raspberry_pi_pico", seed=5, settings_text=text)
    run_script(s, "screen main_menu\n")
    return s


def test_device_changes_win_while_the_file_is_unchanged():
    s = _boot(ANN_BOB)
    run_script(s, SETTINGS + "DOWN 2\nOK\nexpect Sound: off\n")   # sound off on the device
    run_script(s, "powercut\nscreen main_menu\n")                 # no note: boot goes on
    assert s.app.settings["sound"] is False
    assert s.app.settings["names"][:2] == ["Ann", "Bob"]
    assert not any("settings.toml" in w for w in s.app.warnings)


def test_an_edited_file_wins_for_the_keys_it_sets_and_says_so():
    s = _boot(ANN_BOB)
    # On the device: sound off, and P2 renamed through the name editor is
    # stood in for by a direct change plus a save (the editor is the table's).
    run_script(s, SETTINGS + "DOWN 2\nOK\nexpect Sound: off\n")
    s.app.settings["names"][0] = "Zed"
    s.app.save()
    run_script(s, "settings-file MENAGERIE_PLAYER_NAMES = \"Ann,Rob\"\\nMENAGERIE_PLAYERS = 3\npowercut\n"
                  "screen boot\nexpect settings.toml changed\nexpect names, players\nexpect updated\n"
                  "png toml_changed_pico.png\nOK\nscreen main_menu\n")
    st = s.app.settings
    assert st["names"][:2] == ["Ann", "Rob"]      # the file's, over the device's "Zed"
    assert st["players"] == 3
    assert st["sound"] is False                   # the file does not set it: the device's stays
    # The next boot: the edit is now the saved state, nothing to say.
    run_script(s, "powercut\nscreen main_menu\n")
    assert s.app.settings["names"][:2] == ["Ann", "Rob"]
    # A device change after the edit wins again.
    run_script(s, SETTINGS + "OK\nDOWN\nOK\n")    # players picker: 3 -> 2
    assert s.app.settings["players"] == 2
    run_script(s, "powercut\nscreen main_menu\n")
    assert s.app.settings["players"] == 2


def test_an_edit_that_changes_nothing_shown_says_nothing():
    s = _boot(ANN_BOB)
    run_script(s, "settings-file # a comment\\n" + ANN_BOB.strip().replace('"', '"') + "\npowercut\n")
    run_script(s, "screen main_menu\n")
    assert s.app.settings["names"][:2] == ["Ann", "Bob"]


def test_a_bad_value_in_the_edited_file_does_not_override_the_saved_one():
    s = _boot(ANN_BOB)
    run_script(s, SETTINGS + "OK\nDOWN\nOK\n")     # players 4 -> 3 on the device
    assert s.app.settings["players"] == 3
    run_script(s, "settings-file MENAGERIE_PLAYERS = 9\npowercut\nscreen boot\n"
                  "expect must be 2..6\nexpect-not settings.toml changed\nOK\n")
    assert s.app.settings["players"] == 3


def test_a_save_from_before_the_hash_keeps_the_device_values():
    # A record saved by firmware that kept no hash: the device wins, as before.
    s = _boot(ANN_BOB)
    run_script(s, SETTINGS + "DOWN 2\nOK\n")
    rec = s.app.record()
    del rec["toml"]
    s.app.store.save(rec)
    run_script(s, "settings-file MENAGERIE_SOUND = 1\npowercut\nscreen main_menu\n")
    assert s.app.settings["sound"] is False


def test_the_feather_shows_the_note_too():
    s = Session("adafruit_feather_rp2040", seed=5, settings_text=ANN_BOB)
    run_script(s, "screen main_menu\n" + SETTINGS + "DOWN 2\nOK\nexpect Sound: off\n")
    run_script(s, "settings-file MENAGERIE_PLAYER_NAMES = \"Cy,Di\"\npowercut\nscreen boot\n"
                  "expect settings.toml changed\npng toml_changed_feather.png\nOK\n")
    assert s.app.settings["names"][:2] == ["Cy", "Di"] and s.app.settings["sound"] is False


def test_a_fresh_board_takes_the_file_without_a_note():
    s = _boot('MENAGERIE_PLAYER_NAMES = "Eve"\n')
    assert s.app.settings["names"][0] == "Eve"


def test_the_hash_and_the_keys_from_the_file():
    _, _, (h1, keys) = S.load_with_source(getenv=lambda k: None, text=ANN_BOB + "MENAGERIE_PLAYERS = 9\n")
    assert keys == ["names"]                       # 9 is refused: players is not the file's
    _, _, (h2, _) = S.load_with_source(getenv=lambda k: None, text=ANN_BOB + "MENAGERIE_PLAYERS = 8\n")
    assert h1 != h2 and 0 <= h1 < 1 << 30
    assert S.load_with_source(getenv=lambda k: None, text="")[2] == (S.text_hash(""), [])


def _all_pages(s):
    # Press OK until the boot screen leaves: (every line shown, OKs pressed).
    shown, oks = [], 0
    while s.app.top().name == "boot":
        shown.extend(s.screen_text())
        run_script(s, "OK\n")
        oks += 1
    assert s.app.top().name == "main_menu"
    return shown, oks


def test_the_boot_screen_pages_long_notes():
    # Three warnings do not fit the screen: OK shows the next part (the
    # corner says "OK: more", "B: more" on the Feather), the last OK leaves
    # ("OK: on"); nothing is cut off.
    text = "MENAGERIE_PLAYERS = 9\nMENAGERIE_SOUND = 7\nMENAGERIE_I2C_FREQ = 5\n"
    for board, pages, ok in (("adafruit_feather_rp2040", 5, "B"), ("raspberry_pi_pico", 3, "OK")):
        s = Session(board, seed=5, settings_text=text)
        run_script(s, "screen boot\nexpect %s: more\nexpect line 1:\npng boot_page1_%s.png\n" % (ok, board))
        shown, oks = _all_pages(s)
        assert oks == pages, (board, shown)
        for n in (1, 2, 3):
            assert "line %d:" % n in shown
        assert any("100000..1000000" in x for x in shown), shown
        assert shown.count(ok + ": on") == 1 and shown.count(ok + ": more") == pages - 1
