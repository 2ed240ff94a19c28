# Draw bowl: Panicozoo (default and custom list), starting player, dice,
# refused options.
from menagerie.core.bowl import BowlGame
from menagerie.core.game import RuleError

g = BowlGame({"pool": "panicozoo"}, 5)
print("panicozoo", g.size(), [g.label(i) for i in range(g.size())])
for _ in range(15):
    g.apply(("draw",))
print("order", [g.label(i) for i in g.out])
try:
    g.apply(("draw",))
except RuleError as e:
    print("refused", repr(str(e)))
print("legal", g.legal())

g = BowlGame({"pool": "panicozoo", "animals": ["Ant", "Bee", "Cat"]}, 5)
g.apply(("draw",))
print("custom", g.dump())

g = BowlGame({"pool": "start", "players": 5, "names": ["Ana", "Bo", "", "Dee"]}, 77)
print("seats", [g.label(i) for i in range(g.size())])
g.apply(("draw",))
print("starts", g.text(g.last()))
while g.remaining():
    g.apply(("draw",))
print("seat order", [g.label(i) for i in g.out])

for pool in ("d6", "d20"):
    d = BowlGame({"pool": pool}, 1234)
    for _ in range(12):
        d.apply(("roll",))
    print(pool, [d.label(i) for i in d.draws()], "legal", d.legal(), "remaining", d.remaining())
    for bad in (("draw",), ("reshuffle",), ("roll", 1)):
        try:
            d.apply(bad)
        except RuleError as e:
            print(" refused", bad, repr(str(e)))
    print(" undo", [d.label(i) for i in d.undo().draws()])

for opts in ({"pool": "start", "players": 1}, {"pool": "start", "players": 7},
             {"pool": "start", "players": True}, {"pool": "dice"},
             {"pool": "panicozoo", "animals": ["Ant"]},
             {"pool": "panicozoo", "animals": ["Ant", "Ant"]},
             {"pool": "panicozoo", "animals": ["Ant", ""]},
             {"pool": "panicozoo", "animals": ["Ant", "A very long animal name"]},
             {"pool": "panicozoo", "animals": "Ant,Bee"},
             {"colour": "red"}):
    try:
        BowlGame(opts, 1)
        print("accepted", sorted(opts.items()))
    except RuleError as e:
        print("refused", sorted(opts.items()), repr(str(e)))
