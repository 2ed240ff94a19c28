# Animal Maniacs' final standings: the winners and everyone's animals; OK
# files the game in the history.

from menagerie.ui.screen import Screen, title_bar
from menagerie.ui import animal_maniacs as U


class Final(Screen):
    # The winner(s) and everyone's animals; OK files the game in the history.
    name = "am_final"

    def __init__(self, app):
        self.app = app
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
        for p in range(min(g.n, c.rows - 1)):
            k = len(g.zoo(p)) + len(g.wall(p))
            mark = "*" if p in win else " "
            c.text(1 + p, 0, mark + U.pname(self.app, p))
            c.right(1 + p, "%d+%d=%d" % (len(g.zoo(p)), len(g.wall(p)), k))

    def key(self, app, k, t):
        if k == "OK":
            g = app.game
            app.finish_game(U.load("ui.animal_maniacs_history").entry(g, U.names_of(app, g.n)))
            app.home()
        elif k == "BACK":
            app.home()
        elif k == "UP":
            app.push(U.load("ui.animal_maniacs_menu").GameMenu(app))
