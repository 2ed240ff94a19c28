# Young players' version: the device is the pile of animals; a wrong slap
# costs the top card of the slapper's pile, handed to the round's winner.
import pytest

from menagerie.core.game import RuleError
from menagerie.core.panicozoo import PanicozooGame, race_action
from menagerie.core.panicozoo_deck import YoungTable, card_animals


def young(players=3, seed=2):
    return PanicozooGame({"players": players, "mode": "young"}, seed)


def test_open_draws_animals_without_replacement_until_all_are_found():
    g = young()
    drawn = []
    for i in range(15):
        assert g.summary()["animal"] is None
        g.apply(("open",))
        a = g.summary()["animal"]
        assert a is not None and a not in drawn
        drawn.append(a)
        g.apply(("slap", i % 3))
        g.apply(("right",))
        assert g.summary()["found"] == drawn
    assert sorted(drawn) == list(range(15))
    assert g.over() and sum(g.summary()["cards"]) == 15 and g.legal() == []


def test_the_pile_order_depends_on_the_seed_and_replays():
    def order(seed):
        g = young(seed=seed)
        out = []
        for i in range(15):
            g.apply(("open",))
            out.append(g.animal)
            g.apply(("slap", 0))
            g.apply(("right",))
        return out, g
    a, g = order(10)
    b, _ = order(11)
    assert a != b
    h = PanicozooGame.replay(g.options, g.seed, g.actions)
    assert h.dump() == g.dump()


def test_wrong_slap_gives_the_most_recent_card_to_the_round_winner():
    g = young(players=3, seed=4)
    for p in (1, 1):
        g.apply(("open",))
        g.apply(("slap", p))
        g.apply(("right",))
    pile1 = list(g.won[1])
    assert len(pile1) == 2
    g.apply(("open",))
    animal = g.animal
    g.apply(race_action(0, [(1, 3), (2, 9)]))
    g.apply(("wrong",))  # player 1 is out and owes a card
    assert g.summary()["cards"] == [0, 2, 0]  # paid only when the round is won
    g.apply(race_action(100, [(1, 101), (2, 104)]))
    assert g.race.winner == 2 and g.race.ignored[0][2] == "locked out"
    g.apply(("right",))
    s = g.summary()
    assert s["cards"] == [0, 1, 2]
    assert g.won[2] == [animal, pile1[1]] and g.won[1] == [pile1[0]]
    assert s["award"] == {"player": 2, "cards": 1, "auto": False, "given": [[1, pile1[1]]]}
    assert sum(s["cards"]) == len(s["found"]) == 3


def test_wrong_slap_with_no_cards_gives_nothing_and_auto_award_collects():
    g = young(players=3, seed=6)
    g.apply(("open",))
    g.apply(("slap", 0))
    g.apply(("right",))
    g.apply(("open",))
    g.apply(("slap", 0))
    g.apply(("wrong",))
    g.apply(("slap", 1))
    g.apply(("wrong",))
    s = g.summary()
    # 2 is the last one in: wins the animal and 0's card; 1 had none.
    assert s["award"]["auto"] and s["award"]["player"] == 2
    assert s["cards"] == [0, 0, 2] and len(s["award"]["given"]) == 1


def test_found_is_automatic_in_young_mode():
    g = PanicozooGame({"players": 2, "mode": "young", "first_timers": 1}, 1)
    g.apply(("open",))
    g.apply(("slap", 0))
    g.apply(("right",))
    with pytest.raises(RuleError) as e:
        g.apply(("found", 0))
    assert str(e.value) == "Auto in young mode"


def test_young_table_has_exactly_one_card_to_slap_per_animal():
    t = YoungTable()
    for a in range(15):
        c = t.target(a)
        assert a not in card_animals(c)
        assert all(a in card_animals(o) for o in range(15) if o != c)
