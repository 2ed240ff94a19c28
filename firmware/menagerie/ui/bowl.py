# The draw bowl's list of pools. The bowl itself is ui/bowl_screen.py, its
# actions, put-back and history menus ui/bowl_menus.py. The bowl is often
# drawn from beside a live game, on a fragmented heap: each compile needs a
# contiguous table of the module's distinct names (16 bytes a slot), so small
# modules with few names fit where one big module would not.

from menagerie.core.pools import POOLS, SHORT, POOL_TITLES
from menagerie.ui.widgets import Menu

class PoolMenu(Menu):
    def __init__(self, app, pools=POOLS, title="Draw bowl"):
        self.app = app
        app.bowls_in()   # the saved bowls, replayed now (App.bowls_in)
        self.pools = pools
        Menu.__init__(self, title, self.entries, self.pick, name="bowl_pools")

    def entries(self):
        out = []
        for p in self.pools:
            b = self.app.bowls.get(p)
            label = POOL_TITLES[p]
            if b is not None and not b.dice:
                # Flat on purpose: nesting grows the compiler's rule stack.
                counts = (SHORT[p], b.remaining(), b.size())
                label = "%s %d/%d" % counts
            out.append(label)
        return out

    def pick(self, app, i):
        pool = self.pools[i]
        app.bowl(pool)
        app.save()
        from menagerie.ui.bowl_screen import BowlScreen

        app.push(BowlScreen(app, pool))


def reopen(app, pool):
    # After a power cut: the pool list underneath, the bowl on top.
    pools = POOLS
    title = "Draw bowl"
    if pool in ("maniacs", "cards"):
        pools = ("maniacs", "cards")
        title = "Animal Maniacs"
    app.push(PoolMenu(app, pools, title))
    from menagerie.ui.bowl_screen import BowlScreen

    app.push(BowlScreen(app, pool))
