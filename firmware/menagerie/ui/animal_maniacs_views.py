# Animal Maniacs: looking at the table (zoos, trophy walls, loans, the wild,
# the endangered).

from menagerie.core import animal_maniacs_data as D
from menagerie.ui.screen import Screen, btn, title_bar, wrap
from menagerie.ui import animal_maniacs as U
from menagerie.ui.animal_maniacs_table import seat_lines, wild_lines


class Browse(Screen):
    # One page per player, then the wild and the endangered. LEFT/RIGHT (or
    # OK) turn pages, UP/DOWN scroll.
    name = "am_browse"

    def __init__(self, app):
        self.app = app
        self.page = 0
        self.top = 0
        self.last = 0

    def pages(self):
        return self.app.game.n + 1

    def lines(self):
        g = self.app.game
        if self.page < g.n:
            return seat_lines(self.app, g, self.page)
        return wild_lines(g)

    def draw(self, c):
        g = self.app.game
        title = "The wild"
        if self.page < g.n:
            line = D.ZOOS[g.zoos[self.page]]
            title = U.pname(self.app, self.page) + " " + line
        n = self.page + 1
        title_bar(c, title[:c.cols - 4], "%d/%d" % (n, self.pages()))
        rows = []
        for line in self.lines():
            rows.extend(wrap(line, c.cols))
        # the last row says the keys: DOWN while there is more, OK turns
        # the page
        shown = c.rows - 2
        self.last = max(0, len(rows) - shown)
        self.top = min(self.top, self.last)
        ok = btn(self.app, "OK")
        hint = "%s: next page" % ok
        if self.top < self.last:
            hint = "%s: more  %s: next" % (btn(self.app, "DOWN"), ok)
        rows = rows[self.top:self.top + shown]
        for r in range(len(rows)):
            c.text(1 + r, 0, rows[r])
        c.right(c.rows - 1, hint)

    def key(self, app, k, t):
        n = self.pages()
        if k in ("RIGHT", "OK"):
            self.page = (self.page + 1) % n
            self.top = 0
        elif k == "LEFT":
            self.page = (self.page - 1) % n
            self.top = 0
        elif k == "DOWN" and self.top < self.last:
            self.top += 1
        elif k == "UP" and self.top > 0:
            self.top -= 1
        elif k == "BACK":
            app.pop()
            # Compiled when shown, dropped when left: nothing else keeps
            # this screen, and the next compile finds its blocks free.
            from menagerie.games import drop
            drop(("menagerie.ui.animal_maniacs_views", "menagerie.ui.animal_maniacs_table"))
