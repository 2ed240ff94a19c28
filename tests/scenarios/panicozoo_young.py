# A complete young players' game (3 players): the device draws the animals,
# players slap the card lacking it; wrong slappers are out for the round and
# hand the top card of their pile to the round's winner. Prints the device
# state after every action.
from menagerie.core.panicozoo import PanicozooGame, race_action
from menagerie.core.panicozoo_deck import YoungTable
from menagerie.core.rng import Rng

SEED = 4
g = PanicozooGame({"players": 3, "mode": "young"}, SEED)
play = Rng(SEED, 5)
table = YoungTable()
state = {"step": 0, "t": 500}


def act(action):
    g.apply(action)
    state["step"] += 1
    print("#" + str(state["step"]) + " " + " ".join(str(x) for x in action))
    for line in g.dump():
        print(line)


def race():
    t0 = state["t"]
    presses = []
    for p in g.armed():
        if play.below(5) == 0 and presses:
            continue
        d = 50 + play.below(400)
        if presses and play.below(4) == 0:
            d = presses[0][1] - t0
        presses.append((p, t0 + d))
    for p in g.out:
        if play.below(2) == 0:
            presses.append((p, t0 + play.below(100)))
    play.shuffle(presses)
    state["t"] = t0 + 2000
    return race_action(t0, presses, overflow=play.below(15) == 0)


while not g.over():
    act(("open",))
    card = table.target(g.animal)
    print("slap card lacking " + g.animal_name(g.animal) + " = card " + str(card))
    while g.phase == "open":
        act(race())
        if g.phase == "answering":
            # Small hands are quick but not always on the right card.
            act(("right",) if play.below(5) < 2 else ("wrong",))

print("winners " + ",".join("P" + str(p + 1) for p in g.winners()))
print("piles " + " | ".join(",".join(g.animal_name(a) for a in w) for w in g.won))
print("cards " + str(g.cards()) + " found " + str(len(g.found)))
again = PanicozooGame.replay(g.options, g.seed, g.actions)
print("replay " + ("same" if again.dump() == g.dump() else "DIFFERENT"))
