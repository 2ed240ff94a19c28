# Animal Inc end-of-round entry: one screen that walks through the steps
# (tier 5 reached? -> who was last -> tier-5-and-up sum -> each player's
# highest card -> review) and only then calls app.act. Nothing is saved
# before the review's OK, so a power cut mid-entry resumes at the sheet of the
# last confirmed round. BACK steps back and keeps every value entered.
# Defaults are the most frequent values under random card-level play
# (docs/games/animal-inc.md, "On the device"): few presses in the usual case.

from menagerie.core.animal_inc import CARD_VALUES, score_round
from menagerie.core.game import RuleError
from menagerie.ui.screen import Screen
from menagerie.ui import animal_inc_entry_draw as D

DEFAULT_SUM = 6    # one Zzz card on the 5th tier

def default_high(big_steps):
    # A Zzz (6, 8 of the 36 cards) is the most common highest card, and
    # LEFT/RIGHT reach 0 and 12 from it in one press. With UP/DOWN only,
    # 8 sits closest to everything (measured: docs/games/animal-inc.md).
    return 6 if big_steps else 8


def has_arrows(app):
    for e in app.profile.NAV:
        if e[0] == "LEFT":
            return True
    return False

SUM_MAX = 99       # the spinner goes further than the deck allows, and says so
_SKIP = 5          # LEFT/RIGHT jump


def short(name, n):
    return name[:n]


class RoundEntry(Screen):
    name = "ai_entry"

    def __init__(self, app, names):
        g = app.game
        self.app = app
        self.names = names
        self.n = g.players
        self.round = g.round_number()
        info = g.round_info()
        self.reached = 1
        # Under random play the last card is most often the starter's right
        # neighbour's (the last in turn order).
        self.last = (info["starter"] - 1) % self.n
        self.total = DEFAULT_SUM
        self.highs = [default_high(has_arrows(app))] * self.n
        self.step = 0
        self.top = 0  # review scroll on small screens

    # -- the steps ---------------------------------------------------------
    def steps(self):
        out = [("reached", 0), ("last", 0)]
        if self.reached:
            out.append(("sum", 0))
        for i in range(self.n):
            # With the 5th tier reached, the last player's hand does not count.
            if not (self.reached and i == self.last):
                out.append(("high", i))
        out.append(("review", 0))
        return out

    def cur(self):
        s = self.steps()
        if self.step >= len(s):
            self.step = len(s) - 1
        return s[self.step]

    def goto(self, kind, arg=0):
        s = self.steps()
        for i in range(len(s)):
            if s[i][0] == kind and s[i][1] == arg:
                self.step = i
                self.top = 0
                return True
        return False

    def action(self):
        highs = list(self.highs)
        if self.reached:
            highs[self.last] = 0  # not used by the scoring; 0 = "no card"
        return tuple(["round", self.reached, self.last, self.total if self.reached else 0] + highs)

    def deltas(self):
        a = self.action()
        return score_round(a[1], a[2], a[3], list(a[4:]))

    def _check_highs(self, upto):
        # The deck's counts: three players cannot all hold a 12. Only the
        # seats whose step is done (up to step `upto`) count: the others
        # still show the default, which may not be what they hold.
        a = self.action()
        hs = [0] * self.n
        s = self.steps()
        for j in range(min(upto + 1, len(s))):
            if s[j][0] == "high":
                hs[s[j][1]] = a[4 + s[j][1]]
        score_round(0, a[2], 0, hs)

    # -- keys --------------------------------------------------------------
    def key(self, app, k, t):
        kind, arg = self.cur()
        if k == "BACK":
            if self.step == 0:
                app.pop()
            else:
                self.step -= 1
                self.top = 0
            return
        if kind == "reached":
            if k in ("UP", "DOWN", "LEFT", "RIGHT"):
                self.reached = 1 - self.reached
            elif k == "OK":
                self.step += 1
            elif k[0] == "P":
                # Shortcut: the last player's button answers the next step too.
                self._pick_last(app, k)
        elif kind == "last":
            if k in ("UP", "LEFT"):
                self.last = (self.last - 1) % self.n
            elif k in ("DOWN", "RIGHT"):
                self.last = (self.last + 1) % self.n
            elif k == "OK":
                self.step += 1
            elif k[0] == "P":
                self._pick_last(app, k)
        elif kind == "sum":
            d = {"UP": 1, "DOWN": -1, "RIGHT": _SKIP, "LEFT": -_SKIP}.get(k)
            if d:
                self.total = (self.total + d) % (SUM_MAX + 1)
            elif k == "OK" or k[0] == "P":
                try:
                    score_round(1, 0, self.total, [0] * self.n)
                except RuleError as e:
                    app.toast(str(e) + "\nrecount the cards")
                    app.sound("error")
                    return
                if k == "OK":
                    self.step += 1
                else:
                    self._jump(app, k)
        elif kind == "high":
            i = CARD_VALUES.index(self.highs[arg])
            d = {"UP": 1, "DOWN": -1, "RIGHT": _SKIP, "LEFT": -_SKIP}.get(k)
            if d:
                self.highs[arg] = CARD_VALUES[(i + d) % len(CARD_VALUES)]
            elif k == "OK" or k == "HOLD_OK":
                try:
                    self._check_highs(self.step if k == "OK" else len(self.steps()))
                except RuleError as e:
                    app.toast(str(e))
                    app.sound("error")
                    return
                if k == "OK":
                    self.step += 1
                else:
                    self.goto("review")  # the rest keep what they show
            elif k[0] == "P":
                self._jump(app, k)
        elif kind == "review":
            if k == "DOWN" and self.top + 1 < self.n:
                self.top += 1
            elif k == "UP" and self.top > 0:
                self.top -= 1
            elif k == "OK":
                self.confirm(app)
            elif k[0] == "P":
                self._jump(app, k)

    def _seat(self, k):
        try:
            s = int(k[1:]) - 1
        except ValueError:
            return -1
        return s if 0 <= s < self.n else -1

    def _pick_last(self, app, k):
        s = self._seat(k)
        if s < 0:
            return
        self.last = s
        self.goto("last")
        self.step += 1

    def _jump(self, app, k):
        # A player's button goes to that player's highest card.
        s = self._seat(k)
        if s < 0:
            return
        if not self.goto("high", s):
            app.toast(self.names[s][:8] + " scores the\npyramid sum")

    def confirm(self, app):
        if app.act(self.action()):
            app.sound("click")
            self.app = None
            app.pop()
            sheet = app.top()
            if hasattr(sheet, "round_done"):
                sheet.round_done(app)

    def draw(self, c):
        D.draw(self, c)
