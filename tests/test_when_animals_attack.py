# When Animals Attack under CPython: random islands are playable and fair,
# random legal play keeps every invariant (hypothesis), the bot beats a random
# player and bot games end with no seat far ahead. The rule-by-rule scenarios
# run under both interpreters in tests/scenarios/when_animals_attack_*.py.
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from menagerie.core import when_animals_attack as W
from menagerie.core import when_animals_attack_bot as B
from menagerie.core import when_animals_attack_map as M
from menagerie.core import when_animals_attack_roster as R
from menagerie.core.game import RuleError
from menagerie.core.rng import Rng
from menagerie.core.when_animals_attack import WhenAnimalsAttackGame as G


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", [(16, 8, 4), (10, 6, 2), (8, 5, 1), (16, 8, 8)])
def test_random_islands_are_playable_and_fair(players, size):
    w, h, towns = size
    for seed in range(60):
        rng = Rng(seed * 7 + players)
        mw, mh, ter, ts, starts = M.random_map(rng, w, h, towns, players, R.FOREST, R.LAND)
        assert (mw, mh) == (w, h), "fell back to a built-in map"
        assert len(ts) == towns and len(starts) == players
        assert len(set(ts + starts)) == towns + players
        m = M.measure(ter, w, ts, starts, R.LAND)
        assert m is not None and M.fair(m, ts)
        for s in starts:
            assert ter[s] == R.FOREST   # the monkey's home terrain
        # the rim is water, and there is water to own (population)
        assert all(ter[x] == R.WATER and ter[(h - 1) * w + x] == R.WATER for x in range(w))


def test_a_random_island_comes_from_the_seed():
    a = G({"players": 3}, 1234)
    b = G({"players": 3}, 1234)
    c = G({"players": 3}, 1235)
    assert a.dump() == b.dump() and a.dump() != c.dump()


def test_built_in_maps_deal_the_corners_from_the_seed():
    seen = set()
    for seed in range(40):
        g = G({"map": "Twin isles"}, seed)
        units = tuple(i for i in range(len(g.unit)) if g.unit[i] != W.NONE)
        seen.add(units)
        a, b = [i for i in range(len(g.own)) if g.own[i] != W.NONE]
        # two players sit in opposite corners
        assert (a % 16 + b % 16, a // 16 + b // 16) == (15, 7)
    assert len(seen) == 2


def check_invariants(g):
    size = g.w * g.h
    assert sum(g.tiles(p) for p in range(g.n)) <= size + len(g.alive_towns()) * 0
    for i in range(size):
        if g.unit[i] != W.NONE:
            assert g.own[i] != W.NONE, "a unit stands on a tile its owner owns"
            a = g.roster[g.unit[i]]
            assert 0 <= g.dmg[i] < a[R.HEALTH], "a living unit has health left"
            assert (a[R.ENTERS] >> g.ter[i]) & 1, "a unit stands where it may go"
            assert not (g.town[i] and g.town[i] != W.RUIN)
        else:
            assert g.dmg[i] == 0
        if g.town[i] and g.town[i] != W.RUIN:
            assert g.own[i] == W.NONE, "a live settlement belongs to nobody"
    for p in range(g.n):
        assert len(g.builds[p]) <= g.slots(p) + g.ruins(p) * 0 + 8
        for kind, left in g.builds[p]:
            assert 0 <= left <= g.roster[kind][R.BUILD]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 31 - 1), players=st.integers(2, 4),
       mapname=st.sampled_from(M.names()), heal=st.integers(0, 2),
       claim=st.integers(0, 1), through=st.integers(0, 1), conquer=st.integers(0, 1),
       finish=st.integers(0, 1), bot_share=st.integers(0, 3))
def test_random_play_keeps_the_invariants(seed, players, mapname, heal, claim, through, conquer,
                                          finish, bot_share):
    opts = {"players": players, "map": mapname, "heal": heal, "claim_path": claim,
            "pass_own": through, "conquer": conquer, "finish_round": finish * 2, "slow_start": 1 - finish,
            "rounds": 60}
    g = G(opts, seed)
    rng = Rng(seed, 3)
    steps = 0
    while not g.over():
        legal = g.legal()
        assert legal and legal[0] == (0,)
        # a refused action changes nothing
        bad = (2, rng.below(200), rng.below(200)) if rng.below(2) else (3, rng.below(9), rng.below(130))
        if bad not in legal:
            before = g.dump()
            with pytest.raises(RuleError) as e:
                g.apply(bad)
            lines = str(e.value).split("\n")
            assert len(lines) <= 2 and max(len(x) for x in lines) <= 21
            assert g.dump() == before
        a = B.choose(g) if rng.below(4) < bot_share else rng.choice(legal)
        assert a in legal
        g.apply(a)
        check_invariants(g)
        steps += 1
        assert steps < 5000
    assert g.legal() == []
    for a in ((0,), (1, 0), (2, 0, 1), (3, 0, 0)):
        with pytest.raises(RuleError):
            g.apply(a)
    w = g.winners()
    tiles = [g.tiles(p) for p in range(g.n)]
    assert w and all(tiles[p] == max(tiles) for p in w)
    assert G.replay(g.options, seed, g.actions).dump() == g.dump()
    if g.actions:
        assert g.undo().dump() == G.replay(g.options, seed, g.actions[:-1]).dump()


def _play(seed, kinds, players=2, opts=None):
    o = {"players": players, "deal": 1}   # as the device starts its games
    o.update(opts or {})
    g = G(o, seed)
    rng = Rng(seed, 99)
    while not g.over():
        g.apply(B.choose(g) if kinds[g.cur] == "bot" else rng.choice(g.legal()))
        assert len(g.actions) < 6000
    return g


def test_the_bot_beats_a_random_player():
    wins = 0
    games = 30
    for s in range(games):
        kinds = ("bot", "rnd") if s % 2 == 0 else ("rnd", "bot")
        g = _play(s, kinds)
        w = g.winners()
        if len(w) == 1 and kinds[w[0]] == "bot":
            wins += 1
    assert wins >= games - 2


def test_bot_games_end_and_no_seat_runs_away():
    games = 40
    seat = [0, 0]
    long = 0
    for s in range(games):
        g = _play(1000 + s, ("bot", "bot"))
        assert g.over() and g.round <= 151
        if g.round > 60:
            long += 1
        for p in g.winners():
            seat[p] += 1
    assert long <= games // 10
    assert min(seat) >= games * 3 // 10, seat


def _wins(games, players, maps, base):
    seat = [0] * players
    for s in range(games):
        g = _play(base + s, ("bot",) * players, players, {"map": maps[s % len(maps)]})
        assert g.over() and g.round <= 151
        for p in g.winners():
            seat[p] += 1
    return seat


def test_the_last_of_four_seats_is_not_squeezed_on_mirrored_islands():
    # Atoll and Twin isles deal four alike corners. The bots used to raze
    # their own settlements in the same round, leaving the last seat's
    # standing last: it could not raze it without ending the game behind
    # and won 6-8 % of these games (3 of these 48, the others 13-18; now
    # 11-14). The full figures, per map: bench/b_when_animals_attack.py.
    seat = _wins(48, 4, ("Atoll", "Twin isles"), 40000)
    assert min(seat) >= 8 and max(seat) <= 16, seat


def test_three_seats_share_the_wins():
    # A sample too small to tell a few points apart (the bench's 600 games
    # do): it catches a seat running away.
    seat = _wins(24, 3, ("random", "Atoll", "Twin isles", "Ridge"), 30000)
    assert min(seat) >= 5 and max(seat) <= 12, seat


def _lead(players, p, lead, mapname="Atoll"):
    # A fresh game (Atoll unless told) where seat p holds 5 + lead tiles and
    # the others 5 (razing the last settlement would add one more for p).
    g = G({"players": players, "map": mapname}, 3)
    land = [i for i in range(len(g.ter)) if g.ter[i] != R.WATER and not g.town[i]]
    for i in range(len(g.own)):
        g.own[i] = W.NONE
    k = 0
    for q in range(players):
        for j in range(5 + (lead if q == p else 0)):
            g.own[land[k]] = q
            k += 1
    return g


def test_the_bot_ends_the_game_only_with_a_lead_its_seat_can_keep():
    # With 4 players the round is played out (finish_round): a seat that
    # others still follow in the round needs 4 tiles over every seat after
    # razing, the round's last seat 2. With 3 players the game ends at once:
    # 1 is enough over the seats before in the round, 2 over those after
    # (they have had a turn fewer), so only the round's last seat razes
    # with a lead of 1 over all.
    for p in range(4):
        assert B._ending(_lead(4, p, 0), p, 0) < 0
        assert (B._ending(_lead(4, p, 1), p, 0) > 0) == (p == 3)
        assert B._ending(_lead(4, p, 3), p, 0) > 0
    for p in range(3):
        assert (B._ending(_lead(3, p, 0), p, 0) > 0) == (p == 2)
        assert B._ending(_lead(3, p, 1), p, 0) > 0
        assert B._ending(_lead(3, p, -1), p, 0) < 0


def test_who_counts_as_ahead_depends_on_the_turns_each_seat_has_had():
    # A bot behind on tiles claims rather than hits settlements. A seat
    # earlier in the round has had a turn more: it counts as ahead only 3
    # tiles up. With 4 players (the round is played out) a seat still to
    # move in the round counts as ahead already at a tie on a random island
    # (the second of four seats used to win 22.5 % of bot games there; on
    # the mirrored Atoll the rule made the last seat win a third).
    for p in range(4):
        assert B._behind(_lead(4, p, 0, "random"), p) == (p < 3)
        assert not B._behind(_lead(4, p, 0), p)
        assert B._behind(_lead(4, p, -3, "random"), p)
        assert not B._behind(_lead(4, p, 1, "random"), p)
    for p in range(3):
        assert not B._behind(_lead(3, p, 0), p)
        assert B._behind(_lead(3, p, -1), p) == (p < 2)
        assert B._behind(_lead(3, p, -3), p)
    assert not B._behind(_lead(2, 0, 0), 0) and B._behind(_lead(2, 1, -1), 1)


def test_random_islands_deal_the_spots_with_three_or_four_players():
    # The spots lie near fixed corners (the third of three at the bottom
    # middle); which seat takes which is drawn, as on the built-in maps.
    for players in (3, 4):
        seen = set()
        for seed in range(24):
            g = G({"players": players, "deal": 1}, seed)
            last = [i for i in range(len(g.own)) if g.own[i] == players - 1][0]
            seen.add((last % g.w * 2 >= g.w, last // g.w * 2 >= g.h))
        assert len(seen) >= 3, seen


# A 3-player game on a random island as firmware before the deal (main at
# b1cfee9) saved it: 40 actions of its record, and its tiles' owners after
# them. Its options have no "deal".
OLD_RECORD = {'game': 'when_animals_attack',
              'options': {'players': 3,
                          'bots': 6,
                          'map': 'random',
                          'w': 16,
                          'h': 8,
                          'towns': 4,
                          'town_hp': 5,
                          'pop': 3,
                          'pop_water': 2,
                          'roster': 0,
                          'claim_path': 1,
                          'pass_own': 1,
                          'conquer': 1,
                          'heal': 0,
                          'ruin_tiles': 1,
                          'rounds': 150,
                          'finish_round': 4,
                          'slow_start': 0},
              'seed': 424243,
              'actions': [[0], [2, 22, 37], [0], [2, 29, 44], [0], [2, 102, 104], [0], [2, 37, 69], [1, 5],
                          [2, 44, 76], [1, 3], [2, 104, 106], [0], [2, 53, 70], [2, 76, 91], [2, 106, 91],
                          [3, 3, 104], [0], [2, 70, 69], [2, 92, 91], [3, 5, 44], [1, 3], [2, 90, 91], [0],
                          [2, 70, 69], [1, 5], [2, 92, 91], [2, 90, 58], [3, 3, 103], [0], [2, 70, 85],
                          [2, 44, 11], [2, 58, 56], [0], [2, 85, 100], [1, 1], [2, 11, 43], [3, 5, 44],
                          [2, 103, 118], [1, 3]]}
OLD_OWN = ("ffffffffffffffffffffff0101ffffffffffffffffff00ffffffff010101ffff"
           "ffffffffff0000ffffffffff0101ffffffffffffff0000ffff0202ff01ffffff"
           "ffffffffffff00ffffff02ff01ffffffffffffffff0000ffffff020101ffffff"
           "ffffffff00000202020202ffffffffffffffffffffff0202ffffffffffffffff")


def test_a_game_saved_before_the_deal_replays_on_its_own_island():
    # A firmware update must not move a saved game's start spots: every
    # action would then name the wrong animal ("not your animal").
    o = OLD_RECORD["options"]
    assert "deal" not in o
    g = G.replay(o, OLD_RECORD["seed"], OLD_RECORD["actions"])
    assert len(g.actions) == 40 and bytes(g.own).hex() == OLD_OWN
    # the same game started by the device today deals other spots
    dealt = dict(o)
    dealt["deal"] = 1
    with pytest.raises(RuleError):
        G.replay(dealt, OLD_RECORD["seed"], OLD_RECORD["actions"])


def test_the_bot_is_deterministic_from_the_seed():
    a = _play(5, ("bot",) * 3, 3)
    b = _play(5, ("bot",) * 3, 3)
    assert a.actions == b.actions


def test_options_are_checked():
    for bad in ({"players": 1}, {"players": 5}, {"map": "Moon"}, {"roster": []},
                {"roster": [["Monkey", 2, 0, 1, 1, 0, 2, 30]]}):
        with pytest.raises(RuleError):
            G(bad, 1)
    with pytest.raises(RuleError):
        G({"colour": 1}, 1)


def test_its_imports_go_one_way():
    # Every import among the game's modules (function-level ones too) forms
    # no circle: the screens are handed route() and menu() instead.
    import ast
    import glob
    import os

    root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware")
    graph = {}
    for path in glob.glob(os.path.join(root, "menagerie", "*", "when_animals_attack*.py")):
        name = os.path.relpath(path, root)[:-3].replace(os.sep, ".")
        deps = set()
        for n in ast.walk(ast.parse(open(path).read())):
            if isinstance(n, ast.ImportFrom) and n.module:
                deps.add(n.module)
                deps.update(n.module + "." + a.name for a in n.names)
            elif isinstance(n, ast.Import):
                deps.update(a.name for a in n.names)
        graph[name] = deps
    for name in graph:
        graph[name] = {d for d in graph[name] if d in graph and d != name}
    assert "menagerie.core.when_animals_attack_map" in graph
    done, stack = set(), []

    def visit(m):
        assert m not in stack, "import circle: " + " -> ".join(stack[stack.index(m):] + [m])
        if m in done:
            return
        stack.append(m)
        for d in sorted(graph[m]):
            visit(d)
        stack.pop()
        done.add(m)

    for m in sorted(graph):
        visit(m)
