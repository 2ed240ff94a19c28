# The history entry of a finished Animal Maniacs game (app.finish_game):
# scores are each player's animals in zoo plus trophy wall, and one row per
# round of turns holds the change of that count, so `menagerie export` and
# `plot` draw it like the other games. Imported only when a game is filed.


def round_rows(g):
    # Replays the game and diffs the counts each time every seat has
    # started one more turn (a round), and at the end.
    r = type(g)(g.options, g.seed)
    rows = []
    before = counts(r)
    mark = sum(r.turns) + r.n
    # Flat statements and temporaries: this compiles at the end of a game,
    # when the heap is at its most shredded, and nested expressions deepen
    # the compiler's rule stack (one more contiguous block to find).
    for a in g.actions:
        r.apply(a)
        if sum(r.turns) < mark and not r.over():
            continue
        after = counts(r)
        row = []
        for i in range(r.n):
            d = after[i] - before[i]
            row.append(d)
        rows.append(row)
        before = after
        mark = sum(r.turns) + r.n
    return rows


def counts(g):
    out = []
    for p in range(g.n):
        k = len(g.zoo(p))
        k += len(g.wall(p))
        out.append(k)
    return out


def entry(g, names):
    out = {"game": "animal_maniacs", "players": names}
    out["rounds"] = round_rows(g)
    out["scores"] = counts(g)
    out["winners"] = g.winners()
    out["start"] = g.options["start"]
    return out
