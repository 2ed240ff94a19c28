# The Panicozoo round at the table: lay out, open, the slap race, the verdict.
# Everything shown is derived from the game (so a resumed game looks the same)
# except the race being collected, which lives here until it is decided.
#
# The race: player presses arrive as P1..P6 with their keypad timestamps.
# A press counts if its player is armed and it came at or after the moment
# the buttons armed. The winner is decided only once the clock has passed the
# first press + resolution (+1 ms margin, core/buzzer.py), so a press stamped
# in the same millisecond but reported in a later batch still ties. The race
# (every counting press with its time) is one core action: apply draws any
# tie-break, the save happens, then "P3!" is drawn.
#
# On a board without player buttons (the 3-button Feather) the nav buttons
# are the player buttons while the round is open: the app hands their presses
# raw (with press timestamps) through `slap_keys`, and keeps doing so for
# _GUARD_MS after the decision so a late slap is never taken for a verdict.
from menagerie.core import buzzer
from menagerie.core.panicozoo import OPEN, ANSWERING, race_action
from menagerie.ui.screen import Screen
from menagerie.ui import panicozoo_views as V
from menagerie.ui import panicozoo_round_draw as D
from menagerie.ui import panicozoo_keys as K

_NOTE_MS = 1500
_GUARD_MS = 800


class RoundScreen(Screen):
    def __init__(self, app, menu=None):
        self.app = app
        self.menu = menu  # builds the game menu (BACK)
        self.buttons, self.shared = V.slap_buttons(app.profile)
        self.race = None
        self.race_key = -1       # len(actions) when the race was armed
        self.race_ovf = 0        # app.overflows when the race was armed
        self.note = None
        self.note_until = 0
        self.note_key = -1       # a note belongs to the game step it was said in
        self.guard_until = 0
        self.cursor = 0          # who-slapped list when there is no buzzer
        self.slap_keys = None    # read by the app loop (see above)
        self._map = None
        if self.shared:
            m = {}
            for i in range(len(self.buttons)):
                m[self.buttons[i]] = "P" + str(i + 1)
            self._map = m

    @property
    def name(self):
        g = self.app.game
        return "pz_" + g.phase if g is not None else "pz_round"

    def buzz(self, g):
        # The buzzer serves the game only if every player has a button.
        return g.n <= len(self.buttons)

    # -- the race ---------------------------------------------------------
    def _ensure(self, app):
        g = app.game
        if g is None or g.phase != OPEN or not self.buzz(g):
            self.race = None
            return None
        if self.race is None or self.race_key != len(g.actions):
            self.race = buzzer.Race(g.armed(), app.now, g.resolution_ms, locked=g.out)
            self.race_key = len(g.actions)
            self.race_ovf = app.overflows  # an old overflow is not this race's
        return self.race

    def _decide(self, app, now):
        race = self.race
        self.race = None
        if not app.act(race_action(race.open_ms, race.presses, race.overflow)):
            return
        r = app.game.race
        if r is None or r.winner is None:
            self._say(app, "Presses lost: re-slap")
            app.sound("error")
            return
        app.sound("tie" if r.tie() else "slap")
        self.guard_until = now + _GUARD_MS

    def _say(self, app, text):
        self.note = text
        self.note_until = app.now + _NOTE_MS
        self.note_key = len(app.game.actions)
        app.dirty = True

    def tick(self, app, now):
        g = app.game
        if g is None:
            return False
        if g.over():
            from menagerie.ui.panicozoo_final import Final

            app.replace(Final(app))
            return True
        changed = False
        race = self._ensure(app)
        if race is not None:
            if app.overflows != self.race_ovf:
                race.overflowed()  # presses may be lost: void, never decided
            if race.ready(now):
                self._decide(app, now)
                changed = True
        g = app.game
        if self._map is not None and (g.phase == OPEN and self.buzz(g)
                                      or g.phase == ANSWERING and now < self.guard_until):
            self.slap_keys = self._map
        else:
            self.slap_keys = None
        if self.note is not None and (now >= self.note_until or self.note_key != len(g.actions)):
            self.note = None
            changed = True
        return changed

    def key(self, app, k, t):
        K.key(self, app, k, t)

    def draw(self, c):
        D.draw(self, c)
