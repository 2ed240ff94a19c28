# Draw bowl, 54-card deck: labels, colours, a long session with returns,
# replay and undo give back the same state.
from menagerie.core.bowl import BowlGame

g = BowlGame({"pool": "cards"}, 99)
print("deck", [g.label(i) for i in range(0, 54, 5)], g.label(52), g.label(53))
print("colours", [g.colour(i) for i in (0, 13, 26, 39, 52)])
for step in range(40):
    if step % 7 == 6:
        g.apply(("return", g.out[len(g.out) // 2]))
    else:
        g.apply(("draw",))
for line in g.dump():
    print(line)
again = BowlGame.replay(g.options, g.seed, g.record()["actions"])
print("replay equal", again.dump() == g.dump())
u = g.undo()
print("undo remaining", u.remaining(), "was", g.remaining(), "actions", len(u.actions))
print("undo last", u.text(u.last()))
g.apply(("reshuffle",))
print("after reshuffle", g.remaining(), g.out)
for seed in (1, 2, 3, 4, 5):
    b = BowlGame({"pool": "cards"}, seed)
    b.apply(("draw",))
    b.apply(("draw",))
    print("seed", seed, [b.text(i) for i in b.out])
