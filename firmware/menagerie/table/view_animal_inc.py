# Animal Inc for the table view's page: the whole sheet, every round as
# entered and scored, the totals and who leads (the sheet screen's facts).
from menagerie.ui.names import names_of


def view(app, g):
    rows = g.history()
    for r in rows:
        del r["starter"]   # the page shows it from "next" and the round list
    top = max(g.scores)
    info = g.round_info()
    nxt = None
    if info is not None and not g.over():
        nxt = {"number": info["number"], "starter": info["starter"],
               "discard": info["discard"], "direction": info["direction"]}
    return {
        "names": names_of(app, g.players),
        "round": min(g.round_number(), g.rounds), "rounds": g.rounds,
        "scores": list(g.scores),
        "leaders": [i for i in range(g.players) if g.scores[i] == top],
        "rows": rows, "next": nxt, "over": g.over(), "ended": g.ended,
        "winners": g.winners(),
    }
