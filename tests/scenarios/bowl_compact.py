# Compacted bowls (core/bowl_compact.py): the same compaction, record and
# later draws under CPython and MicroPython (64-bit seeds mixed to 32 bits).
from menagerie.core.bowl import BowlGame
from menagerie.core.bowl_compact import LIMIT, compact
from menagerie.core.game import RuleError

for pool in ("d6", "d20", "cards", "maniacs"):
    g = BowlGame({"pool": pool}, 4321)
    n = 0
    while n < 130:
        if len(g.actions) >= LIMIT:
            g = compact(g)
            r = g.record()
            print(pool, "compacted at", n, "seed", r["seed"], "start", r["options"]["start"])
        acts = g.legal()
        a = acts[n % len(acts)] if n % 5 == 4 else acts[0]
        g.apply(a)
        n += 1
    print(pool, "dump", g.dump())
    r = g.record()
    again = BowlGame.replay(r["options"], r["seed"], r["actions"])
    print(pool, "replay equal", again.dump() == g.dump(), "earlier", again.earlier)
try:
    BowlGame({"pool": "cards", "start": [[1, 1], [], 0]}, 1)
except RuleError as e:
    print("refused", repr(str(e)))
