"""The 3-button board's guessing game for the Animal Inc sum and highest
cards (firmware/menagerie/ui/animal_inc_guess.py): every value can be set,
UP always means higher and DOWN lower, a value is taken without OK only
when the answers leave nothing else, and the fewest presses per value."""
from hypothesis import given, settings
from hypothesis import strategies as st

from animal_inc_presses import guess_keys, plan_round
from menagerie.core.animal_inc import CARD_VALUES, possible_pyramid_sums
from menagerie.ui.animal_inc_guess import CARDS, OPEN, SUMS, guess, move

ORDERS = ((CARDS, CARD_VALUES, 8), (SUMS, possible_pyramid_sums(), 6))


def test_each_order_holds_every_value_once_and_starts_on_the_default():
    from menagerie.ui.animal_inc_entry import DEFAULT_SUM, default_high

    for order, values, first in ORDERS:
        assert sorted(order) == sorted(values) and len(order) == len(values)
        assert order[0] == first
    assert CARDS[0] == default_high(False) and SUMS[0] == DEFAULT_SUM


def test_every_value_is_reached_from_the_first_guess():
    # presses for each card (UP/DOWN answers plus an OK unless settled)
    cost = {}
    for v in CARD_VALUES:
        keys, settled = guess_keys(8, v, CARDS)
        cost[v] = len(keys) + (0 if settled else 1)
    assert cost == {8: 1, 6: 2, 10: 2, 12: 2, 9: 2, 7: 2, 4: 3, 5: 3, 2: 4, 0: 4, 3: 4}
    worst = max(len(guess_keys(6, v, SUMS)[0]) + 1 for v in possible_pyramid_sums())
    assert worst <= 12  # the spinner needed up to 31 (6 -> 37)


def test_the_usual_round_costs_fewer_presses_than_the_spinner_did():
    # issue 12's example: tier 5 reached, Dee last, sum 15, highest 12/4/10;
    # the +1/-1 spinner took 24 presses from the sheet
    keys = plan_round(("round", 1, 3, 15, 12, 4, 10, 0), 0, 4, False)
    assert len(keys) == 14


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(ORDERS), st.lists(st.booleans(), max_size=12), st.data())
def test_answers_narrow_the_range_and_keep_their_direction(o, answers, data):
    order, values, first = o
    v = data.draw(st.sampled_from(values))
    lo, hi = OPEN
    for up in answers:
        m = move(v, lo, hi, up, order)
        left = [w for w in values if lo < w < hi]
        if m is None:
            # no value fits the answer: nothing higher (or lower) is left
            assert not [w for w in left if (w > v if up else w < v)]
            continue
        w, lo2, hi2, settled = m
        assert (w > v) if up else (w < v)
        assert w in values and lo2 < w < hi2
        assert [x for x in values if lo2 < x < hi2] == [x for x in left if (x > v if up else x < v)]
        assert settled == (len([x for x in values if lo2 < x < hi2]) == 1)
        if settled:
            break
        v, lo, hi = w, lo2, hi2


def test_a_guess_is_the_first_value_of_the_order_inside_the_range():
    assert guess(-1, 99, CARDS) == 8
    assert guess(8, 99, CARDS) == 10 and guess(-1, 8, CARDS) == 6
    assert guess(8, 10, CARDS) == 9 and guess(10, 99, CARDS) == 12
    assert guess(10, 12, CARDS) is None
    assert guess(6, 99, SUMS) == 12 and guess(-1, 6, SUMS) == 2


def _presses(order, values, v):
    keys, settled = guess_keys(order[0], v, order)
    return len(keys) + (0 if settled else 1)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 50), min_size=1, max_size=9))
def test_the_derived_order_costs_what_the_firmware_game_costs(weights):
    # bench/b_animal_inc.py derives the orders with search_order(): its cost
    # model (depth in answers, plus OK unless settled) is the firmware's
    from animal_inc_presses import search_order

    values = list(range(0, 2 * len(weights), 2))
    weights = [w + 1 for w in weights]
    order, avg = search_order(values, weights)
    assert sorted(order) == values
    got = sum(w * _presses(order, values, v) for v, w in zip(values, weights))
    assert abs(got / sum(weights) - avg) < 1e-9
    # every value within as many presses as a spinner's worst
    for v in values:
        assert _presses(order, values, v) <= len(values)


def test_the_stored_card_order_beats_the_old_spinner_for_the_card_frequencies():
    # random-play frequencies of the highest cards (bench/b_animal_inc.py)
    freq = {6: 10770, 10: 8199, 12: 6678, 8: 5637, 9: 4970, 7: 3003, 4: 1448,
            5: 1289, 0: 1283, 2: 825, 3: 629}
    from animal_inc_presses import spin

    total = sum(freq.values())
    guess_avg = sum(f * _presses(CARDS, CARD_VALUES, v) for v, f in freq.items()) / total
    spin_avg = sum(f * (len(spin(CARD_VALUES.index(8), CARD_VALUES.index(v), 11, False)) + 1)
                   for v, f in freq.items()) / total
    assert guess_avg < 2.1 < 2.8 < spin_avg
