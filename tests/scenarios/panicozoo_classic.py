# A complete classic Panicozoo game (4 players, first-timers aid) played
# against a modelled table: messy timed races (ties, early and locked-out
# presses, a voided race), wrong calls, auto-awards, the two-card final and
# the tie-breaker. Prints the device state after every action.
from menagerie.core.panicozoo import PanicozooGame, race_action
from menagerie.core.panicozoo_deck import ClassicTable
from menagerie.core.rng import Rng

SEED = 17
g = PanicozooGame({"players": 4, "first_timers": 1}, SEED)
play = Rng(SEED, 5)    # the players' behaviour, not the device's draws
state = {"step": 0, "t": 10000}


def plain(v):
    # Dicts print with sorted keys: MicroPython dicts are unordered.
    if isinstance(v, dict):
        return "{" + ", ".join(k + ": " + plain(v[k]) for k in sorted(v)) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(plain(x) for x in v) + "]"
    return str(v)


def act(action):
    g.apply(action)
    state["step"] += 1
    print("#" + str(state["step"]) + " " + " ".join(str(x) for x in action))
    for line in g.dump():
        print(line)


def race():
    armed = g.armed()
    t0 = state["t"]
    presses = []
    for p in range(4):
        if p in armed:
            if play.below(4) == 0:
                continue  # this one hesitates
            d = 3 + play.below(30)
            if presses and play.below(3) == 0:
                d = presses[0][1] - t0  # same scan as the first presser
            presses.append((p, t0 + d))
        elif play.below(3) == 0:
            presses.append((p, t0 + play.below(20)))  # locked out, slaps anyway
    if play.below(5) == 0:
        presses.append((play.below(4), t0 - 1 - play.below(5)))  # jumped the gun
    if not [x for x in presses if x[0] in armed and x[1] >= t0]:
        presses.append((armed[0], t0 + 40))
    play.shuffle(presses)  # arrival order is not time order
    state["t"] = t0 + 1000
    return race_action(t0, presses, overflow=play.below(12) == 0)


def play_round(table):
    table.deal()
    ans = table.answer()
    print("table hidden-lacks " + g.animal_name(ans) + " common "
          + ",".join(g.animal_name(a) for a in table.common()))
    act(("open",))
    while g.phase == "open":
        act(race())
        if g.phase == "answering":
            act(("right",) if play.below(2) == 0 else ("wrong",))
    if g.found_by is not None:
        act(("found", ans))
    if not g.tiebreak or g.over():
        table.take()


table = ClassicTable(Rng(SEED, 9))
while not g.over():
    if g.tiebreak:
        table = ClassicTable(Rng(SEED, 11))  # all 15 cards back in play
    play_round(table)

print("winners " + ",".join("P" + str(p + 1) for p in g.winners()))
s = g.summary()
print("summary " + plain(s))
again = PanicozooGame.replay(g.options, g.seed, g.actions)
print("replay " + ("same" if again.dump() == g.dump() else "DIFFERENT"))
print("undo " + " / ".join(g.undo().dump()))
