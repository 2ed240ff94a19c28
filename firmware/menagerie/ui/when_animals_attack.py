# When Animals Attack on the device: the entry points games.py calls and the
# routing from the game's state to its screen. The new-game questions and
# config.ini are in when_animals_attack_setup.py (dropped once the game
# starts), the map and its choices in when_animals_attack_map.py, the other
# screens in when_animals_attack_views.py. docs/games/when-animals-attack.md
# ("On the device") describes the flow. Imports go one way, from here down:
# the screens below are handed route() and menu() rather than import them.
from menagerie import games
from menagerie.ui.screen import Screen, title_bar
from menagerie.ui.widgets import Menu
from menagerie.ui import when_animals_attack_views as V

GAME_ID = "when_animals_attack"


def new(app, variant=None):
    from menagerie.ui.when_animals_attack_setup import Setup

    Setup(app, route).ask_players(app)


def open(app, game):
    route(app, True)


def route(app, push=False):
    # The screen for the game as it stands: the final standings, the
    # device's turn, a hand-over between people, the build menu or the map.
    # The island is made: its generator goes (compiled again only for a
    # new game or a replay the start module has not kept), and so does the
    # status screen.
    games.drop(("menagerie.core.when_animals_attack_map", "menagerie.ui.when_animals_attack_final"))
    g = app.game
    if g.over():
        # The turns' code goes before the final standings (and the history
        # entry after them) compile.
        games.drop(("menagerie.core.when_animals_attack_bot", "menagerie.ui.when_animals_attack_map",
                    "menagerie.ui.when_animals_attack_bot_step", "menagerie.ui.when_animals_attack_draw"))
        _show(app, _End(), push)
        return
    if g.options["bots"]:
        # compiled here, with the map, rather than at the device's first
        # step: by then the heap lacks its name table's contiguous block
        from menagerie.core import when_animals_attack_bot  # noqa: F401
    from menagerie.ui.when_animals_attack_map import MapScreen

    if V.is_bot(g, g.cur):
        s = MapScreen(app, "bot", route, menu)
    elif V.needs_handover(g):
        s = V.HandOver(app, route, menu)
    elif g.phase == 1:
        s = BuildMenu(app)
    else:
        s = MapScreen(app, "unit" if g.phase == 2 else "place", route, menu)
    _show(app, s, push)


def _show(app, s, push):
    if push:
        app.push(s)
    else:
        app.replace(s)


class _End(Screen):
    # The final standings compile at this screen's first tick: by then the
    # map screen that ended the game (and the code route() dropped) is off
    # the stack and its RAM free.
    name = "waa_end"

    def draw(self, c):
        title_bar(c, "Final: tiles")

    def tick(self, app, now):
        from menagerie.ui.when_animals_attack_final import Final

        app.replace(Final(app))
        return True


def menu(app):
    # BACK from a game screen: the game menu.
    app.push(GameMenu(app))


class BuildMenu(Menu):
    # Phase 1: the animals this player may start now, or none.
    name = "waa_build"

    def __init__(self, app):
        g = app.game
        self.kinds = g.buildable(g.cur)
        title = V.pname(app, g.cur) + " builds: t A/H/M"
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
            route(app)


class GameMenu(Menu):
    def __init__(self, app):
        Menu.__init__(self, "Animals Attack", ["Back to the game", "Status", "Undo last step",
                                               "Main menu"], self.pick, name="waa_menu")

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
                route(app)
        else:
            app.home()
