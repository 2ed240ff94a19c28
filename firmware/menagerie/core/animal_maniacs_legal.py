# Animal Maniacs: what may be done now (legal) and whether an action is one
# of those (check, raising RuleError before anything changes). Entries of
# legal() that end early are templates whose card fields the UI fills:
# ("card", seat), ("draw",) with the table's deck, ("king", seat), ("trade",),
# ("btrade",), ("wtrade",).

from menagerie.core.game import RuleError, is_int
from menagerie.core import animal_maniacs_data as D

_ANY = ("queen", "refill", "redraw")


def legal(g):
    if g.win:
        return []
    out = []
    if g.pending:
        what, p = g.pending[0]
        for v in range(1, 13 if what == "zoo" else 8):
            if what == "zoo" and v not in g.zoos:
                out.append(("zoo", p, v))
            elif what != "zoo" and D.popcount(v) == g.options["limited"]:
                out.append(("objective", p, v))
        return out
    c = g.c
    t = g.turn
    z = g.zoos[t]
    n = g.n
    if c is None:
        for a in g.wild():
            out.append(("capture", a))
            if z != D.BERKELEY:
                out.append(("hunt", a))
        for a in range(D.N_ANIMALS):
            if D.ZOO <= g.loc[a] < D.WALL and g.loc[a] != D.ZOO + t:
                out.append(("borrow", a))
        for s in g.endangered_species():
            if z != D.BERKELEY:
                out.append(("ehunt", s))
            if z == D.NAIROBI:
                out.append(("ecapture", s))
        if g.hand[t] and g.trade_pairs("trade"):
            out.append(("trade",))
        if z == D.BEIJING and g.trade_pairs("btrade"):
            out.append(("btrade",))
        if z == D.WEIGHT_WATCHERS and g.trade_pairs("wtrade"):
            out.append(("wtrade",))
        out.append(("pass",))
    else:
        for p in range(n):
            if g.may_card(p):
                out.append(("card", p))
        if c.kind in ("capture", "hunt") and c.draw is None and c.count(c.attacker):
            out.append(("draw",))
        for p in range(n):
            if p != c.attacker and g.hand[p] and p not in c.jacks:
                out.append(("jack", p))
        if g.king_choices():
            for p in range(n):
                if g.hand[p]:
                    out.append(("king", p))
        if g.ready():
            out.append(("resolve",))
    for p in range(n):
        if g.may_refill(p):
            h = g.hand[p]
            if h:
                out.append(("queen", p))
            out.append(("refill", p) if h < g.hand_size else ("redraw", p))
    out.append(("stop",))
    return out


def _need(ok, msg):
    if not ok:
        raise RuleError(msg)


def _card(v, lo, hi):
    return is_int(v) and lo <= v <= hi


def check(g, a):
    # Every action is an entry of legal(), or a template of it with valid
    # card fields.
    _need(not g.win, "the game is over")
    k = a[0]
    table = g.deck is None
    if k == "card" or k == "king" or (k == "draw" and table) \
            or k in ("trade", "btrade", "wtrade"):
        base = a[:2] if k in ("card", "king") else a[:1]
        if k == "card" and g.c is not None and len(a) > 1 and is_int(a[1]) and 0 <= a[1] < g.n:
            _need(g.may_card(a[1]), "P%d: no more cards\nin this contest" % (a[1] + 1))
        _need(base in legal(g), "no " + str(k) + " now")
        if k == "card":
            _need(len(a) == 4 and _card(a[2], 1, 10) and _card(a[3], 0, 1),
                  "a card: A or 2-10,\ncolour 0 red 1 black")
        elif k == "draw":
            _need(len(a) == 3 and _card(a[1], 1, 11) and _card(a[2], 0, 1),
                  "A, 2-10 or J\n(else draw again)")
        elif k == "king":
            _need(len(a) == (6 if table else 4) and (a[2], a[3]) in g.king_choices(),
                  "no such cat or prey")
            _need(not table or (_card(a[4], 0, 10) and _card(a[5], 0, 10)), "drawn: 0 to 10")
        else:
            _need(len(a) == 3 and (a[1], a[2]) in g.trade_pairs(k), "no such trade")
        return
    if a not in legal(g):
        if g.pending and tuple(a[:2]) == g.pending[0]:
            raise RuleError("not available")
        if g.pending:
            raise RuleError("P%d chooses the\n%s first" % (g.pending[0][1] + 1, g.pending[0][0]))
        if k in _ANY and len(a) == 2 and is_int(a[1]) and 0 <= a[1] < g.n and not g.may_refill(a[1]):
            raise RuleError("play what you got:\nno refill now")
        raise RuleError("no " + str(k)[:12] + " now" if g.c is None or k in ("draw", "jack")
                        else "attack, defend, then\nturn them over" if k == "resolve"
                        else "finish the contest")
