# The Panicozoo round screen's keys (ui/panicozoo_round.py): the phase
# buttons and the players' presses. A module of its own so that each of the
# two compiles at game start needs a smaller name table on a shredded heap.
from menagerie.core import buzzer
from menagerie.core.panicozoo import READY, OPEN, ANSWERING
from menagerie.ui import panicozoo_views as V


def key(self, app, k, t):
    g = app.game
    if g is None:
        return
    if len(k) == 2 and k[0] == "P":
        press(self, app, g, int(k[1]) - 1, t)
        return
    if k == "BACK" or (k == "DOWN" and g.phase == READY):
        self.race = None  # re-armed on return: presses in the menu are lost
        if self.menu is not None:
            app.push(self.menu(app))
        return
    if g.phase == READY:
        if k == "OK":
            if app.act(("open",)):
                app.sound("open")
                self._ensure(app)
                self.cursor = 0
        elif k == "UP":
            if g.found_by is not None:
                app.push(V.AnimalPick(app))
            elif g.first_timers or g.young:
                app.push(V.found_screen(app))
            else:
                from menagerie.ui.panicozoo_final import Scoreboard
                app.push(Scoreboard(app))
    elif g.phase == OPEN:
        if self.buzz(g):
            if k == "OK":
                self._say(app, "Slap your button!")
            return
        armed = g.armed()
        if k == "UP":
            self.cursor = (self.cursor - 1) % len(armed)
        elif k == "DOWN":
            self.cursor = (self.cursor + 1) % len(armed)
        elif k == "OK":
            if app.act(("slap", armed[self.cursor % len(armed)])):
                app.sound("slap")
    elif g.phase == ANSWERING:
        if k == "UP" or k == "OK":
            if app.act(("right",)):
                app.sound("right")
                app.push(V.RoundWon(app))
        elif k == "DOWN":
            p = g.answering
            if app.act(("wrong",)):
                app.sound("wrong")
                self.cursor = 0
                if app.game.phase == OPEN:
                    self._ensure(app)
                    self._say(app, V.pname(app, p) + " out: slap!")
                else:
                    app.push(V.RoundWon(app))


def press(self, app, g, p, t):
    n = V.pname(app, p)
    if p >= g.n:
        self._say(app, n + ": not playing")
    elif g.phase == READY:
        self._say(app, n + ": not open yet")
    elif g.phase == OPEN:
        race = self._ensure(app)
        if race is None:
            return
        why = buzzer.why_ignored(p, t, g.armed(), race.open_ms, g.out)
        if why is None:
            race.press(p, t)
        elif why == buzzer.LOCKED:
            self._say(app, n + " is out")
        elif why == buzzer.EARLY:
            self._say(app, n + ": too early")
        else:
            self._say(app, n + ": not playing")
    elif g.phase == ANSWERING:
        if p == g.answering:
            self._say(app, n + " is answering")
        elif p in g.out:
            self._say(app, n + " is out")
        else:
            self._say(app, "Wait: " + V.pname(app, g.answering) + " answers")
