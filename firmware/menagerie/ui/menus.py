# Boot screen, main menu, settings and history.

from menagerie import VERSION, games
from menagerie.ui.screen import Screen, title_bar, wrap
from menagerie.ui.widgets import Menu, Message, NameEdit, Picker

_BOOT_MS = 1500
MAX_PLAYERS = 6


class BootScreen(Screen):
    # Shows the version and anything the player must know (a damaged save,
    # a settings typo). Without notes it moves on by itself.
    name = "boot"

    def __init__(self, notes, info=None):
        self.notes = [n for n in notes if n]
        self.info = info
        self.started = None

    def draw(self, c):
        if c.rows >= 8:
            c.center(0, "MENAGERIE", 2)
            c.center(2, "v" + VERSION)
            first = 3
        else:
            c.center(0, "MENAGERIE v" + VERSION)
            first = 1
        if self.notes:
            lines = []
            for n in self.notes:
                lines.extend(wrap(n, c.cols))
            for i in range(min(len(lines), c.rows - first - 1)):
                c.text(first + i, 0, lines[i])
            c.right(c.rows - 1, "OK")
        elif self.info and c.rows >= 8:
            lines = self.info.split("\n")
            for i in range(len(lines)):
                c.center(c.rows - len(lines) + i, lines[i])
        else:
            c.center(c.rows - 1, (self.info or "animal games helper").split("\n")[0])

    def tick(self, app, now):
        if self.started is None:
            self.started = now
        if not self.notes and now - self.started >= _BOOT_MS:
            leave_boot(app)
            return True
        return False

    def key(self, app, k, t):
        if k in ("OK", "BACK") or not self.notes:
            leave_boot(app)


def leave_boot(app):
    # Reopen what the players were doing when the power went.
    app.stack = []
    app.push(MainMenu(app))
    w = app.where or ""
    if w.startswith("bowl:") and w[5:] in app.bowls:
        from menagerie.ui import bowl

        bowl.reopen(app, w[5:])
        app.toast("Resumed bowl")
    elif app.game is not None:
        app.open_game()
        app.toast("Resumed " + games.title(app.game_id))


class MainMenu(Menu):
    def __init__(self, app):
        Menu.__init__(self, "Menagerie", self.entries, self.pick, name="main_menu", on_back=lambda app: None)
        self._app = app

    def entries(self):
        out = []
        app = self._app
        if app.game is not None:
            out.append("Continue " + games.title(app.game_id))
        out.extend(("Animal Inc", "Animal Maniacs", "When Animals Attack", "Panicozoo", "Draw bowl", "History", "Settings"))
        return out

    def pick(self, app, i):
        label = self.entries()[i]
        if label.startswith("Continue"):
            app.open_game()
        elif label == "Animal Inc":
            start_new(app, "animal_inc")
        elif label == "Panicozoo":
            start_new(app, "panicozoo")
        elif label == "Draw bowl":
            from menagerie.ui import bowl

            app.push(bowl.PoolMenu(app))
        elif label == "Animal Maniacs":
            from menagerie.ui import bowl

            app.push(bowl.PoolMenu(app, ("maniacs", "cards"), "Animal Maniacs"))
        elif label == "When Animals Attack":
            app.push(Message("Animals Attack", "Not on this device yet."))
        elif label == "History":
            app.push(HistoryMenu(app))
        elif label == "Settings":
            app.push(SettingsMenu(app))


def start_new(app, game_id, variant=None):
    # One game at a time: a game in progress is only replaced on purpose.
    def go(app):
        games.ui_module(game_id).new(app, variant)

    if app.game is None or app.game.over():
        go(app)
        return

    def answer(app, i):
        app.pop()
        if i == 1:
            app.finish_game()
            go(app)

    app.push(Menu("Abandon " + games.title(app.game_id)[:10] + "?", ["No, keep it", "Yes, abandon"], answer))


class SettingsMenu(Menu):
    def __init__(self, app):
        Menu.__init__(self, "Settings", self.entries, self.pick, name="settings")
        self._s = app.settings

    def entries(self):
        s = self._s
        return ["Players: %d" % s["players"], "Names", "Sound: " + ("on" if s["sound"] else "off")]

    def pick(self, app, i):
        s = app.settings
        if i == 0:
            def done(app, v):
                s["players"] = v
                app.save()
                app.pop()

            vals = list(range(2, MAX_PLAYERS + 1))
            app.push(Picker("Players", vals, vals.index(s["players"]) if s["players"] in vals else 2, done, wrap_around=False))
        elif i == 1:
            app.push(NamesMenu(app))
        else:
            s["sound"] = not s["sound"]
            app.save()
            app.sound("click")


class NamesMenu(Menu):
    def __init__(self, app):
        Menu.__init__(self, "Names", self.entries, self.pick, name="names")
        self._s = app.settings

    def entries(self):
        names = self._s["names"]
        return ["P%d %s" % (i + 1, names[i]) for i in range(MAX_PLAYERS)]

    def pick(self, app, i):
        names = app.settings["names"]

        def done(app, v):
            names[i] = v
            app.save()

        app.push(NameEdit("Name of P%d" % (i + 1), names[i], done))


class HistoryMenu(Menu):
    def __init__(self, app):
        self.entries_ = []
        if app.store is not None:
            try:
                self.entries_ = list(reversed(app.store.history()))
            except Exception:
                self.entries_ = []
        labels = [history_label(e) for e in self.entries_] or ["(no games yet)"]
        Menu.__init__(self, "History", labels, self.pick, name="history")

    def pick(self, app, i):
        if not self.entries_:
            return
        app.push(Message(history_label(self.entries_[i]), history_text(self.entries_[i])))


def history_label(e):
    return games.title(e.get("game", "?"))[:10] + " " + str(e.get("date", ""))[:10]


def history_text(e):
    names = e.get("players", [])
    scores = e.get("scores", [])
    winners = e.get("winners", [])
    lines = []
    for i in range(len(names)):
        star = "*" if i in winners else " "
        sc = scores[i] if i < len(scores) else ""
        lines.append("%s%s %s" % (star, names[i], sc))
    return "\n".join(lines)
