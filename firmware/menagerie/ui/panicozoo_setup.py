# Panicozoo's new-game questions (players, version, first-timers aid): asked
# once per game, so they are compiled only then and dropped when the game
# starts (games.TRANSIENT).
from menagerie.ui.picker import Picker
from menagerie.ui.widgets import Menu, Message
from menagerie.ui import panicozoo_views as V


class Setup:
    def __init__(self, app, variant):
        self.mode = "young" if variant == "young" else None
        self.players = app.settings.get("players", 4)
        self.first_timers = 0

    def ask_players(self, app):
        vals = [2, 3, 4, 5, 6]
        i = vals.index(self.players) if self.players in vals else 2
        app.push(Picker("Players", vals, i, self.got_players, name="pz_players", wrap_around=False, app=app))

    def got_players(self, app, n):
        self.players = n
        buttons, shared = V.slap_buttons(app.profile)
        if n > len(buttons):
            # Say why before the first round shows a list instead of SLAP!
            k = len(buttons)
            text = ("This board has %d buttons, so the buzzer serves %d players at most. "
                    "With %d, the table says who slapped first and you pick them." % (k, k, n))
            app.replace(Message("No buzzer", text, self.ask_mode, name="pz_no_buzzer"))
            return
        app.pop()
        self.ask_mode(app)

    def ask_mode(self, app):
        if self.mode is not None:
            self.ask_aid(app)
            return
        app.push(Menu("Version", ["Classic", "Young players"], self.got_mode, name="pz_mode"))

    def got_mode(self, app, i):
        self.mode = "young" if i == 1 else "classic"
        app.pop()
        self.ask_aid(app)

    def ask_aid(self, app):
        if self.mode == "young":
            self.start(app)
            return
        app.push(Menu("First-timers aid", ["Off", "On: note animals"], self.got_aid, name="pz_aid"))

    def got_aid(self, app, i):
        self.first_timers = 1 if i == 1 else 0
        app.pop()
        self.start(app)

    def start(self, app):
        opts = {"players": self.players, "mode": self.mode, "first_timers": self.first_timers}
        if app.new_game("panicozoo", opts) is not None:
            # the game's own module shows it (games.py): arrows go one way
            app.home()
            app.open_game()
