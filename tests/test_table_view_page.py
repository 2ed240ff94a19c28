"""The table view's page in the real headless Chromium (web/drive.mjs) on a
phone-sized viewport, following a game the simulated board plays in real
time (tests/table_view_helpers.py): after every confirmed entry the page
shows what the OLED shows. Its files equal `menagerie export`'s, byte for
byte, and its player statistics the device's. Every step waits for a
condition (the page took the entry), never a fixed while, except where the
page must notice the device has gone quiet (a Panicozoo race)."""
import json
import os
import random

import pytest

from tests import table_view_helpers as T

PHONE = {"width": 390, "height": 844}
GAME_TEXT = "document.getElementById('game').innerText"


def _actions(n):
    return "window.table.state && window.table.state.game && window.table.state.game.actions === %d" % n


@pytest.fixture(scope="module")
def browser():
    b = T.Browser()
    yield b
    b.close()


def _live(board="raspberry_pi_pico2_w", seed=1):
    d = T.LiveDevice(board, seed=seed)
    return d


def _cells(browser, selector):
    return browser.eval("[...document.querySelectorAll(%r)].map(e => e.innerText.trim())" % selector)


def test_the_page_follows_a_game_as_the_oled_shows_it(browser, tmp_path):
    d = _live()
    try:
        browser.step(op="open", url=d.url, **PHONE)
        browser.wait("window.table.polls > 0 && getComputedStyle(document.body).fontSize === '20px'")
        assert "No game in progress" in browser.eval(GAME_TEXT)
        # Animal Inc, 2 players: the sheet, then two rounds entered on the device
        for n, words in enumerate(["OK DOWN DOWN OK OK OK P1", "P2 RIGHT UP UP OK OK", "P1 RIGHT UP OK OK"]):
            d.play(words.split())
            browser.wait(_actions(n))
            oled = d.do(lambda s: s.screen_text())
            names, totals = oled[2].split(), oled[3].split()
            assert _cells(browser, "#sheet thead th")[1:] == names
            assert _cells(browser, "#sheet tfoot td")[1:] == totals          # the OLED's totals
            assert _cells(browser, ".score-list .n") == totals
            assert "Round %s of 8" % oled[0].split("/")[0][1:] in browser.eval(GAME_TEXT)
            assert len(_cells(browser, "#sheet tbody tr")) == n              # every round so far
        # the leader marked as the sheet marks it (P2 on 190/212, then 201/202)
        assert browser.eval("[...document.querySelectorAll('.score-list li')].map(l => l.className)") == ["", "lead"]
        browser.step(op="screenshot", path=str(tmp_path / "phone-light.png"), viewport=True)
        wide = browser.eval("document.documentElement.scrollWidth")
        assert wide <= PHONE["width"]                                         # nothing off the side
        assert browser.eval("parseFloat(getComputedStyle(document.querySelector('.score-list .n')).fontSize)") >= 30
        # Panicozoo instead (Animal Inc filed as abandoned), round 1 armed:
        d.play("BACK DOWN DOWN DOWN OK DOWN OK OK OK OK OK".split())
        assert d.do(lambda s: s.app.game.phase) == "open"
        # a race is open: the device answers no phone until it is decided
        browser.wait("document.getElementById('live').textContent === 'waiting for the device'", timeout=20)
        d.play(["P1"])
        browser.wait("window.table.state.game.id === 'panicozoo' && window.table.state.game.phase === 'answering'")
        assert d.do(lambda s: s.screen_text()[1]) == "P1!"
        assert "P1 answers" in browser.eval(GAME_TEXT)
        browser.wait("document.getElementById('live').textContent === 'live'")
        d.play(["UP", "OK"])
        browser.wait(_actions(3))
        oled = d.do(lambda s: s.screen_text())               # 'P1 1', 'P2 0'
        board = [line.split() for line in oled[1:3]]
        page = browser.eval("[...document.querySelectorAll('.score-list li')].map(l => l.innerText.split(/\\s+/))")
        assert [[p[0], p[-1]] for p in page] == board
        assert "Round 2 of 14" in browser.eval(GAME_TEXT)
        # a draw from the animals bowl beside the game
        d.play("BACK UP OK DOWN OK OK OK".split())               # menu, Draw bowl, animals
        browser.wait("window.table.state.bowls.length === 1")
        oled = d.do(lambda s: s.screen_text())
        assert browser.eval("document.querySelector('.bowl .big').innerText") == "%s (%s)" % (oled[1], oled[2])
        # the abandoned Animal Inc game in the History and the player statistics
        browser.step(op="click_selector", selector="#tabs [data-tab=history]")
        browser.wait("document.getElementById('history').innerText.includes('abandoned')")
        assert "1 finished game" in browser.eval("document.getElementById('history').innerText")
        browser.step(op="click_selector", selector="#tabs [data-tab=players]")
        text = browser.eval("document.getElementById('players').innerText")
        assert "P1" in text and "1 abandoned" in text
        browser.step(op="click_selector", selector="#tabs [data-tab=files]")
        links = browser.eval("[...document.querySelectorAll('#downloads a')].map(a => a.download)")
        assert links == ["games.csv", "rounds.csv", "stats.csv", "stats.json", "games.json", "bgstats.json"]
        assert d.errors == []
    finally:
        d.close()


def test_the_island_and_the_zoos(browser):
    d = _live(seed=2)
    try:
        # When Animals Attack, two people: the first build
        d.play("DOWN DOWN OK OK DOWN OK DOWN OK OK OK OK".split())
        browser.step(op="open", url=d.url, **PHONE)
        browser.wait(_actions(1))
        rows = browser.eval("[...document.querySelectorAll('#island tr')].map(r => [...r.cells].map(c => c.className + '|' + c.innerText))")
        g = d.do(lambda s: s.app.game)
        assert len(rows) == g.h and all(len(r) == g.w for r in rows)
        for y, row in enumerate(rows):
            for x, cell in enumerate(row):
                i = y * g.w + x
                cls, text = cell.split("|")
                assert ("ter%d" % g.ter[i]) in cls.split()
                assert ("own%d" % g.own[i] in cls.split()) if g.own[i] != 255 else "own" not in cls
                want = (g.roster[g.unit[i]][0][:2] if g.unit[i] != 255 else
                        "R" if g.town[i] == 255 else "H" if g.town[i] else "")
                assert text == want, (x, y)
        tiles = d.do(lambda s: s.app.game.summary()["tiles"])
        page = browser.eval("[...document.querySelectorAll('.score-list li')].map(l => l.innerText)")
        assert [int(p.split()[-4]) for p in page] == tiles     # "1 tile, 1 animal"
    finally:
        d.close()
    d = _live(seed=3)
    try:
        # Animal Maniacs, 3 players: P1 captures (a contest opens)
        d.play("DOWN OK DOWN OK OK OK P1".split())
        browser.step(op="open", url=d.url, **PHONE)
        browser.wait(_actions(0))
        wild = d.do(lambda s: s.screen_text()[1])             # 'W:Ch Gi Mo Go Go Hi'
        chips = browser.eval("[...[...document.querySelectorAll('.chips')].pop().children].map(c => c.innerText)")
        assert "W:" + " ".join(c[:2] for c in chips) == wild
        assert len(_cells(browser, ".card:not(.bowl)")) == 3
        d.play("OK OK".split())
        browser.wait(_actions(1))
        target = d.do(lambda s: s.app.game.c.target)
        from menagerie.core import animal_maniacs_data as D
        assert "P1: capture %s" % D.name(target) in browser.eval(GAME_TEXT)
    finally:
        d.close()


def test_dark_mode_phone_screenshot(browser, tmp_path):
    d = _live()
    try:
        d.play("OK DOWN DOWN OK OK OK P1 P2 RIGHT UP UP OK OK".split())
        browser.step(op="open", url=d.url, dark=True, **PHONE)
        browser.wait(_actions(1))
        bg = browser.eval("getComputedStyle(document.body).backgroundColor")
        fg = browser.eval("getComputedStyle(document.body).color")
        dark = [int(x) for x in bg[4:-1].split(",")]
        light = [int(x) for x in fg[4:-1].split(",")]
        assert sum(dark) < 120 and sum(light) > 600
        path = str(tmp_path / "phone-dark.png")
        browser.step(op="screenshot", path=path, viewport=True)
        assert os.path.getsize(path) > 1000
    finally:
        d.close()


# -- the files: what `menagerie export` writes, made on the phone ------------------

NAMES = ["Ana", "Ben", "Cyd", "Dee", "Émile", 'Jo "Jo"', "a,b", "ana ", "Zoë", "Li\u00a0Na"]


def _entries(rng, n):
    out = []
    for _ in range(n):
        game = rng.choice(["animal_inc", "panicozoo", "animal_maniacs", "when_animals_attack", "other_game"])
        k = rng.randint(2, 4)
        players = rng.sample(NAMES, k)
        rounds = [[rng.randint(-30, 40) for _ in range(k)] for _ in range(rng.randint(0, 6))]
        e = {"game": game, "players": players}
        if rounds or rng.random() < 0.5:
            e["rounds"] = rounds
        if rng.random() < 0.8:
            base = 200 if game == "animal_inc" else 0
            e["scores"] = [base + sum(r[i] for r in rounds) for i in range(k)]
        e["winners"] = sorted(rng.sample(range(k), rng.randint(0, 2)))
        if rng.random() < 0.7:
            e["start"] = rng.randrange(k)
        if rng.random() < 0.2:
            e["abandoned"] = True
        if rng.random() < 0.2:
            e["ended_early"] = True
        if rounds and rng.random() < 0.3:
            e["two_cards"] = rng.randint(1, len(rounds))
        if rounds and rng.random() < 0.3:
            e["tiebreak"] = {"round": len(rounds), "between": rng.sample(range(k), 2)}
        if rng.random() < 0.2:
            e["date"] = "2025-%02d-%02d" % (rng.randint(1, 12), rng.randint(1, 28))
        out.append(e)
    return out


def test_files_equal_menagerie_export_byte_for_byte(browser, tmp_path):
    from host_tools import export

    rng = random.Random(24)
    entries = _entries(rng, 60)
    pulled = tmp_path / "pulled"
    pulled.mkdir()
    (pulled / "history.json").write_text(json.dumps({"history": entries}), encoding="utf-8")
    (pulled / "pull.json").write_text(json.dumps({"pulled_at": "2026-01-02"}), encoding="utf-8")
    games, written = export.export(str(pulled), str(tmp_path / "out"))
    want = {os.path.basename(p): open(p, "rb").read() for p in written}
    d = _live()
    try:
        browser.step(op="open", url=d.url, **PHONE)
        browser.wait("window.table.state !== null")
        got = browser.eval(
            "(() => { const t = Object.fromEntries(window.table.state.titles);"
            " const g = %s.map(e => window.table.normalize(e, t));"
            " return window.table.exportFiles(g, '2026-01-02'); })()" % json.dumps(entries))
    finally:
        d.close()
    assert sorted(got) == sorted(want)
    for name in want:
        assert got[name].encode("utf-8") == want[name], name


def test_player_statistics_are_the_devices(browser):
    # core/season.py (the device's History > Players) against the page's own.
    from menagerie.core.season import player_stats

    entries = _entries(random.Random(7), 40)
    d = _live()
    try:
        browser.step(op="open", url=d.url, **PHONE)
        browser.wait("window.table.state !== null")
        got = browser.eval("window.table.playerStats(%s)" % json.dumps(entries))
    finally:
        d.close()
    assert got == player_stats(entries)
