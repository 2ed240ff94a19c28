# When Animals Attack: the app's state summary and the golden replays' dump
# (the board never loads this module).
from menagerie.core import when_animals_attack_roster as R

TER_CHARS = "~.f^:"
PHASES = ("", "build", "move", "place")


def summary(g):
    return {
        "round": g.round, "player": g.cur, "phase": PHASES[g.phase], "over": g.done,
        "tiles": [g.tiles(p) for p in range(g.n)],
        "units": [g.units(p) for p in range(g.n)],
        "towns": len(g.alive_towns()), "winners": g.winners(),
        "actions": len(g.actions),
    }


def map_lines(g):
    # Two characters a tile: terrain (or H settlement, R ruin, a unit's
    # letter) and its owner (1-4) or '-'.
    out = []
    for y in range(g.h):
        row = ""
        for x in range(g.w):
            i = y * g.w + x
            t = g.town[i]
            if g.unit[i] != 255:
                ch = g.roster[g.unit[i]][R.NAME][0]
            elif t == 255:
                ch = "R"
            elif t:
                ch = "H"
            else:
                ch = TER_CHARS[g.ter[i]]
            row += ch + ("-" if g.own[i] == 255 else str(g.own[i] + 1))
        out.append(row)
    return out


def dump(g):
    lines = ["round %d P%d %s%s" % (g.round, g.cur + 1, PHASES[g.phase], " over" if g.done else "")]
    lines.extend(map_lines(g))
    for p in range(g.n):
        us = []
        for i in range(len(g.unit)):
            if g.unit[i] != 255 and g.own[i] == p:
                a = g.roster[g.unit[i]]
                us.append("%s@%d,%d:%d" % (a[R.NAME], i % g.w, i // g.w, a[R.HEALTH] - g.dmg[i]))
        bs = ["%s/%d" % (g.roster[b[0]][R.NAME], b[1]) for b in g.builds[p]]
        lines.append("P%d tiles %d pop %d/%d slots %d units %s builds %s" % (
            p + 1, g.tiles(p), g.units(p), g.limit(p), g.slots(p), " ".join(us) or "-", " ".join(bs) or "-"))
    ts = ["%d,%d:%d" % (i % g.w, i // g.w, g.town[i]) for i in g.alive_towns()]
    lines.append("towns " + (" ".join(ts) or "none") + " winners " + str(g.winners()))
    return lines
