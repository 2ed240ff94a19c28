# Animal Maniacs: what an action does (checked first by
# core/animal_maniacs_check.py). Contests resolve loose cats most recent
# first, then the turn's own action.

from menagerie.core import animal_maniacs_data as D
from menagerie.core import animal_maniacs_contest as K
from menagerie.core.animal_maniacs_contest import Contest


def do(g, a):
    k = a[0]
    if k == "zoo":
        g.zoos[a[1]] = a[2]
        _setup_done(g)
    elif k == "objective":
        g.objs[a[1]] = a[2]
        _setup_done(g)
    elif k == "stop":
        g.note("Stopped: most animals")
        g.finish()
    elif k == "queen":
        g.spend(a[1])
        g.refill(a[1])
    elif k == "refill":
        g.refill(a[1])
    elif k == "redraw":
        pass  # a hand of only J, K and Jokers swapped: same count
    elif k == "pass":
        g.end_turn()
    elif k in ("trade", "wtrade"):
        if k == "trade":
            g.spend(g.turn)  # the Joker
        _swap(g, a[1], a[2])
        _after(g)
    elif k == "card":
        g.spend(a[1])
        g.c.cards.append((a[1], a[2], a[3]))
    elif k == "jack":
        g.spend(a[1])
        g.c.jacks.append(a[1])
    elif k == "king":
        g.spend(a[1])
        if len(a) == 6:
            cv, pv = a[4], a[5]
        else:
            cv = _points(_deal(g)[0])
            pv = _points(_deal(g)[0])
        g.c.cats.append([a[2], a[3], cv, pv])
    elif k == "draw":
        _draw(g, a)
    elif k == "resolve":
        _resolve(g)
    else:
        _open(g, a)


def _setup_done(g):
    g.pending.pop(0)
    if not g.pending:
        g._start()


def _points(v):
    # A card drawn in a cat fight: its points (Ace 1, faces and Jokers 0).
    return v if v <= 10 else 0


def _deal(g):
    # The device's own 54-card deck: code // 13 is the suit (0-1 red,
    # 2-3 black), code % 13 the rank; 52 and 53 are the Jokers (value 14).
    if g.deck_pos >= 54:
        g.rng.shuffle(g.deck)
        g.deck_pos = 0
    code = g.deck[g.deck_pos]
    g.deck_pos += 1
    if code >= 52:
        return 14, 2
    return code % 13 + 1, 0 if code < 26 else 1


def _open(g, a):
    k = a[0]
    t = g.turn
    owner = -1
    give = -1
    target = a[1]
    if k in ("borrow", "btrade"):
        if k == "btrade":
            give, target = a[1], a[2]
        owner = g.loc[target] - D.ZOO
        if k == "borrow" and g.zoos[t] == D.CENTRAL_AM:
            # No cards: the animal comes now and goes back 3 of its turns later.
            _borrow(g, target, g.turns[t] + D.CA_TURNS)
            g.note("P%d keeps it %d turns" % (t + 1, D.CA_TURNS))
            _after(g)
            return
        if g.hand[owner] == 0:
            g.refill(owner)
            g.note("P%d must refill" % (owner + 1))
    c = Contest(k, t, target, owner, g.zoos, g.n, give)
    if k == "capture":
        s = target // 3
        for m in g.zoo(t):
            if m // 3 == s:
                c.mate = True
    g.c = c


def _draw(g, a):
    c = g.c
    if len(a) == 3:
        v, col = a[1], a[2]
    else:
        v, col = _deal(g)
        while v > D.JACK:  # a Queen, King or Joker: the animal draws again
            v, col = _deal(g)
    c.draw = (v, col)
    if v == D.ACE_VALUE:
        s = c.species
        g.note("Ace! " + D.SPECIES[s])
        g.note("is endangered")
        g.endanger(s)
        _after(g)
    elif v == D.JACK:
        g.note("Jack: all may defend")


def _borrow(g, a, due):
    t = g.turn
    src = g.loc[a] - D.ZOO
    b = g.loan(a)
    home = b is not None and b[1] == t
    g.move(a, D.ZOO + t)
    if not home:
        g.borrowed.append([a, src, t, due])


def _swap(g, give, take):
    src = g.loc[take] - D.ZOO
    t = g.turn
    g.move(take, D.ZOO + t)
    g.move(give, D.ZOO + src)
    if g.zoos[t] == D.BEIJING:
        # The diseased animal dies with its species-mates of the new zoo.
        s = give // 3
        for m in g.zoo(src):
            if m // 3 == s:
                g.move(m, D.DEAD)
        g.note(D.SPECIES[s] + "s die at P%d" % (src + 1))


def _resolve(g):
    c = g.c
    rule = g.colour_rule
    eaten = []
    i = len(c.cats) - 1
    while i >= 0:
        cat, prey, cv, pv = c.cats[i]
        i -= 1
        if cat in eaten or prey in eaten:
            continue
        if cv > pv:
            eaten.append(prey)
            g.move(prey, D.DEAD)
            g.note("%s ate %s %d>%d" % (D.name(cat), D.name(prey), cv, pv))
        else:
            g.note("%s missed %d<=%d" % (D.name(cat), cv, pv))
    t = c.attacker
    k = c.kind
    if c.target in eaten and k in K.WILD_KINDS:
        g.note("its prey is gone")
        _lose_hunt(g, c, False)
        _after(g)
        return
    att, dfn = c.totals(rule)
    won = att > dfn
    word = {"capture": "caught", "hunt": "killed", "borrow": "borrowed",
            "btrade": "traded", "ehunt": "killed", "ecapture": "saved"}[k]
    g.note("%d vs %d: %s" % (att, dfn, word if won else "held"))
    if won:
        if k == "capture":
            g.move(c.target, D.ZOO + t)
        elif k == "hunt":
            g.move(c.target, D.WALL + t)
        elif k == "borrow":
            _borrow(g, c.target, -1)
        elif k == "btrade":
            _swap(g, c.give, c.target)
        else:
            place = D.WALL + t if k == "ehunt" else D.ZOO + t
            for m in g.on_ace(c.species):
                g.move(m, place)
            # Killed: later ones are wild again; saved by Nairobi: safe too.
            g.endangered[c.species] = 2 if k == "ehunt" else 0
    _lose_hunt(g, c, won)
    _after(g)


def _lose_hunt(g, c, won):
    t = c.attacker
    if c.kind == "ehunt":
        # Public protests, except for Paris after a failed hunt.
        if won or g.zoos[t] != D.PARIS:
            g.lost[t] += 1
            g.note("P%d loses next turn" % (t + 1))
    elif c.kind == "hunt" and not won and g.options["hunt_loss"] and g.n <= 3:
        g.lost[t] += 1
        g.note("P%d loses next turn" % (t + 1))


def _after(g):
    g.refill_wild()
    g.end_turn()
