# Animal Inc: the deck, score_round and the pyramid-sum spinner values.
import pytest
from hypothesis import given, settings, strategies as st

from menagerie.core.game import RuleError
from menagerie.core.animal_inc import (
    CARD_VALUES, MAX_TOP_CARDS, possible_pyramid_sums, score_round)
from menagerie.core.animal_inc_deck import (
    CARD_COMPANY, CARD_VALUE, COMPANIES, DECK_SIZE, VALUE_COUNT, card_name)


def test_deck_is_the_rulebook_component_list():
    by_company = {}
    for c in range(DECK_SIZE):
        by_company.setdefault(COMPANIES[CARD_COMPANY[c]], []).append(CARD_VALUE[c])
    assert by_company == {
        "Quackazon": [0, 2, 6, 7, 8, 9, 10],
        "Ooober": [2, 3, 4, 5, 6, 10, 12],
        "Bollywood": [0, 2, 4, 6, 8, 10, 12],
        "Bamboost": [3, 4, 5, 6, 7, 8, 9],
        "Zzz": [6] * 8,
    }
    assert DECK_SIZE == 36
    assert CARD_VALUES == [0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12]
    assert VALUE_COUNT[6] == 12 and VALUE_COUNT[12] == 2 and VALUE_COUNT[10] == 3
    assert card_name(35) == "Zz6" and card_name(13) == "Oo12"


def test_rulebook_example_pyramid_reached():
    # Fourth player played the last card and the 5th tier and up total 5;
    # the others hold 12, 4 and 10 as their highest cards.
    for last_high in (0, 5, 12):
        assert score_round(True, 3, 5, [12, 4, 10, last_high]) == [-12, -4, -10, 5]


def test_rulebook_example_pyramid_short():
    # Fourth player played the last card and holds a 7 at most; the others
    # hold 9, 5 and 6.
    assert score_round(False, 3, 0, [9, 5, 6, 7]) == [9, 5, 6, -7]


def test_empty_hand_counts_zero_both_ways():
    assert score_round(False, 0, 0, [0, 0, 12]) == [0, 0, 12]
    assert score_round(True, 1, 0, [0, 9]) == [0, 0]
    assert score_round(True, 0, 63, [0, 9]) == [63, -9]


def test_reached_accepts_int_flags():
    assert score_round(1, 0, 8, [3, 4]) == score_round(True, 0, 8, [3, 4]) == [8, -4]
    assert score_round(0, 0, 0, [3, 4]) == [-3, 4]
    assert score_round(True, 1, 8, (3, 4)) == [-3, 8]


@pytest.mark.parametrize("args, message", [
    ((True, 4, 5, [1, 2, 3, 4]), "no such player"),
    ((True, 4, 5, [12, 4, 10, 0]), "no such player"),
    ((True, -1, 5, [12, 4, 10, 0]), "no such player"),
    ((True, True, 5, [12, 4]), "no such player"),
    ((True, 0, 5, [11, 4]), "P1: no such card"),
    ((True, 0, 5, [4, 1]), "P2: no such card"),
    ((True, 0, 5, [4, -2]), "P2: no such card"),
    ((True, 0, 5, [4, True]), "P2: no such card"),
    ((True, 0, 5, [12, 12, 12]), "only 2 cards of 12"),
    ((False, 0, 0, [9, 9, 9]), "only 2 cards of 9"),
    ((True, 0, 1, [4, 5]), "sum 1 impossible"),
    ((True, 0, 64, [4, 5]), "sum 64 impossible"),
    ((True, 0, -2, [4, 5]), "sum -2 impossible"),
    ((False, 0, 5, [4, 5]), "no 5th tier:\nsum must be 0"),
    ((True, 0, "5", [4, 5]), "sum: a number"),
    ((2, 0, 5, [4, 5]), "reached: 0 or 1"),
    ((None, 0, 5, [4, 5]), "reached: 0 or 1"),
    ((True, 0, 5, [4]), "2 to 4 players"),
    ((True, 0, 5, [4, 5, 6, 7, 8]), "2 to 4 players"),
    ((True, 0, 5, []), "2 to 4 players"),
    ((True, 0, 5, 7), "highest: a list"),
])
def test_impossible_entries_raise(args, message):
    with pytest.raises(RuleError) as e:
        score_round(*args)
    assert str(e.value) == message
    assert all(len(line) <= 21 for line in str(e.value).split("\n"))


def test_zero_highest_is_never_limited_by_the_two_zero_cards():
    # four empty hands: the pyramid took every card in play, tier 5 included
    assert score_round(True, 0, 6, [0, 0, 0, 0]) == [6, 0, 0, 0]


def _closure_size(top):
    # Smallest pyramid holding the given top cards: every card needs both
    # supports below, and the bottom tier is one contiguous run.
    need = set(top)
    stack = list(top)
    while stack:
        t, x = stack.pop()
        if t > 0:
            for s in ((t - 1, x), (t - 1, x + 1)):
                if s not in need:
                    need.add(s)
                    stack.append(s)
    bottom = [x for t, x in need if t == 0]
    for x in range(min(bottom), max(bottom) + 1):
        need.add((0, x))
    return need


def test_at_most_six_cards_reach_the_fifth_tier_with_32_cards_in_play():
    # Justifies MAX_TOP_CARDS: enumerate every set of the 10 top places of a
    # full pyramid and keep those whose supporting pyramid fits in 32 cards.
    places = [(t, x) for t in range(4, 8) for x in range(8 - t)]
    assert len(places) == 10
    best = {}
    for mask in range(1, 1 << len(places)):
        chosen = [places[i] for i in range(len(places)) if mask >> i & 1]
        need = _closure_size(chosen)
        tops = sum(1 for t, x in need if t >= 4)
        for budget in (30, 32, 36):
            if len(need) <= budget:
                best[budget] = max(best.get(budget, 0), tops)
    assert best == {30: MAX_TOP_CARDS, 32: MAX_TOP_CARDS, 36: 10}


def _multiset_sums(max_cards):
    values = [v for v in CARD_VALUES]
    out = set()

    def go(i, count, total):
        if count:
            out.add(total)
        if i == len(values) or count == max_cards:
            return
        for k in range(0, min(VALUE_COUNT[values[i]], max_cards - count) + 1):
            go(i + 1, count + k, total + k * values[i])

    go(0, 0, 0)
    return sorted(out)


def test_possible_sums_are_the_sums_of_one_to_six_deck_cards():
    sums = possible_pyramid_sums()
    assert sums == _multiset_sums(MAX_TOP_CARDS)
    # 12+12+10+10+10+9 is the best six cards; 1 is the only gap (no card is 1).
    assert sums == [0] + list(range(2, 64))
    assert possible_pyramid_sums() is not possible_pyramid_sums()  # callers may mutate


# -- the entry as a whole (core/animal_inc_check.py) ---------------------------
def test_sum_and_claimed_highest_cards_must_fit_one_deck():
    # 63 needs both 12s: nobody else can then hold a 12
    with pytest.raises(RuleError, match="can't all be true"):
        score_round(True, 0, 63, [0, 12])
    # 24 on top as 12+12 is ruled out by two claimed 12s, but 10+10+4 works
    assert score_round(True, 0, 24, [0, 12, 12]) == [24, -12, -12]
    # 34 = 12+12+10 or needs a 12 ... with both 12s and all three 10s held
    # elsewhere, 6 cards of at most 9 reach 34 (9+9+8+8) - still possible
    assert score_round(True, 3, 34, [12, 12, 10, 0]) == [-12, -12, -10, 34]
    with pytest.raises(RuleError, match="can't all be true"):
        score_round(True, 3, 60, [12, 12, 10, 0])


def test_a_low_pyramid_leaves_cards_in_hands():
    # Without a 5th tier at most 26 cards are in the pyramid: of the 32 in
    # play (4 players) at least 6 are still in hands. All hands empty (or
    # holding only the two 0s) cannot be.
    with pytest.raises(RuleError, match="Too few cards"):
        score_round(False, 0, 0, [0, 0, 0, 0])
    # one hand whose highest is a 2 holds at most the three 2s and two 0s
    with pytest.raises(RuleError, match="Too few cards"):
        score_round(False, 0, 0, [2, 0, 0, 0])
    assert score_round(False, 0, 0, [3, 0, 0, 0]) == [-3, 0, 0, 0]
    # 2 players: 30 in play, 4 must be in hands
    assert score_round(False, 1, 0, [0, 12]) == [0, -12]


def test_the_last_players_hand_is_free_when_the_fifth_tier_is_reached():
    # The last player's hand is not entered: it may hold any cards at all.
    assert score_round(True, 1, 6, [0, 12, 0, 0]) == [0, 6, 0, 0]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([2, 3, 4]))
def test_every_round_of_a_real_game_passes_the_joint_check(seed, players):
    # The card-level simulation plays real rounds: none may be refused.
    from menagerie.core.animal_inc_sim import game_rounds

    for game, rnd in game_rounds(players, seed, rounds=players):
        pass
    assert len(game.deltas) == players
