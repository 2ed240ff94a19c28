"""Every game in the registry: once over(), legal() is empty and apply()
refuses anything, leaving the game as it was (issue 12: Panicozoo with the
first-timers aid took an animal after the final)."""
from hypothesis import given, settings, strategies as st

from menagerie import games
from menagerie.core.animal_inc_sim import new_round, play_round
from menagerie.core.game import RuleError
from menagerie.core.panicozoo import PanicozooGame
from menagerie.core.rng import Rng


def _concrete(game, action, rng):
    # legal() may list an action whose free fields are filled at entry
    # (Animal Inc's round): play a card-level round to fill them.
    if game.GAME_ID == "animal_inc" and action == ("round",):
        return play_round(new_round(game, rng), rng).entry()
    return action


def _play_to_the_end(game, rng, limit=3000):
    # Random legal play; returns every action offered along the way.
    offered = []
    steps = 0
    while not game.over() and steps < limit:
        acts = game.legal()
        assert acts, "not over, yet nothing is legal"
        a = _concrete(game, acts[rng.below(len(acts))], rng)
        offered.append(a)
        try:
            game.apply(a)
        except RuleError:
            pass  # a legal kind with a refused detail (a race with no slap)
        steps += 1
    return offered


def _options(game_id, rng):
    if game_id == "animal_inc":
        return {"players": 2 + rng.below(3), "rounds": 1 + rng.below(4)}
    if game_id == "panicozoo":
        return {"players": 2 + rng.below(5), "mode": ("classic", "young")[rng.below(2)],
                "first_timers": rng.below(2)}
    return {}


def _check_refuses(game, probes):
    before = game.dump()
    assert game.legal() == []
    for a in probes:
        try:
            game.apply(a)
        except RuleError:
            continue
        raise AssertionError("%s accepted %r after over()" % (game.GAME_ID, a))
    assert game.dump() == before


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**31), st.sampled_from([e[0] for e in games.GAMES]))
def test_a_finished_game_accepts_nothing(seed, game_id):
    rng = Rng(seed)
    game = games.game_class(game_id)(_options(game_id, rng), seed)
    offered = _play_to_the_end(game, rng)
    if not game.over():
        # The draw bowl never ends: nothing to check beyond the walk above.
        assert game_id == "bowl"
        return
    probes = list(offered[-20:]) + [("end",), ("open",), ("found", 0), ("draw",), ("slap", 0)]
    _check_refuses(game, probes)
    # and the same holds for the game rebuilt from its record (resume)
    r = game.record()
    again = type(game).replay(r["options"], r["seed"], r["actions"])
    assert again.over()
    _check_refuses(again, probes)


def _win_round(g, p):
    g.apply(("open",))
    g.apply(("slap", p))
    g.apply(("right",))


def test_panicozoo_first_timers_takes_no_animal_after_the_final():
    g = PanicozooGame({"players": 2, "first_timers": 1}, 3)
    for r in range(14):
        _win_round(g, 0)
        if not g.over():
            g.apply(("found", r))
    assert g.over()
    assert g.found_by is None
    assert [a for a in g.legal() if a[0] == "found"] == []
    try:
        g.apply(("found", 14))
    except RuleError as e:
        assert str(e) == "Game over"
    else:
        raise AssertionError("an animal was recorded after the final")
