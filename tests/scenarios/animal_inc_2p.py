# Animal Inc, 2 players: a whole game of random legal play at card level
# (deal, discard, drafting, pyramid, drop-outs), scored by the scorekeeper.
# One block per round: the finished round, then the game's state.
from menagerie.core.animal_inc_sim import game_report

for line in game_report(2, 2024, 0, 1):
    print(line)
