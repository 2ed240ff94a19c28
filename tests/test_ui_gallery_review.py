"""What a look through every contact sheet (docs/screens/) found, screen by
screen, once the gallery reached Animal Maniacs' remaining screens and the
table view's (issue 26): each defect as a new player at a table reads it,
on the board it shows on. The class of defect as a whole is the screen
lint's (tests/test_screen_gallery.py)."""
import os

import pytest

from sim import screen_lint
from sim.gallery import TOURS
from sim.runner import Session, run_script

PICO = "raspberry_pi_pico"
FEATHER = "adafruit_feather_rp2040"
NAMES = 'MENAGERIE_PLAYER_NAMES = "Ana,Benjamin,Cyd,Dee"\n'


def _tour(name, upto):
    # A gallery tour's lines (sim/tours/) up to the first that starts with upto
    with open(os.path.join(TOURS, name)) as f:
        lines = f.read().splitlines()
    for i, line in enumerate(lines):
        if line.startswith(upto):
            return "\n".join(lines[:i]) + "\n"
    raise AssertionError("%s has no line %r" % (name, upto))


def _maniacs(board, upto, record=False):
    # two players, Ana and Benjamin (8 letters), through the gallery's tour
    tour = "maniacs_extra_pico.txt" if board == PICO else "maniacs_extra_feather.txt"
    s = Session(board, seed=3 if board == PICO else 5, settings_text=NAMES, record=record)
    run_script(s, _tour(tour, upto), tour)
    return s


def _lint(s):
    c = s.app.canvas
    return screen_lint.check(c.frame(), c.width, c.height, covers=c.covers(), screen=s.app.top().name,
                             extra_words=set(s.app.settings["names"]))


def _text(s):
    return "\n".join(s.screen_text())


# -- Animal Maniacs ---------------------------------------------------------
@pytest.mark.parametrize("board", [PICO, FEATHER])
def test_the_turn_title_keeps_a_space_before_the_hand(board):
    # "Benjamin's turnhand 5" read as one word: the name gives a letter
    s = _maniacs(board, "expect Benjami's turn", record=True)
    assert s.app.top().name == "am_turn"
    assert s.screen_text()[0] == "Benjami's turn hand 4"
    assert _lint(s) == []


@pytest.mark.parametrize("board", [PICO, FEATHER])
def test_a_card_names_its_player_whole(board):
    # "Benjam attack 1/1" where "Benjamin attack 1/1" fits the bar
    s = _maniacs(board, "expect Benjami's turn")
    run_script(s, "OK\nOK\nscreen am_card\n")
    assert s.screen_text()[0] == "Benjamin attack 1/1"


def test_the_feather_card_hint_says_what_the_buttons_do():
    # "A/C, B" named the buttons and nothing they do
    s = _maniacs(FEATHER, "expect Benjami's turn")
    run_script(s, "OK\nOK\nscreen am_card\n")
    assert s.screen_text()[-1] == "A+ C-  B: face down"


def test_a_trade_names_the_owner_whole():
    # "Lion/Benja": the row holds "Polar bear/Benjamin"
    s = _maniacs(PICO, "screen am_take")   # Ana takes from Benjamin's zoo
    assert s.app.top().name == "am_take"
    assert "/Benjamin" in _text(s)


@pytest.mark.parametrize("board", [PICO, FEATHER])
def test_cards_in_hand_name_each_player_whole(board):
    # "Benjam plays a Queen": the name first and whole
    s = _maniacs(board, "screen am_hands")
    assert s.app.top().name == "am_hands"
    assert "Benjamin plays Queen" in _text(s)


@pytest.mark.parametrize("board", [PICO, FEATHER])
def test_the_special_zoos_are_named_whole(board):
    # "Central Am" in a row of 20 characters
    s = Session(board, seed=5, settings_text=NAMES)
    run_script(s, _tour("maniacs_extra_feather.txt", "# Ana takes Central American"))
    assert s.app.top().name == "am_choose"
    run_script(s, "DOWN 5\n")
    assert ">Central American" in _text(s)
    run_script(s, "DOWN 6\n")
    assert ">Weight Watchers" in _text(s)


@pytest.mark.parametrize("board", [PICO, FEATHER])
def test_the_objectives_say_their_keys_and_keep_each_whole(board):
    s = _maniacs(board, "screen am_objs")
    assert s.app.top().name == "am_objs"
    rows = s.screen_text()
    # each objective whole on its line ("kinds" / "1/7" was split)
    assert "Ana: pairs 0/3" in rows and "  kinds 1/7 kills 0/7" in rows
    ok, down = ("OK", "DOWN") if board == PICO else ("B", "C")
    if board == FEATHER:
        # 4 lines, 3 rows: the title says how to see the rest, which stops
        # at the last line
        assert rows[0] == "Objectives %s: more" % down
        run_script(s, "DOWN\n")
        assert s.screen_text()[0] == "Objectives %s: back" % ok
        last = s.screen_text()
        run_script(s, "DOWN\nDOWN\n")
        assert s.screen_text() == last
    else:
        assert rows[0] == "Objectives %s: back" % ok


@pytest.mark.parametrize("board", [PICO, FEATHER])
def test_the_final_standings_say_their_key(board):
    s = _maniacs(board, "shot the standings")
    assert s.app.top().name == "am_final"
    assert s.screen_text()[-1] == ("OK: on" if board == PICO else "B: on")


@pytest.mark.parametrize("board", [PICO, FEATHER])
def test_the_zoos_pages_say_their_keys(board):
    if board == PICO:
        s = _maniacs(PICO, "screen am_objs")
        run_script(s, "BACK\nUP\nexpect >Look at zoos\nOK\n")
    else:
        s = _maniacs(FEATHER, "screen am_browse")
    assert s.app.top().name == "am_browse"
    hint = s.screen_text()[-1]
    ok = "OK" if board == PICO else "B"
    assert hint.endswith(("%s: next page" % ok, "%s: next" % ok))


# -- When Animals Attack ----------------------------------------------------
def test_the_build_legend_and_a_long_name_fit_the_feather_title():
    # "P1 builds: t A/H/M1/4": the count ran into the legend; a long name
    # pushed the legend off the edge
    s = Session(FEATHER, seed=1, settings_text='MENAGERIE_PLAYER_NAMES = "Maximilian,Bo"\n', record=True,
                files={"config.ini": open(os.path.join(os.path.dirname(__file__), "scripts",
                                                       "when_animals_attack_feather.ini")).read()})
    run_script(s, "DOWN 2\nOK\nscreen waa_players\nOK\nscreen waa_seats\nDOWN 2\nOK\nscreen waa_island\nOK\n"
                  "screen waa_build\n")
    assert s.screen_text()[0] == "Maxim builds: t A/H/M"
    assert _lint(s) == []


def _waa(board, upto):
    name = "when_animals_attack_pico.txt" if board == PICO else "when_animals_attack_feather.txt"
    ini = "when_animals_attack.ini" if board == PICO else "when_animals_attack_feather.ini"
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scripts")
    with open(os.path.join(folder, ini)) as f:
        s = Session(board, seed=1, files={"config.ini": f.read()})
    with open(os.path.join(folder, name)) as f:
        lines = f.read().splitlines()
    for i, line in enumerate(lines):
        if line.startswith(upto):
            run_script(s, "\n".join(lines[:i + 1]) + "\n", name)
            return s
    raise AssertionError(upto)


@pytest.mark.parametrize("board", [PICO, FEATHER])
def test_a_note_longer_than_the_panel_says_how_to_see_the_rest(board):
    # The status showed 3 of its 10 lines on the Feather, 7 of 11 on the
    # Pico, with nothing saying there is more, or that DOWN shows it;
    # DOWN then scrolled on into an empty panel.
    s = _waa(board, "screen waa_status")
    assert s.screen_text()[0] == "Status v more"   # as the bowl says it
    for _ in range(12):
        run_script(s, "DOWN\n")
    rows = s.screen_text()
    assert rows[0] == "Status"                        # at the end: nothing more
    assert len(rows) == s.app.canvas.rows             # and the panel is full
    run_script(s, "DOWN\n")
    assert s.screen_text() == rows


def test_a_players_status_lines_stay_indented_under_their_name():
    # " animals 2 of 3" came out flush left, read as a line of its own
    s = _waa(PICO, "screen waa_status")
    rows = s.screen_text()
    i = rows.index("P1: 2 tiles")
    assert rows[i + 1] == " animals 2 of 3" and rows[i + 2] == " builds 1 at a time"


def test_the_game_menu_names_the_game_whole_where_the_bar_has_room():
    s = _waa(PICO, "screen waa_menu")
    assert s.screen_text()[0] == "When Animals Attack"


# -- the table view ---------------------------------------------------------
def _table(board=PICO, settings=None, net="access point"):
    from sim import gallery

    s = Session(board if board != PICO else gallery.PICO2W, seed=1, settings_text=settings,
                table_net=gallery._net(net), record=True)
    run_script(s, "DOWN 6\nOK\nscreen settings\nUP\nOK\nscreen table_view\nOK\n")
    return s


def test_no_note_covers_a_code_as_it_opens():
    # "Table view on: 192.168.4.1" stood over the code's bottom rows for 4 s
    s = _table()
    try:
        assert s.app.top().name == "table_codes"
        assert s.app.toast_text is None
        assert _lint(s) == []
    finally:
        s.close()


def test_a_home_network_name_breaks_between_its_words():
    s = _table(net="home")
    try:
        rows = s.screen_text()
        assert rows[0] == "On Casa" and rows[1] == "Rossi"
        c = s.app.canvas
        assert screen_lint.check(c.frame(), c.width, c.height, covers=c.covers(), screen="table_codes",
                                 extra_words={"Casa", "Rossi"}) == []
    finally:
        s.close()


def test_the_password_is_labelled_on_a_128x32_panel():
    with open(os.path.join(TOURS, "oled_128x32.toml")) as f:
        s = _table(settings=f.read())
    try:
        assert s.app.canvas.rows == 4
        rows = s.screen_text()
        assert rows[1].startswith("pw ")
    finally:
        s.close()


def test_a_home_network_is_named_on_a_128x32_panel_too():
    # the one code's page showed only the address: on which network?
    with open(os.path.join(TOURS, "oled_128x32.toml")) as f:
        s = _table(settings=f.read(), net="home")
    try:
        assert s.screen_text()[:3] == ["192.168.", "1.23:8080", "on Casa Rossi"]
    finally:
        s.close()
