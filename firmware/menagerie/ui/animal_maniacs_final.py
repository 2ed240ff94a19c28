# Animal Maniacs' final standings: the winners and everyone's animals; OK
# files the game in the history.

from menagerie.ui.screen import Screen, btn, title_bar
from menagerie.ui import animal_maniacs as U


class Final(Screen):
    # The winner(s) and everyone's animals; OK files the game in the history.
    name = "am_final"

    def __init__(self, app):
        self.app = app
        self.top = 0  # first player shown: DOWN scrolls when not all fit (128x32)
        self.shown = 7
        self.cheered = False

    def tick(self, app, now):
        if not self.cheered:
            self.cheered = True
            app.sound("win")
        return False

    def draw(self, c):
        g = self.app.game
        win = g.winners()
        title_bar(c, "Game over", "zoo+wall")
        # the last row says the keys: OK files the game (DOWN: the players
        # that do not fit)
        shown = self.shown = c.rows - 2
        # Flat statements (here and in key): this compiles at the end of a
        # game, on the session's most shredded heap, and nested calls deepen
        # the compiler's rule stack, one more contiguous block to find.
        for r in range(min(g.n, shown)):
            p = self.top + r
            z = len(g.zoo(p))
            w = len(g.wall(p))
            mark = "*" if p in win else " "
            c.text(1 + r, 0, mark + U.pname(self.app, p))
            c.right(1 + r, "%d+%d=%d" % (z, w, z + w))
        app = self.app
        hint = "%s: on" % btn(app, "OK")
        if g.n > shown:
            hint = "%s: more  %s" % (btn(app, "DOWN"), hint)
        c.right(c.rows - 1, hint)

    def key(self, app, k, t):
        if k == "OK":
            g = app.game
            names = U.names_of(app, g.n)
            h = U.load("ui.animal_maniacs_history")
            app.finish_game(h.entry(g, names))
            app.home()
        elif k == "BACK":
            app.home()
        elif k == "DOWN":
            # one player on; back to the first once the last is on screen
            self.top = self.top + 1 if self.top + self.shown < app.game.n else 0
        elif k == "UP":
            app.push(U.load("ui.animal_maniacs_menu").GameMenu(app))
