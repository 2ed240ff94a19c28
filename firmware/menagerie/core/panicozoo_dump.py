# Text dump of a PanicozooGame for golden replays: one line per fact, never
# dependent on dict order. Kept out of panicozoo.py so the board, which never
# dumps, does not load it.


def _pname(p):
    return "P" + str(p + 1)


def dump_lines(g):
    head = "TB" if g.tiebreak else "R" + str(g.round) + "/" + str(g.rounds())
    lines = [head + " " + g.phase + " " + ("young" if g.young else "classic")
             + " table " + str(g.cards_in_play())]
    if g.animal is not None:
        lines.append(" animal " + g.names[g.animal])
    lines.append(" cards " + " ".join(str(c) for c in g.cards()))
    if g.young:
        lines.append(" piles " + " | ".join(
            ",".join(str(a) for a in w) or "-" for w in g.won))
    if g.tiebreak:
        lines.append(" tiebreak " + ",".join(_pname(p) for p in g.contenders))
    if g.answering is not None:
        lines.append(" answering " + _pname(g.answering))
    if g.out:
        lines.append(" out " + ",".join(_pname(p) for p in g.out))
    if g.phase == "open":
        lines.append(" armed " + ",".join(_pname(p) for p in g.armed()))
    if g.found:
        lines.append(" found " + ",".join(g.names[a] for a in g.found))
    if g.found_by is not None:
        lines.append(" may record " + _pname(g.found_by))
    r = g.race
    if r is not None:
        s = " race " + r.message()
        if r.tie():
            s += " tied " + ",".join(_pname(p) for p in r.tied)
            if r.gap_ms is not None:
                s += " gap " + str(r.gap_ms)
        for (p, t, why) in r.ignored:
            s += "; " + _pname(p) + "@" + str(t) + " " + why
        lines.append(s)
    a = g.award
    if a is not None:
        s = " award " + _pname(a["player"]) + " +" + str(a["cards"])
        if a["auto"]:
            s += " auto"
        for giver, animal in a["given"]:
            s += "; " + _pname(giver) + " gives " + g.names[animal]
        lines.append(s)
    if g.phase == "over":
        lines.append(" winners " + ",".join(_pname(p) for p in g.winners())
                     + (" (ended early)" if g.ended else ""))
    return lines
