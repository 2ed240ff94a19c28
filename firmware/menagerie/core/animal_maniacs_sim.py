# A random-play driver for Animal Maniacs: fills every template of legal()
# with random card values, so tests and golden replays can play whole games.
# Not used on the board.

from menagerie.core.rng import Rng
from menagerie.core.animal_maniacs import AnimalManiacsGame


def fill(g, t, rng):
    # A concrete action from a legal() entry.
    k = t[0]
    if k == "card":
        return ("card", t[1], rng.choice(g.card_values()), rng.below(2))
    if k == "draw" and g.deck is None:
        return ("draw", rng.choice(g.draw_values()), rng.below(2))
    if k == "king":
        cat, prey = rng.choice(g.king_choices())
        if g.deck is None:
            return ("king", t[1], cat, prey, rng.below(11), rng.below(11))
        return ("king", t[1], cat, prey)
    if k in ("trade", "btrade", "wtrade"):
        give, take = rng.choice(g.trade_pairs(k))
        return (k, give, take)
    return t


def pick(g, rng):
    # Favour playing the game on: "stop" and extra refills now and then only.
    acts = g.legal()
    main = []
    for a in acts:
        if a[0] not in ("stop", "queen", "refill", "redraw", "pass"):
            main.append(a)
    r = rng.below(100)
    if not main or r < 4:
        rest = [a for a in acts if a[0] != "stop" or rng.below(40) == 0]
        return fill(g, rng.choice(rest or acts), rng)
    if g.c is not None and g.ready() and rng.below(3) == 0:
        return ("resolve",)
    return fill(g, rng.choice(main), rng)


def play(options, seed, limit=3000, watch=None):
    # -> the game after random legal play until it ends (or limit actions).
    g = AnimalManiacsGame(options, seed)
    rng = Rng(seed, 7)
    while not g.over() and len(g.actions) < limit:
        a = pick(g, rng)
        g.apply(a)
        if watch:
            watch(g, a)
    return g
