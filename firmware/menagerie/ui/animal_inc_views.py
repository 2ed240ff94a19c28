# Animal Inc: the per-round history (one line per round, scrollable) and the
# final standings (ranked, equal totals share the place and the victory).

from menagerie import games
from menagerie.core.animal_inc import signed
from menagerie.ui import scoregrid
from menagerie.ui.names import names_of
from menagerie.ui.screen import Screen, btn, title_bar
from menagerie.ui.widgets import Menu, ask_undo

GAME_ID = "animal_inc"

_ROUND_W = 18  # pixels for the round number column


class History(Screen):
    # Header with names, one row of deltas per round (newest at the bottom),
    # then the totals. UP/DOWN move the highlighted round, OK edits it (its
    # values filled in: ui/animal_inc_entry.py), BACK leaves.
    name = "ai_history"

    def __init__(self, app):
        self.app = app
        self.top = None
        self.sel = None
        self.build()

    def build(self):
        g = self.app.game
        self.rows_ = [("%d" % (r + 1), g.deltas[r]) for r in range(len(g.deltas))]
        self.rows_.append(("=", g.scores))
        if self.sel is None or self.sel >= len(self.rows_):
            self.sel = max(0, len(self.rows_) - 2)  # the newest round

    def draw(self, c):
        g = self.app.game
        n = g.players
        names = names_of(self.app, n)
        col = (c.width - _ROUND_W) // n
        chars = (col - 4) // 6  # a gap between neighbours
        c.fill_row(0)
        for i in range(n):
            nm = scoregrid.fit_name(names[i], chars)
            # right-aligned over the numbers of its column
            c.text(0, _ROUND_W + (i + 1) * col - c.text_width(nm), nm, invert=True)
        shown = c.rows - 1
        if self.top is None:
            self.top = max(0, len(self.rows_) - shown)  # start at the newest rounds
        if self.sel < self.top:
            self.top = self.sel
        elif self.sel >= self.top + shown:
            self.top = self.sel - shown + 1
        for j in range(shown):
            k = self.top + j
            if k >= len(self.rows_):
                break
            label, vals = self.rows_[k]
            inv = k == self.sel and label != "="
            if inv:
                c.fill_row(1 + j)
            c.text(1 + j, 0, label, invert=inv)
            for i in range(n):
                v = vals[i]
                s = str(v) if label == "=" else (signed(v) if v else "0")
                c.text(1 + j, _ROUND_W + (i + 1) * col - c.text_width(s), s, invert=inv)

    def key(self, app, k, t):
        shown = app.canvas.rows - 1
        last = len(self.rows_) - 1
        d = {"UP": -1, "DOWN": 1, "LEFT": -shown, "RIGHT": shown}.get(k)
        if d:
            self.sel = max(0, min(last, self.sel + d))
        elif k == "OK":
            if self.sel >= last:
                app.pop()  # the totals row: done
            else:
                self.edit(app, self.sel)
        elif k == "BACK":
            app.pop()

    def edit(self, app, r):
        g = app.game
        if g.over():
            app.toast("Game over: undo the\nlast round to edit")
            return
        from menagerie.ui.animal_inc_entry import RoundEntry

        app.push(RoundEntry(app, names_of(app, g.players), g.entries[r], edit=r + 1))

    def round_done(self, app):
        # an edit was saved: the rows and the totals after it follow
        self.build()
        app.toast("Round %s changed" % self.rows_[self.sel][0])


def history_entry(app, winners):
    g = app.game
    return {
        "game": GAME_ID,
        "players": names_of(app, g.players),
        "rounds": [list(d) for d in g.deltas],
        "scores": list(g.scores),
        "winners": winners,
        "start": g.start,
    }


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
                scoregrid.grid(c, 1, cells, vals, stack=True, marks=marks)
                for k in range(2):
                    c.text(5, k * 64 + (64 - c.text_width(notes[k][0])) // 2, notes[k][0])
            else:
                scoregrid.grid(c, 1, cells, vals, notes, marks=marks)
            c.text(7, 0, after)
            c.right(7, ok + ": on")
            return
        if g.players == 2:
            title_bar(c, head)
            scoregrid.grid(c, 1, cells, vals, notes, tall=False, marks=marks)
            c.text(3, 0, after)
            c.right(3, ok + ":on")
            return
        scoregrid.grid(c, 0, cells, vals, notes, tall=False, marks=marks)
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
            app.replace(History(app))
        else:
            app.finish_game(games.ui_module(GAME_ID).history_entry(app))
            app.home()
