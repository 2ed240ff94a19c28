# The device's bookkeeping checked against a modelled table: 15 cards, each
# lacking one animal. Every round's answer is an animal not yet found, the
# animals common to the visible cards are exactly the found ones plus the
# answer, and 13 one-card rounds + the two-card final take the whole deck.
from hypothesis import given, settings, strategies as st

from menagerie.core.game import RuleError
from menagerie.core.panicozoo import PanicozooGame, race_action
from menagerie.core.panicozoo_deck import ClassicTable, card_animals, cards_in_round
from menagerie.core.rng import Rng


def test_game_and_deck_agree_on_the_counts():
    from menagerie.core import panicozoo, panicozoo_deck
    assert panicozoo.N_ANIMALS == panicozoo_deck.N_ANIMALS == 15
    assert panicozoo.CLASSIC_ROUNDS == panicozoo_deck.CLASSIC_ROUNDS == 14


def test_each_card_lacks_exactly_its_own_animal():
    for c in range(15):
        assert len(card_animals(c)) == 14 and c not in card_animals(c)
    assert [cards_in_round(r) for r in (1, 13, 14)] == [15, 3, 2]


def play_classic_against_table(seed, players=4):
    table = ClassicTable(Rng(seed, 9))
    game = PanicozooGame({"players": players, "first_timers": 1}, seed)
    pick = Rng(seed, 3)
    t = 0
    for rnd in range(1, 15):
        table.deal()
        assert len(table.in_play) == game.cards_in_play() == cards_in_round(rnd)
        ans = table.answer()
        assert ans not in game.found
        assert table.common() == sorted(game.found + [ans])
        game.apply(("open",))
        # A few wrong calls on animals that are unfound but on the hidden card.
        wrong_pool = [a for a in range(15) if a != ans and a not in game.found]
        while game.phase == "open":
            p = pick.choice(game.armed())
            t += 50
            game.apply(race_action(t - 10, [(p, t)]))
            guess = ans if (pick.below(3) == 0 or not wrong_pool) else pick.choice(wrong_pool)
            game.apply(("right",) if table.is_right(guess) else ("wrong",))
        # Right call or last one standing: the winner names the missing
        # animal (not after the final: a game that is over takes nothing).
        if not game.over():
            game.apply(("found", ans))
        taken = table.take()
        assert len(taken) == (2 if rnd == 14 else 1)
        assert game.award["cards"] == len(taken)
    return table, game


def test_a_whole_classic_game_matches_the_table():
    for seed in range(12):
        table, game = play_classic_against_table(seed, players=2 + seed % 5)
        assert table.in_play == [] and sorted(table.won) == list(range(15))
        # 13 rounds recorded, 14 when a tie-break follows the final
        assert len(game.found) == (14 if game.tiebreak else 13) and len(set(game.found)) == len(game.found)
        if game.tiebreak:
            # The one animal never called is the final face-up card's.
            assert [a for a in range(15) if a not in game.found] == [table.won[-1]]
        assert sum(game.cards()) == 15
        assert game.over() or game.tiebreak


def test_recording_a_found_animal_twice_is_refused_in_any_later_round():
    table, game = play_classic_against_table(3)
    g = PanicozooGame(game.options, game.seed)
    for a in game.actions[:5]:
        g.apply(a)
    first = game.found[0]
    for a in game.actions[5:]:
        if a[0] == "found" and a[1] != first:
            try:
                PanicozooGame.replay(g.options, g.seed, g.actions).apply(("found", first))
                assert False, "duplicate accepted"
            except RuleError as e:
                assert str(e) == "Already found"
        g.apply(a)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2 ** 31 - 1), players=st.integers(2, 6),
       young=st.booleans(), choices=st.lists(st.integers(0, 2 ** 16), min_size=200, max_size=200))
def test_random_play_keeps_every_card_accounted_for(seed, players, young, choices):
    g = PanicozooGame({"players": players, "mode": "young" if young else "classic",
                       "first_timers": 1}, seed)
    t = 0
    for c in choices:
        if g.over():
            break
        acts = g.legal()
        if g.phase == "open" and c % 3 == 0:
            # A messy timed race: ties, early and locked-out presses, repeats.
            presses = [((c >> k) % 7, t + ((c >> (k + 3)) % 3)) for k in range(0, 12, 4)]
            a = race_action(t, presses, overflow=(c % 29 == 0))
        else:
            a = acts[c % len(acts)]
        t += 7
        try:
            g.apply(a)
        except RuleError:
            assert a[0] == "race"
        cards = g.cards()
        assert len(set(g.found)) == len(g.found)
        if young:
            assert sum(cards) == len(g.found)
            assert sorted(x for w in g.won for x in w) == sorted(g.found)
            assert sorted(g.found + g.remaining + ([g.animal] if g.animal is not None else [])) == list(range(15))
        else:
            done = g.round - 1 if not g.tiebreak else 14
            if g.phase == "over" and not g.tiebreak and not g.ended:
                done = 14
            assert sum(cards) == done + (1 if done == 14 else 0)
        assert g.answering is None or g.answering not in g.out
        assert len(g.out) < len(g.contenders)
    h = PanicozooGame.replay(g.options, g.seed, g.actions)
    assert h.dump() == g.dump()
