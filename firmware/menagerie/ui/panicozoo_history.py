# The history entry of a finished Panicozoo game (app.finish_game), with the
# cards each player won round by round, for the host tools' charts and
# exports (docs/host-tools.md). Imported only when a game is filed.
#
#   rounds      one row per round played, in seat order: the change in each
#               player's card count that round. Classic: a 1 for the winner
#               (2 in the two-card final round); the tie-breaker's row is
#               all zeros (its card is not counted). Young players: the
#               animal won plus the cards wrong slappers handed over (those
#               give -1), so a row can hold negative numbers.
#   two_cards   classic only: the 1-based round whose winner took two cards
#   tiebreak    when one was played: {"round": its 1-based row, "between":
#               the tied seats}; its winner is in "winners"
#   start       None: everyone plays every round at once, nobody starts
#   ended_early True when the players chose End game now
#   abandoned   True when another game replaced it before its end (no winners)


def round_rows(g):
    # Replays the game (as undo does) and diffs the card counts each time a
    # round ends; the finished game itself keeps only the totals.
    r = type(g)(g.options, g.seed)
    rows = []
    before = r.cards()
    tiebreak = None
    for a in g.actions:
        rnd, was_over, was_tb = r.round, r.over(), r.tiebreak
        r.apply(a)
        if a[0] == "end":
            break  # ended early: no round was played by it
        if r.round != rnd or (r.over() and not was_over):
            after = r.cards()
            rows.append([after[i] - before[i] for i in range(r.n)])
            before = after
            if was_tb:
                tiebreak = {"round": len(rows), "between": list(r.contenders)}
    return rows, tiebreak


def entry(g, names, abandoned=False):
    rows, tiebreak = round_rows(g)
    e = {"game": "panicozoo", "players": names, "rounds": rows, "scores": g.cards(),
         "winners": [] if abandoned else g.winners(), "start": None}
    if abandoned:
        e["abandoned"] = True
    elif g.ended:
        e["ended_early"] = True
    if not g.young and len(rows) >= g.rounds():
        e["two_cards"] = g.rounds()
    if tiebreak is not None:
        e["tiebreak"] = tiebreak
    return e


def history_entry(app, abandoned=False):
    # The live game of `app`, with the names the players see.
    from menagerie.ui.panicozoo_views import pname
    g = app.game
    return entry(g, [pname(app, p) for p in range(g.n)], abandoned)
