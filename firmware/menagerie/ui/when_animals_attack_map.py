# When Animals Attack: the map screen. The bottom row says what the cursor
# (an inverted tile) would do; UP/DOWN cycle through the legal choices only,
# OK takes one, BACK steps back (a long OK on the 3-button board).
#   unit   phase 2: pick an animal to move (or "no move")
#   dest   then where: the path is dotted, the combat predicted, OK confirms
#   place  phase 3: pick a completed animal's tile (or let it wait)
#   bot    the device's turn, one step at a time (OK hurries it on)
from menagerie.ui.screen import Screen
from menagerie.ui import when_animals_attack_draw as D
from menagerie.ui import when_animals_attack_views as V
# the move's words and the device's steps (apart: smaller name tables)
from menagerie.ui.when_animals_attack_bot_step import BOT_MS, outcome, step as bot_step

_NO = -1


class MapScreen(Screen):
    name = "waa_map"

    def __init__(self, app, mode, route, menu):
        # route(app), menu(app): from ui/when_animals_attack.py
        self.app = app
        self.route = route
        self.menu = menu
        self.top = 0
        self.frm = None
        self.note = ""
        self.due = 0
        self.done = False
        self.cursor = None
        self.marks = ()
        self.set_mode(mode)

    def set_mode(self, mode):
        g = self.app.game
        self.mode = mode
        self.i = 0
        if mode == "unit":
            self.opts = g.movers() + [_NO]
        elif mode == "dest":
            self.opts, self.par = g.reach(self.frm)
        elif mode == "place":
            self.opts = []
            for k in g.ready():
                for t in g.spots(k):
                    self.opts.append(k * 1000 + t)
            self.opts.append(_NO)
        else:
            self.opts = []
        self.aim()

    def aim(self):
        g = self.app.game
        self.marks = ()
        if not self.opts:
            return
        o = self.opts[self.i]
        if self.mode == "dest":
            self.cursor = o
            self.marks = [self.frm] + g.path(self.frm, o, self.par)[:-1]
        elif o == _NO:
            self.cursor = None
        else:
            self.cursor = o % 1000

    def text(self):
        app = self.app
        g = app.game
        who = V.pname(app, g.cur)
        if self.mode == "bot":
            return self.note or who + " thinks..."
        o = self.opts[self.i]
        if self.mode == "unit":
            if o == _NO:
                return who + ": no move"
            a = g.roster[g.unit[o]]
            return "%s: %s %d/%d" % (who, a[0], a[5] - g.dmg[o], a[5])
        if self.mode == "dest":
            return outcome(g, self.frm, o)
        if o == _NO:
            # the turn ends; every completed animal waits for a later turn
            return "let it wait" if len(g.ready()) < 2 else "let them wait"
        return "place %s here" % g.roster[o // 1000][0]

    def draw(self, c):
        g = self.app.game
        if g is None:
            return
        self.top = D.top_for(c, g, self.cursor, self.top)
        D.draw_map(c, g, self.top, self.cursor, self.marks)
        row = c.rows - 1
        c.fill_row(row, 1, False)
        s = self.text()
        # a person's choice is the chosen line of a list (inverted), as
        # every list on the device: UP/DOWN cycle, OK takes it
        pick = self.mode != "bot"
        if pick:
            c.fill_row(row)
        c.text(row, 0, s, invert=pick)
        n = len(self.opts)
        if n > 1 and len(s) + 4 <= c.cols:
            c.text(row, c.width - c.text_width("%d/%d" % (self.i + 1, n)), "%d/%d" % (self.i + 1, n), invert=pick)

    def tick(self, app, now):
        if self.mode != "bot" or app.game is None:
            return False
        if app.toast_text:
            # A message covers the bottom row, where each step says what the
            # device did (a resumed game's "Resumed ...", now shown at once
            # after a power cut): wait for it to go (or a key to hide it),
            # then pause as at the start of the device's turn.
            self.due = 0
            return False
        if self.due == 0:
            self.due = now + BOT_MS // 2
        if now < self.due:
            return False
        self.step(app, now)
        return True

    def step(self, app, now):
        # One of the device's actions (ui/when_animals_attack_bot_step.py).
        bot_step(self, app, now)

    def key(self, app, k, t):
        if self.mode == "bot":
            if k == "OK":
                self.step(app, app.now)
            elif k == "BACK":
                self.menu(app)
            return
        n = len(self.opts)
        if k == "UP" or k == "LEFT":
            self.i = (self.i - 1) % n
            self.aim()
        elif k == "DOWN" or k == "RIGHT":
            self.i = (self.i + 1) % n
            self.aim()
        elif k == "OK":
            self.choose(app)
        elif k == "BACK":
            if self.mode == "dest":
                f = self.frm
                self.set_mode("unit")
                self.i = self.opts.index(f)
                self.aim()
            else:
                self.menu(app)

    def choose(self, app):
        o = self.opts[self.i]
        if self.mode == "unit" and o != _NO:
            self.frm = o
            self.set_mode("dest")
            return
        if o == _NO:
            a = (0,)
        elif self.mode == "dest":
            a = (2, self.frm, o)
        else:
            a = (3, o // 1000, o % 1000)
        if app.act(a):
            self.route(app)
