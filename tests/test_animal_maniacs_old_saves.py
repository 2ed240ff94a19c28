# Animal Maniacs games saved by the firmware before issue 23's rules (main at
# 61f9870) and resumed by this one after an update (deploy keeps the saves):
# each replays exactly as it was played, and goes on. The games and what the
# old firmware showed after every action (its dump and its legal actions, as
# CRCs) are in tests/data/animal_maniacs_61f9870.json, made by that
# firmware's own code (tests/data/make_animal_maniacs_61f9870.py says how).
# Option edition (absent in these records: 0) keeps the old rules for them.
import binascii
import json
import os

import pytest

from menagerie import record_check
from menagerie.core import animal_maniacs_data as D
from menagerie.core.animal_maniacs import AnimalManiacsGame as G
from menagerie.core.animal_maniacs_sim import pick
from menagerie.core.game import RuleError
from menagerie.core.rng import Rng
from menagerie.store import Store
from mpy_runner import ROOT, run_micropython
from sim.hardware import make_regions
from sim.runner import Session
from test_animal_maniacs_fuzz import check as invariants

DATA = os.path.join(ROOT, "tests", "data", "animal_maniacs_61f9870.json")
with open(DATA) as _f:
    OLD = json.load(_f)["games"]


def crc(lines):
    return "%08x" % (binascii.crc32("\n".join(lines).encode()) & 0xFFFFFFFF)


def seen(g):
    # What the old firmware showed: the state and what may be done next.
    return [crc(g.dump()), crc([repr(a) for a in g.legal()])]


def _ids():
    return ["seed%d-%dp" % (x["record"]["seed"], x["record"]["options"]["players"]) for x in OLD]


def replay_steps(rec, options=None):
    # The record's actions one by one -> (game, what it showed after each,
    # the first refused action's index or None).
    g = G(options or rec["options"], rec["seed"])
    out = []
    for i, a in enumerate(rec["actions"]):
        try:
            g.apply(a)
        except RuleError:
            return g, out, i
        out.append(seen(g))
    return g, out, None


@pytest.mark.parametrize("old", OLD, ids=_ids())
def test_a_game_saved_by_61f9870_replays_as_it_was_played(old):
    rec = old["record"]
    assert "edition" not in rec["options"]   # as that firmware saved it
    g, steps, refused = replay_steps(rec)
    assert refused is None
    assert steps == [s[:2] for s in old["steps"]]   # every action, state and choices
    assert g.dump() == old["dump"]
    # The record as saved at any action replays (restore.py's way) to it.
    acts = rec["actions"]
    for n in range(1, len(acts) + 1, 37):
        assert seen(G.replay(rec["options"], rec["seed"], acts[:n])) == old["steps"][n - 1][:2]


def test_the_records_hold_every_rule_issue_23_changed():
    # Counted on today's firmware as it replays them (not from the maker's
    # labels): each change of issue 23 is exercised by the old records.
    got = dict.fromkeys(("borrow turned over on the borrower's cards", "zookeeper refilled",
                         "Ace", "Ace after a King", "Ace ends a hunt, 2-3 players",
                         "Nairobi rescue", "Berkeley Jack in a borrow", "cut mid-contest"), 0)
    for old in OLD:
        rec = old["record"]
        g = G(rec["options"], rec["seed"])
        for a in rec["actions"]:
            c = g.c
            a = tuple(a)
            if c is not None:
                got["cut mid-contest"] += 1
                if a == ("resolve",) and c.owner >= 0 and c.count(c.owner) == 0:
                    got["borrow turned over on the borrower's cards"] += 1
                if a[0] == "jack" and c.owner >= 0 and a[1] != c.owner and g.zoos[a[1]] == D.BERKELEY:
                    got["Berkeley Jack in a borrow"] += 1
            g.apply(a)
            log = " ".join(g.log)
            if a[0] == "draw" and "Ace!" in log:
                got["Ace"] += 1
                got["Ace after a King"] += len(c.cats) > 0
                got["Ace ends a hunt, 2-3 players"] += c.kind == "hunt" and g.n <= 3
            if a == ("resolve",) and c.kind == "ecapture" and " saved" in log:
                got["Nairobi rescue"] += 1
            if "must refill" in log:
                got["zookeeper refilled"] += 1
    assert min(got.values()) >= 3, got


@pytest.mark.parametrize("old", OLD, ids=_ids())
def test_read_by_issue_23s_rules_they_would_be_other_games(old):
    # Why the option exists: the same actions under today's rules (every
    # new game's edition 1) stop matching, or are refused.
    rec = old["record"]
    o = dict(rec["options"], edition=1)
    g, steps, refused = replay_steps(rec, o)
    assert refused is not None or steps != [s[:2] for s in old["steps"]]


def _borrow_cut(old):
    # The first save of a borrow ready to turn over without the zookeeper's
    # card (a state only the old rules reach): its number of actions, or None.
    rec = old["record"]
    g = G(rec["options"], rec["seed"])
    for i, a in enumerate(rec["actions"]):
        g.apply(a)
        c = g.c
        if c is not None and c.owner >= 0 and c.count(c.owner) == 0 and g.ready():
            return i + 1
    return None


def _cuts(old):
    # Where a save is resumed: a third in, mid-borrow (above), the last
    # action saved.
    acts = old["record"]["actions"]
    cuts = [len(acts) // 3, len(acts), _borrow_cut(old)]
    return sorted(set(x for x in cuts if x is not None))


@pytest.mark.parametrize("old", OLD, ids=_ids())
def test_a_resumed_old_game_goes_on_under_its_own_rules(old):
    rec = old["record"]
    for n in _cuts(old):
        g = G.replay(rec["options"], rec["seed"], rec["actions"][:n])
        assert g.options["edition"] == 0
        rng = Rng(rec["seed"] + n, 5)
        while not g.over() and len(g.actions) < n + 150:
            a = pick(g, rng)
            g.apply(a)
            invariants(g, a)
        # saved again (now with edition 0 written out) and resumed once more
        again = json.loads(json.dumps(g.record()))
        assert again["options"]["edition"] == 0
        r = G.replay(again["options"], again["seed"], again["actions"])
        assert r.dump() == g.dump()
        if g.actions:
            assert g.undo().dump() == G.replay(g.options, g.seed, g.actions[:-1]).dump()


def test_they_replay_alike_under_micropython():
    # The board's interpreter: the same states and choices at every action.
    code = ("import json, binascii\n"
            "from menagerie.core.animal_maniacs import AnimalManiacsGame as G\n"
            "def crc(lines):\n"
            "    return '%%08x' %% (binascii.crc32('\\n'.join(lines).encode()) & 0xFFFFFFFF)\n"
            "with open(%r) as f:\n"
            "    games = json.load(f)['games']\n"
            "for gm in games:\n"
            "    r = gm['record']\n"
            "    g = G(r['options'], r['seed'])\n"
            "    for a in r['actions']:\n"
            "        g.apply(a)\n"
            "        print(crc(g.dump()), crc([repr(x) for x in g.legal()]))\n"
            "    print('end')\n" % DATA)
    want = []
    for old in OLD:
        want += ["%s %s" % tuple(s[:2]) for s in old["steps"]] + ["end"]
    assert run_micropython(code, timeout=240).splitlines() == want


def _app_record(game):
    return {"v": 1, "settings": {"players": game["options"]["players"]}, "screen": "game",
            "game": game, "bowls": []}


def test_the_record_checker_and_pull_keep_old_and_new_games():
    from host_tools.pull import decode

    rec = OLD[0]["record"]
    new = dict(rec, options=dict(rec["options"], edition=1))
    for game in (rec, new):
        r = json.loads(json.dumps(_app_record(game)))
        assert record_check.check(r, {"players": 3}) == []
        assert r["game"] == game
        regions = make_regions()
        Store(regions).save(_app_record(game))
        assert decode(regions)[0]["game"] == game   # `menagerie pull`'s save.json


def test_the_device_resumes_an_old_save_mid_borrow_and_plays_on():
    # The board after `menagerie deploy`: its store holds the old firmware's
    # save of a borrow whose borrower has played and whose zookeeper has not.
    old = OLD[0]
    rec = old["record"]
    n = _borrow_cut(old)
    game = dict(rec, actions=rec["actions"][:n])
    regions = make_regions()
    Store(regions).save(_app_record(game))
    s = Session("raspberry_pi_pico", seed=7, regions=regions)
    text = "\n".join(s.screen_text())
    assert "unreadable" not in text and s.app.state()["screen"] == "am_contest"
    assert s.app.game.dump() == G.replay(rec["options"], rec["seed"], game["actions"]).dump()
    # Its own rules: the cards may be turned over now (the first line).
    assert "Turn cards over" in text
    s.press("OK")
    g = s.app.game
    assert g.actions[-1] == ("resolve",) and g.c is None
    assert len(g.actions) == n + 1 and g.log == G.replay(rec["options"], rec["seed"],
                                                         rec["actions"][:n + 1]).log
    # Saved by the new firmware, and resumed again after a power cut.
    s.powercut()
    assert s.app.game.actions == g.actions and s.app.game.options["edition"] == 0
    assert s.app.state()["screen"] == "am_turn"


def test_history_and_export_take_games_of_both_editions(tmp_path):
    from host_tools import export, history
    from menagerie.ui.animal_maniacs_history import entry

    rec = OLD[1]["record"]   # a 3-player game the old firmware played to its end
    old = G.replay(rec["options"], rec["seed"], rec["actions"])
    assert old.over() and old.options["edition"] == 0
    new = G.replay(dict(rec["options"], edition=1), rec["seed"], [])
    rng = Rng(3, 3)
    while not new.over() and len(new.actions) < 3000:
        new.apply(pick(new, rng))
    assert new.over()
    entries = [entry(g, ["Ann", "Bob", "Cy"]) for g in (old, new)]
    for e in entries:
        assert record_check.entry(e)
        assert sum(sum(r) for r in e["rounds"]) == sum(e["scores"])
    src = tmp_path / "history.json"
    src.write_text(json.dumps(entries))
    games, _ = history.load(str(src))
    assert [g["title"] for g in games] == ["Animal Maniacs"] * 2
    _, written = export.export(str(src), str(tmp_path / "out"))
    assert any(p.endswith("games.csv") for p in written)
