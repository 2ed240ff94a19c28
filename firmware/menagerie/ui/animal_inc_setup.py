# Animal Inc's new-game questions: players, names, number of rounds, who
# starts. Asked once per game, so compiled only then and dropped when the game
# starts (games.TRANSIENT): the score sheet's compile does not sit on them.

from menagerie.core.animal_inc_deck import standard_rounds
from menagerie.ui.screen import Screen, title_bar
from menagerie.ui.picker import Picker
from menagerie.ui.widgets import Menu
from menagerie.ui.names import names_of

GAME_ID = "animal_inc"


def ask_players(app):
    s = app.settings
    vals = [2, 3, 4]
    n0 = s.get("players", 4)
    idx = vals.index(n0) if n0 in vals else 2

    def players_done(app, n):
        s["players"] = n
        app.save()
        app.replace(NamesStep(app, n))

    app.push(Picker("Animal Inc: players", vals, idx, players_done, fmt=lambda v: "%d" % v,
                    hint="OK: names next", name="ai_players", wrap_around=False, app=app))


class NamesStep(Menu):
    def __init__(self, app, n):
        self.n = n
        self.app = app
        Menu.__init__(self, "Names", self.entries, self.pick, name="ai_names")

    def entries(self):
        return ["Names OK"] + ["P%d %s" % (i + 1, nm) for i, nm in enumerate(names_of(self.app, self.n))]

    def pick(self, app, i):
        if i == 0:
            std = standard_rounds(self.n)

            def rounds_done(app, r):
                app.replace(SeatChooser("Who starts?", names_of(app, self.n), 0, start_done(r),
                                        "ai_start", "the youngest player"))

            app.replace(Picker("Rounds", list(range(1, 100)), std - 1, rounds_done,
                               fmt=lambda v: "%d" % v, hint="%d: rulebook, OK" % std, name="ai_rounds", app=app))
            return
        names = app.settings["names"]

        def done(app, v):
            while len(names) < i:
                names.append("P%d" % (len(names) + 1))
            names[i - 1] = v
            app.save()

        # the editor compiles only when a name is edited
        from menagerie.ui.name_edit import NameEdit

        app.push(NameEdit("Name of P%d" % i, names_of(app, self.n)[i - 1], done, app=app))


def start_done(rounds):
    def go(app, seat):
        n = app.settings["players"]
        game = app.new_game(GAME_ID, {"players": n, "rounds": rounds, "start": seat})
        if game is not None:
            # the game's own module shows it (games.py): arrows go one way
            app.home()
            app.open_game()
    return go


class SeatChooser(Screen):
    # Pick a player: their own button, or UP/DOWN + OK on the 3-button board.
    def __init__(self, title, names, index, on_pick, name, hint=None):
        self.title = title
        self.names = names
        self.n = len(names)
        self.index = index
        self.on_pick = on_pick
        self.name = name
        self.hint = hint

    def draw(self, c):
        title_bar(c, self.title)
        big = c.rows >= 8
        shown = c.rows - (3 if big else 1)
        top = 0 if self.index < shown else self.index - shown + 1
        for j in range(min(shown, self.n - top)):
            i = top + j
            label = self.names[i]
            if i == self.index:
                c.fill_row(1 + j)
                c.text(1 + j, 1, ">" + label, invert=True)
            else:
                c.text(1 + j, 1, " " + label)
        if big:
            c.center(6, self.hint or "")
            c.center(7, "OK or their button")

    def key(self, app, k, t):
        if k == "UP":
            self.index = (self.index - 1) % self.n
        elif k == "DOWN":
            self.index = (self.index + 1) % self.n
        elif k == "OK":
            self.on_pick(app, self.index)
        elif k == "BACK":
            app.pop()
        elif k[0] == "P" and k[1:].isdigit() and 0 < int(k[1:]) <= self.n:
            self.on_pick(app, int(k[1:]) - 1)
