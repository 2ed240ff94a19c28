# Animal Inc's final standings: ranked totals in tall digits, equal totals
# share the place and the victory. Loaded when the game ends (or is ended),
# not for the rounds.

from menagerie import games
from menagerie.ui import scoregrid
from menagerie.ui.names import names_of
from menagerie.ui.screen import Screen, btn, title_bar
from menagerie.ui.widgets import Menu, ask_undo

GAME_ID = "animal_inc"


def places(values, order):
    # "1st", "2nd", ... for the seats in `order` (highest first); equal
    # values share the place.
    out = []
    place = 0
    for k in range(len(order)):
        if k == 0 or values[order[k]] != values[order[k - 1]]:
            place = k + 1
        out.append(_ORD[place] if place < len(_ORD) else "%dth" % place)
    return out


_ORD = ("", "1st", "2nd", "3rd", "4th", "5th", "6th")


def plural(n, word):
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


class Standings(Screen):
    # Ranked totals in tall digits; the winners' names inverted (a shared
    # victory marks them all).
    name = "ai_standings"

    def __init__(self, app, early=False):
        self.app = app
        self.early = early

    def winners(self):
        g = self.app.game
        if g.over():
            return g.winners()
        top = max(g.scores)
        return [i for i in range(g.players) if g.scores[i] == top]

    def draw(self, c):
        g = self.app.game
        names = names_of(self.app, g.players)
        win = self.winners()
        order = scoregrid.ranking(g.scores)
        cells = [names[i] for i in order]
        vals = [str(g.scores[i]) for i in order]
        marks = [k for k in range(len(order)) if order[k] in win]
        notes = [[p] for p in places(g.scores, order)]
        head = "Shared victory!" if len(win) > 1 else names[win[0]] + " wins!"
        after = "after " + plural(len(g.deltas), "round")
        ok = btn(self.app, "OK")
        big = c.rows >= 8
        if big:
            title_bar(c, head)
            if g.players == 2:
                # two players: whole names above the digits, places below
                scoregrid.layout(c, 1, cells, vals, stack=True, marks=marks)
                for k in range(2):
                    c.text(5, k * 64 + (64 - c.text_width(notes[k][0])) // 2, notes[k][0])
            else:
                scoregrid.layout(c, 1, cells, vals, notes, marks=marks)
            c.text(7, 0, after)
            c.right(7, ok + ": on")
            return
        if g.players == 2:
            title_bar(c, head)
            scoregrid.layout(c, 1, cells, vals, notes, big=False, marks=marks)
            c.text(3, 0, after)
            c.right(3, ok + ":on")
            return
        scoregrid.layout(c, 0, cells, vals, notes, big=False, marks=marks)
        if g.players == 3:
            c.text(2, 66, "winner")
            c.text(3, 66, "inverted " + ok)

    def key(self, app, k, t):
        if k in ("OK", "BACK", "HOLD_OK"):
            app.push(StandingsMenu(app, self))


class StandingsMenu(Menu):
    def __init__(self, app, standings):
        self.app = app
        self.st = standings
        Menu.__init__(self, "Game over", self.entries, self.pick, name="ai_over_menu")

    def entries(self):
        out = ["New game, same names"]
        if self.st.early:
            out.append("Keep playing")
        elif self.app.game.deltas:
            out.append("Undo round %d" % len(self.app.game.deltas))
        out.extend(("History", "Main menu"))
        return out

    def pick(self, app, i):
        label = self.entries()[i]
        if label.startswith("New"):
            app.finish_game(games.ui_module(GAME_ID).history_entry(app))
            app.home()
            games.ui_module(GAME_ID).new(app)
        elif label == "Keep playing":
            if app.undo():  # takes back the ("end",)
                app.home()
                app.open_game()
        elif label.startswith("Undo"):
            app.pop()
            ask_undo(app, label)
        elif label == "History":
            from menagerie.ui.animal_inc_views import History
            app.replace(History(app))
        else:
            app.finish_game(games.ui_module(GAME_ID).history_entry(app))
            app.home()
