# Animal Inc on the device: the cards stay on the table, the device keeps the
# scoring sheet. The sheet screen is the game's home (totals in tall digits,
# round, starter, discard, passing); OK enters the end of a round
# (animal_inc_entry.py), UP opens the menu (undo, history, end), DOWN the
# round in words (ui/animal_inc_sheet_draw.py).
# History (and round edits): animal_inc_views.py; final standings:
# animal_inc_final.py; the new-game questions: animal_inc_setup.py.

from menagerie.core.animal_inc import AnimalIncGame
from menagerie.ui.screen import Screen
from menagerie.ui.widgets import Menu, ask_undo, confirm
from menagerie.ui.names import names_of

# The round entry (ui/animal_inc_entry.py) and the sheet's drawing
# (ui/animal_inc_sheet_draw.py, with the score digits) are imported where
# used: they compile when the game opens, after the new-game questions are
# dropped, not on top of them when the game is chosen.

GAME_ID = "animal_inc"


def history_entry(app, abandoned=False):
    # What the history keeps of the game (app.finish_game); also for a game
    # abandoned to start another (ui/menus.py).
    g = app.game
    e = {
        "game": GAME_ID,
        "players": names_of(app, g.players),
        "rounds": [list(d) for d in g.deltas],
        "scores": list(g.scores),
        "winners": [] if abandoned else g.winners(),
        "start": g.start,
    }
    if abandoned:
        e["abandoned"] = True
    elif g.ended:
        e["ended_early"] = True
    return e


def new(app, variant=None):
    # The new-game questions compile only when asked (ui/animal_inc_setup.py)
    # and are dropped when the game starts (games.TRANSIENT).
    from menagerie.ui.animal_inc_setup import ask_players

    ask_players(app)


# -- resume -------------------------------------------------------------------
def open(app, game):
    # The entry first: its compile needs the larger name table, best found
    # before the sheet's drawing takes the heap's free runs.
    from menagerie.ui import animal_inc_entry  # noqa: F401
    if game.over():
        from menagerie.ui.animal_inc_final import Standings
        app.push(Standings(app, early=game.ended))
    else:
        app.push(Sheet(app))


# -- the sheet ------------------------------------------------------------------
class Sheet(Screen):
    # The totals, the round's starter and passing (drawn by
    # ui/animal_inc_sheet_draw.py); DOWN: the round in words, and back.
    name = "ai_sheet"

    def __init__(self, app):
        self.app = app
        self.view = 0  # 0 = the totals, 1 = the round's details
        self.top = 0
        self.entry = None

    def draw(self, c):
        from menagerie.ui import animal_inc_sheet_draw as D
        D.draw(self, c)

    def key(self, app, k, t):
        g = app.game
        if k == "OK" or (k[0] == "P" and k[1:].isdigit()):
            e = self.entry
            if e is None or e.round != g.round_number():
                # after an undo the round starts from what was entered
                u = app.undone
                given = u if u and u[0] == "round" and len(u) == 4 + g.players else None
                from menagerie.ui.animal_inc_entry import RoundEntry
                e = self.entry = RoundEntry(app, names_of(app, g.players), given)
                app.undone = None
            e.step = 0
            e.app = app
            if k != "OK":
                # a player's button on the sheet: tier 5 reached, that
                # player last (the usual round), straight to the sum
                s = int(k[1:]) - 1
                if s >= g.players:
                    return
                if e.buttons:
                    e.reached = 1
                    e.last = s
                    e.goto("sum")
            app.push(e)
        elif k == "DOWN":
            if not self.view:
                self.view = 1
                self.top = 0
            else:
                from menagerie.ui import animal_inc_sheet_draw as D
                n = len(D.lines(app, g, g.round_info(), names_of(app, g.players)))
                if self.top + app.canvas.rows - 1 < n:
                    self.top += 1
                else:
                    self.view = 0
        elif k == "UP" or k == "HOLD_OK":
            app.push(SheetMenu(app))
        elif k == "BACK":
            if self.view:
                self.view = 0
            else:
                app.pop()

    def round_done(self, app):
        self.entry = None
        self.view = 0
        if app.game.over():
            from menagerie.ui.animal_inc_final import Standings
            app.sound("win")
            app.replace(Standings(app))


class SheetMenu(Menu):
    def __init__(self, app):
        Menu.__init__(self, "Animal Inc", self.entries, self.pick, name="ai_menu")
        self.app = app

    def entries(self):
        g = self.app.game
        out = ["Back to the sheet"]
        if g is not None and g.actions:
            a = g.actions[-1]
            # undo takes back the last action: a round, or an edit of one
            out.append(("Undo edit of round %d" % a[1]) if a[0] == "edit" else "Undo round %d" % len(g.deltas))
        out.extend(("History", "End game now", "Main menu"))
        return out

    def pick(self, app, i):
        label = self.entries()[i]
        if label.startswith("Undo"):
            ask_undo(app, label)
        elif label == "History":
            from menagerie.ui.animal_inc_views import History
            app.replace(History(app))
        elif label == "End game now":
            def yes(app):
                from menagerie.ui.animal_inc_final import Standings
                if app.act(("end",)):  # saved: a power cut keeps the standings
                    app.home(Standings(app, early=True))
            confirm(app, "End the game now?", "Yes, end it", yes, name="ai_confirm", no_text="The game goes on")
        elif label == "Main menu":
            app.home()
        else:
            app.pop()
