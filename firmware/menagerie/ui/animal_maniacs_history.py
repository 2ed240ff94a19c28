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
    for a in g.actions:
        r.apply(a)
        if sum(r.turns) >= mark or r.over():
            after = counts(r)
            rows.append([after[i] - before[i] for i in range(r.n)])
            before = after
            mark = sum(r.turns) + r.n
    return rows


def counts(g):
    return [len(g.zoo(p)) + len(g.wall(p)) for p in range(g.n)]


def entry(g, names):
    return {"game": "animal_maniacs", "players": names, "rounds": round_rows(g),
            "scores": counts(g), "winners": g.winners(), "start": g.options["start"]}
