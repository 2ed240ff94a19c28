# Panicozoo on the device: the game menu and the entry points games.py calls.
# The new-game questions are in panicozoo_setup.py, the round itself in
# panicozoo_round.py, the screens around it in panicozoo_views.py. docs/games/panicozoo.md ("On the
# device") describes the flow and the 3-button board's buzzer.
from menagerie.ui.widgets import Menu, confirm
from menagerie.ui import panicozoo_views as V

GAME_ID = "panicozoo"


def new(app, variant=None):
    from menagerie.ui.panicozoo_setup import Setup

    Setup(app, variant).ask_players(app)


def open(app, game):
    if game.over():
        from menagerie.ui.panicozoo_final import Final

        app.push(Final(app))
    else:
        app.push(round_screen(app))


def round_screen(app):
    # The round's screen (with its drawing and keys) loads when a round is
    # first shown, not with the game's menu: the press that opens Panicozoo's
    # first question does less.
    from menagerie.ui.panicozoo_round import RoundScreen

    return RoundScreen(app, GameMenu)


class GameMenu(Menu):
    def __init__(self, app):
        Menu.__init__(self, "Panicozoo", self.entries, self.pick, name="pz_menu")
        self._app = app

    def entries(self):
        g = self._app.game
        out = ["Back to the game", "Cards won"]
        if g is not None and (g.first_timers or g.young):
            out.append("Found so far")
        out.extend(("Undo last step", "End game now", "Main menu"))
        return out

    def pick(self, app, i):
        label = self.entries()[i]
        if label == "Back to the game":
            app.pop()
        elif label == "Cards won":
            from menagerie.ui.panicozoo_final import Scoreboard
            app.replace(Scoreboard(app))
        elif label == "Found so far":
            app.replace(V.found_screen(app))
        elif label == "Undo last step":
            if app.undo():
                app.pop()
        elif label == "End game now":
            def yes(app):
                from menagerie.ui.panicozoo_final import Final
                if app.act(("end",)):  # saved: a power cut keeps the standings
                    app.home(Final(app))
            confirm(app, "End the game now?", "Yes, end it", yes, name="pz_confirm", no_text="The game goes on")
        else:
            app.home()


def history_entry(app, abandoned=False):
    # What the history keeps of the game (app.finish_game); also for a game
    # abandoned to start another (ui/menus.py).
    # (by name, not an import statement: this module is compiled with every
    # Panicozoo game, and an import's names are qstrs kept until the board
    # restarts, filed or not; docs/architecture.md, Memory)
    from menagerie.games import import_module
    return import_module("menagerie.ui.panicozoo_history").history_entry(app, abandoned)
