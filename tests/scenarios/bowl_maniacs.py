# Draw bowl, Animal Maniacs pool: draw, return, reshuffle, empty the bowl.
from menagerie.core.bowl import BowlGame
from menagerie.core.game import RuleError


def show(g):
    for line in g.dump():
        print(line)
    print("legal", g.legal()[:4], len(g.legal()))


def attempt(g, action):
    try:
        g.apply(action)
        print("ok", action)
    except RuleError as e:
        print("refused", action, repr(str(e)))


g = BowlGame({"pool": "maniacs"}, 20240601)
for _ in range(6):
    g.apply(("draw",))
show(g)
attempt(g, ("return", g.out[0]))
attempt(g, ("return", g.out[0]))
attempt(g, ["return", 35 if 35 not in g.out else 34])
attempt(g, ("return", 36))
attempt(g, ("roll",))
attempt(g, ("reshuffle",))
attempt(g, ("reshuffle",))
while g.remaining():
    g.apply(("draw",))
show(g)
attempt(g, ("draw",))
print("draw order", [g.label(i) for i in g.out])
print("reds drawn first 18", sum(1 for i in g.out[:18] if g.colour(i) == "red"))
s = g.summary()
for k in sorted(s):
    if k != "out":
        print("summary", k, s[k])
