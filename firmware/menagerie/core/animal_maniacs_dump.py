# Text dump of an AnimalManiacsGame for golden replays: one line per fact,
# never dependent on dict order. Kept out of the game so the board, which
# never dumps, does not load it.

from menagerie.core import animal_maniacs_data as D


def _names(ids):
    return ",".join(D.name(a) for a in ids) or "-"


def dump_lines(g):
    lines = ["AM %dp %s P%d turns %s" % (g.n, g.phase(), g.turn + 1,
                                         " ".join(str(x) for x in g.turns))]
    for p in range(g.n):
        got = D.progress(g.loc, p)
        lines.append(" P%d %s hand %d lost %d obj %d got %d/%d/%d" % (
            p + 1, D.ZOOS[g.zoos[p]], g.hand[p], g.lost[p], g.objs[p], got[0], got[1], got[2]))
        lines.append("  zoo " + _names(g.zoo(p)) + " wall " + _names(g.wall(p)))
    lines.append(" wild " + _names(g.wild()))
    ace = []
    for s in range(12):
        if g.endangered[s]:
            ace.append("%s:%d%s" % (D.SPECIES[s], len(g.on_ace(s)),
                                    "" if g.endangered[s] == 1 else "x"))
    if ace:
        lines.append(" endangered " + " ".join(ace))
    lines.append(" bowl %d dead %d" % (len(g.where(D.BOWL)), len(g.where(D.DEAD))))
    for b in g.borrowed:
        lines.append(" loan %s P%d>P%d due %d" % (D.name(b[0]), b[1] + 1, b[2] + 1, b[3]))
    c = g.c
    if c is not None:
        t = D.SPECIES[c.target] if c.kind in ("ehunt", "ecapture") else D.name(c.target)
        line = " contest %s %s by P%d" % (c.kind, t, c.attacker + 1)
        for seat, v, col in c.cards:
            line += " P%d:%d%s" % (seat + 1, v, "rb"[col])
        if c.draw is not None:
            line += " draw:%d%s" % (c.draw[0], "rbj"[c.draw[1]])
        if c.jacks:
            line += " jacks " + ",".join("P%d" % (j + 1) for j in c.jacks)
        for cat in c.cats:
            line += " cat %s>%s" % (D.name(cat[0]), D.name(cat[1]))
        lines.append(line)
    if g.final >= 0:
        lines.append(" last round, %d turns after this" % g.final)
    for text in g.log:
        lines.append(" | " + text)
    if g.win:
        lines.append(" winners " + " ".join("P%d" % (p + 1) for p in g.win)
                     + (" (most animals)" if g.ended else " by "
                        + " ".join(str(m) for m in g.win_by)))
    return lines
