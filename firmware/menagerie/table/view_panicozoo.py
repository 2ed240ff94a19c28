# Panicozoo for the table view's page: the scoreboard (cards won), the round
# and who is out or answering; the race itself is never shown live (the
# server is not even polled while a race is open).
from menagerie.ui.names import names_of


def view(app, g):
    v = g.summary()
    v["names"] = names_of(app, g.n)
    v["found"] = [g.animal_name(a) for a in g.found]
    if g.animal is not None:
        v["animal"] = g.animal_name(g.animal)
    cards = v["cards"]
    top = max(cards)
    v["leaders"] = [i for i in range(g.n) if cards[i] == top and top > 0]
    v["over"] = g.over()
    del v["race"]   # timestamps: nothing a player reads
    return v
