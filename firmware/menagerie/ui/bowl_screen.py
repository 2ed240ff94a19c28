# The draw bowl at the table: OK draws (or rolls), the last draw in big type,
# DOWN opens what else you can do (ui/bowl_menus.py, compiled when opened and
# dropped when the bowl is left), UP the history. Drawn by ui/bowl_draw.py:
# two small modules compile beside a live game where one would not fit.

from menagerie import games
from menagerie.ui import bowl_draw as D
from menagerie.ui.screen import Screen


class BowlScreen(Screen):
    name = "bowl"

    def __init__(self, app, pool):
        self.app = app
        self.pool = pool

    def draw(self, c):
        D.draw(self, c)

    def key(self, app, k, t):
        b = app.bowls[self.pool]
        if k == "OK":
            if len(b.actions) >= 48:  # bowl_compact.LIMIT
                # A bowl keeps only what its screens show (core/bowl_compact.py):
                # never a list that grows until the game cannot be saved. Here,
                # not in app.act: this code is compiled only with the bowl. Menu
                # actions between two draws (put back, reshuffle) stay bounded.
                from menagerie.core.bowl_compact import compact

                b = app.bowls[self.pool] = compact(b)
                compact = None
                games.drop(("menagerie.core.bowl_compact",))
            if app.act(("roll",) if b.dice else ("draw",), b):
                app.sound("click")
        elif k == "DOWN":
            from menagerie.ui import bowl_menus

            app.push(bowl_menus.BowlActions(self.pool, b.dice))
        elif k == "UP":
            from menagerie.ui import bowl_menus

            app.push(bowl_menus.history_screen(app.bowls[self.pool]))
        elif k == "BACK":
            if app.where == "bowl:" + self.pool:
                app.where = None
            app.pop()
            # The menus are compiled again when next needed: meanwhile the
            # game beside the bowl gets their RAM back.
            games.drop(("menagerie.ui.bowl_menus", "menagerie.core.bowl_compact"))
