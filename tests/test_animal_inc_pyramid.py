# Animal Inc at card level: placement rules (the rulebook's correct and
# incorrect examples), growing the bottom tier, forced play, dropping out,
# the last player, and why the pyramid can never be completed.
import pytest

from menagerie.core.game import RuleError
from menagerie.core.animal_inc_deck import (
    BAMBOOST, BOLLYWOOD, CARD_COMPANY, CARD_VALUE, OOOBER, QUACKAZON, ZZZ, hand_size)
from menagerie.core.animal_inc_pyramid import ANY, Pyramid, PyramidRound


def cards_of(company):
    return [c for c in range(36) if CARD_COMPANY[c] == company]


Q, O, BO, BA, Z = (cards_of(k) for k in (QUACKAZON, OOOBER, BOLLYWOOD, BAMBOOST, ZZZ))


def pyramid_with(bottom):
    p = Pyramid()
    for i, c in enumerate(bottom):
        p.place(c, 0, i)
    return p


def test_first_card_then_either_end_of_any_company():
    p = Pyramid()
    assert p.open_slots() == [(0, 0, ANY)]
    p.place(Z[0], 0, 0)
    assert p.open_slots() == [(0, -1, ANY), (0, 1, ANY)]
    with pytest.raises(RuleError):
        p.place(Q[0], 0, 2)     # not next to the tier
    p.place(Q[0], 0, -1)        # company irrelevant on the bottom tier
    p.place(O[0], 0, 1)
    assert (p.lo, p.hi) == (-1, 1)


def test_growing_on_the_left_moves_nothing():
    p = Pyramid()
    p.place(O[0], 0, 0)
    p.place(O[1], 0, 1)
    p.place(O[2], 1, 0)
    p.place(Q[0], 0, -1)
    # The new bottom card and the one at x=0 support slot (1, -1).
    assert (1, -1, (1 << QUACKAZON) | (1 << OOOBER)) in p.open_slots()
    assert p.at(1, 0) == O[2] and p.at(0, 0) == O[0]
    p.place(O[3], 1, -1)
    assert (2, -1, 1 << OOOBER) in p.open_slots()


def test_bottom_tier_holds_at_most_eight():
    p = Pyramid()
    p.place(Z[0], 0, 0)
    for i in range(1, 8):
        p.place(Z[i], 0, p.lo - 1 if i % 2 else p.hi + 1)
    assert (p.lo, p.hi) == (-4, 3)
    assert p.bottom_width() == 8
    assert [s for s in p.open_slots() if s[0] == 0] == []
    with pytest.raises(RuleError) as e:
        p.place(Q[0], 0, p.hi + 1)
    assert str(e.value) == "no room there"


def test_correct_examples_from_the_rulebook():
    # An Ooober on top of another Ooober (the other card below is something else).
    p = pyramid_with([O[0], Q[0]])
    p.place(O[1], 1, 0)
    assert p.at(1, 0) == O[1]
    # A Bamboost on top of two Bamboost.
    p = pyramid_with([BA[0], BA[1]])
    p.place(BA[2], 1, 0)
    # A Zzz on a Zzz next to a Bollywood.
    p = pyramid_with([BO[0], Z[0]])
    p.place(Z[1], 1, 0)


def test_incorrect_examples_from_the_rulebook():
    # A Bamboost on an Ooober and a Quackazon: no company in common.
    p = pyramid_with([O[0], Q[0]])
    assert not p.fits(BA[0], 1, 0)
    with pytest.raises(RuleError) as e:
        p.place(BA[0], 1, 0)
    assert str(e.value) == "company must match\na card below"
    assert p.at(1, 0) == -1 and p.count == 2
    # A Zzz with only one card (a Zzz) underneath: the second support is missing.
    p = pyramid_with([Z[0]])
    assert not p.fits(Z[1], 1, 0) and not p.fits(Z[1], 1, -1)
    with pytest.raises(RuleError) as e:
        p.place(Z[1], 1, 0)
    assert str(e.value) == "no room there"


def test_upper_slots_need_both_supports_even_mid_tier():
    p = pyramid_with([Z[0], Z[1], Z[2], Z[3]])
    p.place(Z[4], 1, 0)
    p.place(Z[5], 1, 2)     # tier 1 may have a hole at x=1
    assert p.slot_mask(2, 0) == 0 and p.slot_mask(2, 1) == 0
    p.place(Z[6], 1, 1)
    assert p.slot_mask(2, 0) == 1 << ZZZ and p.slot_mask(2, 1) == 1 << ZZZ


def build_tower():
    # Bottom of five companies; every card above copies the company of its
    # left support, so company k is needed 5, 4, 3, 2, 1 times. The Ooober
    # column ends with the Ooober 12 on the 5th tier.
    p = Pyramid()
    columns = [O[:4] + [O[6]], Z[:4], BO[:3], BA[:2], Q[:1]]
    for i in range(5):
        p.place(columns[i][0], 0, i)
    for t in range(1, 5):
        assert not p.reached()
        for x in range(5 - t):
            p.place(columns[x][t], t, x)
    return p


def test_reached_and_top_sum_count_the_fifth_tier_and_up():
    p = build_tower()
    assert p.count == 15 and p.height() == 5
    assert p.reached() and p.top_sum() == 12
    assert p.rows()[0] == "        Oo12"
    assert p.rows()[-1] == "Oo2  Zz6  Bo0  Ba3  Qu0"
    # Nothing can go higher on a bottom of five: no slot above tier 4.
    assert [s for s in p.open_slots() if s[0] > 0] == []


def test_zero_card_on_the_fifth_tier_still_reaches_it():
    # Same tower with a Quackazon column topped by the Quackazon 0: the
    # pyramid reached the 5th tier and the last player scores 0.
    p = Pyramid()
    columns = [Q[1:5] + [Q[0]], Z[:4], BO[:3], BA[:2], O[:1]]
    for i in range(5):
        p.place(columns[i][0], 0, i)
    for t in range(1, 5):
        for x in range(5 - t):
            if t == 4:
                with pytest.raises(RuleError):
                    p.place(BO[3], t, x)      # Bollywood over Qu + Qu
            p.place(columns[x][t], t, x)
    assert p.reached() and p.top_sum() == 0


def test_pyramid_can_never_be_completed():
    # A complete pyramid needs 8+7+...+1 = 36 cards; discards keep at most 32 in play.
    full = sum(range(1, 9))
    for n, discard in ((2, 3), (3, 2), (4, 1)):
        assert n * (hand_size(n) - discard) < full


def deal_order(hands, first):
    # The deck order that deals `hands` (one card at a time from the seat
    # left of the starter, as PyramidRound deals).
    n = len(hands)
    return [hands[(first + 1 + i) % n][i // n] for i in range(36)]


def two_player_round():
    # P1 keeps 8 Zzz + 7 Ooober, P2 keeps 7 Bamboost + 7 Bollywood + Qu10.
    p1 = Z + O + Q[:3]
    p2 = BA + BO + Q[3:]
    rnd = PyramidRound(2, 0, [-1, -1], deal_order([p1, p2], 0))
    assert sorted(rnd.hands[0]) == sorted(p1) and sorted(rnd.hands[1]) == sorted(p2)
    for c in Q[:3]:
        rnd.apply(("discard", 0, c))
    for c in Q[3:6]:
        rnd.apply(("discard", 1, c))
    return rnd


def play(rnd, seat, card, t, x):
    assert rnd.turn == seat
    legal = rnd.legal()
    assert ("play", card, t, x) in legal
    # Forced play: the only actions on offer are this seat's placements.
    assert all(a[0] == "play" and a[1] in rnd.hands[seat] for a in legal)
    rnd.apply(("play", card, t, x))


def test_drop_out_is_final_and_the_last_player_plays_on():
    rnd = two_player_round()
    assert rnd.phase == "play" and rnd.turn == 0
    assert rnd.accounted() == 36
    with pytest.raises(RuleError):
        rnd.apply(("discard", 0, Z[0]))       # no passing or discarding while you can play
    script = [
        (0, Z[0], 0, 0), (1, Q[6], 0, 1), (0, Z[1], 0, -1), (1, BA[0], 0, 2),
        (0, Z[2], 0, -2), (1, BA[1], 1, 1), (0, Z[3], 0, -3), (1, BO[0], 0, 3),
        (0, Z[4], 0, -4),          # bottom tier full: -4..3
        (1, BA[2], 1, 2), (0, Z[5], 1, -4), (1, BA[3], 2, 1), (0, Z[6], 1, -3),
    ]
    for seat, card, t, x in script:
        play(rnd, seat, card, t, x)
    # P2 still holds three Bamboost and six Bollywood, but no open slot takes them.
    assert rnd.out == [False, True] and rnd.dropped == [(1, 13)]
    assert [CARD_COMPANY[c] for c in rnd.hands[1]].count(BAMBOOST) == 3
    assert rnd.turn == 0                     # P1 plays again, several in a row
    play(rnd, 0, Z[7], 1, 0)
    # That opened (2, 0) over Zzz + Bamboost: P2 could fit a Bamboost now,
    # but dropping out is for the rest of the round.
    assert rnd.pyramid.slot_mask(2, 0) == (1 << ZZZ) | (1 << BAMBOOST)
    # P1 holds only Ooober, which fit nowhere: the round is over.
    assert rnd.over() and rnd.legal() == []
    assert rnd.dropped == [(1, 13), (0, 14)]
    assert rnd.last == 0
    assert rnd.accounted() == 36 and rnd.pyramid.count == 14
    assert rnd.entry() == ("round", 0, 0, 0, 12, 12)


def test_drafting_moves_four_cards_at_once():
    hands = [Z[:8] + [Q[0]], O + [Q[1], Q[2]], BO + [Q[3], Q[4]], BA + [Q[5], Q[6]]]
    rnd = PyramidRound(4, 2, [1, 2, 3, 0], deal_order(hands, 2))
    for s in range(4):
        rnd.apply(("discard", s, hands[s][-1]))
    assert rnd.phase == "pass"
    for s in range(4):
        for c in hands[s][:4]:
            assert rnd.phase == "pass" and rnd.accounted() == 36
            rnd.apply(("pass", s, c))
    assert rnd.phase == "play" and rnd.turn == 2
    for s in range(4):
        got = hands[(s - 1) % 4][:4]
        kept = hands[s][4:-1]
        assert sorted(rnd.hands[s]) == sorted(got + kept)
        assert rnd.discards[s] == [hands[s][-1]]
    with pytest.raises(RuleError):
        rnd.apply(("play", rnd.hands[1][0], 0, 0))   # not P2's turn: the card is not in P3's hand
