# Animal Maniacs: the lines of the zoos browser (ui/animal_maniacs_views.py):
# one page per seat (zoo, trophy wall, hand, loans), then the wild, the
# endangered and the bowl. A module of its own, compiled just before the
# browser, so each of the two compiles (made while a game is live, in a
# shredded heap) needs a name table of 73 slots rather than one of 97.

from menagerie.core import animal_maniacs_data as D
from menagerie.ui import animal_maniacs as U


def _names(ids):
    out = [D.name(a) for a in ids]
    return ", ".join(out) or "-"


# Module-level functions of flat statements: the board compiles this module
# while a game is live, and each level of nesting (class, def, loop, nested
# call) deepens the parser's rule stack, one more contiguous block to find;
# the names are reused (few distinct names: a smaller name table).
def seat_lines(app, g, p):
    out = ["Zoo: " + _names(g.zoo(p))]
    out.append("Wall: " + _names(g.wall(p)))
    out.append("pair/kind/kill %d/%d/%d" % D.progress(g.loc, p))
    out.append("Hand %d, lost turns %d" % (g.hand[p], g.lost[p]))
    for b in g.borrowed:
        if b[2] != p:
            continue
        # A Central American loan goes home at the end of the borrower's
        # own turn b[3], counted in turns it plays (a lost one is not).
        due = b[3] - g.turns[p]
        if b[3] < 0:
            due = ""
        elif due:
            due = ", back after %d more of its turns" % due
        else:
            due = ", back at the end of this turn"
        k = U.pname(app, b[1])
        out.append(D.name(b[0]) + " from " + k + due)
    return out


def wild_lines(g):
    out = ["Wild: " + _names(g.wild())]
    for s in range(12):
        k = g.endangered[s]
        if k == 1:
            k = len(g.on_ace(s))
            out.append("Endangered: %s x%d" % (D.SPECIES[s], k))
        elif k == 2:
            out.append(D.SPECIES[s] + ": hunted out")
    bowl = len(g.where(D.BOWL))
    k = len(g.where(D.DEAD))
    out.append("Bowl %d, dead %d" % (bowl, k))
    return out
