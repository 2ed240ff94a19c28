# Animal Maniacs: is an action possible now? Raises RuleError (at most 21
# characters a line) before anything changes, so a refused entry loses
# nothing. The effects are in core/animal_maniacs_do.py.

from menagerie.core.game import RuleError, is_int
from menagerie.core import animal_maniacs_data as D
from menagerie.core import animal_maniacs_contest as K


def _need(ok, msg):
    if not ok:
        raise RuleError(msg)


def _size(a, *sizes):
    _need(len(a) in sizes, "wrong entry size")


def _seat(g, v):
    _need(is_int(v) and 0 <= v < g.n, "no such player")


def _animal(v):
    _need(is_int(v) and 0 <= v < D.N_ANIMALS, "no such animal")


def _colour(v):
    _need(is_int(v) and v in (0, 1), "colour: 0 red 1 black")


def check(g, a):
    k = a[0]
    _need(not g.win, "the game is over")
    if k == "stop":
        _size(a, 1)
        _need(not g.pending, "still setting up")
        return
    if g.pending:
        what, p = g.pending[0]
        _need(k == what, "choose the " + what + "s")
        _size(a, 3)
        _need(a[1] == p, "P%d chooses now" % (p + 1))
        _need(a in g.legal(), "not available")
        return
    if k in ("queen", "refill", "redraw"):
        _size(a, 2)
        _seat(g, a[1])
        p = a[1]
        _need(g.may_refill(p), "play what you got:\nno refill now")
        if k == "queen":
            _need(g.hand[p] > 0, "no cards in hand")
        elif k == "refill":
            _need(g.hand[p] < g.hand_size, "hand is full")
        else:
            _need(g.hand[p] == g.hand_size, "only a full hand")
        return
    if g.c is None:
        _need(k in ("capture", "hunt", "borrow", "ehunt", "ecapture", "trade",
                    "btrade", "wtrade", "pass"), "not a turn action")
        _turn(g, a)
    else:
        _need(k in ("card", "draw", "jack", "king", "resolve"), "finish the contest")
        _contest(g, a)


def _turn(g, a):
    k = a[0]
    t = g.turn
    z = g.zoos[t]
    if k == "pass":
        _size(a, 1)
        return
    if k in ("trade", "btrade", "wtrade"):
        _size(a, 3)
        _animal(a[1])
        _animal(a[2])
        _need(k != "btrade" or z == D.BEIJING, "Beijing only")
        _need(k != "wtrade" or z == D.WEIGHT_WATCHERS, "Weight Watchers only")
        _need(k != "trade" or g.hand[t] > 0, "no Joker in hand")
        _need(g.loc[a[1]] == D.ZOO + t, "give one of yours")
        p = g.loc[a[2]]
        _need(D.ZOO <= p < D.WALL and p != D.ZOO + t, "take from a zoo")
        _need(k != "wtrade" or a[2] // 3 in D.HEAVY, "a rhino or hippo")
        return
    _size(a, 2)
    if k in ("ehunt", "ecapture"):
        _need(is_int(a[1]) and 0 <= a[1] < 12, "no such species")
        _need(a[1] in g.endangered_species(), "not endangered")
        _need(k != "ehunt" or z != D.BERKELEY, "Berkeley never hunts")
        _need(k != "ecapture" or z == D.NAIROBI, "Nairobi only")
        return
    _animal(a[1])
    p = g.loc[a[1]]
    if k == "borrow":
        _need(D.ZOO <= p < D.WALL and p != D.ZOO + t, "not in another zoo")
        return
    _need(p == D.WILD, "not in the wild")
    _need(k != "hunt" or z != D.BERKELEY, "Berkeley never hunts")


def _contest(g, a):
    c = g.c
    k = a[0]
    if k == "resolve":
        _size(a, 1)
        _need(c.count(c.attacker) > 0, "attacker: play a card")
        _need(c.kind not in K.WILD_KINDS or c.draw is not None, "the animal must draw")
        return
    if k == "draw":
        _need(c.kind in K.WILD_KINDS, "no draw here")
        _need(c.draw is None, "already drawn")
        _need(c.count(c.attacker) > 0, "attacker's card first")
        if g.deck is not None:
            _size(a, 1)
        else:
            _size(a, 3)
            _need(is_int(a[1]) and a[1] in g.draw_values(), "A, 2-10 or J\n(else draw again)")
            _colour(a[2])
        return
    _need(len(a) >= 2, "wrong entry size")
    _seat(g, a[1])
    p = a[1]
    _need(g.hand[p] > 0, "no cards in hand")
    if k == "card":
        _size(a, 4)
        _need(is_int(a[2]) and a[2] in g.card_values(), "a card: A or 2-10")
        _colour(a[3])
        _need(p == c.attacker or c.allowance(p) > 0, "P%d can't play here" % (p + 1))
        _need(not (p == c.attacker and c.draw is not None), "too late: it drew")
        _need(c.count(p) < c.allowance(p), "no more cards")
    elif k == "jack":
        _size(a, 2)
        _need(p != c.attacker, "a Jack helps defence")
        _need(p not in c.jacks, "one Jack each")
    else:  # king
        _size(a, 4 if g.deck is not None else 6)
        _animal(a[2])
        _animal(a[3])
        _need(c.kind in K.WILD_KINDS, "no wild animal here")
        _need(a[2] // 3 in D.BIG_CATS and g.loc[a[2]] == D.WILD, "not a wild big cat")
        _need(a[2] not in c.engaged(), "that cat is busy")
        _need(a[3] in c.engaged(), "not in this fight")
        if len(a) == 6:
            for v in (a[4], a[5]):
                _need(is_int(v) and 0 <= v <= 10, "drawn: 0 to 10")
