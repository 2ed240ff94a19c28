# Animal Inc: the per-round history (one line per round, scrollable), where
# OK edits a past round. Loaded when opened; the final standings are in
# ui/animal_inc_final.py.

from menagerie.core.animal_inc import signed
from menagerie.ui import scoregrid
from menagerie.ui.names import names_of
from menagerie.ui.screen import Screen, btn

# (self.lines: the rows; self.index: the highlighted one; cw: a column's
# width. Names the firmware already has: each new one is a qstr kept until
# the board restarts, docs/architecture.md, Memory.)


class History(Screen):
    # Header with names, one row of deltas per round (newest at the bottom),
    # then the totals. UP/DOWN move the highlighted round, OK edits it (its
    # values filled in: ui/animal_inc_entry.py), BACK leaves.
    name = "ai_history"

    def __init__(self, app):
        self.app = app
        self.top = None
        self.index = None
        self.build()

    def build(self):
        g = self.app.game
        self.lines = [("%d" % (r + 1), g.deltas[r]) for r in range(len(g.deltas))]
        self.lines.append(("=", g.scores))
        if self.index is None or self.index >= len(self.lines):
            self.index = max(0, len(self.lines) - 2)  # the newest round

    def draw(self, c):
        g = self.app.game
        n = g.players
        names = names_of(self.app, n)
        cw = (c.width - 18) // n  # the first 18 pixels: the round's number
        chars = (cw - 4) // 6  # a gap between neighbours
        c.fill_row(0)
        for i in range(n):
            nm = scoregrid.trim(names[i], chars)
            # right-aligned over the numbers of its column
            c.text(0, 18 + (i + 1) * cw - c.text_width(nm), nm, invert=True)
        # the last line says what OK does on the highlighted row
        shown = c.rows - 2
        last = len(self.lines) - 1
        ok = btn(self.app, "OK")
        c.text(c.rows - 1, 0, "%s: back" % ok if self.index >= last else "%s edits round %d" % (ok, self.index + 1))
        if self.top is None:
            self.top = max(0, len(self.lines) - shown)  # start at the newest rounds
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + shown:
            self.top = self.index - shown + 1
        for j in range(shown):
            k = self.top + j
            if k >= len(self.lines):
                break
            label, vals = self.lines[k]
            inv = k == self.index and label != "="
            if inv:
                c.fill_row(1 + j)
            c.text(1 + j, 0, label, invert=inv)
            for i in range(n):
                v = vals[i]
                s = str(v) if label == "=" or not v else signed(v)
                c.text(1 + j, 18 + (i + 1) * cw - c.text_width(s), s, invert=inv)

    def key(self, app, k, t):
        shown = app.canvas.rows - 2
        last = len(self.lines) - 1
        d = {"UP": -1, "DOWN": 1, "LEFT": -shown, "RIGHT": shown}.get(k)
        if d:
            self.index = max(0, min(last, self.index + d))
        elif k == "OK":
            if self.index >= last:
                self.done(app)  # the totals row: done
            else:
                self.edit(app, self.index)
        elif k == "BACK":
            self.done(app)

    def done(self, app):
        # Compiled when opened, dropped when left: the rounds do not carry
        # this screen's code.
        app.pop()
        from menagerie.games import drop
        drop(("menagerie.ui.animal_inc_views",))

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
        app.toast("Round %s changed" % self.lines[self.index][0])
