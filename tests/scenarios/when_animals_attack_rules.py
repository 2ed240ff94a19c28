# When Animals Attack: each rule on a small position set up on the Atoll map
# (the test writes the board's bytearrays directly, then plays actions
# through apply()). Prints what happened; runs under CPython and MicroPython.
from menagerie.core.game import RuleError
from menagerie.core import when_animals_attack as W
from menagerie.core.when_animals_attack import WhenAnimalsAttackGame as G

MONKEY, BEAR, LION, CROC, SHARK, HAWK, GORILLA, ELEPHANT = range(8)


def xy(x, y):
    return y * 16 + x


def fresh(opts=None, phase=W.MOVE):
    # Atoll with nobody on it; the test places what it needs.
    o = {"map": "Atoll", "slow_start": 0, "finish_round": 0}
    if opts:
        for k in opts:
            o[k] = opts[k]
    g = G(o, 1)
    for i in range(len(g.own)):
        g.own[i] = 255
        g.unit[i] = 255
        g.dmg[i] = 0
    g.builds = [[], []]
    g.cur = 0
    g.phase = phase
    g.ticked = False
    return g


def put(g, x, y, kind, p, dmg=0):
    g.unit[xy(x, y)] = kind
    g.own[xy(x, y)] = p
    g.dmg[xy(x, y)] = dmg


def show(label, g):
    print("-- " + label)
    for line in g.dump():
        print(line)


def refused(g, a):
    before = g.dump()
    try:
        g.apply(a)
        print("ACCEPTED?", a)
    except RuleError as e:
        same = "unchanged" if g.dump() == before else "CHANGED"
        print("refused", a, repr(str(e)), same)


def cell(g, x, y):
    i = xy(x, y)
    k = g.unit[i]
    name = "-" if k == 255 else g.roster[k][0]
    return "%d,%d %s owner %s dmg %d" % (x, y, name, "-" if g.own[i] == 255 else g.own[i] + 1, g.dmg[i])


# The map and the start: one monkey each, owning its start tile. (slow_start
# off here: by default the first of two players builds nothing in turn 1.)
g = G({"map": "Atoll", "slow_start": 0}, 1)
show("start", g)
print("legal", g.legal())

# Phases in order: build, then move, then place; a 1-turn build is placed in
# the same turn's place phase.
g.apply((1, MONKEY))
print("after build: phase", g.phase, "builds", g.builds[0])
m = g.movers()
print("movers", m, "dests of first", g.reach(m[0])[0])
g.apply((2, m[0], g.reach(m[0])[0][0]))
print("after move: phase", g.phase, "ready", g.ready(), "spots", g.spots(MONKEY))
g.apply((3, MONKEY, g.spots(MONKEY)[0]))
print("after place: player", g.cur + 1, "phase", g.phase, "turn_first", g.turn_first, "actions", len(g.actions))
refused(g, (3, MONKEY, 0))
refused(g, (2, 0, 1))
refused(g, ("x",))
refused(g, (1, True))

# Availability by the share of native terrain owned: the lion (grass, 15 %)
# needs 15 % of Atoll's grass tiles.
g = fresh(phase=W.BUILD)
put(g, 4, 3, MONKEY, 0)
grass = [i for i in range(128) if g.ter[i] == 1]
need = (15 * len(grass) + 99) // 100
print("grass tiles", len(grass), "lion needs", need)
for i in grass[:need - 1]:
    g.own[i] = 0
print("one short: lion available", LION in g.available(0))
g.own[grass[need - 1]] = 0
print("enough: lion available", LION in g.available(0))

# Build times: a 2-turn build is ready one turn later; one build at a time
# until a settlement is taken.
g = fresh(phase=W.BUILD)
put(g, 1, 1, MONKEY, 0)
put(g, 14, 6, MONKEY, 1)
g.own[xy(2, 2)] = 0    # a hills tile: the bear (hills, 10 %) is available
g.apply((1, BEAR))
print("bear started", g.builds[0], "buildable now", g.buildable(0))
g.apply((0,))
print("end of P1 turn 1: builds", g.builds[0], "player", g.cur + 1)
g.apply((0,))
g.apply((0,))
print("P1 turn 2 starts in phase", g.phase, "(the one build slot is busy)")
g.apply((0,))
print("place phase: ready", g.ready(), "spots", g.spots(BEAR))
g.apply((3, BEAR, g.spots(BEAR)[0]))
print("placed:", cell(g, 2, 2), "builds", g.builds[0])

# Placing is a choice ("may be placed"): passing the place phase ends the
# turn and the completed animal waits, still complete, for a later place
# phase (option wait, 1 in the device's games; 0, as older firmware saved
# them, where the pass left the turn in the place phase).
for wait in (1, 0):
    g = fresh({"wait": wait}, phase=W.BUILD)
    put(g, 1, 1, MONKEY, 0)
    put(g, 14, 6, MONKEY, 1)
    g.own[xy(2, 2)] = 0
    g.builds[0] = [[BEAR, 1]]
    g.apply((0,))   # no build (the one slot is busy)
    g.apply((0,))   # no move
    print("wait %d: P1 place phase" % wait, g.phase == W.PLACE, "ready", g.ready(), "legal", len(g.legal()))
    g.apply((0,))
    print("  after a pass: player", g.cur + 1, "phase", g.phase, "P1 builds", g.builds[0])
    if wait:
        while g.cur == 1:
            g.apply((0,))
        g.apply((0,))
        print("  P2 passed: P1 turn 2 phase", g.phase, "ready", g.ready(), "builds", g.builds[0])
        g.apply((0,))
        print("  a pass again lets it wait: player", g.cur + 1, "P1 builds", g.builds[0])
g = fresh(phase=W.BUILD)
put(g, 1, 1, MONKEY, 0)
g.own[xy(5, 2)] = 0
g.town[xy(5, 2)] = W.RUIN
g.builds[0] = [[BEAR, 1]]
print("a ruin owned: slots", g.slots(0), "buildable", g.buildable(0))
g.apply((1, MONKEY))
print("two builds at once", g.builds[0])

# Population: 3 animals, plus 2 per water tile owned; builds count too.
g = fresh(phase=W.BUILD)
put(g, 1, 1, MONKEY, 0)
put(g, 2, 1, MONKEY, 0)
put(g, 3, 1, MONKEY, 0)
g.own[xy(0, 0)] = 0
print("3 monkeys, 1 water: limit", g.limit(0), "buildable", g.buildable(0))
g.own[xy(0, 0)] = 255
print("3 monkeys, no water: limit", g.limit(0), "buildable", g.buildable(0))
g.builds[0] = [[MONKEY, 0]]
g.phase = W.PLACE
print("a finished monkey over the limit waits: ready", g.ready())

# Moves: the monkey never enters water and moves 2; it passes its own animal
# but not an enemy; every tile walked is claimed.
g = fresh()
put(g, 6, 3, MONKEY, 0)
print("monkey by the lake reaches", sorted(g.reach(xy(6, 3))[0]), "water?",
      [i for i in g.reach(xy(6, 3))[0] if g.ter[i] == 0])
g = fresh()
put(g, 2, 3, MONKEY, 0)
put(g, 3, 3, BEAR, 0)
print("through own bear to 4,3:", xy(4, 3) in g.reach(xy(2, 3))[0])
g2 = fresh({"pass_own": 0})
put(g2, 2, 3, MONKEY, 0)
put(g2, 3, 3, BEAR, 0)
print("pass_own off: to 4,3:", xy(4, 3) in g2.reach(xy(2, 3))[0])
put(g, 3, 4, LION, 1)
put(g, 3, 2, LION, 1)
print("enemy lions are targets, not passages:", sorted(g.reach(xy(2, 3))[0]))
g = fresh()
put(g, 1, 3, MONKEY, 0)
g.apply((2, xy(1, 3), xy(3, 3)))
print(cell(g, 1, 3), "|", cell(g, 2, 3), "|", cell(g, 3, 3), "| owned 2,3:", g.own[xy(2, 3)] == 0)
g = fresh({"claim_path": 0})
put(g, 1, 3, MONKEY, 0)
g.apply((2, xy(1, 3), xy(3, 3)))
print("claim_path off: 2,3 owner", g.own[xy(2, 3)], "3,3 owner", g.own[xy(3, 3)])
# the shark lives in water, the hawk flies anywhere
g = fresh()
put(g, 7, 2, SHARK, 0)
print("shark reaches", sorted(g.reach(xy(7, 2))[0]))
put(g, 4, 4, HAWK, 0)
print("hawk reaches", len(g.reach(xy(4, 4))[0]), "tiles, water among them:",
      len([i for i in g.reach(xy(4, 4))[0] if g.ter[i] == 0]))

# Combat, outcome 1: one dies, the survivor holds the tile.
g = fresh()
put(g, 3, 3, LION, 0)
put(g, 4, 3, MONKEY, 1)
print("predict lion vs monkey", g.predict(xy(3, 3), xy(4, 3)))
g.apply((2, xy(3, 3), xy(4, 3)))
print("win:", cell(g, 3, 3), "|", cell(g, 4, 3))
g = fresh()
put(g, 3, 3, MONKEY, 0)
put(g, 4, 3, ELEPHANT, 1)
print("predict monkey vs elephant", g.predict(xy(3, 3), xy(4, 3)))
g.apply((2, xy(3, 3), xy(4, 3)))
print("lose:", cell(g, 3, 3), "|", cell(g, 4, 3))
# outcome 2: both die, the tile keeps its owner
g = fresh()
put(g, 3, 3, LION, 0)
put(g, 4, 3, LION, 1)
print("predict lion vs lion", g.predict(xy(3, 3), xy(4, 3)))
g.apply((2, xy(3, 3), xy(4, 3)))
print("both:", cell(g, 3, 3), "|", cell(g, 4, 3))
# outcome 3: neither dies, the attacker goes back; the damage lasts
g = fresh()
put(g, 1, 3, CROC, 0)
put(g, 3, 3, BEAR, 1)
print("predict croc (2 steps) vs bear", g.predict(xy(1, 3), xy(3, 3)), "path", g.path(xy(1, 3), xy(3, 3)))
g.apply((2, xy(1, 3), xy(3, 3)))
print("neither:", cell(g, 1, 3), "|", cell(g, 2, 3), "|", cell(g, 3, 3))
g.cur = 0
g.phase = W.MOVE
print("again, both are hurt:", g.predict(xy(2, 3), xy(3, 3)))
g.apply((2, xy(2, 3), xy(3, 3)))
print("second attack:", cell(g, 2, 3), "|", cell(g, 3, 3))
# healing is an option (off by default)
g = fresh({"heal": 1})
put(g, 3, 3, BEAR, 0, 3)
put(g, 12, 3, BEAR, 1, 3)
g.apply((0,))
print("heal 1: P2's bear at the start of its turn", cell(g, 12, 3), "| P1's", cell(g, 3, 3))

# Settlements: health 5, attacked from the next tile; at 0 the attacker
# takes it (option conquer) and the owner builds one more at a time.
g = fresh()
put(g, 4, 2, BEAR, 0)
print("bear hits the settlement", g.predict(xy(4, 2), xy(5, 2)))
g.apply((2, xy(4, 2), xy(5, 2)))
print("town health", g.town[xy(5, 2)], cell(g, 4, 2))
g.cur = 0
g.phase = W.MOVE
g.apply((2, xy(4, 2), xy(5, 2)))
print("razed: town", g.town[xy(5, 2)], cell(g, 5, 2), "slots", g.slots(0), "over", g.over())
g = fresh({"conquer": 0})
put(g, 4, 2, GORILLA, 0)
g.apply((2, xy(4, 2), xy(5, 2)))
print("conquer off: the attacker stays", cell(g, 4, 2), "| ruin owner", g.own[xy(5, 2)])
g.cur = 0
g.phase = W.MOVE
print("any animal may take the ruin:", xy(5, 2) in g.reach(xy(4, 2))[0])

# The end: every settlement destroyed; most tiles wins, a tie is shared.
g = fresh()
for t in g.alive_towns()[1:]:
    g.town[t] = W.RUIN
put(g, 4, 2, ELEPHANT, 0)
put(g, 12, 3, MONKEY, 1)
g.own[xy(13, 3)] = 1
print("tiles before the last blow", [g.tiles(0), g.tiles(1)])
g.apply((2, xy(4, 2), xy(5, 2)))
print("over", g.over(), "tiles", [g.tiles(0), g.tiles(1)], "winners", g.winners(), "legal", g.legal())
refused(g, (0,))
g = fresh()
for t in g.alive_towns()[1:]:
    g.town[t] = W.RUIN
put(g, 4, 2, ELEPHANT, 0)
put(g, 12, 3, MONKEY, 1)
g.own[xy(13, 3)] = 1
g.own[xy(12, 4)] = 1
g.apply((2, xy(4, 2), xy(5, 2)))
print("P2 one tile ahead", [g.tiles(0), g.tiles(1)], "winners", g.winners())
g = fresh({"ruin_tiles": 3})
g.own[xy(5, 2)] = 0
g.town[xy(5, 2)] = W.RUIN
print("ruin_tiles 3: one ruin counts", g.tiles(0))

# Options: slow_start (the first of two players skips its first build) and
# finish_round (from that many players on, 4 by default, the round in which
# the last settlement falls is played out, so everyone has had as many turns).
g = G({"map": "Atoll", "slow_start": 1}, 1)
print("slow start: P1 begins in phase", g.phase, "legal", g.legal()[:2])
g = fresh({"finish_round": 2})
for t in g.alive_towns()[1:]:
    g.town[t] = W.RUIN
put(g, 4, 2, ELEPHANT, 0)
put(g, 12, 3, MONKEY, 1)
g.apply((2, xy(4, 2), xy(5, 2)))
print("finish_round: last settlement razed by P1, over", g.over(), "player", g.cur + 1, "phase", g.phase)
g.apply((0,))
g.apply((2, xy(12, 3), xy(13, 3)))
print("P2 played its turn: over", g.over(), "tiles", [g.tiles(0), g.tiles(1)], "winners", g.winners())

# A round limit (option; 150 by default) ends the game at the end of that round.
g = G({"map": "Atoll", "rounds": 2}, 1)
while not g.over():
    g.apply((0,))
print("rounds 2: over after", len(g.actions), "passes, round", g.round)

# Undo is replay without the last action; the island is the same.
g = G({"players": 3}, 99)
for k in range(6):
    g.apply(g.legal()[-1])
u = g.undo()
print("undo", len(u.actions), u.dump()[1:9] == G.replay(g.options, 99, g.actions[:-1]).dump()[1:9])
