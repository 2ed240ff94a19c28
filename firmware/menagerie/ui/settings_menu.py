# Settings and player names, changed from the main menu. Loaded when opened,
# dropped when a game starts (games.TRANSIENT).

from menagerie.ui.picker import Picker
from menagerie.ui.widgets import Menu

MAX_PLAYERS = 6


class SettingsMenu(Menu):
    def __init__(self, app):
        Menu.__init__(self, "Settings", self.entries, self.pick, name="settings")
        self._s = app.settings
        self._app = app

    def entries(self):
        s = self._s
        out = ["Players: %d" % s["players"], "Names", "Sound: " + ("on" if s["sound"] else "off")]
        if self._app.table:
            out.append(self._app.table.entry(self._app))   # boards with Wi-Fi
        return out

    def pick(self, app, i):
        s = app.settings
        if i == 0:
            def done(app, v):
                s["players"] = v
                app.save()
                app.pop()

            vals = list(range(2, MAX_PLAYERS + 1))
            app.push(Picker("Players", vals, vals.index(s["players"]) if s["players"] in vals else 2, done, wrap_around=False, app=app))
        elif i == 1:
            app.push(NamesMenu(app))
        elif i == 2:
            s["sound"] = not s["sound"]
            app.save()
            app.sound("click")
        else:
            app.table.pick(app)


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

        # the editor compiles only when a name is edited
        from menagerie.ui.name_edit import NameEdit

        app.push(NameEdit("Name of P%d" % (i + 1), names[i], done, app=app))
