# Animal Maniacs: looking at the table (zoos, trophy walls, loans, the wild,
# the endangered).

from menagerie.core import animal_maniacs_data as D
from menagerie.ui.screen import Screen, title_bar, wrap
from menagerie.ui import animal_maniacs as U


def _names(ids):
    return ", ".join(D.name(a) for a in ids) or "-"


class Browse(Screen):
    # One page per player, then the wild and the endangered. LEFT/RIGHT (or
    # OK) turn pages, UP/DOWN scroll.
    name = "am_browse"

    def __init__(self, app):
        self.app = app
        self.page = 0
        self.top = 0

    def pages(self):
        return self.app.game.n + 1

    def lines(self):
        app = self.app
        g = app.game
        if self.page < g.n:
            p = self.page
            # One simple expression a line: a nested one costs the board's
            # compiler a deeper (and bigger) parse stack.
            out = ["Zoo: " + _names(g.zoo(p))]
            out.append("Wall: " + _names(g.wall(p)))
            out.append("pair/kind/kill %d/%d/%d" % D.progress(g.loc, p))
            out.append("Hand %d, lost turns %d" % (g.hand[p], g.lost[p]))
            for b in g.borrowed:
                if b[2] == p:
                    due = ""
                    if b[3] >= 0:
                        due = " back after turn %d" % b[3]
                    out.append(D.name(b[0]) + " from " + U.pname(app, b[1]) + due)
            return out
        out = ["Wild: " + _names(g.wild())]
        for s in range(12):
            if g.endangered[s] == 1:
                k = len(g.on_ace(s))
                out.append("Endangered: %s x%d" % (D.SPECIES[s], k))
            elif g.endangered[s] == 2:
                out.append(D.SPECIES[s] + ": hunted out")
        bowl = len(g.where(D.BOWL))
        out.append("Bowl %d, dead %d" % (bowl, len(g.where(D.DEAD))))
        return out

    def draw(self, c):
        g = self.app.game
        if self.page < g.n:
            title = U.pname(self.app, self.page) + " " + D.ZOOS[g.zoos[self.page]]
        else:
            title = "The wild"
        title_bar(c, title[:c.cols - 4], "%d/%d" % (self.page + 1, self.pages()))
        rows = []
        for line in self.lines():
            rows.extend(wrap(line, c.cols))
        for r in range(c.rows - 1):
            if self.top + r < len(rows):
                c.text(1 + r, 0, rows[self.top + r])

    def key(self, app, k, t):
        if k in ("RIGHT", "OK"):
            self.page = (self.page + 1) % self.pages()
            self.top = 0
        elif k == "LEFT":
            self.page = (self.page - 1) % self.pages()
            self.top = 0
        elif k == "DOWN":
            self.top += 1
        elif k == "UP" and self.top > 0:
            self.top -= 1
        elif k == "BACK":
            app.pop()
