# Animal Inc scorekeeper as the device uses it: a 3-player game of 5 rounds
# entered by hand, with refused entries, an undo and a replay from a record
# whose actions came back from JSON as lists.
from menagerie.core.game import RuleError
from menagerie.core.animal_inc import AnimalIncGame, CARD_VALUES, possible_pyramid_sums


def show(g):
    for line in g.dump():
        print(" ", line)


g = AnimalIncGame({"players": 3, "rounds": 5, "start": 1}, 7)
print("values", CARD_VALUES)
sums = possible_pyramid_sums()
print("sums", len(sums), sums[0], sums[1], sums[-1])
show(g)
entries = [
    ("round", 1, 2, 17, 10, 6, 0),
    ("round", 0, 0, 0, 8, 12, 3),
    ("round", 1, 1, 64, 5, 4, 3),      # refused: no six cards make 64
    ("round", 0, 1, 9, 5, 4, 3),       # refused: a short pyramid has no sum
    ("round", 1, 1, 9, 5, 5, 5),       # refused: only two cards of 5
    ("round", 1, 0, 0, 0, 9, 9),
    ("round", 1, 0, 12, 12, 12, 12),   # refused: only two 12s
    ("round", 0, 2, 0, 4, 0, 12),
]
for e in entries:
    info = g.round_info()
    print("round", info["number"], "start P" + str(info["starter"] + 1), info["direction"],
          info["receivers"])
    try:
        g.apply(e)
        print("ok", e[1:])
    except RuleError as err:
        print("refused", e[1:], str(err).replace("\n", " / "))
    show(g)
print("undo")
g = g.undo()
show(g)
g.apply(["round", 1, 1, 30, 7, 2, 6])
g.apply(["round", 0, 0, 0, 6, 6, 6])
show(g)
print("over", g.over(), "winners", g.winners())
rec = g.record()
again = AnimalIncGame.replay(rec["options"], rec["seed"], [list(a) for a in rec["actions"]])
print("replay same", again.dump() == g.dump(), again.scores)
for row in again.history():
    print(row["number"], row["starter"], row["direction"], row["reached"], row["last"],
          row["pyramid_sum"], row["highest"], row["deltas"], row["scores"])
try:
    g.apply(("round", 0, 0, 0, 0, 0, 0))
except RuleError as err:
    print("after the end:", err)
# Editing a past round (issue 12): one action, the totals after it follow.
g2 = AnimalIncGame({"players": 3}, 7)
g2.apply(("round", 1, 2, 14, 12, 4, 0))
g2.apply(("round", 0, 0, 0, 9, 5, 6))
g2.apply(("edit", 1, 1, 1, 20, 12, 0, 10))
show(g2)
for bad in (("edit", 3, 1, 1, 20, 12, 0, 10), ("edit", 1, 1, 1, 63, 12, 0, 12)):
    try:
        g2.apply(bad)
    except RuleError as err:
        print("refused", bad[1:], str(err).replace("\n", " / "))
print("undo edit", g2.undo().scores)
