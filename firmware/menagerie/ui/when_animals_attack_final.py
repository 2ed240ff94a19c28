# When Animals Attack: the status screen (tiles, population, build queue)
# and the final standings. Compiled only when one is shown (the game's
# screens drop it again: ui/when_animals_attack.route), so a game's turns do
# not keep it.
from menagerie.ui.screen import Screen, btn, title_bar
from menagerie.ui.widgets import Message
from menagerie.ui.when_animals_attack_views import is_bot, pname


def status_text(app):
    g = app.game
    lines = ["Round %d, %s's turn" % (g.round, pname(app, g.cur)),
             "Settlements left %d" % len(g.alive_towns())]
    for p in range(g.n):
        lines.append("%s: %d tiles%s" % (pname(app, p), g.tiles(p), " (device)" if is_bot(g, p) else ""))
        lines.append(" animals %d of %d" % (g.units(p), g.limit(p)))
        lines.append(" builds %d at a time" % g.slots(p))
        for kind, left in g.builds[p]:
            name = g.roster[kind][0]
            lines.append("  " + name + (" ready" if left == 0 else " %d more" % left))
    return "\n".join(lines)


def status(app):
    return Message("Status", status_text(app), name="waa_status")


class Final(Screen):
    # Most tiles first; OK files the game in the history.
    name = "waa_final"

    def __init__(self, app):
        self.app = app
        self.top = 0
        self.cheered = False

    def tick(self, app, now):
        if not self.cheered:
            self.cheered = True
            app.sound("win")
        return False

    def draw(self, c):
        app = self.app
        g = app.game
        if g is None:
            return
        win = g.winners()
        # 128x32: the key that files the game in the title bar
        title_bar(c, "Final: tiles", None if c.rows >= 8 else btn(app, "OK") + ": on")
        order = sorted(range(g.n), key=lambda p: (-g.tiles(p), p))
        shown = c.rows - 2 if c.rows >= 8 else c.rows - 1
        for r in range(shown):
            i = self.top + r
            if i < len(order):
                p = order[i]
                c.text(1 + r, 0, ("*" if p in win else " ") + pname(app, p))
                c.right(1 + r, str(g.tiles(p)))
        if c.rows >= 8:
            c.text(7, 0, "* " + ("winner" if len(win) == 1 else "shared win"))
            c.right(7, "OK")

    def key(self, app, k, t):
        g = app.game
        if k == "DOWN" and self.top + 1 < g.n:
            self.top += 1
        elif k == "UP" and self.top > 0:
            self.top -= 1
        elif k == "OK":
            from menagerie.ui.when_animals_attack_history import entry

            app.finish_game(entry(g, [pname(app, p) for p in range(g.n)]))
            app.home()
        elif k == "BACK":
            app.home()
