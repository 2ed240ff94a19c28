# Animal Inc: the per-round history (one line per round, scrollable) and the
# final standings (ranked, equal totals share the place and the victory).

from menagerie.core.animal_inc import signed
from menagerie.ui.screen import Screen, title_bar
from menagerie.ui.widgets import Menu
from menagerie.ui.animal_inc import (
    GAME_ID, Sheet, ask_undo, names_of, new, ranking, short)

_ROUND_W = 18  # pixels for the round number column


class History(Screen):
    # Header with names, one row of deltas per round (newest at the bottom),
    # then the totals. UP/DOWN scroll, LEFT/RIGHT a page; OK/BACK leave.
    name = "ai_history"

    def __init__(self, app):
        self.app = app
        g = app.game
        self.rows_ = [("%d" % (r + 1), g.deltas[r]) for r in range(len(g.deltas))]
        self.rows_.append(("=", g.scores))
        self.top = None

    def draw(self, c):
        g = self.app.game
        n = g.players
        names = names_of(self.app, n)
        col = (c.width - _ROUND_W) // n
        chars = (col - 4) // 6  # a gap between neighbours
        c.fill_row(0)
        for i in range(n):
            c.text(0, _ROUND_W + i * col + col - chars * 6, short(names[i], chars), invert=True)
        shown = c.rows - 1
        last_top = max(0, len(self.rows_) - shown)
        if self.top is None or self.top > last_top:
            self.top = last_top  # start at the newest rounds
        for j in range(shown):
            k = self.top + j
            if k >= len(self.rows_):
                break
            label, vals = self.rows_[k]
            c.text(1 + j, 0, label)
            for i in range(n):
                v = vals[i]
                s = str(v) if label == "=" else (signed(v) if v else "0")
                c.text(1 + j, _ROUND_W + (i + 1) * col - c.text_width(s), s)

    def key(self, app, k, t):
        shown = app.canvas.rows - 1
        last_top = max(0, len(self.rows_) - shown)
        d = {"UP": -1, "DOWN": 1, "LEFT": -shown, "RIGHT": shown}.get(k)
        if d:
            self.top = max(0, min(last_top, (self.top or 0) + d))
        elif k in ("OK", "BACK"):
            app.pop()


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


class Standings(Screen):
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
        head = "Shared victory!" if len(win) > 1 else short(names[win[0]], 12) + " wins!"
        title_bar(c, head)
        order = ranking(g.scores)
        # Winners in double size when the screen has the room for it.
        room = c.rows - 2 if c.rows >= 8 else c.rows - 1
        scale = 2 if room >= g.players + len(win) else 1
        row = 1
        place = 0
        for k in range(len(order)):
            i = order[k]
            if k == 0 or g.scores[i] != g.scores[order[k - 1]]:
                place = k + 1
            sc = scale if i in win else 1
            if row + sc > 1 + room:
                break
            total = str(g.scores[i])
            chars = (c.width // (6 * sc)) - 3 - len(total)
            c.text(row, 0, "%d %s" % (place, short(names[i], chars)), sc)
            c.right(row, total, sc)
            row += sc
        if c.rows >= 8:
            c.center(c.rows - 1, "after %d rounds, OK" % len(g.deltas))

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
            app.finish_game(history_entry(app, self.st.winners()))
            app.home()
            new(app)
        elif label == "Keep playing":
            if app.undo():  # takes back the ("end",)
                app.home(Sheet(app))
        elif label.startswith("Undo"):
            app.pop()
            ask_undo(app, label)
        elif label == "History":
            app.replace(History(app))
        else:
            app.finish_game(history_entry(app, self.st.winners()))
            app.home()
