# Panicozoo's final standings, shown once per game: in their own module so
# the rounds do not keep them in RAM (dropped with games.TRANSIENT).

from menagerie.ui.screen import Screen, title_bar
from menagerie.ui.panicozoo_views import btn, pname


class Final(Screen):
    # Final standings, most cards first; OK files the game in the history.
    name = "pz_final"

    def __init__(self, app):
        self.app = app
        self.top = 0
        self.cheered = False

    def order(self, g):
        cards = g.cards()
        win = g.winners()
        # winners first (the tie-break champion among equals), then by cards
        return sorted(range(g.n), key=lambda p: (0 if p in win else 1, -cards[p], p))

    def tick(self, app, now):
        if not self.cheered:
            self.cheered = True
            app.sound("win")
        return False

    def draw(self, c):
        app = self.app
        g = app.game
        if g is None:
            return
        cards = g.cards()
        win = g.winners()
        big = c.rows >= 8
        title_bar(c, "Final standings" if big else "Final standings")
        order = self.order(g)
        shown = c.rows - 2 if big else c.rows - 1
        for r in range(shown):
            i = self.top + r
            if i >= len(order):
                break
            p = order[i]
            c.text(1 + r, 0, ("*" if p in win else " ") + pname(app, p))
            c.right(1 + r, str(cards[p]))
        if big:
            c.text(7, 0, "* won tie-break" if g.champion is not None else "* winner")
            c.right(7, btn(app, "OK"))

    def key(self, app, k, t):
        g = app.game
        if k == "DOWN" and self.top + 1 < g.n:
            self.top += 1
        elif k == "UP" and self.top > 0:
            self.top -= 1
        elif k == "OK":
            from menagerie.ui.panicozoo_history import entry
            app.finish_game(entry(g, [pname(app, p) for p in range(g.n)]))
            app.home()
        elif k == "BACK":
            app.home()
