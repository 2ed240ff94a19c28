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
    # Exactly rng.choice(rnd.legal()) (same draw, same pick), without building
    # the list: count the legal actions, draw one index, walk to it.
    if rnd.phase == "play":
        hand = rnd.hands[rnd.turn]
        per = [0, 0, 0, 0, 0]
        for c in hand:
            per[CARD_COMPANY[c]] += 1
        slots = rnd.pyramid.open_slots()
        sizes = []
        total = 0
        for t, x, m in slots:
            k = 0
            for j in range(5):
                if (m >> j) & 1:
                    k += per[j]
            sizes.append(k)
            total += k
        r = rng.below(total)
        i = 0
        while r >= sizes[i]:
            r -= sizes[i]
            i += 1
        t, x, m = slots[i]
        for c in hand:
            if (m >> CARD_COMPANY[c]) & 1:
                if r == 0:
                    return ("play", c, t, x)
                r -= 1
    if rnd.phase == "discard":
        kind, pile, k = "discard", rnd.discards, rnd.need
    elif rnd.phase == "pass":
        kind, pile, k = "pass", rnd.passing, PASS_COUNT
    else:
        return None
    total = 0
    for s in range(rnd.players):
        if len(pile[s]) < k:
            total += len(rnd.hands[s])
    r = rng.below(total)
    for s in range(rnd.players):
        if len(pile[s]) < k:
            hand = rnd.hands[s]
            if r < len(hand):
                return (kind, s, hand[r])
            r -= len(hand)
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


def game_report(players, seed, rounds=0, start=0):
    # The golden-replay text of a whole random game (tests/scenarios): per
    # round the finished pyramid round and the scorekeeper's state, then the
    # history and the winners. Lines, not prints: the core does no I/O.
    game = None
    for game, rnd in game_rounds(players, seed, rounds, start):
        yield "== round %d" % len(game.deltas)
        for line in rnd.dump():
            yield line
        for line in game.dump():
            yield line
    yield "history"
    for row in game.history():
        yield "%d P%d %s %s %s" % (row["number"], row["starter"] + 1, row["direction"],
                                   row["deltas"], row["scores"])
    yield "winners %s" % (game.winners(),)
