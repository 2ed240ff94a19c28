# When Animals Attack: the balance proof and the bot's cost.
#
# Balance (CPython, thousands of seeded bot games; WAA_GAMES=0.2 runs a fifth):
# - the bot against a random player;
# - bot-only games for 2, 3 and 4 players on random islands (1500 games
#   each: a fair share's standard error is 1.1-1.3 points, so a seat 4
#   points off its share is beyond noise) and on each built-in map (400):
#   each seat's share of the wins (a shared win counts 1/k), its standard
#   error, and how many rounds a game takes;
# - each animal against the field: one seat builds that animal whenever it
#   can, the other plays the plain bot. An animal that wins far more than
#   half of these games is too strong; far less, too weak to be worth it.
# Cost (the MicroPython unix port; an RP2040 is about 20x slower): the bot's
# time per move, a game's replay (what resume and undo cost), and the peak
# heap of a whole game.
import math
import os
import time
from multiprocessing import Pool

from menagerie.core import when_animals_attack_map as M
from menagerie.core import when_animals_attack_bot as B
from menagerie.core.rng import Rng
from menagerie.core.when_animals_attack import WhenAnimalsAttackGame as G
from tests.mpy_runner import peak_heap, run_micropython

SCALE = float(os.environ.get("WAA_GAMES", "1"))
MAPS = M.names()


def _n(k):
    return max(4, int(k * SCALE))


def play(job):
    # job = (seed, players, map, kinds): kinds per seat "bot", "rnd" or an
    # animal index the seat prefers. -> (winners, rounds, over, kinds, builds)
    seed, players, mapname, kinds = job
    # deal, wait: as the device starts its new games
    g = G({"players": players, "map": mapname, "deal": 1, "wait": 1}, seed)
    rng = Rng(seed, 99)
    built = [0] * len(g.roster)
    while not g.over() and len(g.actions) < 4000:
        k = kinds[g.cur]
        a = rng.choice(g.legal()) if k == "rnd" else B.choose(g, -1 if k == "bot" else k)
        if a[0] == 1:
            built[a[1]] += 1
        g.apply(a)
    return g.winners(), g.round, g.over(), kinds, built


def _shares(results, players):
    share = [0.0] * players
    for w, r, over, kinds, built in results:
        for p in w:
            share[p] += 1.0 / len(w)
    return share


def _rounds(results):
    rs = sorted(r for w, r, over, kinds, built in results)
    return rs[0], rs[len(rs) // 2], rs[-1], len([1 for x in results if not x[2]])


def _seats(share, k):
    # each seat's share of k games, and its standard error (in points):
    # sqrt(p (1 - p) / k) for a share p, a shared win counting 1/k
    out = []
    for x in share:
        p = x / k
        out.append("P%d %4.1f" % (len(out) + 1, 100.0 * p))
    fair = 1.0 / len(share)
    se = 100.0 * math.sqrt(fair * (1 - fair) / k)
    return " ".join(out) + " %%  (SE %.1f)" % se


def balance(pool):
    n = _n(300)
    jobs = [(s, 2, "random", ("bot", "rnd") if s % 2 == 0 else ("rnd", "bot")) for s in range(n)]
    res = pool.map(play, jobs, chunksize=8)
    won = 0
    for w, r, over, kinds, built in res:
        if len(w) == 1 and kinds[w[0]] == "bot":
            won += 1
    print("Bot against a random player, %d games: the bot wins %d (%.1f %%)" % (n, won, 100.0 * won / n))
    print()
    print("Bot-only games: each seat's share of the wins (a shared win counts 1/k), in %;")
    print("SE: the standard error of a fair share in points (a gap of 4 points between a")
    print("seat and its fair share is beyond noise at 3 SE or more); rounds min/median/max")
    total = n
    builds = None
    built_in = {}
    for m, count in (("random", 1500), ("Atoll", 400), ("Twin isles", 400), ("Ridge", 400)):
        print("  %s:" % ("random islands (the default)" if m == "random" else m))
        for players in (2, 3, 4):
            k = _n(count)
            jobs = [(10000 * players + 100000 * MAPS.index(m) + s, players, m, ("bot",) * players) for s in range(k)]
            res = pool.map(play, jobs, chunksize=8)
            total += k
            lo, mid, hi, unfinished = _rounds(res)
            print("    %d players, %4d games: %s   rounds %d/%d/%d%s" % (
                players, k, _seats(_shares(res, players), k), lo, mid, hi,
                ", unfinished %d" % unfinished if unfinished else ""))
            if m != "random":
                built_in[players] = built_in.get(players, []) + res
            for x in res:
                builds = x[4] if builds is None else [builds[i] + x[4][i] for i in range(len(builds))]
    print("  the three built-in maps together:")
    for players in (2, 3, 4):
        res = built_in[players]
        print("    %d players, %4d games: %s" % (players, len(res), _seats(_shares(res, players), len(res))))
    names = [a[0] for a in G({}, 1).roster]
    print("  animals built in those games: " + ", ".join("%s %d" % (names[i], builds[i]) for i in range(len(names))))
    print()
    print("Each animal against the field (2 players; one seat builds it whenever it can)")
    for kind in range(1, len(names)):
        k = _n(200)
        jobs = []
        for s in range(k):
            kinds = (kind, "bot") if s % 2 == 0 else ("bot", kind)
            jobs.append((50000 + 1000 * kind + s, 2, MAPS[s % len(MAPS)], kinds))
        res = pool.map(play, jobs, chunksize=8)
        total += k
        won = 0.0
        made = 0
        for w, r, over, kinds, built in res:
            made += built[kind]
            for p in w:
                if kinds[p] == kind:
                    won += 1.0 / len(w)
        print("  %-9s %4d games: its side wins %5.1f %%, %.1f built a game" % (names[kind], k, 100.0 * won / k, made / float(k)))
    print("%d games in all" % total)


MPY_BOT = """
import time
from menagerie.core.when_animals_attack import WhenAnimalsAttackGame as G
from menagerie.core import when_animals_attack_bot as B
times = []
replays = []
maps = []
for seed, players in ((1, 2), (2, 2), (3, 3), (4, 4), (5, 4)):
    t = time.ticks_us()
    g = G({"players": players}, seed)
    maps.append(time.ticks_diff(time.ticks_us(), t))
    while not g.over():
        t = time.ticks_us()
        a = B.choose(g)
        times.append(time.ticks_diff(time.ticks_us(), t))
        g.apply(a)
    t = time.ticks_us()
    G.replay(g.options, seed, g.actions[:-1])
    replays.append((len(g.actions), time.ticks_diff(time.ticks_us(), t)))
times.sort()
print("moves", len(times), "mean", sum(times) // len(times), "p95", times[len(times) * 95 // 100], "max", times[-1])
print("replays", " ".join("%d:%d" % r for r in replays))
print("maps", " ".join(str(m) for m in maps))
"""

MPY_GAME = """
from menagerie.core.when_animals_attack import WhenAnimalsAttackGame as G
from menagerie.core import when_animals_attack_bot as B
g = G({"players": 4}, 4)
while not g.over():
    g.apply(B.choose(g))
print(len(g.actions))
"""


def cost():
    out = run_micropython(MPY_BOT).split("\n")
    f = out[0].split()
    print("Bot time per move, MicroPython unix (%s moves of five 2-4 player games):" % f[1])
    print("  mean %.1f ms, 95th percentile %.1f ms, worst %.1f ms" % (int(f[3]) / 1000.0, int(f[5]) / 1000.0, int(f[7]) / 1000.0))
    print("Replay of a whole game (resume, undo): " + ", ".join(
        "%s actions %.0f ms" % (r.split(":")[0], int(r.split(":")[1]) / 1000.0) for r in out[1].split()[1:]))
    print("Random island (2-4 players): " + ", ".join("%.0f ms" % (int(m) / 1000.0) for m in out[2].split()[1:]))
    print("Peak heap of a whole 4-player bot game (core only, from .py): %.1f KB"
          % (peak_heap(MPY_GAME) / 1024.0))


def main():
    t = time.time()
    cost()
    print()
    with Pool(2) as pool:
        balance(pool)
    print("(%.0f s)" % (time.time() - t))
