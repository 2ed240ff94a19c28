# When Animals Attack: the screens of a person's turn: the build menu
# (phase 1), the game menu (BACK) and the hand-over between people. Compiled
# the first time a person needs one (a game of devices never does); each is
# handed route() (the screen for the game as it stands) and menu() by
# ui/when_animals_attack.py, which imports this module, not the other way.
from menagerie.ui.screen import Screen, btn, title_bar
from menagerie.ui.widgets import Menu
from menagerie.ui import when_animals_attack_views as V


class BuildMenu(Menu):
    # Phase 1: the animals this player may start now, or none.
    name = "waa_build"

    def __init__(self, app, route, menu):
        g = app.game
        self.route = route
        self.kinds = g.buildable(g.cur)
        # the legend of the rows whole, the name as long as the row leaves
        title = V.pname(app, g.cur)[:app.canvas.cols - 16] + " builds: t A/H/M"
        Menu.__init__(self, title, self.labels_now(g), self.pick, on_back=menu)

    def labels_now(self, g):
        out = []
        for k in self.kinds:
            a = g.roster[k]
            # name, build turns, attack/health/move
            out.append("%s %dt %d/%d/%d" % (a[0], a[3], a[4], a[5], a[6]))
        out.append("No build")
        return out

    def pick(self, app, i):
        a = (1, self.kinds[i]) if i < len(self.kinds) else (0,)
        if app.act(a):
            self.route(app)


class GameMenu(Menu):
    def __init__(self, app, route):
        self.route = route
        # the game's whole name where the bar has no count beside it (128x64)
        title = "When Animals Attack" if app.canvas.rows >= 8 else "Animals Attack"
        Menu.__init__(self, title, ["Back to the game", "Status", "Undo last step", "Main menu"], self.pick,
                      name="waa_menu")

    def pick(self, app, i):
        if i == 0:
            app.pop()
        elif i == 1:
            from menagerie.ui.when_animals_attack_final import status

            app.replace(status(app))
        elif i == 2:
            g = app.game
            if g.turn_first >= len(g.actions) or V.is_bot(g, g.cur):
                app.toast("Nothing to undo\nin this turn")
            elif app.undo():
                app.pop()
                self.route(app)
        else:
            app.home()


class HandOver(Screen):
    name = "waa_handover"

    def __init__(self, app, route, menu):
        self.app = app
        self.route = route
        self.menu = menu

    def draw(self, c):
        app = self.app
        g = app.game
        title_bar(c, "Round %d" % g.round)
        if c.rows >= 8:
            c.center(2, "Pass the device to")
            c.center(3, V.pname(app, g.cur), 2)
            n = g.tiles(g.cur)
            c.center(6, "%d tile%s" % (n, "" if n == 1 else "s"))
            c.center(7, "OK when ready")
        else:
            c.center(1, "Pass to " + V.pname(app, g.cur))
            c.center(3, btn(app, "OK") + " when ready")

    def key(self, app, k, t):
        if k == "OK":
            V._seen[0] = app.game.cur
            self.route(app)
        elif k == "BACK":
            self.menu(app)
