# Animal Maniacs (Advanced Rules): the rules one situation at a time. Each
# case arranges the animals, plays actions and prints what the referee did.
# Animal ids: species * 3 + copy (Tiger 0-2, Cheetah 3-5, Lion 6-8,
# Giraffe 9-11, Camel 12-14, Moose 15-17, Gorilla 18-20, Elephant 21-23,
# Rhino 24-26, Zebra 27-29, Polar bear 30-32, Hippo 33-35).
from menagerie.core.game import RuleError
from menagerie.core.animal_maniacs import AnimalManiacsGame
from menagerie.core import animal_maniacs_data as D


def game(n=3, zoos=None, wild=(), zoo=None, wall=None, bowl=True, **o):
    o["players"] = n
    o["edition"] = 1   # issue 23's rules, as the device starts every game
    if "wild" not in o:
        o["wild"] = max(1, len(wild))
    g = AnimalManiacsGame(o, 5)
    for a in range(36):
        g.loc[a] = D.BOWL if bowl else D.DEAD
    for a in wild:
        g.loc[a] = D.WILD
    for p in (zoo or {}):
        for a in zoo[p]:
            g.loc[a] = D.ZOO + p
    for p in (wall or {}):
        for a in wall[p]:
            g.loc[a] = D.WALL + p
    if zoos:
        g.zoos = list(zoos)
    g.log = []
    return g


def names(ids):
    return ",".join(D.name(a) for a in ids) or "-"


def show(g):
    for t in g.log:
        print("  | " + t)
    for p in range(g.n):
        print("  P%d zoo %s wall %s hand %d lost %d" % (
            p + 1, names(g.zoo(p)), names(g.wall(p)), g.hand[p], g.lost[p]))
    print("  wild %s; P%d to play; %s" % (names(g.wild()), g.turn + 1, g.phase()))


def go(g, *actions):
    for a in actions:
        try:
            g.apply(a)
        except RuleError as e:
            print("  refused %s: %s" % (a[0], str(e).replace("\n", " / ")))


def case(title):
    print("== " + title)


case("setup: 3 players, 6 in the wild, 5 cards each")
g = AnimalManiacsGame({"players": 3, "edition": 1}, 1)
print("  wild %d bowl %d hands %s" % (len(g.wild()), len(g.where(D.BOWL)), g.hand))
g = AnimalManiacsGame({"players": 2, "hand": 4, "wild": 8, "edition": 1}, 1)
print("  wild %d hands %s" % (len(g.wild()), g.hand))
for bad in ({"players": 6}, {"hand": 3}, {"colour": 3}, {"nope": 1}):
    try:
        AnimalManiacsGame(bad, 1)
    except RuleError as e:
        print("  refused %s: %s" % (sorted(bad)[0], str(e).replace("\n", " / ")))

case("capture: colour doubles (default), then a win")
g = game(wild=(21, 6))
go(g, ("capture", 21), ("card", 0, 7, 0), ("draw", 5, 1), ("resolve",))
show(g)
go(g, ("capture", 21), ("card", 1, 8, 1), ("draw", 5, 1), ("resolve",))
show(g)

case("capture: colour rule off and only-matching")
g = game(wild=(21, 6), colour=0)
go(g, ("capture", 21), ("card", 0, 7, 0), ("draw", 5, 1), ("resolve",))
show(g)
g = game(wild=(21, 6), colour=2)
go(g, ("capture", 21), ("card", 0, 9, 0), ("draw", 2, 1), ("resolve",))
show(g)

case("capture: the attacker's card goes down first, one card only")
g = game(wild=(21,))
go(g, ("capture", 21), ("draw", 5, 1), ("card", 0, 3, 1), ("card", 0, 4, 1),
   ("resolve",), ("draw", 5, 1), ("card", 0, 9, 1), ("draw", 12, 1), ("draw", 4, 1), ("resolve",))
show(g)

case("hunt: success to the trophy wall")
g = game(wild=(27, 28))
go(g, ("hunt", 27), ("card", 0, 6, 1), ("draw", 4, 0), ("resolve",))
show(g)

case("hunt: a failed hunt loses a turn with 2-3 players (suggested rule)")
g = game(wild=(27, 28))
go(g, ("hunt", 27), ("card", 0, 2, 0), ("draw", 9, 0), ("resolve",), ("pass",), ("pass",))
show(g)
g = game(wild=(27, 28), hunt_loss=0)
go(g, ("hunt", 27), ("card", 0, 2, 0), ("draw", 9, 0), ("resolve",))
show(g)
g = game(4, wild=(27, 28))
go(g, ("hunt", 27), ("card", 0, 2, 0), ("draw", 9, 0), ("resolve",))
show(g)

case("borrow: the zookeeper defends, the ledger records it")
g = game(wild=(0,), zoo={1: (21, 22)})
go(g, ("borrow", 0), ("borrow", 21), ("card", 2, 5, 1), ("card", 0, 6, 1), ("card", 1, 4, 1),
   ("card", 1, 2, 1), ("resolve",))
show(g)
print("  loans", g.borrowed)
go(g, ("borrow", 21), ("card", 1, 9, 1), ("card", 0, 2, 0), ("resolve",))
show(g)
print("  loans (taken back)", g.borrowed)

case("borrow: the cards turn over only once the zookeeper has defended")
g = game(wild=(0,), zoo={1: (21,)})
go(g, ("borrow", 21), ("card", 1, 2, 0), ("card", 0, 3, 0), ("resolve",))
print("  legal:", [a for a in g.legal() if a[0] in ("card", "resolve")])
go(g, ("card", 1, 2, 0), ("resolve",))
show(g)

case("borrow: Tokyo's cards all go down before the defence")
g = game(zoos=(D.TOKYO, 0, 0), wild=(0,), zoo={1: (21,)})
go(g, ("borrow", 21), ("card", 0, 3, 0), ("card", 1, 6, 0), ("card", 0, 4, 0), ("resolve",))
show(g)

case("borrow: a zookeeper whose Jack was its last card draws a new hand to defend")
g = game(wild=(0,), zoo={1: (21,)})
g.hand[1] = 1
go(g, ("borrow", 21), ("card", 0, 5, 1), ("jack", 1))
print("  P2 hand", g.hand[1], g.log, "may defend with", g.c.allowance(1))
go(g, ("card", 1, 4, 1), ("card", 1, 3, 1), ("resolve",))
show(g)

case("borrow: a zookeeper with no cards must refill first")
g = game(wild=(0,), zoo={1: (21,)})
g.hand[1] = 0
go(g, ("borrow", 21))
print("  P2 hand", g.hand[1], g.log)

case("trade with a Joker: no contest, counts as the action")
g = game(wild=(0,), zoo={0: (3,), 2: (21,)})
go(g, ("trade", 21, 3), ("trade", 3, 0), ("trade", 3, 21))
show(g)
g = game(wild=(0,), zoo={0: (3,), 2: (21,)})
g.hand[0] = 0
go(g, ("trade", 3, 21))

case("Jack: another player adds a defence card")
g = game(wild=(21,))
go(g, ("capture", 21), ("card", 0, 9, 1), ("card", 1, 5, 1), ("jack", 1), ("jack", 1),
   ("card", 1, 5, 1), ("jack", 0), ("draw", 2, 1), ("resolve",))
show(g)

case("Jack drawn by the wild animal: every other player may defend")
g = game(wild=(21,))
go(g, ("capture", 21), ("card", 0, 10, 1), ("draw", 11, 0), ("card", 1, 3, 1),
   ("card", 2, 4, 1), ("card", 2, 4, 1), ("card", 0, 2, 1), ("resolve",))
show(g)

case("Queen refills; play what you got")
g = game(wild=(21,))
g.hand[1] = 2
go(g, ("queen", 1))
print("  P2 hand after Queen", g.hand[1])
go(g, ("capture", 21), ("card", 0, 4, 1), ("queen", 0), ("refill", 0), ("queen", 1), ("draw", 3, 0),
   ("resolve",))
show(g)

case("two players, an endangered hunt: one card each side, the defender a second with a Jack")
g = game(2, wild=(21,))
g.endangered[2] = 1
g.loc[6] = D.ACE
go(g, ("ehunt", 2), ("card", 0, 6, 1), ("card", 0, 6, 1), ("card", 1, 4, 0), ("card", 1, 4, 0),
   ("jack", 1), ("queen", 1), ("refill", 1), ("card", 1, 2, 0), ("resolve",))
show(g)

case("refill and the all-face-card hand")
g = game(wild=(21,))
go(g, ("refill", 0), ("redraw", 0))
g.hand[0] = 3
go(g, ("redraw", 0), ("refill", 0))
print("  P1 hand", g.hand[0])

case("forced refill when a turn starts with no cards")
g = game(wild=(21, 22))
g.hand[1] = 0
go(g, ("pass",))
show(g)

case("King: a loose lion eats the elephant before the capture")
g = game(wild=(21, 6, 0, 9))
go(g, ("capture", 21), ("card", 0, 10, 1), ("king", 1, 6, 21, 8, 3), ("draw", 2, 0), ("resolve",))
show(g)

case("King on King: the tiger eats the lion first, the capture goes on")
g = game(wild=(21, 6, 0, 9))
go(g, ("capture", 21), ("card", 0, 10, 1), ("king", 1, 6, 21, 8, 3), ("king", 0, 6, 21, 1, 1),
   ("king", 0, 0, 9, 1, 1), ("king", 0, 0, 6, 9, 2), ("draw", 2, 0), ("resolve",))
show(g)

case("King: the cat misses, the capture is judged as usual")
g = game(wild=(21, 6))
go(g, ("capture", 21), ("card", 0, 3, 1), ("king", 2, 6, 21, 2, 7), ("draw", 9, 1), ("resolve",))
show(g)
g = game(wild=(21, 6), zoo={1: (22,)})
go(g, ("borrow", 22), ("king", 0, 6, 22, 2, 7))

case("Ace drawn: face down until the cards turn over, then the species is endangered")
g = game(wild=(21, 22, 6), zoo={1: (23,)})
go(g, ("capture", 21), ("card", 0, 10, 1), ("draw", 1, 1))
print("  after the draw:", g.phase(), g.log, ("resolve",) in g.legal())
go(g, ("resolve",))
show(g)
print("  on the Ace", names(g.on_ace(7)), "endangered", g.endangered_species())

case("an endangered hunt: up to one card per other player, all defend")
go(g, ("ehunt", 7), ("card", 1, 5, 1), ("card", 1, 5, 1), ("card", 1, 4, 1),
   ("card", 0, 2, 0), ("jack", 2), ("card", 2, 1, 0), ("card", 2, 1, 1), ("card", 2, 1, 1),
   ("resolve",))
show(g)
go(g, ("pass",), ("pass",))
show(g)

case("Kings before an Ace: the cats strike first, then the Ace endangers the species")
g = game(wild=(21, 22, 6, 0), zoo={1: (23,)})
go(g, ("capture", 21), ("card", 0, 10, 1), ("king", 1, 6, 21, 8, 3), ("draw", 1, 0), ("resolve",))
show(g)
print("  on the Ace", names(g.on_ace(7)), "dead", names(g.where(D.DEAD)))
g = game(wild=(21, 6, 0))
go(g, ("capture", 21), ("card", 0, 10, 1), ("draw", 1, 0), ("king", 1, 6, 21, 2, 3),
   ("king", 2, 0, 6, 9, 1), ("resolve",))
show(g)

case("hunt: an Ace fails the hunt, so the hunter loses the next turn (2-3 players)")
g = game(wild=(27, 28, 21))
go(g, ("hunt", 27), ("card", 0, 9, 1), ("draw", 1, 1), ("resolve",))
print("  ", g.log)
go(g, ("pass",), ("pass",))
show(g)
g = game(4, wild=(27, 28, 21))
go(g, ("hunt", 27), ("card", 0, 9, 1), ("draw", 1, 1), ("resolve",))
print("  4 players:", g.log, g.lost)
g = game(wild=(27, 28, 6), hunt_loss=0)
go(g, ("hunt", 27), ("card", 0, 9, 1), ("king", 1, 6, 27, 5, 1), ("draw", 1, 1), ("resolve",))
print("  option off:", g.log, g.lost)

case("endangered: later draws join the Ace until it is killed")
g = game(wild=(21, 6))
g.endangered[0] = 1
g.loc[0] = D.ACE
g.wild_size = 2
for a in range(36):
    if g.loc[a] == D.BOWL and a not in (1, 2):
        g.loc[a] = D.DEAD
go(g, ("hunt", 6), ("card", 0, 9, 0), ("draw", 2, 1), ("resolve",))
show(g)
print("  tigers on the Ace", len(g.on_ace(0)))
g = game(wild=(21, 6))
g.endangered[0] = 2
g.wild_size = 2
for a in range(36):
    if g.loc[a] == D.BOWL and a not in (1,):
        g.loc[a] = D.DEAD
go(g, ("hunt", 6), ("card", 0, 9, 0), ("draw", 2, 1), ("resolve",))
print("  killed before: the new tiger is wild:", names(g.wild()))

case("the device's own deck draws for the wild animal")
g = game(wild=(21, 6), deck=1)
go(g, ("capture", 21), ("card", 0, 6, 1), ("draw", 5, 1), ("draw",))
print("  drew", g.c.draw if g.c else "an Ace", g.log)

# -- the special zoos ---------------------------------------------------------
Z = D
case("Berkeley defends the wild without a Jack, two cards with one, never hunts")
g = game(zoos=(0, Z.BERKELEY, 0), wild=(21, 22))
go(g, ("capture", 21), ("card", 0, 10, 1), ("card", 1, 3, 1), ("card", 1, 3, 1), ("jack", 1),
   ("card", 1, 4, 1), ("draw", 2, 0), ("resolve",))
show(g)
go(g, ("hunt", 22), ("ehunt", 0))
print("  Berkeley may hunt:", [a for a in g.legal() if a[0] == "hunt"])

case("Nairobi captures an endangered species; no turn lost when it fails")
g = game(zoos=(Z.NAIROBI, 0, 0), wild=(21,))
g.endangered[2] = 1
for a in (6, 7):
    g.loc[a] = D.ACE
go(g, ("ecapture", 2), ("card", 0, 3, 0), ("card", 1, 4, 0), ("card", 2, 4, 0), ("resolve",))
show(g)
go(g, ("pass",), ("pass",), ("ecapture", 2), ("card", 0, 9, 0), ("card", 0, 2, 0), ("card", 1, 3, 1),
   ("resolve",))
show(g)
go(g, ("pass",), ("ecapture", 2))

case("Nairobi and Paris: a success costs the next turn, a failure does not")
for k, z in (("ecapture", Z.NAIROBI), ("ehunt", Z.PARIS), ("ehunt", Z.NAIROBI)):
    for att in (2, 9):
        g = game(zoos=(z, 0, 0), wild=(21,))
        g.endangered[2] = 1
        g.loc[6] = D.ACE
        go(g, (k, 2), ("card", 0, att, 0), ("card", 1, 5, 0), ("resolve",))
        print("  %s %s %d vs 10: lost %d, %s" % (D.ZOOS[z], k, 2 * att, g.lost[0], g.log))

case("Paris: its hunting cards all match the animal; keeps its turn after a failed endangered hunt")
g = game(zoos=(Z.PARIS, 0, 0), wild=(21, 6))
go(g, ("hunt", 21), ("card", 0, 5, 0), ("draw", 4, 1), ("resolve",))
show(g)
g = game(zoos=(Z.PARIS, 0, 0), wild=(21,))
g.endangered[2] = 1
g.loc[6] = D.ACE
go(g, ("ehunt", 2), ("card", 0, 2, 0), ("card", 1, 9, 0), ("resolve",), ("pass",), ("pass",))
show(g)
g = game(zoos=(Z.PARIS, 0, 0), wild=(21, 9))
go(g, ("capture", 21), ("card", 0, 5, 0), ("draw", 4, 1), ("resolve",))
print("  Paris capturing: no colour help:", g.log)

case("San Diego plays two cards for an animal whose mate is in its zoo")
g = game(zoos=(Z.SAN_DIEGO, 0, 0), wild=(21, 6), zoo={0: (22,)})
go(g, ("capture", 21), ("card", 0, 3, 0), ("card", 0, 3, 0), ("draw", 5, 0), ("resolve",))
show(g)
g = game(zoos=(Z.SAN_DIEGO, 0, 0), wild=(21, 6), zoo={0: (22,)})
go(g, ("capture", 6), ("card", 0, 3, 0), ("card", 0, 3, 0))

case("Berkeley's Jack brings two defence cards, in a borrow too")
g = game(zoos=(0, 0, Z.BERKELEY), wild=(0,), zoo={1: (21,)})
go(g, ("borrow", 21), ("card", 0, 9, 1), ("card", 2, 3, 1), ("jack", 2), ("card", 2, 3, 1),
   ("card", 2, 3, 1), ("card", 1, 4, 1), ("card", 2, 3, 1), ("resolve",))
show(g)

case("Tokyo borrows with two cards")
g = game(zoos=(Z.TOKYO, 0, 0), wild=(0,), zoo={1: (21,)})
go(g, ("borrow", 21), ("card", 0, 3, 0), ("card", 0, 4, 0), ("card", 1, 6, 0), ("resolve",))
show(g)

case("Central American borrows free and returns it three of its turns later")
g = game(zoos=(Z.CENTRAL_AM, 0, 0), wild=(0, 3), zoo={1: (21, 24)})
go(g, ("borrow", 21))
show(g)
print("  loans", g.borrowed)
for r in range(3):
    go(g, ("pass",), ("pass",))
    print("  CA turn %d: zoo %s" % (g.turns[0], names(g.zoo(0))))
    go(g, ("pass",))
show(g)
print("  loans", g.borrowed)
g = game(zoos=(Z.CENTRAL_AM, 0, 0), wild=(0, 3), zoo={1: (21, 24)})
go(g, ("borrow", 21), ("borrow", 21), ("card", 1, 9, 1), ("card", 0, 2, 0), ("resolve",))
show(g)
print("  taken back early: the loan is void", g.borrowed)
for r in range(4):
    go(g, ("pass",), ("pass",), ("pass",))
print("  nothing returns later: P1 %s, P2 %s" % (names(g.zoo(0)), names(g.zoo(1))))

case("Central American: its loans go home after 3 of its own played turns; a lost turn pushes that a round")
for hunt in (False, True):
    g = game(zoos=(Z.CENTRAL_AM, 0, 0), wild=(0, 3, 27), zoo={1: (21, 24)})
    go(g, ("borrow", 21), ("pass",), ("pass",))
    if hunt:  # its second turn: a failed hunt costs its third
        go(g, ("hunt", 27), ("card", 0, 2, 0), ("draw", 9, 1), ("resolve",))
    while g.loc[21] == D.ZOO and len(g.actions) < 30:
        go(g, ("pass",))
    print("  %s: home in round %d, at the end of CA's turn %d %s" % (
        "failed hunt" if hunt else "no lost turn", g.turns[1], g.turns[0], g.log))

case("Beijing trades by contest; the diseased animal dies with its species-mates")
g = game(zoos=(Z.BEIJING, 0, 0), wild=(0,), zoo={0: (21,), 1: (22, 23, 6)})
go(g, ("btrade", 21, 6), ("card", 0, 9, 0), ("card", 1, 3, 0), ("resolve",))
show(g)
print("  dead", names(g.where(D.DEAD)))
g = game(zoos=(Z.BEIJING, 0, 0), wild=(0,), zoo={0: (21,), 1: (6,)})
go(g, ("btrade", 21, 6), ("card", 0, 2, 0), ("card", 1, 3, 0), ("resolve",))
show(g)
g = game(wild=(0,), zoo={0: (21,), 1: (6,)})
go(g, ("btrade", 21, 6))

case("Kuwait tops up to a full hand when its turn starts")
g = game(zoos=(0, Z.KUWAIT, 0), wild=(0,))
g.hand[1] = 2
go(g, ("pass",))
show(g)

case("Nigeria doubles its cards to capture African animals")
g = game(zoos=(Z.NIGERIA, 0, 0), wild=(27, 21), colour=0)
go(g, ("capture", 27), ("card", 0, 4, 0), ("draw", 7, 0), ("resolve",))
show(g)
g = game(zoos=(Z.NIGERIA, 0, 0), wild=(27, 21), colour=0)
go(g, ("capture", 21), ("card", 0, 4, 0), ("draw", 7, 0), ("resolve",))
print("  an elephant is not African:", g.log)

case("New Delhi doubles for camels, elephants, gorillas and tigers")
g = game(zoos=(Z.NEW_DELHI, 0, 0), wild=(12, 27), colour=0)
go(g, ("capture", 12), ("card", 0, 4, 0), ("draw", 7, 0), ("resolve",))
show(g)
g = game(zoos=(Z.NEW_DELHI, 0, 0), wild=(12, 27), colour=0)
go(g, ("hunt", 12), ("card", 0, 4, 0), ("draw", 7, 0), ("resolve",))
print("  hunting is no capture:", g.log)

case("Siberia: two cards to capture polar bears and moose, two to defend them")
g = game(zoos=(Z.SIBERIA, 0, 0), wild=(30, 21))
go(g, ("capture", 30), ("card", 0, 3, 0), ("card", 0, 3, 0), ("draw", 5, 0), ("resolve",))
show(g)
go(g, ("borrow", 30), ("card", 1, 5, 0), ("card", 0, 2, 1), ("card", 0, 2, 1), ("card", 0, 2, 1),
   ("resolve",))
show(g)

case("Weight Watchers: two cards for hippos and rhinos, and a free trade for one")
g = game(zoos=(Z.WEIGHT_WATCHERS, 0, 0), wild=(33, 21), zoo={0: (0,), 2: (24, 6)})
go(g, ("capture", 33), ("card", 0, 3, 0), ("card", 0, 3, 0), ("draw", 5, 0), ("resolve",))
show(g)
g = game(zoos=(Z.WEIGHT_WATCHERS, 0, 0), wild=(33, 21), zoo={0: (0,), 2: (24, 6)})
g.hand[0] = 0
go(g, ("wtrade", 0, 6), ("wtrade", 0, 24))
show(g)

case("special zoos assigned at random are all different")
g = AnimalManiacsGame({"players": 5, "zoos": 1, "edition": 1}, 9)
print("  " + " ".join(D.ZOOS[z] for z in g.zoos))
g = AnimalManiacsGame({"players": 2, "zoos": 2, "edition": 1}, 9)
print("  to choose:", g.phase(), len(g.legal()), g.legal()[0])
go(g, ("zoo", 1, 3), ("capture", 0), ("zoo", 0, 6), ("zoo", 1, 6), ("zoo", 1, 3))
print("  chosen:", [D.ZOOS[z] for z in g.zoos], g.phase(), len(g.wild()))

# -- objectives and the end ---------------------------------------------------
case("objectives: 3 pairs, 7 kinds or 7 kills with 2-3 players")
print("  thresholds 2p %s 3p %s 4p %s 5p %s" % tuple(str(D.thresholds(n)) for n in (2, 3, 4, 5)))
g = game(wild=(30, 31), zoo={0: (0, 1, 3, 4)})
go(g, ("capture", 30), ("card", 0, 9, 1), ("draw", 2, 0), ("resolve",))
print("  two pairs: over?", g.over(), D.progress(g.loc, 0))
g = game(wild=(30, 32), zoo={0: (0, 1, 3, 4, 31)})
go(g, ("capture", 30), ("card", 0, 9, 1), ("draw", 2, 0), ("resolve",))
show(g)
print("  winners", g.winners(), "by", g.win_by)
g = game(wild=(30, 31), zoo={0: (0, 3, 6, 9, 12, 15)})
go(g, ("capture", 30), ("card", 0, 9, 1), ("draw", 2, 0), ("resolve",))
print("  seven kinds: winners", g.winners(), "by", g.win_by, "legal", g.legal())
go(g, ("pass",))
g = game(wild=(30, 31), wall={0: (0, 3, 6, 9, 12, 15)})
go(g, ("hunt", 30), ("card", 0, 9, 1), ("draw", 2, 0), ("resolve",))
print("  seven kills: winners", g.winners(), "by", g.win_by)

case("objectives with 4-5 players: 2 pairs, 5 kinds, 5 kills")
g = game(4, wild=(30, 31), zoo={0: (0, 1)})
go(g, ("capture", 30), ("card", 0, 9, 1), ("draw", 2, 0), ("resolve",), ("capture", 31))
print("  one pair: over?", g.over())
g = game(4, wild=(4, 31), zoo={0: (0, 1, 3)})
go(g, ("capture", 4), ("card", 0, 9, 1), ("draw", 2, 0), ("resolve",))
print("  ", g.log, "P%d ended it" % (g.turn + 1), g.winners(), g.win_by)
g = game(5, wild=(30, 31), wall={2: (0, 3, 6, 9)})
go(g, ("pass",), ("pass",), ("hunt", 30), ("card", 2, 9, 1), ("draw", 2, 0), ("resolve",))
print("  five kills:", g.winners(), g.win_by)

case("Limited Objectives: one each at random, or two chosen")
g = AnimalManiacsGame({"players": 4, "limited": 1, "edition": 1}, 3)
print("  random masks", g.objs)
g = AnimalManiacsGame({"players": 3, "limited": 2, "edition": 1}, 3)
print("  random pairs of objectives", g.objs)
g = AnimalManiacsGame({"players": 2, "limited": 2, "obj_choose": 1, "zoos": 2, "edition": 1}, 3)
print("  choices", g.pending)
go(g, ("zoo", 0, 1), ("zoo", 1, 2), ("objective", 0, 1), ("objective", 0, 3), ("objective", 1, 6))
print("  chosen", g.objs, g.phase())
g = game(wild=(30, 31), zoo={0: (0, 1, 3, 4)}, wall={1: (6, 9, 12, 15, 18, 21)})
g.objs = [D.KINDS, D.PAIRS, 7]
go(g, ("capture", 30), ("card", 0, 9, 1), ("draw", 2, 0), ("resolve",),
   ("hunt", 31), ("card", 1, 9, 1), ("draw", 2, 0), ("resolve",))
print("  P1 not after pairs, P2 not after kills: over?", g.over(), g.wild())

case("end rule: the last animal leaves the wild, one more round, most animals win")
g = game(wild=(30,), zoo={0: (33,), 1: (0,)}, wall={2: (3,)}, bowl=False)
go(g, ("capture", 30), ("card", 0, 9, 1), ("draw", 2, 0), ("resolve",))
show(g)
print("  final", g.final)
go(g, ("pass",), ("pass",))
print("  over?", g.over(), "final", g.final)
go(g, ("pass",))
print("  winners", g.winners(), g.log)
go(g, ("pass",))

case("end rule: a tie; and the play-on option")
g = game(wild=(30,), zoo={1: (0,), 2: (3,)}, bowl=False)
go(g, ("pass",), ("pass",), ("pass",), ("hunt", 30), ("card", 0, 9, 1), ("draw", 2, 0), ("resolve",))
go(g, ("pass",), ("pass",), ("pass",))
print("  winners", g.winners(), g.over())
g = game(wild=(30,), zoo={1: (0,), 2: (3,)}, end=1, bowl=False)
go(g, ("hunt", 30), ("card", 0, 9, 1), ("draw", 2, 0), ("resolve",))
for i in range(6):
    go(g, ("pass",))
print("  play on: over?", g.over(), g.final, "turn P%d" % (g.turn + 1))
go(g, ("stop",))
print("  stopped:", g.winners(), g.log, g.legal())

case("undo is replay without the last action")
g = AnimalManiacsGame({"players": 3, "zoos": 1, "edition": 1}, 4)
a = g.wild()[0]
go(g, ("capture", a), ("card", 0, 7, 0))
u = g.undo()
print("  undone:", u.actions, u.c.cards, u.hand)
r = AnimalManiacsGame.replay(g.options, g.seed, [list(x) for x in g.actions])
print("  replay same:", r.dump() == g.dump())
