# Draw bowl core: pools as the rulebooks say, every item accounted for under
# random play, uniform draws, replay and undo.
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from menagerie.core import pools
from menagerie.core.bowl import BowlGame
from menagerie.core.game import RuleError
from stats import chi_square, chi_square_critical

DRAWN_POOLS = ["maniacs", "cards", "panicozoo", "start"]


def test_maniacs_pool_is_12_species_of_3_half_red():
    labels, colours = pools.maniacs()
    assert len(labels) == 36
    species = sorted(set(labels))
    assert len(species) == 12 and all(labels.count(s) == 3 for s in species)
    red = sorted(set(labels[i] for i in range(36) if colours[i] == "red"))
    black = sorted(set(labels[i] for i in range(36) if colours[i] == "black"))
    assert red == sorted(["Tiger", "Cheetah", "Lion", "Giraffe", "Camel", "Moose"])
    assert black == sorted(["Gorilla", "Elephant", "Rhino", "Zebra", "Polar bear", "Hippo"])
    assert colours.count("red") == colours.count("black") == 18


def test_card_deck_is_52_plus_two_jokers_with_suit_colours():
    labels, colours = pools.cards()
    assert len(labels) == 54 and len(set(labels)) == 54
    assert labels.count("10 hearts") == 1 and "Q spades" in labels and "A clubs" in labels
    assert labels[-2:] == ["Joker 1", "Joker 2"] and colours[-2:] == [None, None]
    for lab, col in zip(labels, colours):
        if lab.endswith("hearts") or lab.endswith("diamonds"):
            assert col == "red"
        elif lab.endswith("spades") or lab.endswith("clubs"):
            assert col == "black"
    assert colours.count("red") == colours.count("black") == 26
    # A label plus a 2-digit number and a space still fits a 21-char line.
    assert max(len(lab) for lab in labels) <= 18


def test_panicozoo_default_list_and_override():
    assert len(pools.PANICOZOO_ANIMALS) == 15
    assert len(set(pools.PANICOZOO_ANIMALS)) == 15
    for named in ("Snake", "Giraffe", "Monkey"):   # the ones the rulebook names
        assert named in pools.PANICOZOO_ANIMALS
    assert len(set(a[0] for a in pools.PANICOZOO_ANIMALS)) == 15   # unique initials
    g = BowlGame({"pool": "panicozoo", "animals": ["Ant", "Bee", "Cat", "Dog"]}, 1)
    assert g.size() == 4 and g.label(3) == "Dog"


@pytest.mark.parametrize("opts,msg", [
    ({"pool": "start", "players": 1}, "Players: 2 to 6"),
    ({"pool": "start", "players": 7}, "Players: 2 to 6"),
    ({"pool": "start", "players": True}, "Players: 2 to 6"),
    ({"pool": "coins"}, "Unknown pool\ncoins"),
    ({"pool": "panicozoo", "animals": ["Ant"]}, "Animals: 2 to 40"),
    ({"pool": "panicozoo", "animals": ["Ant", "Ant"]}, "Duplicate name\nAnt"),
    ({"pool": "panicozoo", "animals": "Ant,Bee"}, "Animals: not a list"),
])
def test_bad_options_are_refused_with_a_short_message(opts, msg):
    with pytest.raises(RuleError) as e:
        BowlGame(opts, 1)
    assert str(e.value) == msg
    assert all(len(line) <= 21 for line in str(e.value).split("\n"))


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_start_pool_has_one_slip_per_player(n):
    g = BowlGame({"pool": "start", "players": n, "names": ["Ana", "Bo"]}, 3)
    assert g.size() == n
    assert [g.label(i) for i in range(min(n, 2))] == ["Ana", "Bo"][:n]
    assert g.label(n - 1) == ("Bo" if n == 2 else "Player %d" % n)


def _account(g):
    # drawn + remaining == pool, no duplicates, bowl sorted, log consistent.
    n = g.size()
    assert sorted(g.bowl + g.out) == list(range(n))
    assert g.bowl == sorted(g.bowl)
    assert g.remaining() == n - len(g.out)
    assert len(set(g.out)) == len(g.out)
    draws = sum(1 for e in g.log if e[0] == "draw")
    backs = sum(1 for e in g.log if e[0] == "return") + sum(
        e[1] for e in g.log if e[0] == "reshuffle")
    assert draws - backs == len(g.out)


@settings(max_examples=60, deadline=None)
@given(pool=st.sampled_from(DRAWN_POOLS), seed=st.integers(0, 2 ** 31 - 1),
       picks=st.lists(st.integers(0, 10 ** 6), max_size=80))
def test_random_legal_play_keeps_every_item_accounted_for(pool, seed, picks):
    g = BowlGame({"pool": pool, "players": 6}, seed)
    _account(g)
    for p in picks:
        legal = g.legal()
        assert legal, "a drawn pool always offers something"
        g.apply(legal[p % len(legal)])
        _account(g)
    assert BowlGame.replay(g.options, g.seed, g.record()["actions"]).dump() == g.dump()


@settings(max_examples=60, deadline=None)
@given(pool=st.sampled_from(DRAWN_POOLS + ["d6", "d20"]), seed=st.integers(0, 2 ** 31 - 1),
       actions=st.lists(st.one_of(
           st.just(("draw",)), st.just(("reshuffle",)), st.just(("roll",)),
           st.tuples(st.just("return"), st.integers(-2, 60)),
           st.tuples(st.just("return"), st.booleans()),
           st.just(("dance",)), st.just(("draw", 1))), max_size=60))
def test_any_action_is_applied_exactly_when_legal(pool, seed, actions):
    # Button mashing: an action is refused with RuleError iff legal() lacks it,
    # and a refused action changes nothing.
    g = BowlGame({"pool": pool}, seed)
    for a in actions:
        before = g.dump()
        # bool is not int on MicroPython: ("return", True) must never count as 1.
        listed = any(a == x and type(a[-1]) is type(x[-1]) for x in g.legal())
        try:
            g.apply(a)
            assert listed, a
        except RuleError as e:
            assert not listed, a
            assert g.dump() == before
            assert all(len(line) <= 21 for line in str(e).split("\n"))
        if not g.dice:
            _account(g)


def test_empty_bowl_refuses_to_draw_and_offers_only_returns():
    g = BowlGame({"pool": "start", "players": 3}, 8)
    for _ in range(3):
        g.apply(("draw",))
    with pytest.raises(RuleError, match="Bowl is empty"):
        g.apply(("draw",))
    assert ("draw",) not in g.legal()
    assert g.legal() == [("return", g.out[2]), ("return", g.out[1]), ("return", g.out[0]),
                         ("reshuffle",)]


@pytest.mark.parametrize("pool,n", [("maniacs", 36), ("cards", 54)])
def test_first_draw_is_uniform(pool, n):
    per_item = 60
    counts = [0] * n
    for seed in range(n * per_item):
        g = BowlGame({"pool": pool}, seed)
        g.apply(("draw",))
        counts[g.out[0]] += 1
    stat = chi_square(counts, per_item)
    assert stat < chi_square_critical(n - 1), (stat, counts)


def test_draw_after_returns_is_uniform_over_what_is_left():
    # Draw 3 of 6 seats, put one back; the next draw must be uniform over the 4 left.
    counts = {}
    rounds = 4000
    for seed in range(rounds):
        g = BowlGame({"pool": "start", "players": 6}, seed)
        for _ in range(3):
            g.apply(("draw",))
        g.apply(("return", g.out[0]))
        left = tuple(g.bowl)
        g.apply(("draw",))
        pos = left.index(g.out[-1])
        counts[pos] = counts.get(pos, 0) + 1
    assert sorted(counts) == [0, 1, 2, 3]
    stat = chi_square([counts[k] for k in range(4)], rounds / 4)
    assert stat < chi_square_critical(3)


def test_replay_is_deterministic_and_seed_matters():
    acts = [("draw",)] * 10
    a = BowlGame.replay({"pool": "cards"}, 5, acts)
    b = BowlGame.replay({"pool": "cards"}, 5, [list(x) for x in acts])   # JSON form
    c = BowlGame.replay({"pool": "cards"}, 6, acts)
    assert a.out == b.out and a.dump() == b.dump()
    assert a.out != c.out


def test_undo_returns_the_previous_state_and_redraws_identically():
    g = BowlGame({"pool": "maniacs"}, 42)
    states = [g.dump()]
    for a in [("draw",), ("draw",), ("draw",)]:
        g.apply(a)
        states.append(g.dump())
    g.apply(("return", g.out[1]))
    states.append(g.dump())
    g.apply(("reshuffle",))
    for k in range(len(states) - 1, -1, -1):
        g = g.undo()
        assert g.dump() == states[k]
    with pytest.raises(RuleError, match="nothing to undo"):
        g.undo()
    # Same seed, same actions: the undone draw comes out again.
    g.apply(("draw",))
    assert g.dump() == states[1]


def test_dice_roll_with_replacement_and_cover_all_faces():
    d = BowlGame({"pool": "d6"}, 9)
    for _ in range(120):
        d.apply(("roll",))
    faces = [int(d.label(i)) for i in d.draws()]
    assert sorted(set(faces)) == [1, 2, 3, 4, 5, 6]
    assert d.remaining() == 6 and d.legal() == [("roll",)]
    assert d.summary()["last"] == str(faces[-1])


def test_summary_is_plain_values():
    g = BowlGame({"pool": "maniacs"}, 1)
    g.apply(("draw",))
    s = g.summary()
    assert s["remaining"] == 35 and s["size"] == 36 and s["draws"] == 1
    assert s["last"].endswith("(red)") or s["last"].endswith("(black)")
    assert s["out"] == [s["last"]]
    for v in s.values():
        assert v is None or isinstance(v, (int, str, bool, list))
