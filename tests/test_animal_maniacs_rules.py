# Animal Maniacs: the rulebook's points the referee once got wrong (issue 23),
# each stated as the rule a table plays. The whole rule walk-through, under
# CPython and MicroPython alike, is tests/scenarios/animal_maniacs_rules.py.
import pytest

from menagerie.core import animal_maniacs_data as D
from menagerie.core.animal_maniacs import AnimalManiacsGame
from menagerie.core.game import RuleError

ELEPHANTS = (21, 22, 23)
LION, TIGER, ZEBRA = 6, 0, 27


def table(n=3, wild=(), zoo=None, zoos=None, **options):
    # A game with exactly these animals in the wild and in the zoos (the
    # rest in the bowl), P1 to play; by issue 23's rules, as the device
    # starts every game (edition 1) unless a test says otherwise.
    options["players"] = n
    options.setdefault("edition", 1)
    options.setdefault("wild", max(1, len(wild)))
    g = AnimalManiacsGame(options, 5)
    for a in range(36):
        g.loc[a] = D.BOWL
    for a in wild:
        g.loc[a] = D.WILD
    for p, animals in (zoo or {}).items():
        for a in animals:
            g.loc[a] = D.ZOO + p
    if zoos:
        g.zoos = list(zoos)
    return g


def play(g, *actions):
    for a in actions:
        g.apply(a)
    return g


# -- 1. a borrow is settled only once the zookeeper has defended ------------------

@pytest.mark.parametrize("kind", ["borrow", "btrade"])
def test_the_cards_of_a_borrow_turn_over_only_after_the_zookeepers_card(kind):
    # The borrower's card goes down, then the zookeeper must put down a
    # point card of its own: a lone 3 does not beat "nothing".
    zoos = (D.BEIJING, 0, 0) if kind == "btrade" else None
    g = table(wild=(TIGER,), zoo={0: (3,), 1: (21,)}, zoos=zoos)
    play(g, ("borrow", 21) if kind == "borrow" else ("btrade", 3, 21), ("card", 0, 3, 1))
    assert ("resolve",) not in g.legal() and ("card", 1) in g.legal()
    with pytest.raises(RuleError, match="attack, defend, then"):
        g.apply(("resolve",))
    play(g, ("card", 1, 2, 1), ("resolve",))
    assert g.log[0] == "6 vs 4: " + ("borrowed" if kind == "borrow" else "traded")
    assert g.loc[21] == D.ZOO + 0


def test_the_borrowers_cards_go_down_before_the_defence():
    # The zookeeper answers the borrower's cards; Tokyo plays both of its
    # cards first, not one more after seeing the defence go down.
    g = table(wild=(TIGER,), zoo={1: (21,)}, zoos=(D.TOKYO, 0, 0))
    play(g, ("borrow", 21))
    assert ("card", 1) not in g.legal()
    play(g, ("card", 0, 3, 0), ("card", 1, 6, 0))
    assert ("card", 0) not in g.legal()
    with pytest.raises(RuleError):
        g.apply(("card", 0, 9, 0))


def test_a_zookeeper_whose_jack_was_its_last_card_draws_and_defends():
    g = table(wild=(TIGER,), zoo={1: (21,)})
    g.hand[1] = 1
    play(g, ("borrow", 21), ("card", 0, 5, 1), ("jack", 1))
    assert g.hand[1] == g.hand_size and "P2 must refill" in g.log
    assert ("card", 1) in g.legal() and ("resolve",) not in g.legal()


def test_a_central_american_borrow_still_needs_no_cards():
    g = table(wild=(TIGER,), zoo={1: (21,)}, zoos=(D.CENTRAL_AM, 0, 0))
    play(g, ("borrow", 21))
    assert g.c is None and g.loc[21] == D.ZOO + 0 and g.borrowed == [(21, 1, 0, 4)]


# -- 2. every failed hunt costs the hunter's next turn with 2-3 players ------------

HUNT_FAILS = {
    "cards": [("card", 0, 2, 0), ("draw", 9, 1)],
    "cat": [("card", 0, 9, 1), ("king", 1, LION, ZEBRA, 5, 1), ("draw", 2, 0)],
    "ace": [("card", 0, 9, 1), ("draw", 1, 1)],
    "cat and ace": [("card", 0, 9, 1), ("king", 1, LION, ZEBRA, 5, 1), ("draw", 1, 1)],
}


@pytest.mark.parametrize("how", sorted(HUNT_FAILS))
@pytest.mark.parametrize("n", [2, 3])
def test_every_failed_hunt_loses_the_next_turn_with_two_or_three_players(how, n):
    g = table(n, wild=(ZEBRA, 28, LION))
    play(g, ("hunt", ZEBRA), *HUNT_FAILS[how])
    play(g, ("resolve",))
    assert g.lost[0] == 1 and g.log[-1] == "P1 loses next turn"
    assert len(g.wall(0)) == 0
    for _ in range(n - 1):
        play(g, ("pass",))
    assert g.turn == 1 % n and "P1 loses a turn" in g.log


@pytest.mark.parametrize("n, hunt_loss", [(4, 1), (3, 0)])
def test_no_turn_is_lost_with_four_players_or_without_the_suggested_rule(n, hunt_loss):
    g = table(n, wild=(ZEBRA, 28), hunt_loss=hunt_loss)
    play(g, ("hunt", ZEBRA), ("card", 0, 9, 1), ("draw", 1, 1), ("resolve",))
    assert g.lost == [0] * n


# -- 3. loose cats strike before the animal's Ace is turned over ------------------

def test_a_cat_sent_before_an_ace_still_fights_first():
    # Attacks are settled most recent first, the turn's own action last; the
    # Ace belongs to the action, so the lion eats the elephant, then the Ace
    # endangers the other elephants.
    g = table(wild=(21, 22, LION, TIGER), zoo={1: (23,)})
    play(g, ("capture", 21), ("card", 0, 10, 1), ("king", 1, LION, 21, 8, 3), ("draw", 1, 0))
    assert g.c is not None and g.log == []  # the Ace is face down: nothing said yet
    play(g, ("resolve",))
    assert g.log[:2] == ["Lion ate Elephant 8>3", "Elephant endangered"]
    assert g.loc[21] == D.DEAD and g.on_ace(7) == [22, 23]
    assert g.endangered_species() == [7] and g.zoo(0) == []


def test_kings_may_still_be_sent_after_the_animal_drew_its_ace():
    g = table(wild=(21, LION, TIGER))
    play(g, ("capture", 21), ("card", 0, 10, 1), ("draw", 1, 0))
    assert (LION, 21) in g.king_choices()
    play(g, ("king", 1, LION, 21, 2, 3), ("king", 2, TIGER, LION, 9, 1), ("resolve",))
    assert g.log[:2] == ["Tiger ate Lion 9>1", "Elephant endangered"]
    assert g.loc[LION] == D.DEAD and g.loc[21] == D.ACE


def test_the_device_deck_keeps_an_ace_face_down_too():
    for seed in range(200):
        g = AnimalManiacsGame({"players": 2, "deck": 1, "edition": 1}, seed)
        a = g.wild()[0]
        play(g, ("capture", a), ("card", 0, 10, 1), ("draw",))
        if g.c.draw[0] == 1:
            assert g.log == [] and ("resolve",) in g.legal()
            play(g, ("resolve",))
            assert g.endangered[a // 3] == 1 and g.zoo(0) == []
            return
    pytest.fail("no Ace in 200 deals")


# -- 4. Nairobi's rescue and Paris's hunt of an endangered species ----------------

@pytest.mark.parametrize("zoo, kind", [(D.NAIROBI, "ecapture"), (D.PARIS, "ehunt")])
def test_a_successful_endangered_rescue_or_hunt_costs_the_turn_a_failed_one_not(zoo, kind):
    # Both zoos play by the endangered hunting rule, where the hunter loses
    # the next turn either way; their own sentence spares only a failure.
    for attack, lost in ((9, 1), (2, 0)):
        g = table(wild=(TIGER,), zoos=(zoo, 0, 0))
        g.endangered[2] = 1
        g.loc[LION] = D.ACE
        play(g, (kind, 2), ("card", 0, attack, 0), ("card", 1, 5, 0), ("resolve",))
        assert g.lost[0] == lost, (attack, g.log)
        assert (g.loc[LION] != D.ACE) == (lost == 1)


# -- 5. what the docs say the device does -------------------------------------------

def test_two_players_defend_an_endangered_species_with_one_card_two_with_a_jack():
    # "Play what you got" names a two-player endangered defence as a case of
    # several cards: that is the Jack's second card; no refill between.
    g = table(2, wild=(TIGER,))
    g.endangered[2] = 1
    g.loc[LION] = D.ACE
    play(g, ("ehunt", 2), ("card", 0, 6, 1), ("card", 1, 4, 0))
    assert ("card", 1) not in g.legal()
    play(g, ("jack", 1))
    with pytest.raises(RuleError, match="play what you got"):
        g.apply(("queen", 1))
    play(g, ("card", 1, 2, 0))
    assert ("card", 1) not in g.legal()


def test_the_loan_page_counts_the_central_americans_own_turns_left():
    # "Three turns later" is three of the borrower's own played turns: the
    # zoos page says how many are left, and a lost turn is not one of them.
    from menagerie.ui.animal_maniacs_table import seat_lines

    class App:
        settings = {"names": []}

    g = table(wild=(TIGER, 3, ZEBRA), zoo={1: (21, 24)}, zoos=(D.CENTRAL_AM, 0, 0))

    def loan():
        return seat_lines(App, g, 0)[-1]

    play(g, ("borrow", 21))
    assert loan() == "Elephant from P2, back after 3 more of its turns"
    play(g, ("pass",), ("pass",))
    assert loan() == "Elephant from P2, back after 2 more of its turns"
    play(g, ("hunt", ZEBRA), ("card", 0, 2, 0), ("draw", 9, 1), ("resolve",),
         ("pass",), ("pass",))  # the failed hunt costs P1's next turn: P2 plays
    assert g.turn == 1 and loan() == "Elephant from P2, back after 2 more of its turns"
    play(g, ("pass",), ("pass",))
    assert loan() == "Elephant from P2, back after 1 more of its turns"
    play(g, ("pass",), ("pass",), ("pass",))
    assert g.turn == 0 and loan() == "Elephant from P2, back at the end of this turn"
    play(g, ("pass",))
    assert g.loc[21] == D.ZOO + 1 and "Elephant back to P2" in g.log


# -- found on re-reading the rulebook ---------------------------------------------

def test_berkeleys_jack_brings_two_defence_cards_in_a_borrow_too():
    g = table(wild=(TIGER,), zoo={1: (21,)}, zoos=(0, 0, D.BERKELEY))
    play(g, ("borrow", 21), ("card", 0, 9, 1), ("jack", 2), ("card", 2, 3, 1))
    assert ("card", 2) in g.legal()
    play(g, ("card", 2, 3, 1))
    assert ("card", 2) not in g.legal()


# -- a game saved by firmware before these rules keeps its own ---------------------
# Option edition: absent (0) in a game saved before issue 23, 1 in every game
# the device starts now. Each rule above, as edition 0 plays it, so that such
# a save replays and goes on as it was played (the old firmware's own games:
# tests/test_animal_maniacs_old_saves.py).

def test_edition_0_turns_a_borrow_over_on_the_borrowers_cards():
    g = table(wild=(TIGER,), zoo={1: (21,)}, edition=0)
    play(g, ("borrow", 21))
    assert ("card", 1) in g.legal()   # the zookeeper could defend at any time
    play(g, ("card", 0, 3, 1), ("resolve",))
    assert g.log[0] == "6 vs 0: borrowed" and g.loc[21] == D.ZOO + 0   # a black 3, doubled


def test_edition_0_refills_a_zookeeper_only_as_the_borrow_opens():
    g = table(wild=(TIGER,), zoo={1: (21,)}, edition=0)
    g.hand[1] = 1
    play(g, ("borrow", 21), ("card", 0, 5, 1), ("jack", 1))
    assert g.hand[1] == 0 and g.log == [] and ("resolve",) in g.legal()
    g = table(wild=(TIGER,), zoo={1: (21,)}, edition=0)
    g.hand[1] = 0
    play(g, ("borrow", 21))
    assert g.hand[1] == g.hand_size and g.log == ["P2 must refill"]


@pytest.mark.parametrize("kind", ["capture", "hunt"])
def test_edition_0_ends_the_contest_at_the_ace_its_cats_unfought_no_turn_lost(kind):
    g = table(wild=(21, 22, LION, TIGER), zoo={1: (23,)}, edition=0)
    play(g, (kind, 21), ("card", 0, 10, 1), ("king", 1, LION, 21, 8, 3), ("draw", 1, 0))
    assert g.c is None and g.log[:2] == ["Ace! Elephant", "is endangered"]
    assert g.loc[LION] == D.WILD and g.loc[21] == D.ACE and g.lost == [0, 0, 0]
    assert g.turn == 1


def test_edition_0_nairobis_rescue_costs_no_turn():
    g = table(wild=(TIGER,), zoos=(D.NAIROBI, 0, 0), edition=0)
    g.endangered[2] = 1
    g.loc[LION] = D.ACE
    play(g, ("ecapture", 2), ("card", 0, 9, 0), ("card", 1, 5, 0), ("resolve",))
    assert g.loc[LION] == D.ZOO + 0 and g.lost == [0, 0, 0]


def test_edition_0_berkeleys_jack_brings_one_card_in_a_borrow():
    g = table(wild=(TIGER,), zoo={1: (21,)}, zoos=(0, 0, D.BERKELEY), edition=0)
    play(g, ("borrow", 21), ("card", 0, 9, 1), ("jack", 2), ("card", 2, 3, 1))
    assert ("card", 2) not in g.legal()


def test_the_device_starts_every_game_by_these_rules():
    from menagerie.ui.animal_maniacs_seat import starter

    class App:
        game = None

        def new_game(self, game_id, options):
            self.game = AnimalManiacsGame(options, 1)
            return self.game

        def home(self, *screen):
            pass

        def push(self, s):
            self.busy = s

        def top(self):
            return self.busy

    app = App()
    starter(3, {"zoos": 1})(app, 2)
    # the game is made by the busy screen's first slice (ui/screen.Busy)
    next(app.busy.task)
    assert app.game.options["edition"] == 1 and app.game.turn == 2
    with pytest.raises(RuleError, match="edition: 0 to 1"):
        AnimalManiacsGame({"edition": 2}, 1)
