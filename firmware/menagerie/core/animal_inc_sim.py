# Random legal play of whole Animal Inc games at card level, scored through
# the real scorekeeper (AnimalIncGame). For fuzz tests, golden replays and
# benchmarks; the device itself never imports this module.

from menagerie.core.rng import Rng
from menagerie.core.animal_inc import AnimalIncGame
from menagerie.core.animal_inc_deck import CARD_COMPANY, DECK_SIZE, PASS_COUNT
from menagerie.core.animal_inc_pyramid import PyramidRound


def new_round(game, rng):
    # Shuffle a fresh deck with `rng` and set up the game's coming round.
    info = game.round_info()
    deck = rng.shuffle(list(range(DECK_SIZE)))
    return PyramidRound(game.players, info["starter"], info["receivers"], deck)


def random_action(rnd, rng):
    # A legal action chosen at random. Same choices as rng.choice(rnd.legal())
    # would allow, without listing every (card, slot) pair: pick an open slot
    # the player has a card for, then one of those cards.
    if rnd.phase == "play":
        hand = rnd.hands[rnd.turn]
        have = 0
        for c in hand:
            have |= 1 << CARD_COMPANY[c]
        slots = [s for s in rnd.pyramid.open_slots() if s[2] & have]
        t, x, m = slots[rng.below(len(slots))]
        fit = [c for c in hand if (m >> CARD_COMPANY[c]) & 1]
        return ("play", fit[rng.below(len(fit))], t, x)
    if rnd.phase == "discard":
        kind, pile, k = "discard", rnd.discards, rnd.need
    else:
        kind, pile, k = "pass", rnd.passing, PASS_COUNT
    for s in range(rnd.players):
        if len(pile[s]) < k:
            hand = rnd.hands[s]
            return (kind, s, hand[rng.below(len(hand))])
    return None


def play_round(rnd, rng, watch=None):
    # Play `rnd` to its end; watch(rnd, action) runs after every action.
    while not rnd.over():
        a = random_action(rnd, rng)
        rnd.apply(a)
        if watch:
            watch(rnd, a)
    return rnd


def game_rounds(players, seed, rounds=0, start=0, watch=None):
    # Generator: plays a whole game, yielding (game, finished round) after
    # each round has been entered into the scorekeeper.
    game = AnimalIncGame({"players": players, "rounds": rounds, "start": start}, seed)
    rng = Rng(seed)
    while not game.over():
        rnd = play_round(new_round(game, rng), rng, watch)
        game.apply(rnd.entry())
        yield game, rnd


def simulate_game(players, seed, rounds=0, start=0, watch=None):
    game = None
    for game, rnd in game_rounds(players, seed, rounds, start, watch):
        pass
    return game
