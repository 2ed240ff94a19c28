# Bowls compacted (core/bowl_compact.py, issue 9 item 5): a die keeps no
# history beyond what its screens show, a pool keeps what is out and the
# draws its history lists, so thousands of rolls never starve a game's saves.
# Only the prefix before the last KEEP actions is folded, with the rng's
# exact state: the compacted bowl draws what the uncompacted one would, and
# undo goes back through those KEEP actions as before.
import json
import random

import pytest
from hypothesis import given, settings, strategies as hs

from menagerie.core.bowl import BowlGame
from menagerie.core.bowl_compact import KEEP, LIMIT, compact
from menagerie.core.game import RuleError
from sim.runner import Session, run_script

POOLS = ("maniacs", "cards", "panicozoo", "start", "d6", "d20")


def _seen(b):
    # Everything a screen shows of a bowl: the title's count, the big last
    # draw, what is out (in draw order), the history's newest KEEP lines.
    draws = b.draws()
    return {"count": b.earlier + len(draws), "last": b.last(), "out": list(b.out),
            "remaining": b.remaining(), "history": draws[-KEEP:], "legal": b.legal()}


def _play(b, rng, n):
    for _ in range(n):
        acts = b.legal()
        b.apply(acts[rng.randrange(len(acts))] if rng.random() < 0.3 else acts[0])


@settings(max_examples=60, deadline=None)
@given(hs.sampled_from(POOLS), hs.integers(0, 2 ** 32 - 1), hs.lists(hs.integers(1, 70), min_size=1, max_size=4))
def test_a_compacted_bowl_shows_what_it_showed_and_replays_exactly(pool, seed, runs):
    rng = random.Random(seed)
    b = BowlGame({"pool": pool, "players": 4}, seed)
    for n in runs:
        _play(b, rng, n)
        before = _seen(b)
        c = compact(b)
        assert c.actions == b.actions[-KEEP:] and _seen(c) == before
        assert len(c.draws()) <= KEEP + len(c.actions)
        r = c.record()
        again = BowlGame.replay(r["options"], r["seed"], r["actions"])
        assert _seen(again) == before and again.dump() == c.dump()
        b = c
    # And it plays on: replay of the compacted record plus more actions.
    _play(b, rng, 5)
    r = b.record()
    assert _seen(BowlGame.replay(r["options"], r["seed"], r["actions"])) == _seen(b)


@settings(max_examples=40, deadline=None)
@given(hs.sampled_from(POOLS), hs.integers(0, 2 ** 32 - 1), hs.integers(LIMIT, 200),
       hs.integers(1, 40), hs.integers(0, KEEP))
def test_compacting_changes_no_draw_and_undo_goes_back_as_far(pool, seed, n, later, back):
    # The bowl screen's rule (compact at LIMIT actions, before the next one)
    # beside the same bowl never compacted: every draw the same, and undo
    # through the kept actions gives what the uncompacted bowl's undo gives.
    rng = random.Random(seed)
    b = BowlGame({"pool": pool, "players": 4}, seed)
    whole = BowlGame({"pool": pool, "players": 4}, seed)
    for k in range(n + later):
        if len(b.actions) >= LIMIT:
            b = compact(b)
            assert len(b.actions) == KEEP
        acts = whole.legal()
        a = acts[rng.randrange(len(acts))] if rng.random() < 0.3 else acts[0]
        b.apply(a)
        whole.apply(a)
        assert b.last() == whole.last() and b.out == whole.out and b.bowl == whole.bowl
    assert _seen(b) == _seen(whole)
    for _ in range(min(back, len(b.actions))):
        b = b.undo()
        whole = whole.undo()
        assert _seen(b) == _seen(whole)
    # A saved record of it (JSON, as the store writes it) comes back the same.
    r = json.loads(json.dumps(b.record()))
    assert _seen(BowlGame.replay(r["options"], r["seed"], r["actions"])) == _seen(b)


def test_a_bowl_saved_by_the_older_compaction_still_loads_and_plays():
    # The start form before the exact rng state (three items; the rng from
    # the seed compact() derived): tests/golden's line of that time.
    old = {"pool": "d6", "players": 4, "start": [[], [4, 0, 2, 0, 3, 0, 3, 0, 0, 0, 3, 2, 2, 0, 4, 5], 32]}
    b = BowlGame(old, 22673757)
    assert b.earlier == 32 and b.draws() == old["start"][1]
    again = BowlGame(old, 22673757)
    for _ in range(40):
        b.apply(("roll",))
        again.apply(("roll",))
    assert b.draws() == again.draws()
    b = compact(b)  # and compacts into the new form
    assert len(b.options["start"]) == 4 and b.draws() == again.draws()[-len(b.draws()):]
    assert b.earlier + len(b.draws()) == 32 + 16 + 40


def test_a_compacted_bowl_saves_small():
    # 5,000 d20 rolls and 3,000 card draws: each record stays a few hundred
    # bytes (KEEP actions and KEEP listed draws, the rng state, what is out).
    for pool, n in (("d20", 5000), ("cards", 3000)):
        b = BowlGame({"pool": pool, "players": 4}, 9)
        most = 0
        for k in range(n):
            if len(b.actions) >= LIMIT:
                b = compact(b)
                most = max(most, len(json.dumps(b.record(), separators=(",", ":"))))
            if pool == "cards" and b.out and (k % 3 == 0 or not b.remaining()):
                b.apply(("return", b.out[-1]))
            else:
                b.apply(("roll",) if b.dice else ("draw",))
        print(pool, "largest compacted record", most, "bytes")
        assert most < (400 if pool == "d20" else 700), most


def test_later_draws_stay_fair_and_a_pool_never_repeats_an_item():
    b = BowlGame({"pool": "cards", "players": 4}, 7)
    for _ in range(30):
        b.apply(("draw",))
    b = compact(b)
    out = list(b.out)
    while b.remaining():
        b.apply(("draw",))
    assert sorted(b.out) == list(range(b.size())) and b.out[:30] == out
    # A die after many compactions: every face still comes up about as often.
    d = BowlGame({"pool": "d6", "players": 4}, 3)
    faces = [0] * 6
    for k in range(6000):
        if len(d.actions) >= LIMIT:
            d = compact(d)
        d.apply(("roll",))
        faces[d.last()] += 1
    assert d.earlier + len(d.draws()) == 6000
    assert min(faces) > 850 and max(faces) < 1150, faces


@pytest.mark.parametrize("start", [
    "x", [], [[0], [0]], [[0, 0], [], 0], [[99], [], 0], [[], [], -1], [[], [True], 0],
    [[], [], 1.5], [["a"], [], 0], [[], [], 0, -1], [[], [], 0, 2 ** 64], [[], [], 0, True],
    [[], [], 0, "7"], [[], [], 0, 1.0], [[], [], 0, 1, 2],
])
def test_an_odd_start_is_refused_with_a_short_message(start):
    with pytest.raises(RuleError) as e:
        BowlGame({"pool": "maniacs", "players": 4, "start": start}, 1)
    assert all(len(line) <= 21 for line in str(e.value).split("\n"))


def test_a_die_with_a_start_refuses_items_out():
    with pytest.raises(RuleError):
        BowlGame({"pool": "d6", "players": 4, "start": [[1], [], 0]}, 1)


def test_thousands_of_rolls_beside_a_game_in_progress_and_the_game_still_saves():
    # The bowl screen compacts before OK once a bowl holds LIMIT actions:
    # 5,000 d20 rolls and 3,000 card draws with put-backs (the actions menu's
    # "Put last back") beside a Panicozoo game; then the game's next action
    # saves, and after a power cut everything comes back as it was.
    from menagerie.ui.bowl_screen import BowlScreen
    s = Session("raspberry_pi_pico", seed=4)
    app = s.app
    assert app.new_game("panicozoo", {"players": 3}) is not None
    for _ in range(3):
        assert app.act(app.game.legal()[0])
    app.bowl("d20")
    scr = BowlScreen(app, "d20")
    for k in range(5000):
        n = app.bowls["d20"].earlier + len(app.bowls["d20"].draws())
        scr.key(app, "OK", 0)  # what the OK button does on the bowl screen
        assert app.bowls["d20"].earlier + len(app.bowls["d20"].draws()) == n + 1, k
    app.bowl("cards")
    scr = BowlScreen(app, "cards")
    most = 0
    for k in range(3000):
        b = app.bowls["cards"]
        if b.out and (k % 3 == 0 or not b.remaining()):
            assert app.act(("return", b.out[-1]), b), k
        else:
            scr.key(app, "OK", 0)
        most = max(most, len(app.bowls["cards"].actions), len(app.bowls["d20"].actions))
    assert most <= LIMIT + 2
    assert app.bowls["d20"].earlier + len(app.bowls["d20"].draws()) == 5000
    n = len(app.game.actions)
    assert app.act(app.game.legal()[0])
    seen = (_seen(app.bowls["d20"]), _seen(app.bowls["cards"]), len(app.game.actions))
    s.powercut()
    app = s.app
    app.bowls_in()   # the restored bowls are replayed when first wanted
    assert len(app.game.actions) == n + 1
    assert (_seen(app.bowls["d20"]), _seen(app.bowls["cards"]), len(app.game.actions)) == seen
    # The restored compacted bowls needed core/bowl_compact.py; leaving the
    # bowl screen drops it.
    import sys
    s.app.push(BowlScreen(s.app, "d20"))
    s.app.top().key(s.app, "BACK", 0)
    assert "menagerie.core.bowl_compact" not in sys.modules


@pytest.mark.parametrize("board", ["raspberry_pi_pico", "adafruit_feather_rp2040"])
def test_the_history_and_the_title_count_every_roll(board, tmp_path):
    # 60 rolls: compacted at the 49th (the first 32 folded: 16 counted, 16
    # listed; the last 16 kept as actions), 12 more.
    s = Session(board, seed=2)
    run_script(s, "DOWN 4\nOK\nDOWN 4\nOK\nscreen bowl\nOK 60\nexpect rolls 60\n")
    s.png(str(tmp_path / "d6.png"))
    run_script(s, "UP\nexpect History (60)\nexpect 60.\n")
    assert s.app.bowls["d6"].earlier == 16
    s.png(str(tmp_path / "d6_history.png"))
    # Scrolled to the end (the Feather shows 3 lines, the Pico 7).
    run_script(s, "DOWN %d\nexpect +16 earlier\nexpect 17.\n" % (45 - (7 if "pico" in board else 3)))
    s.png(str(tmp_path / "d6_history_end.png"))
    assert not any(line.startswith("16.") for line in s.screen_text())


def _undo_script(dice):
    # The actions menu's Undo: the first item for a die, the fourth for a pool.
    return "DOWN\n%sexpect >Undo\nOK\nexpect Undone\nscreen bowl\nwait 2500\n" % ("" if dice else "DOWN 3\n")


@pytest.mark.parametrize("board", ["raspberry_pi_pico", "adafruit_feather_rp2040"])
def test_undo_after_sixty_draws_steps_back_past_the_compaction(board, tmp_path):
    # Through the buttons: 60 draws from the cards (a reshuffle after 30)
    # and 60 rolls of a d6, each compacted at its 49th action, then five
    # undos each; every step shows what the bowl never compacted shows.
    from menagerie.core.bowl import BowlGame
    for pool, down, acts in (
            ("cards", 1, [("draw",)] * 30 + [("reshuffle",)] + [("draw",)] * 30),
            ("d6", 4, [("roll",)] * 60)):
        dice = pool == "d6"
        s = Session(board, seed=3)
        pico = "pico" in board
        script = "DOWN 4\nOK\nDOWN %d\nOK\nscreen bowl\n" % down
        if dice:
            script += "OK 60\nexpect rolls 60\n"
        else:
            script += ("OK 30\nDOWN\nDOWN 2\nexpect >Reshuffle all\nOK\nDOWN\nOK\nexpect 54 left\n"
                       "OK 30\nexpect 24 left\n")
        run_script(s, script)
        b = s.app.bowls[pool]
        assert b.options["start"] is not None and len(b.options["start"]) == 4  # compacted
        assert len(b.actions) == len(acts) - 48 + KEEP
        s.png(str(tmp_path / ("%s_60.png" % pool)))
        o = dict(b.options)
        o["start"] = None
        whole = BowlGame.replay(o, b.seed, acts)
        for k in range(5):
            run_script(s, _undo_script(dice))
            b = s.app.bowls[pool]
            whole = whole.undo()
            assert _seen(b) == _seen(whole), (pool, k)
            text = "\n".join(s.screen_text())
            if dice:  # the title and the roll's number count alike
                assert "rolls %d" % (59 - k) in text, text
                assert ("roll %d" if pico else "#%d") % (59 - k) in text, text
            else:
                assert "%d left" % whole.remaining() in text, text
            assert whole.text(whole.last()).split(" ")[0] in text, text
        s.png(str(tmp_path / ("%s_undone.png" % pool)))
        run_script(s, "UP\nexpect History (55)\nexpect 55.\n")
        s.png(str(tmp_path / ("%s_history.png" % pool)))
    print("screens in", tmp_path)


@pytest.mark.parametrize("board", ["raspberry_pi_pico", "adafruit_feather_rp2040"])
def test_undo_past_what_the_compaction_kept_says_it_is_too_old(board):
    # 60 rolls keep 28 actions after the compaction (16 before the 49th
    # and the 12 after it): 28 undos go back, the next one says why it
    # cannot while the history still lists the rolls before.
    s = Session(board, seed=4)
    run_script(s, "DOWN 4\nOK\nDOWN 4\nOK\nscreen bowl\nOK 60\nexpect rolls 60\n")
    kept = len(s.app.bowls["d6"].actions)
    assert kept == 60 - LIMIT + KEEP
    for k in range(kept):
        run_script(s, _undo_script(True))
    assert s.app.bowls["d6"].actions == []
    run_script(s, "expect rolls 32\nDOWN\nexpect >Undo\nOK\nexpect Too old to undo\n")
    assert s.app.bowls["d6"].log, "the history keeps the compacted rolls"
