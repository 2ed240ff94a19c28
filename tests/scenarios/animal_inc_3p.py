# Animal Inc, 3 players: a whole game of random legal play at card level
# (deal, discard, drafting, pyramid, drop-outs), scored by the scorekeeper.
# One block per round: the finished round, then the game's state.
from menagerie.core.animal_inc_sim import game_rounds

for game, rnd in game_rounds(3, 77, 0, 2):
    print("== round", len(game.deltas))
    for line in rnd.dump():
        print(line)
    for line in game.dump():
        print(line)
print("history")
for row in game.history():
    print(row["number"], "P" + str(row["starter"] + 1), row["direction"], row["deltas"], row["scores"])
print("winners", game.winners())
