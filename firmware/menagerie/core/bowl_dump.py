# The draw bowl's plain-value summary (the simulator's --state) and text dump
# (golden replays). Kept out of core/bowl.py: the board never needs them, and
# every name a module holds costs its compile a bigger contiguous table.
from menagerie.core.pools import POOL_TITLES


def summary(g):
    last = g.last()
    return {
        "pool": g.options["pool"],
        "title": POOL_TITLES[g.options["pool"]],
        "size": len(g.labels),
        "remaining": len(g.bowl),
        "dice": g.dice,
        "last": None if last is None else g.text(last),
        "out": [g.text(i) for i in g.out],
        "draws": g.earlier + len(g.draws()),
    }


def dump_lines(g):
    head = "bowl %s size %d remaining %d" % (g.options["pool"], len(g.labels), len(g.bowl))
    lines = [head]
    if g.earlier:
        lines.append("earlier %d" % g.earlier)  # a compacted bowl (core/bowl_compact.py)
    for e in g.log:
        if e[0] == "reshuffle":
            lines.append("reshuffle %d back" % e[1])
        elif e[0] == "roll":
            lines.append("roll " + g.labels[e[1]])
        else:
            lines.append("%s %d %s" % (e[0], e[1], g.text(e[1])))
    if not g.dice:
        lines.append("out " + (", ".join(g.text(i) for i in g.out) or "-"))
        lines.append("in " + (" ".join(str(i) for i in g.bowl) or "-"))
    return lines
