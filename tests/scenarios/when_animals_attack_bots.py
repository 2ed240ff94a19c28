# When Animals Attack: golden replays of whole bot games (the device's
# player on every seat): a random island for two, Atoll for three, Ridge for
# four with options changed. Prints each action and the state now and then;
# the replay of the recorded actions must give the same final state.
from menagerie.core.when_animals_attack import WhenAnimalsAttackGame as G
from menagerie.core import when_animals_attack_bot as B

GAMES = (
    ({"players": 2}, 7),
    ({"players": 3, "map": "Atoll"}, 21),
    ({"players": 4, "map": "Ridge", "heal": 1, "claim_path": 0, "town_hp": 3}, 5),
    ({"players": 2, "w": 10, "h": 6, "towns": 2, "conquer": 0, "finish_round": 2, "slow_start": 1}, 11),
)

for opts, seed in GAMES:
    g = G(opts, seed)
    print("== game", seed, "players", g.n, "map", g.options["map"])
    for line in g.dump():
        print(line)
    row = []
    while not g.over():
        a = B.choose(g)
        g.apply(a)
        row.append(".".join(str(x) for x in a))
        if len(row) == 12:
            print(" ".join(row))
            row = []
        if len(g.actions) % 60 == 0:
            print("after %d: %s" % (len(g.actions), g.dump()[-1]))
    if row:
        print(" ".join(row))
    for line in g.dump():
        print(line)
    r = G.replay(g.options, seed, g.actions)
    print("replay identical", r.dump() == g.dump(), "actions", len(g.actions), "rounds", g.round)
