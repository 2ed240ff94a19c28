# Animal Maniacs for the table view's page: each zoo (its special rule), its
# animals and trophy wall, cards in hand, lost turns and objectives; the
# wild, the endangered species on their Aces, the loans and the contest.
from menagerie.core import animal_maniacs_data as D
from menagerie.ui.names import names_of


def _names(ids):
    return [D.name(a) for a in ids]


def view(app, g):
    seats = []
    need = D.thresholds(g.n)
    for p in range(g.n):
        got = D.progress(g.loc, p)
        objs = []
        for k in range(3):
            if g.objs[p] & (1 << k):
                objs.append([D.OBJ_NAMES[k], got[k], need[k]])
        seats.append({"zoo_kind": D.ZOOS[g.zoos[p]], "zoo": _names(g.zoo(p)),
                      "wall": _names(g.wall(p)), "hand": g.hand[p], "lost": g.lost[p],
                      "objectives": objs})
    ace = []
    for s in range(12):
        if g.endangered[s] == 1 and g.on_ace(s):
            ace.append([D.SPECIES[s], len(g.on_ace(s))])
    loans = []
    for b in g.borrowed:
        loans.append([D.name(b[0]), b[1], b[2], b[3]])
    contest = None
    c = g.c
    if c is not None:
        target = D.SPECIES[c.target] if c.kind in ("ehunt", "ecapture") else D.name(c.target)
        contest = {"kind": c.kind, "target": target, "attacker": c.attacker,
                   "cards": [[seat, v] for seat, v, col in c.cards]}
    return {
        "names": names_of(app, g.n), "phase": g.phase(), "turn": g.turn, "seats": seats,
        "wild": _names(g.wild()), "endangered": ace, "loans": loans, "contest": contest,
        "bowl": len(g.where(D.BOWL)), "dead": len(g.where(D.DEAD)),
        "final": g.final, "log": list(g.log), "over": g.over(), "winners": g.winners(),
    }
