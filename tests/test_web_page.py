"""The browser page (make web) in a real headless Chromium: the firmware on
MicroPython WebAssembly plays exactly as the headless simulator does.

Each browser session is one `node web/drive.mjs` run; the page's loop runs
on real time, so every step waits for a condition (the event taken, a
screen shown), never for a fixed while. Needs /usr/bin/chromium and
web/node_modules (`make test` installs both when it can)."""
import os

import pytest

from sim.render import to_png
from sim.runner import Session, run_script
from tests import web_helpers as wh

# Animal Inc, 2 players, 8 rounds on the Pico: round 1 entered from the
# sheet (P2's button: tier 5 reached, P2 last; the sum 6 -> 10 -> 12; P1's
# highest card left at 10, OK saves), then the score sheet of round 2.
AI_PRESSES = ("OK DOWN DOWN OK OK OK P1 P2 RIGHT UP UP OK OK").split()
# Panicozoo, 4 players: round 1 opened, then P3 and P1 slap in one frame.
PZ_PRESSES = "DOWN DOWN DOWN OK OK OK OK OK".split()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    why = wh.missing()
    if why:
        pytest.fail("browser tests cannot run: " + why)
    site = wh.build(str(tmp_path_factory.mktemp("web")))
    srv = wh.Server(site)
    yield srv
    srv.close()


def _screen_is(name):
    return {"op": "wait", "js": "window.menagerie.screen() === %r" % name}


def _sim(presses, board="pico", seed=1, script_tail=""):
    s = Session(board, seed=seed)
    run_script(s, "\n".join(presses) + "\n" + script_tail)
    return s


def test_boots_to_main_menu_and_takes_real_clicks(server):
    res = wh.drive([
        {"op": "goto", "url": server.url + "?board=pico"},
        _screen_is("main_menu"),
        {"op": "eval", "js": "window.menagerie.text()"},
        {"op": "click", "name": "DOWN"},          # a real mouse click
        {"op": "eval", "js": "window.menagerie.text()"},
        {"op": "eval", "js": "[...document.querySelectorAll('[data-key]')].map(b => b.dataset.key).join(' ')"},
        {"op": "eval", "js": "[document.getElementById('oled').width, document.getElementById('oled').height]"},
    ])
    menu, after, keys, size = res
    assert menu.splitlines()[:2] == ["Menagerie", ">Animal Inc"]
    assert ">Animal Maniacs" in after.splitlines()
    assert keys == "UP LEFT OK RIGHT DOWN BACK P1 P2 P3 P4 P5 P6"
    assert size == [128 * 4 + 24, 64 * 4 + 24]


def test_feather_board_has_three_buttons_and_a_128x32_screen(server):
    res = wh.drive([
        {"op": "goto", "url": server.url + "?board=feather"},
        _screen_is("main_menu"),
        {"op": "press", "name": "DOWN"},
        {"op": "eval", "js": "window.menagerie.text()"},
        {"op": "eval", "js": "[...document.querySelectorAll('[data-key]')].map(b => b.dataset.key).join(' ')"},
        {"op": "canvas"},
    ])
    text, keys, canvas = res
    assert keys == "UP OK DOWN"
    assert (canvas["width"], canvas["height"]) == (128 * 4 + 24, 32 * 4 + 24)
    sim = _sim(["DOWN"], board="feather")
    assert text.splitlines() == sim.screen_text()
    assert wh.frame_from_canvas(canvas, 32) == sim.pixels()


@pytest.fixture(scope="module")
def animal_inc(server):
    # One browser session: the round by clicks, the canvas, then a reload.
    steps = [{"op": "goto", "url": server.url + "?board=pico&seed=1"}, _screen_is("main_menu")]
    steps += [{"op": "press", "name": n} for n in AI_PRESSES]
    steps += [
        _screen_is("ai_sheet"),
        {"op": "eval", "js": "window.menagerie.state()"},
        {"op": "eval", "js": "window.menagerie.text()"},
        {"op": "canvas"},
        {"op": "reload"},                          # the tab closed: a power cut
        {"op": "eval", "js": "window.menagerie.state()"},
        {"op": "eval", "js": "window.menagerie.text()"},
        _screen_is("ai_sheet"),                    # at once (fast boot)
        {"op": "wait", "js": "window.menagerie.state().toast === null"},
        {"op": "eval", "js": "window.menagerie.text()"},
    ]
    res = wh.drive(steps)
    return {"state": res[0], "text": res[1], "canvas": res[2], "boot_state": res[3],
            "boot_text": res[4], "settled_text": res[5], "sim": _sim(AI_PRESSES)}


def test_animal_inc_round_by_clicks_gives_the_simulators_totals(animal_inc):
    web, sim = animal_inc["state"], animal_inc["sim"].app.state()
    assert web["game_id"] == sim["game_id"] == "animal_inc"
    assert web["game"]["scores"] == sim["game"]["scores"] == [190, 212]
    assert web["game"] == sim["game"]
    assert animal_inc["text"].splitlines() == animal_inc["sim"].screen_text()


def test_canvas_equals_the_simulators_frame_byte_for_byte(animal_inc, tmp_path):
    sim = animal_inc["sim"]
    # the dots: the display RAM read back off the canvas, as page bytes
    rows = wh.frame_from_canvas(animal_inc["canvas"], 64)
    assert wh.pack_pages(rows) == wh.pack_pages(sim.pixels())
    assert any(any(r) for r in rows)
    # the whole picture: the simulator's PNG (sim/render.py) pixel for pixel
    from PIL import Image

    png = to_png(sim.pixels(), str(tmp_path / "sim.png"), scale=4)
    img = Image.open(png).convert("RGB")
    w, h, rgb = wh.canvas_rgb(animal_inc["canvas"])
    assert (w, h) == img.size
    assert rgb == img.tobytes()


def test_reload_resumes_the_game_as_a_power_cut_does(animal_inc):
    # fast boot (issue 13): no boot screen without notes, the game's own
    # screen at once, under the page's write policy (not "Saves: on", so it
    # is said in place of "Resumed ...", ui/after_boot.py)
    assert animal_inc["boot_state"]["screen"] == animal_inc["state"]["screen"] == "ai_sheet"
    assert animal_inc["boot_state"]["game"] == animal_inc["state"]["game"]
    assert animal_inc["boot_state"]["toast"] == "Saves: this browser"
    # once the message is gone, the very screen the game was left on
    assert animal_inc["settled_text"] == animal_inc["text"]
    # the simulator's power cut lands on the same screen
    sim = animal_inc["sim"]
    run_script(sim, "powercut\nwait 3000\n")
    assert sim.app.state()["game"] == animal_inc["state"]["game"]
    assert animal_inc["settled_text"].splitlines() == sim.screen_text()


def test_panicozoo_two_keys_in_one_frame_are_a_photo_finish(server):
    steps = [{"op": "goto", "url": server.url + "?board=pico&seed=1"}, _screen_is("main_menu")]
    steps += [{"op": "press", "name": n} for n in PZ_PRESSES]
    steps += [
        _screen_is("pz_open"),
        {"op": "keys", "keys": ["3", "1"]},      # P3 and P1 in the same frame
        _screen_is("pz_answering"),
        {"op": "eval", "js": "window.menagerie.text()"},
    ]
    text = wh.drive(steps)[0]
    assert "Photo finish" in text
    assert "P1 P3 tie: 0 ms" in text
    # the same race in the simulator: the same fair draw from the same seed
    sim = _sim(PZ_PRESSES)
    t = sim.now + 10
    run_script(sim, "at %d P3\nat %d P1\nwait 20\n" % (t, t))
    assert sim.app.top().name == "pz_answering"
    assert text.splitlines() == sim.screen_text()
