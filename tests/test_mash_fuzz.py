"""Button mashing through the headless runner, with power cuts at random
instants (between actions and in the middle of flash writes), on both boards.

Invariants after every sequence:
- no exception escapes the app (the runner runs it in strict mode);
- the saved record replays to exactly the game on screen;
- every bowl accounts for each item once (drawn or still in the bowl);
- after a power cut the app is back on a state that was saved before.
Every button bounces like a real contact (sim/hardware.py), a different
amount in each sequence, up to 5 extra open/close pairs over 10 ms on every
press and release; MASH_BOUNCE=0 turns that off.
Set MASH_SEQUENCES to run more (the default keeps the suite quick).
"""
import json
import os
import random

import pytest

from menagerie import games
from sim.runner import Session

SEQUENCES = int(os.environ.get("MASH_SEQUENCES", "1200"))
PRESSES = 60
BOUNCE = os.environ.get("MASH_BOUNCE", "1") != "0"
BOUNCES = ((0, 0), (1, 2), (2, 4), (3, 6), (5, 10))


def _game_dump(g):
    return None if g is None else g.dump()


def check_invariants(s):
    app = s.app
    json.dumps(app.state(), sort_keys=True)
    rec = app.record()
    json.dumps(rec)
    if app.game is not None:
        r = rec["game"]
        again = games.game_class(r["game"]).replay(r["options"], r["seed"], r["actions"])
        assert again.dump() == app.game.dump()
    for pool in app.bowls:
        b = app.bowls[pool]
        if b.dice:
            continue
        items = sorted(b.bowl + b.out)
        assert items == list(range(b.size())), pool


def saved_state(s):
    # What a reboot would find: load the store the way the app does.
    from menagerie.store import Store

    record, _ = Store(s.regions).load()
    return record


def _pick(rnd, names):
    # Lean on OK so that sequences get deep into games instead of circling
    # the main menu; every button still comes up.
    if rnd.random() < 0.35 and "OK" in names:
        return "OK"
    return rnd.choice(names)


def mash(board, seed, seen=None):
    rnd = random.Random(seed)
    bounce = random.Random(-seed).choice(BOUNCES) if BOUNCE else None  # own draw: same presses
    s = Session(board, seed=seed, bounce=bounce)
    names = list(s.hw.buttons.names)
    for _ in range(PRESSES):
        if seen is not None:
            seen.add(s.app.top().name)
        r = rnd.random()
        if r < 0.03:
            before = saved_state(s)
            s.powercut()
            after = s.app.record()
            assert after["game"] == (before or {}).get("game"), "power cut lost or invented a game state"
        elif r < 0.05:
            for reg in s.regions:
                if hasattr(reg, "cut_after"):
                    reg.cut_after(rnd.randrange(1, 3000), torn=rnd.random() < 0.5)
                    break
            s.press(_pick(rnd, names))
            for reg in s.regions:
                if hasattr(reg, "no_cut"):
                    reg.no_cut()
        elif r < 0.10:
            s.hold(_pick(rnd, names), rnd.choice((650, 900, 1500)))
        elif r < 0.15:
            s.advance(rnd.randrange(1, 3000))
        else:
            s.press(_pick(rnd, names))
        check_invariants(s)
    return s


# Screens the mashing must reach, so that it cannot quietly stop testing
# the games (e.g. if a menu changed and every sequence got stuck).
MUST_REACH = ("main_menu", "bowl", "ai_sheet", "pz_open", "settings")


@pytest.mark.parametrize("board", ["raspberry_pi_pico", "adafruit_feather_rp2040"])
def test_mashing_buttons_never_breaks_the_app(board):
    seen = set()
    for seed in range(SEQUENCES // 2):
        try:
            mash(board, 1000 + seed, seen)
        except Exception as e:
            raise AssertionError("mash seed %d on %s: %r" % (1000 + seed, board, e)) from e
    missing = [n for n in MUST_REACH if n not in seen]
    assert not missing, "never reached %s (saw %s)" % (missing, sorted(seen))
    print("%s: %d sequences of %d presses, %d screens reached" % (board, SEQUENCES // 2, PRESSES, len(seen)))
