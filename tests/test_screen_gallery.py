"""Every screen right at first glance (issue 26): the screen lint passes over
every frame of the gallery's tours (sim/gallery.py), the gallery shows every
screen the firmware has, and the lint itself catches each kind of defect on
frames made to have it. (tests/test_host_docs.py checks that the contact
sheets in docs/screens/ match what the firmware draws.)"""
import glob
import os
import re

import pytest

from sim import gallery, screen_lint
from sim.runner import Session

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHEETS = [(part, board) for part, board, _ in gallery.sheets()]
# The panel size of each sheet's board (the table view's sheets are the W
# boards', at each size)
SIZE = {gallery.PICO: "128x64", gallery.W64: "128x64", gallery.FEATHER: "128x32", gallery.W32: "128x32"}

# Screens the gallery does not show yet, and why: a screen added without a
# tour fails test_the_gallery_shows_every_screen; one given a tour must leave
# this list.
NOT_SHOWN = {
    "screen": "the base class's name, never shown",
    "waa_next": "drawn for one tick between two screens",
    "busy": "ui/screen.Busy: up for the loop steps of a slow press's work, within the press (tests/test_presses.py)",
    "confirm": "confirm()'s default name: every confirmation names itself",
    "message": "Message's default name: every message names itself",
    "menu": "Menu's default name: every menu of the firmware names itself",
}
NOT_SHOWN_ON = {
    "128x64": {
        "pz_no_buzzer": "only a board with fewer buttons than players says it",
    },
    "128x32": {},
}


def _findings(part, board):
    out = []
    gallery.tour(part, board, out)
    return [f.label for f in out]


@pytest.mark.parametrize("part,board", SHEETS)
def test_the_lint_passes_over_every_frame_of_the_tours(part, board):
    assert _findings(part, board) == []


def _screen_names():
    names = set()
    files = glob.glob(os.path.join(ROOT, "firmware", "menagerie", "ui", "*.py"))
    files += glob.glob(os.path.join(ROOT, "firmware", "menagerie", "table", "*.py"))
    for f in files:
        with open(f) as fh:
            for m in re.finditer(r'name *= *"([a-z_]+)"|name="([a-z_]+)"', fh.read()):
                names.add(m.group(1) or m.group(2))
    return names


@pytest.mark.parametrize("size", ["128x64", "128x32"])
def test_the_gallery_shows_every_screen(size):
    shown = set()
    for part, board in SHEETS:
        if SIZE[board] == size:
            shown |= set(s.screen for s in gallery.tour(part, board))
    missing = _screen_names() - shown
    declared = set(NOT_SHOWN) | set(NOT_SHOWN_ON[size])
    assert missing <= declared, "screens with no tour in sim/gallery.py: %s" % sorted(missing - declared)
    assert not (declared & shown), "shown now, take them off NOT_SHOWN: %s" % sorted(declared & shown)


def test_the_screen_names_are_found():
    # the check above cannot pass on an empty list: the names it reads
    names = _screen_names()
    assert {"main_menu", "am_objs", "table_codes", "table_note", "bowl_history"} <= names


def test_every_sheet_names_its_screens_and_board():
    for part, board in SHEETS:
        shots = gallery.tour(part, board)
        assert shots, (part, board)
        assert all(s.screen for s in shots)


def test_the_recording_is_the_simulators_only():
    # The board's canvas keeps no rectangles: a plain session's canvas is the
    # firmware's own class; only a recording session (the gallery's) has them.
    from menagerie.ui.canvas import Canvas
    from sim.screen_record import RecordingCanvas

    s = Session("raspberry_pi_pico", seed=1)
    assert type(s.app.canvas) is Canvas and not hasattr(s.app.canvas, "draws")
    r = Session("raspberry_pi_pico", seed=1, record=True)
    assert isinstance(r.app.canvas, RecordingCanvas) and r.app.canvas.frame()
    with open(os.path.join(ROOT, "firmware", "menagerie", "ui", "canvas.py")) as f:
        assert "draws" not in f.read()


# -- the lint catches each defect --------------------------------------------
def _frame(draw, board="raspberry_pi_pico"):
    # Draw on a recording canvas as a screen would: -> findings
    s = Session(board, seed=1, record=True)
    c = s.app.canvas
    c.clear()
    draw(c)
    return screen_lint.check(c.frame(), c.width, c.height, covers=c.covers(), screen="test")


def test_the_lint_finds_text_cut_at_the_edge():
    assert _frame(lambda c: c.text(3, 0, "Bear Monkey dies, 3 left"))[0].startswith("cut at the edge")
    assert _frame(lambda c: c.big(2, 100, "42"))[0].startswith("cut at the edge")
    assert _frame(lambda c: c.text(3, 0, "Bear Monkey dies")) == []


def test_the_lint_finds_a_word_cut_at_the_end_of_a_line():
    assert _frame(lambda c: c.center(7, "OK, or a player's P"))[0].startswith("cut word")
    assert _frame(lambda c: c.text(7, 0, "Capture Polar bea"))[0].startswith("cut word")
    assert _frame(lambda c: c.text(7, 0, "Capture Polar bear")) == []


def test_the_lint_finds_a_banner_over_part_of_the_digits():
    from menagerie.ui import scoregrid

    def banner_over_totals(c):
        scoregrid.draw(c, 5, 30, "169")
        c.source = "toast"
        c.fill_row(7)
        c.center(7, "Undone", invert=True)

    found = _frame(banner_over_totals)
    assert found and found[0].startswith("covered") and "169" in found[0]

    def banner_over_a_key_line(c):
        c.text(7, 0, "OK: round  UP: menu")
        c.source = "toast"
        c.fill_row(7)
        c.center(7, "Undone", invert=True)

    assert _frame(banner_over_a_key_line) == []   # hidden whole: nothing misread


def test_the_lint_finds_text_over_text():
    found = _frame(lambda c: (c.text(7, 0, "won the tie-break"), c.right(7, "OK: on")))
    assert found and found[0].startswith("covered")


def test_the_lint_finds_tall_type_touching_its_neighbours():
    from menagerie.ui import scoregrid

    def two_rows(c):
        scoregrid.draw(c, 2, 30, "203")
        scoregrid.draw(c, 5, 30, "169")

    assert _frame(two_rows) == []  # the digits keep a blank row under them

    def big_type_under_an_old_bar(c):
        # a title bar's bottom pixel row lit (as bars were), big type under it
        c.text(0, 1, "Bowl")
        c.hline(0, 7, 0, 127)
        c.big(1, 20, "SLAP!")

    found = _frame(big_type_under_an_old_bar)
    assert found and found[0].startswith("touching")


def test_the_lint_finds_a_screen_without_keys():
    s = Session("adafruit_feather_rp2040", seed=1, record=True)
    c = s.app.canvas
    keys = gallery.key_words(s.profile)
    c.clear()
    c.center(1, "4", 2)
    assert not screen_lint.says_keys(c.frame(), keys)
    c.center(3, "A +1  C -1  B ok")
    assert screen_lint.says_keys(c.frame(), keys)
    # the Pico's words are not the Feather's buttons
    c.clear()
    c.center(3, "UP/DOWN change")
    assert not screen_lint.says_keys(c.frame(), keys)


def test_the_lint_finds_texts_run_together():
    from menagerie.ui.screen import title_bar

    frame = _frame
    found = frame(lambda c: title_bar(c, "Benjamin's turn", "hand 5"))
    assert found and found[0].startswith("run together")
    assert frame(lambda c: title_bar(c, "Benjami's turn", "hand 5")) == []
    found = frame(lambda c: (c.text(3, 0, "Hunt"), c.text(3, 24, "Pass")))   # "HuntPass"
    assert found and found[0].startswith("run together")
    assert frame(lambda c: (c.text(3, 0, "Hunt"), c.text(3, 30, "Pass"))) == []
