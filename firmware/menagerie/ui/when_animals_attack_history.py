# The history entry of a finished When Animals Attack game (app.finish_game)
# for `menagerie export`/`plot` (docs/host-tools.md): one row per round, the
# change in each player's tiles. Imported only to file one (TRANSIENT).


def round_rows(g):
    # Replays the game (as undo does), noting the tiles as each round ends.
    r = type(g)(g.options, g.seed)
    before = [r.tiles(p) for p in range(r.n)]
    rows = []
    for a in g.actions:
        rnd = r.round
        r.apply(a)
        if r.round != rnd or r.over():
            for k in range(r.round - rnd - 1):
                rows.append([0] * r.n)   # rounds nobody could act in
            after = [r.tiles(p) for p in range(r.n)]
            rows.append([after[p] - before[p] for p in range(r.n)])
            before = after
    return rows


def entry(g, names):
    return {"game": "when_animals_attack", "players": names, "rounds": round_rows(g),
            "scores": [g.tiles(p) for p in range(g.n)], "winners": g.winners(), "start": 0}
