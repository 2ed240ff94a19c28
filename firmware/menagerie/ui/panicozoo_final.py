# Panicozoo's standings in tall digits: the cards won so far (Cards won,
# from the game menu) and the final standings, shown once per game. In
# their own module so the rounds do not keep them in RAM (dropped with
# games.TRANSIENT).

from menagerie.ui import scoregrid
from menagerie.ui.screen import Screen, btn, title_bar
from menagerie.ui.panicozoo_views import pname
from menagerie.ui.widgets import Menu


def _ord(k):
    return ("1st", "2nd", "3rd")[k] if k < 3 else "%dth" % (k + 1)


class Scoreboard(Screen):
    # Cards won so far, seat order; the leaders' names inverted.
    name = "pz_scores"

    def __init__(self, app):
        self.app = app
        self.page = 0

    def draw(self, c):
        app = self.app
        g = app.game
        names = [pname(app, p) for p in range(g.n)]
        vals = [str(v) for v in g.cards()]
        big = c.rows >= 8
        row = 0
        if big and g.n <= 4:
            title_bar(c, "Cards won", "of %d" % 15)
            row = 1
        scoregrid.show(c, row, names, vals, None, None, self.page, btn(app, "OK") + ": back")
        if big and g.n <= 4:
            c.text(7, 0, "%s: back" % btn(app, "OK"))

    def key(self, app, k, t):
        n = scoregrid.pages(app.canvas, app.game.n)
        if k == "DOWN":
            self.page = (self.page + 1) % n
        elif k == "UP":
            self.page = (self.page - 1) % n
        elif k in ("OK", "BACK"):
            app.pop()


class Final(Screen):
    # Final standings, most cards first (the tie-break champion first among
    # equals), winners inverted; OK files the game in the history.
    name = "pz_final"

    def __init__(self, app):
        self.app = app
        self.page = 0
        self.cheered = False

    def order(self, g):
        cards = g.cards()
        win = g.winners()
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
        order = self.order(g)
        names = [pname(app, p) for p in order]
        vals = [str(cards[p]) for p in order]
        marks = [k for k in range(len(order)) if order[k] in win]
        notes = []
        place = 0
        for k in range(len(order)):
            if k == 0 or cards[order[k]] != cards[order[k - 1]] or (order[k - 1] in win) != (order[k] in win):
                place = k
            notes.append([_ord(place)])
        big = c.rows >= 8
        row = 0
        if big and g.n <= 4:
            if len(win) > 1:
                head = "Shared victory!"
            else:
                head = pname(app, win[0]) + " wins!"
            title_bar(c, head)
            row = 1
        scoregrid.show(c, row, names, vals, notes, marks, self.page, btn(app, "OK") + ": on")
        if big and g.n <= 4:
            if g.champion is not None:
                c.text(7, 0, "won tie-break")
            elif g.ended:
                c.text(7, 0, "ended early")
            c.right(7, btn(app, "OK") + ": on")

    def key(self, app, k, t):
        g = app.game
        n = scoregrid.pages(app.canvas, g.n)
        if k == "DOWN":
            self.page = (self.page + 1) % n
        elif k == "UP":
            self.page = (self.page - 1) % n
        elif k == "OK" and g.ended:
            app.push(Menu("Game over", ["Save, main menu", "Keep playing"], self.after_end, name="pz_over_menu"))
        elif k == "OK":
            self.leave(app)
        elif k == "BACK":
            app.home()

    def after_end(self, app, i):
        app.pop()
        if i == 1:
            if app.undo():  # takes back the ("end",)
                app.home()
                app.open_game()
        else:
            self.leave(app)

    def leave(self, app):
        from menagerie.ui.panicozoo_history import history_entry
        app.finish_game(history_entry(app))
        app.home()
