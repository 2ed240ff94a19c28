# Animal Maniacs: what an action does (checked first by
# core/animal_maniacs_legal.py). Contests resolve loose cats most recent
# first, then the turn's own action: a wild animal's Ace is turned over
# with the action's cards, after the cats. Option edition 0 keeps the rules
# of firmware before issue 23 for the games saved then: each place that
# reads it says what that firmware did (docs/games/animal-maniacs.md,
# "Games saved by older firmware").

from menagerie.core import animal_maniacs_data as D
from menagerie.core.animal_maniacs_contest import Contest

_WORDS = ("capture", "caught", "hunt", "killed", "borrow", "borrowed", "btrade", "traded",
          "ehunt", "killed", "ecapture", "saved")


def do(g, a):
    k = a[0]
    log = g.log
    if k in ("queen", "card", "jack", "king"):
        g.hand[a[1]] -= 1
    if k == "zoo" or k == "objective":
        (g.zoos if k == "zoo" else g.objs)[a[1]] = a[2]
        g.pending.pop(0)
        if not g.pending:
            g.start()
    elif k == "stop":
        log.append("Stopped: most animals")
        g.finish()
    elif k == "queen" or k == "refill":
        g.hand[a[1]] = g.hand_size
    elif k == "pass":
        g.end_turn()
    elif k == "trade" or k == "wtrade":
        if k == "trade":
            g.hand[g.turn] -= 1  # the Joker
        _swap(g, a[1], a[2])
        _after(g)
    elif k == "card":
        g.c.cards.append((a[1], a[2], a[3]))
    elif k == "jack":
        g.c.jacks.append(a[1])
    elif k == "king":
        if len(a) == 6:
            cv, pv = a[4], a[5]
        else:
            cv = _points(_deal(g)[0])
            pv = _points(_deal(g)[0])
        g.c.cats.append((a[2], a[3], cv, pv))
    elif k == "draw":
        _draw(g, a)
    elif k == "resolve":
        _resolve(g)
    elif k != "redraw":  # a redrawn hand of only J, K, Jokers: same count
        _open(g, a)
    c = g.c
    if c is not None and c.owner >= 0 and g.hand[c.owner] == 0 and not c.count(c.owner) \
            and (g.options["edition"] or k == "borrow" or k == "btrade"):
        # A zookeeper with no cards when someone borrows from it (or after
        # its Jack) draws a hand: it must defend with a point card. (Edition
        # 0: only as the borrow opens.)
        g.hand[c.owner] = g.hand_size
        log.append("P%d must refill" % (c.owner + 1))


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
    if k == "borrow" or k == "btrade":
        if k == "btrade":
            give, target = a[1], a[2]
        owner = g.loc[target] - D.ZOO
        if k == "borrow" and g.zoos[t] == D.CENTRAL_AM:
            # No cards: the animal comes now and goes back 3 of its turns later.
            _borrow(g, target, g.turns[t] + D.CA_TURNS)
            g.log.append("P%d keeps it %d turns" % (t + 1, D.CA_TURNS))
            _after(g)
            return
    c = Contest(k, t, target, owner, g.zoos, g.n, give, g.options["edition"])
    if k == "capture":
        for m in g.zoo(t):
            if m // 3 == target // 3:
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
    # An Ace stays face down like a point card until the cards are turned
    # over (the cats strike first); a Jack is said now: all may defend.
    if v == 1 and not g.options["edition"]:
        # Edition 0: the Ace ended the contest at once, its cats unfought
        # and no turn lost.
        g.log.append("Ace! " + D.SPECIES[c.species])
        g.log.append("is endangered")
        g.endanger(c.species)
        _after(g)
    elif v == D.JACK:
        g.log.append("Jack: all may defend")


def _borrow(g, a, due):
    t = g.turn
    src = g.loc[a] - D.ZOO
    b = g.loan(a)
    g.move(a, D.ZOO + t)
    if b is None or b[1] != t:  # an animal going home is no loan
        g.borrowed.append((a, src, t, due))


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
        g.log.append(D.SPECIES[s] + "s die at P%d" % (src + 1))


def _resolve(g):
    c = g.c
    log = g.log
    eaten = []
    for i in range(len(c.cats) - 1, -1, -1):
        cat, prey, cv, pv = c.cats[i]
        if cat in eaten or prey in eaten:
            continue
        if cv > pv:
            eaten.append(prey)
            g.move(prey, D.DEAD)
            log.append("%s ate %s %d>%d" % (D.name(cat), D.name(prey), cv, pv))
        else:
            log.append("%s missed %d<=%d" % (D.name(cat), cv, pv))
    t = c.attacker
    k = c.kind
    won = False
    if c.draw is not None and c.draw[0] == 1:
        # The animal drew an Ace: its species is endangered (an eaten one
        # stays dead) and the action fails.
        line = D.SPECIES[c.species] + " endangered"
        log.append(line if len(line) > 16 else "Ace! " + line)  # one line of 21
        g.endanger(c.species)
    elif c.target in eaten and k in ("capture", "hunt"):
        log.append("its prey is gone")
    else:
        att, dfn = c.totals(g.options["colour"])
        won = att > dfn
        word = "held"
        if won:
            word = _WORDS[_WORDS.index(k) + 1]
        log.append("%d vs %d: %s" % (att, dfn, word))
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
            for m in g.on_ace(c.species):
                g.move(m, D.WALL + t if k == "ehunt" else D.ZOO + t)
            # Killed: later ones are wild again; saved by Nairobi: safe too.
            g.endangered[c.species] = 2 if k == "ehunt" else 0
    # Lost turns: after every kill or rescue of an endangered species (the
    # public protests), and a failed endangered hunt but Paris's (a failed
    # rescue by Nairobi costs nothing); after every failed hunt with 2-3
    # players (the suggested rule, an option): lost to an Ace, to a cat, or
    # to the cards. (Edition 0: Nairobi's rescue never cost the turn.)
    lose = (won and k == "ecapture" and g.options["edition"]) or \
        (k == "ehunt" and (won or g.zoos[t] != D.PARIS))
    if k == "hunt" and not won and g.n <= 3:
        lose = g.options["hunt_loss"] == 1
    if lose:
        g.lost[t] += 1
        log.append("P%d loses next turn" % (t + 1))
    _after(g)


def _after(g):
    g.refill_wild()
    g.end_turn()
