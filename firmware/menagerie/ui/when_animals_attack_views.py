# When Animals Attack: who is who, and the hand-over screen between people.
# The status and the final standings are in ui/when_animals_attack_final.py,
# compiled only when shown.
from menagerie.ui.screen import Screen, title_bar

# The last person who had the device: a hand-over screen comes up when the
# next person's turn starts (after a power cut it comes up again: harmless).
_seen = [None]


def pname(app, p):
    names = app.settings.get("names") or ()
    n = names[p] if p < len(names) else ""
    return n or "P%d" % (p + 1)


def is_bot(g, p):
    return (g.options["bots"] >> p) & 1


def humans(g):
    return [p for p in range(g.n) if not is_bot(g, p)]


def needs_handover(g):
    return len(humans(g)) > 1 and _seen[0] != g.cur


class HandOver(Screen):
    name = "waa_handover"

    def __init__(self, app, route, menu):
        self.app = app
        self.route = route
        self.menu = menu

    def draw(self, c):
        app = self.app
        g = app.game
        title_bar(c, "Round %d" % g.round)
        if c.rows >= 8:
            c.center(2, "Pass the device to")
            c.center(3, pname(app, g.cur), 2)
            n = g.tiles(g.cur)
            c.center(6, "%d tile%s" % (n, "" if n == 1 else "s"))
            c.center(7, "OK when ready")
        else:
            c.center(1, "Pass to " + pname(app, g.cur))
            c.center(3, "OK when ready")

    def key(self, app, k, t):
        if k == "OK":
            _seen[0] = app.game.cur
            self.route(app)
        elif k == "BACK":
            self.menu(app)
