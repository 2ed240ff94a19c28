# Animal Maniacs: random legal play (core/animal_maniacs_sim.py) under many
# options keeps every invariant of the ledger.
import pytest
from hypothesis import given, settings, strategies as st

from menagerie.core import animal_maniacs_data as D
from menagerie.core.animal_maniacs import AnimalManiacsGame
from menagerie.core.animal_maniacs_sim import play
from menagerie.core.game import RuleError

OPTIONS = st.fixed_dictionaries({
    "players": st.integers(2, 5),
    "wild": st.integers(1, 12),
    "hand": st.sampled_from([4, 5]),
    "colour": st.integers(0, 2),
    "zoos": st.sampled_from([0, 1]),
    "limited": st.integers(0, 2),
    "deck": st.integers(0, 1),
    "end": st.integers(0, 1),
    "hunt_loss": st.integers(0, 1),
    # 1 the device's new games, 0 a game saved by firmware before issue 23
    "edition": st.integers(0, 1),
})


def objectives_met(g, p):
    # Counted again from the place lists, not with the data module's helper.
    zoo = [a // 3 for a in g.zoo(p)]
    kinds = len(set(zoo))
    pairs = len([s for s in set(zoo) if zoo.count(s) >= 2])
    kills = len(g.wall(p))
    need = (3, 7, 7) if g.n <= 3 else (2, 5, 5)
    got = 0
    for i, v in enumerate((pairs, kinds, kills)):
        if g.objs[p] & (1 << i) and v >= need[i]:
            got |= 1 << i
    return got


def check(g, a):
    n = g.n
    places = g.where(D.BOWL) + g.wild() + g.where(D.ACE) + g.where(D.DEAD)
    for p in range(n):
        places += g.zoo(p) + g.wall(p)
    assert sorted(places) == list(range(36))  # each animal in exactly one place
    assert all(0 <= h <= g.hand_size for h in g.hand)
    assert all(x >= 0 for x in g.lost)
    wild = g.wild()
    assert len(wild) <= g.wild_size
    if g.where(D.BOWL):
        assert len(wild) == g.wild_size
    for s in range(12):
        if g.endangered[s] == 1:
            for m in range(3 * s, 3 * s + 3):
                assert g.loc[m] == D.ACE or g.loc[m] in (D.BOWL, D.DEAD) \
                    or g.loc[m] >= D.WALL
        assert g.on_ace(s) == [] or g.endangered[s] >= 1
    for b in g.borrowed:
        assert g.loc[b[0]] == D.ZOO + b[2] and b[1] != b[2]
    met = [objectives_met(g, p) for p in range(n)]
    if not g.over():
        assert met == [0] * n, (met, a)
    elif not g.ended:
        assert g.winners() == [p for p in range(n) if met[p]]
        assert g.win_by == [met[p] for p in g.winners()]
    if g.over():
        assert g.legal() == []


@settings(max_examples=40, deadline=None)
@given(OPTIONS, st.integers(0, 2 ** 31 - 1))
def test_random_play_keeps_the_invariants(options, seed):
    options["start"] = seed % options["players"]
    g = play(options, seed, 1500, check)
    for a in (("pass",), ("stop",), ("refill", 0), ("card", 0, 5, 0)):
        if g.over():
            with pytest.raises(RuleError):
                g.apply(a)
    # The game is its actions: replay gives the same state, undo one less.
    r = AnimalManiacsGame.replay(g.options, g.seed, [list(x) for x in g.actions])
    assert r.dump() == g.dump()
    u = g.undo()
    assert u.actions == g.actions[:-1]


@settings(max_examples=30, deadline=None)
@given(OPTIONS, st.integers(0, 2 ** 31 - 1), st.data())
def test_refused_actions_change_nothing(options, seed, data):
    g = play(options, seed, data.draw(st.integers(0, 200)))
    before = g.dump()
    junk = data.draw(st.tuples(
        st.sampled_from(["capture", "hunt", "borrow", "card", "draw", "jack", "king", "trade",
                         "btrade", "wtrade", "ehunt", "ecapture", "queen", "zoo", "x"]),
        st.integers(-2, 40), st.integers(-2, 12), st.integers(-1, 2)))
    try:
        g.apply(junk[:data.draw(st.integers(1, 4))])
    except RuleError as e:
        lines = str(e).split("\n")
        assert len(lines) <= 2 and all(len(x) <= 21 for x in lines), str(e)
        assert g.dump() == before


def test_a_bare_draw_needs_the_card_when_the_table_deals():
    # With the table's deck the drawn card is entered: ("draw",) alone (the
    # device-deck form) is refused, not dealt from a deck the game lacks.
    from menagerie.core.animal_maniacs_sim import pick
    from menagerie.core.rng import Rng

    for seed in range(50):
        g = AnimalManiacsGame({"players": 3, "deck": 0}, seed)
        rng = Rng(seed, 7)
        while not g.over() and len(g.actions) < 400:
            if ("draw",) in g.legal():
                before = g.dump()
                with pytest.raises(RuleError):
                    g.apply(("draw",))
                assert g.dump() == before
                return
            g.apply(pick(g, rng))
    pytest.fail("no contest with a draw reached")
