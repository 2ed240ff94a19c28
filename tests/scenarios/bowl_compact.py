# Compacted bowls (core/bowl_compact.py): the same compaction, record and
# later draws under CPython and MicroPython. The compacted start carries the
# rng's exact 64-bit state (a long int on MicroPython), so a compacted bowl
# draws exactly what the uncompacted one draws and undo steps back through
# the KEEP actions it kept; a bowl saved in the older form (three items,
# rng from the seed) still loads and plays on.
from menagerie.core.bowl import BowlGame
from menagerie.core.bowl_compact import KEEP, LIMIT, compact
from menagerie.core.game import RuleError

for pool in ("d6", "d20", "cards", "maniacs"):
    g = BowlGame({"pool": pool}, 4321)
    whole = BowlGame({"pool": pool}, 4321)   # the same bowl, never compacted
    n = 0
    same = True
    while n < 130:
        if len(g.actions) >= LIMIT:
            g = compact(g)
            r = g.record()
            print(pool, "compacted at", n, "seed", r["seed"], "start", r["options"]["start"],
                  "kept", len(r["actions"]))
        acts = g.legal()
        a = acts[n % len(acts)] if n % 5 == 4 else acts[0]
        g.apply(a)
        whole.apply(a)
        same = same and g.last() == whole.last() and g.out == whole.out
        n += 1
    print(pool, "dump", g.dump())
    print(pool, "draws as the uncompacted bowl", same)
    r = g.record()
    again = BowlGame.replay(r["options"], r["seed"], r["actions"])
    print(pool, "replay equal", again.dump() == g.dump(), "earlier", again.earlier)
    # Undo all the way the compacted bowl can: the KEEP actions it kept at
    # its last compaction and the ones after, each step as the uncompacted.
    back = []
    while g.actions:
        g = g.undo()
        whole = whole.undo()
        back.append(g.draws()[-KEEP:] == whole.draws()[-KEEP:] and g.out == whole.out
                    and g.earlier + len(g.draws()) == whole.earlier + len(whole.draws()))
    print(pool, "undone", len(back), "as uncompacted", back.count(True))
    try:
        g.undo()
    except RuleError as e:
        print(pool, "then", repr(str(e)))

# Saved by the older compaction (its golden line): loads, plays on the same.
old = [[32, 24, 28, 6, 14, 5, 31, 0, 17, 23, 18, 25, 34, 2, 21, 33, 9, 29, 4, 7, 3, 35, 30, 15,
        11, 10, 20, 13, 19, 26, 8, 22, 12, 16, 27, 1],
       [10, 20, 13, 1, 19, 26, 8, 22, 27, 12, 16, 16, 27, 27, 1, 1], 26]
g = BowlGame({"pool": "maniacs", "start": old}, 2522658561)
for k in range(6):
    g.apply(g.legal()[k % 3])
print("old form", g.dump())
g = BowlGame({"pool": "d6", "start": [[], [4, 0, 2, 0, 3], 32]}, 22673757)
for k in range(8):
    g.apply(("roll",))
print("old die", g.draws(), g.earlier)
for st in ([[1, 1], [], 0], [[], [], 0, -1], [[], [], 0, 1 << 64], [[], [], 0, "7"],
           [[], [], 0, 1, 2]):
    try:
        BowlGame({"pool": "cards", "start": st}, 1)
    except RuleError as e:
        print("refused", repr(str(e)))
