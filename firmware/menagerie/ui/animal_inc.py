# Animal Inc on the device: the cards stay on the table, the device keeps the
# scoring sheet. The sheet screen is the game's home (round, starter, discard,
# passing, totals); OK enters the end of a round (animal_inc_entry.py), UP
# opens the menu (undo, history, scoreboard, end), DOWN the big scoreboard.
# History and final standings: animal_inc_views.py; the new-game questions:
# animal_inc_setup.py.

from menagerie.core.animal_inc import AnimalIncGame
from menagerie.ui.screen import Screen, title_bar
from menagerie.ui.widgets import Menu
from menagerie.ui.animal_inc_entry import RoundEntry, short

GAME_ID = "animal_inc"
_WAY = {"left": "pass left", "right": "pass right", "opposite": "pass across"}


def names_of(app, n):
    names = app.settings["names"]
    return [names[i] if i < len(names) else "P%d" % (i + 1) for i in range(n)]


def new(app, variant=None):
    # The new-game questions compile only when asked (ui/animal_inc_setup.py)
    # and are dropped when the game starts (games.TRANSIENT).
    from menagerie.ui.animal_inc_setup import ask_players

    ask_players(app)


# -- resume -------------------------------------------------------------------
def open(app, game):
    if game.over():
        from menagerie.ui.animal_inc_views import Standings
        app.push(Standings(app, early=game.ended))
    else:
        app.push(Sheet(app))


# -- the sheet ------------------------------------------------------------------
def pass_text(info, n):
    way = info["direction"]
    if way != "none" and n == 2:
        return "swap %d" % info["passes"]  # left, right, across: the other one
    return _WAY.get(way, "no passing")


class Sheet(Screen):
    name = "ai_sheet"

    def __init__(self, app):
        self.app = app
        self.view = 0  # 0 = the sheet, 1.. = big scoreboard pages
        self.entry = None

    def draw(self, c):
        g = self.app.game
        names = names_of(self.app, g.players)
        if self.view:
            self._draw_scores(c, g, names)
            return
        info = g.round_info()
        left = "R%d/%d" % (info["number"], info["rounds"])
        room = c.cols - len(left) - 1 - len(" starts")
        title_bar(c, left, short(names[info["starter"]], room) + " starts")
        c.text(1, 0, "Discard %d, %s" % (info["discard"], pass_text(info, g.players)))
        rec = info["receivers"]
        n = g.players
        if c.rows < 8 and n == 2:
            # 128x32, two players: name (and receiver) beside a double-size total
            for i in range(2):
                x = 0 if i == 0 else 66
                c.text(2, x, short(names[i], 3))
                if rec[i] >= 0:
                    c.text(3, x, ">" + short(names[rec[i]], 2))
                txt = str(g.scores[i])
                c.text(2, x + 62 - c.text_width(txt, 2), txt, 2)
            return
        if c.rows < 8:
            # 128x32, 3-4 players: two players a row, small type
            for i in range(n):
                x = 0 if i % 2 == 0 else 66
                if rec[i] >= 0:
                    label = short(names[i], 3) + ">" + short(names[rec[i]], 2)
                else:
                    label = short(names[i], 6)
                c.text(2 + i // 2, x, label)
                c.text(2 + i // 2, x + 62 - c.text_width(str(g.scores[i])), str(g.scores[i]))
            return
        if n == 2:
            for i in range(2):
                x = 0 if i == 0 else 66
                label = short(names[i], 10)
                if rec[i] >= 0:
                    label = short(names[i], 6) + " >" + short(names[rec[i]], 2)
                c.text(3, x + (62 - c.text_width(label)) // 2, label)
                txt = str(g.scores[i])
                c.big(4, x + (62 - c.big_width(txt)) // 2, txt)
            c.center(7, "OK: end of round")
            return
        for i in range(n):
            x = 0 if i % 2 == 0 else 66
            row = 2 + 3 * (i // 2)
            if rec[i] >= 0:
                label = short(names[i], 5) + ">" + short(names[rec[i]], 4)
            else:
                label = short(names[i], 10)
            c.text(row, x, label)
            c.text(row + 1, x, str(g.scores[i]), 2)
        if n == 3:
            c.text(5, 66, "OK: end of")
            c.text(6, 66, "the round")
            c.text(7, 66, "UP: menu")

    def _draw_scores(self, c, g, names):
        # Ranked totals in double size: readable across the table.
        order = ranking(g.scores)
        per = c.rows // 2
        first = (self.view - 1) * per
        for j in range(per):
            k = first + j
            if k >= len(order):
                break
            i = order[k]
            total = str(g.scores[i])
            c.text(2 * j, 0, short(names[i], c.width // 12 - 1 - len(total)), 2)
            c.right(2 * j, total, 2)

    def key(self, app, k, t):
        g = app.game
        if k == "OK":
            if self.entry is None or self.entry.round != g.round_number():
                self.entry = RoundEntry(app, names_of(app, g.players))
            self.entry.step = 0
            self.entry.app = app
            app.push(self.entry)
        elif k == "DOWN":
            per = app.canvas.rows // 2
            pages = (g.players + per - 1) // per
            self.view = (self.view + 1) % (pages + 1)
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
            from menagerie.ui.animal_inc_views import Standings
            app.sound("win")
            app.replace(Standings(app))


def ranking(scores):
    # Seats by total, highest first; equal totals keep seat order.
    order = list(range(len(scores)))
    order.sort(key=lambda i: (-scores[i], i))
    return order


class SheetMenu(Menu):
    def __init__(self, app):
        Menu.__init__(self, "Animal Inc", self.entries, self.pick, name="ai_menu")
        self.app = app

    def entries(self):
        g = self.app.game
        out = ["Back to the sheet"]
        if g is not None and g.deltas:
            out.append("Undo round %d" % len(g.deltas))
        out.extend(("History", "Scoreboard", "End game now", "Main menu"))
        return out

    def pick(self, app, i):
        label = self.entries()[i]
        if label.startswith("Undo"):
            ask_undo(app, label)
        elif label == "History":
            from menagerie.ui.animal_inc_views import History
            app.replace(History(app))
        elif label == "Scoreboard":
            app.pop()
            app.top().view = 1
        elif label == "End game now":
            def yes(app):
                from menagerie.ui.animal_inc_views import Standings
                if app.act(("end",)):  # saved: a power cut keeps the standings
                    app.home(Standings(app, early=True))
            confirm(app, "End the game now?", "Yes, end it", yes)
        elif label == "Main menu":
            app.home()
        else:
            app.pop()


def confirm(app, question, yes_label, on_yes):
    def answer(app, i):
        app.pop()
        if i == 1:
            on_yes(app)

    app.push(Menu(question, ["No", yes_label], answer, name="ai_confirm"))


def ask_undo(app, label):
    # From the sheet menu or the standings: back to the sheet of that round.
    def yes(app):
        if app.undo():
            app.home(Sheet(app))

    confirm(app, label + "?", "Yes, undo", yes)
