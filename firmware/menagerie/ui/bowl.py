# The draw bowl at the table: OK draws (or rolls), the last draw in big type,
# DOWN opens what else you can do (put back, reshuffle, undo), UP the history.
# Those menus live in ui/bowl_menus.py, compiled only when opened and dropped
# when the bowl is left: the bowl is often drawn from beside a live game, and
# its compile peak sits on top of that game.

from menagerie import games
from menagerie.core.pools import POOLS, POOL_TITLES
from menagerie.ui.screen import Screen, title_bar
from menagerie.ui.widgets import Menu

_SHORT = {
    "maniacs": "Animals",
    "cards": "Cards",
    "panicozoo": "Panicozoo",
    "start": "Start player",
    "d6": "d6",
    "d20": "d20",
}


class PoolMenu(Menu):
    def __init__(self, app, pools=POOLS, title="Draw bowl"):
        self.app = app
        self.pools = pools
        Menu.__init__(self, title, self.entries, self.pick, name="bowl_pools")

    def entries(self):
        out = []
        for p in self.pools:
            b = self.app.bowls.get(p)
            label = POOL_TITLES[p]
            if b is not None and not b.dice:
                label = "%s %d/%d" % (_SHORT[p], b.remaining(), b.size())
            out.append(label)
        return out

    def pick(self, app, i):
        pool = self.pools[i]
        app.bowl(pool)
        app.save()
        app.push(BowlScreen(app, pool))


def reopen(app, pool):
    # After a power cut: the pool list underneath, the bowl on top.
    pools = ("maniacs", "cards") if pool in ("maniacs", "cards") else POOLS
    app.push(PoolMenu(app, pools, "Animal Maniacs" if len(pools) == 2 else "Draw bowl"))
    app.push(BowlScreen(app, pool))


class BowlScreen(Screen):
    name = "bowl"

    def __init__(self, app, pool):
        self.app = app
        self.pool = pool

    def draw(self, c):
        b = self.app.bowls[self.pool]
        if b.dice:
            title_bar(c, _SHORT[self.pool], "rolls %d" % len(b.draws()))
        else:
            title_bar(c, _SHORT[self.pool], "%d left" % b.remaining())
        last = b.last()
        big = c.rows >= 8
        if last is None:
            c.center(2 if big else 1, "Roll" if b.dice else "Bowl ready")
            c.center(3 if big else 2, "%d %s" % (b.size(), "sides" if b.dice else "in the bowl"))
        elif b.dice:
            c.big_center(1 if not big else 2, b.label(last))
        else:
            self._draw_item(c, b, last, big)
        if big:
            c.text(7, 0, "OK " + ("roll" if b.dice else "draw"))
            c.right(7, "v more")
        else:
            c.right(3, "OK:" + ("roll" if b.dice else "draw"))

    def _draw_item(self, c, b, item, big):
        # The name as large as it fits; the colour or suit underneath.
        label = b.label(item)
        second = None
        if self.pool == "cards" and " " in label:
            label, second = label.split(" ", 1)
            if label != "Joker":
                second = second + " (" + b.colour(item) + ")"
        elif self.pool == "maniacs":
            second = b.colour(item)
        if big:
            if self.pool == "cards" and c.big_width(label) <= c.width:
                c.big_center(1, label)
            elif c.text_width(label, 2) <= c.width:
                c.center(2, label, 2)
            else:
                c.center(2, label)
            if second:
                c.center(4, second)
            if item in b.out:
                c.center(5, "draw %d of %d" % (b.out.index(item) + 1, b.size()))
            else:
                c.center(5, "put back")
        else:
            if c.text_width(label, 2) <= c.width:
                c.center(1, label, 2)
            else:
                c.center(1, label)
            if second:
                c.text(3, 0, second)

    def key(self, app, k, t):
        b = app.bowls[self.pool]
        if k == "OK":
            if app.act(("roll",) if b.dice else ("draw",), b):
                app.sound("click")
        elif k == "DOWN":
            from menagerie.ui import bowl_menus

            app.push(bowl_menus.BowlActions(self.pool))
        elif k == "UP":
            from menagerie.ui import bowl_menus

            app.push(bowl_menus.history_screen(app.bowls[self.pool]))
        elif k == "BACK":
            if app.where == "bowl:" + self.pool:
                app.where = None
            app.pop()
            # The menus are compiled again when next needed: meanwhile the
            # game beside the bowl gets their RAM back.
            games.drop(("menagerie.ui.bowl_menus",))
