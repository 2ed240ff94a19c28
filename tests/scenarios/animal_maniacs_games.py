# Animal Maniacs: whole games of random legal play (core/animal_maniacs_sim.py)
# with 2 to 5 players, special zoos, both decks, limited objectives and the
# end rules. Each game prints its state every 50 actions and at the end.
import gc

from menagerie.core.animal_maniacs_sim import play

GAMES = (
    (2, 11, {"zoos": 1}),
    (3, 12, {"zoos": 1, "deck": 1}),
    (3, 13, {"limited": 1, "colour": 0}),
    (4, 14, {"zoos": 1, "colour": 2, "hand": 4}),
    (5, 15, {"zoos": 1, "limited": 2, "deck": 1, "wild": 4}),
    (2, 16, {"end": 1, "hunt_loss": 0}),
)


def watch(g, a):
    if len(g.actions) % 50 == 0:
        print("-- after %d: %s" % (len(g.actions), " ".join(str(x) for x in a)))
        for line in g.dump():
            print(line)


for n, seed, extra in GAMES:
    o = {"players": n, "edition": 1}   # issue 23's rules, as the device starts games
    for k in extra:
        o[k] = extra[k]
    print("== %dp seed %d %s" % (n, seed, " ".join(k + "=" + str(extra[k]) for k in sorted(extra))))
    g = play(o, seed, 600, watch)
    print("-- end after %d actions" % len(g.actions))
    for line in g.dump():
        print(line)
    g = None
    gc.collect()
