# Animal Maniacs' new-game questions: players, names, the options (special
# zoos, objectives, wild size, hand size, colour rule, whose deck the wild
# draws from, end rule, failed hunts, the Noisy Version), who starts. Asked
# once per game, so dropped when the game starts (games.TRANSIENT).

from menagerie.ui.picker import Picker
from menagerie.ui.widgets import Menu
from menagerie.core import animal_maniacs_data as D
from menagerie.ui import animal_maniacs as U

# option, label, values, what each value is called
_OPTS = (
    ("zoos", "Zoos", (0, 1, 2), ("plain", "random", "chosen")),
    ("limited", "Objectives", (0, 1, 2), ("all 3", "1 each", "2 each")),
    ("obj_choose", "Obj.", (0, 1), ("random", "chosen")),
    ("obj_secret", "Obj.", (0, 1), ("public", "secret")),
    ("wild", "Wild", (6, 7, 8, 9, 10, 12, 3, 4, 5), None),
    ("hand", "Hand", (5, 4), None),
    ("colour", "Colour", (1, 2, 0), ("x2 match", "match only", "off")),
    ("deck", "Wild draws", (0, 1), ("table", "device")),
    ("end", "End", (0, 1), ("last round", "play on")),
    ("hunt_loss", "Failed hunt", (1, 0), ("lose turn", "no loss")),
    ("noisy", "Noisy", (0, 1), ("off", "on")),
)


def ask_players(app):
    n0 = app.settings.get("players", 3)
    vals = [2, 3, 4, 5]

    def done(app, n):
        app.settings["players"] = n
        app.save()
        app.replace(Names(app, n))

    app.push(Picker("Maniacs: players", vals, vals.index(n0) if n0 in vals else 1, done,
                    fmt=lambda v: "%d" % v, hint="OK: names next", name="am_players",
                    wrap_around=False, app=app))


class Names(Menu):
    def __init__(self, app, n):
        self.n = n
        self.app = app
        Menu.__init__(self, "Names", self.entries, self.pick, name="am_names")

    def entries(self):
        return ["Names OK"] + ["P%d %s" % (i + 1, nm) for i, nm in enumerate(U.names_of(self.app, self.n))]

    def pick(self, app, i):
        if i == 0:
            app.replace(Options(app, self.n))
            return
        names = app.settings["names"]

        def done(app, v):
            while len(names) < i:
                names.append("P%d" % (len(names) + 1))
            names[i - 1] = v
            app.save()

        # the editor compiles only when a name is edited
        from menagerie.ui.name_edit import NameEdit

        app.push(NameEdit("Name of P%d" % i, U.names_of(app, self.n)[i - 1], done, app=app))


class Options(Menu):
    # OK on a line moves it to its next value; "Start" goes on.
    def __init__(self, app, n):
        self.n = n
        self.o = {}
        for e in _OPTS:
            self.o[e[0]] = e[2][0]
        Menu.__init__(self, "Options", self.entries, self.pick, name="am_options")

    def shown(self):
        out = []
        for e in _OPTS:
            if e[0] in ("obj_choose", "obj_secret") and not self.o["limited"]:
                continue
            out.append(e)
        return out

    def entries(self):
        out = ["Start"]
        for key, label, vals, words in self.shown():
            v = self.o[key]
            out.append(label + ": " + (words[vals.index(v)] if words else str(v)))
        return out

    def pick(self, app, i):
        if i == 0:
            app.replace(Starter(app, self.n, self.o))
            return
        key, label, vals, words = self.shown()[i - 1]
        self.o[key] = vals[(vals.index(self.o[key]) + 1) % len(vals)]


def Starter(app, n, o):
    from menagerie.ui.animal_maniacs_seat import SeatMenu, starter

    return SeatMenu(app, "Who starts?", list(range(n)), starter(n, o))


_WHOLE = {"Central Am": "Central American", "Wt Watchers": "Weight Watchers"}


class SetupChoice(Menu):
    # Chosen special zoos and objectives, one player at a time.
    def __init__(self, app):
        Menu.__init__(self, "", self.entries, self.pick, name="am_choose", on_back=lambda a: a.home())
        self.app = app

    def entries(self):
        out = []
        for a in self.app.game.legal():
            if a[0] == "zoo":
                # a row holds the whole name the core's table abbreviates
                z = D.ZOOS[a[2]]
                out.append(_WHOLE.get(z, z))
            else:
                out.append("+".join(D.OBJ_NAMES[i] for i in range(3) if a[2] & (1 << i)))
        return out

    def draw(self, c):
        what, p = self.app.game.pending[0]
        self.title = U.pname(self.app, p) + ": " + what
        Menu.draw(self, c)

    def pick(self, app, i):
        U.act(app, app.game.legal()[i])
