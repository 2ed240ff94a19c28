# Animal Inc end-of-round entry: a few steps, then one table, then app.act.
#
#   with player buttons:  "Tier 5 reached?" (a player's button answers who
#                         was last too) -> sum -> table
#   3-button board:       "Last / 5th tier?" (who was last and whether the
#                         5th tier was reached, one list) -> sum -> table,
#                         the sum and the cards set by a guessing game
#                         (UP higher, DOWN lower: ui/animal_inc_guess.py)
#
# The table is the review: every player's highest card, change and new
# total, all on screen while they are set. UP/DOWN change the highlighted
# player's card (LEFT/RIGHT 4 at a time), OK goes to the next player and on
# the last one saves; a long OK saves from any row; a player's button jumps
# to their row. Nothing is saved before that, so a power cut mid-entry
# resumes at the sheet of the last confirmed round. BACK steps back and
# keeps every value. Defaults are the most frequent values under random
# card-level play (docs/games/animal-inc.md, "On the device"); an entry can
# start from given values instead (a past round being edited, a round
# entered again after an undo).

from menagerie.core.animal_inc import CARD_VALUES, possible_pyramid_sums, score_round
from menagerie.core.game import RuleError
from menagerie.ui.screen import Screen
from menagerie.ui import animal_inc_entry_draw as D
from menagerie.ui.animal_inc_entry_draw import has_arrows

DEFAULT_SUM = 6    # one Zzz card on the 5th tier
_SKIP = 4          # LEFT/RIGHT: 6 -> 10 for a card, 6 -> 10 -> 14 for a sum


def default_high(big_steps):
    # A Zzz (6, 8 of the 36 cards) is the most common highest card, then
    # 10, 12, 8 and 9. From 10, one press reaches 12 (UP), 9 (DOWN) and 6
    # (LEFT, 4 values down): fewer presses on average than starting on 6.
    # With UP/DOWN only, 8 is the guessing game's first guess (one answer
    # from 6, 10, 7 and 9: ui/animal_inc_guess.py; measured:
    # docs/games/animal-inc.md, "Presses per round").
    return 10 if big_steps else 8


class RoundEntry(Screen):
    name = "ai_entry"

    def __init__(self, app, names, given=None, edit=0):
        # given: a ("round", reached, last, sum, highs...) to start from;
        # edit: the number of the past round this entry replaces (0 = none).
        g = app.game
        self.app = app
        self.names = names
        self.n = g.players
        self.edit = edit
        self.round = edit or g.round_number()
        self.buttons = len(app.profile.PLAYERS) >= self.n
        self._sums = possible_pyramid_sums()
        info = g.round_info(self.round - 1)
        if given:
            self.reached = given[1]
            self.last = given[2]
            self.total = given[3] if given[1] else DEFAULT_SUM
            self.highs = list(given[4:])
            if self.reached:
                # the last player's hand was not entered: start it at the default
                self.highs[self.last] = default_high(has_arrows(app))
        else:
            # With player buttons a reached 5th tier is one press from the
            # sheet (the last player's button): the entry opened with OK is
            # then most likely a round without one.
            self.reached = 0 if self.buttons else 1
            # Under random play the last card is most often the starter's
            # right neighbour's (the last in turn order).
            self.last = (info["starter"] - 1) % self.n
            self.total = DEFAULT_SUM
            self.highs = [default_high(has_arrows(app))] * self.n
        self.row = 0
        self.step = 0
        self.cursor = 0   # 3-button board: place in the "how did it end" list

    # -- the steps ---------------------------------------------------------
    def steps(self):
        out = ["reached", "last"] if self.buttons else ["end"]
        if self.reached:
            out.append("sum")
        out.append("review")
        return out

    def cur(self):
        s = self.steps()
        if self.step >= len(s):
            self.step = len(s) - 1
        return s[self.step]

    def goto(self, kind):
        s = self.steps()
        self.step = s.index(kind)

    def rows(self):
        # The seats whose highest card counts: all but the last player when
        # the 5th tier is reached.
        return [i for i in range(self.n) if not (self.reached and i == self.last)]

    def action(self):
        highs = list(self.highs)
        if self.reached:
            highs[self.last] = 0  # not used by the scoring; 0 = "no card"
        a = ["round", self.reached, self.last, self.total if self.reached else 0] + highs
        if self.edit:
            a = ["edit", self.edit] + a[1:]
        return tuple(a)

    def deltas(self):
        h = list(self.highs)
        if self.reached:
            h[self.last] = 0
        # per field only: the table shows changes even before the joint check
        out = []
        for i in range(self.n):
            if i == self.last:
                out.append(self.total if self.reached else -h[i])
            else:
                out.append(-h[i] if self.reached else h[i])
        return out

    def items(self):
        # The 3-button board's first list: each player last, with and
        # without a 5th tier, in seat order; starts on the likeliest (the
        # starter's right neighbour, reached), the same player without a
        # 5th tier one DOWN away (measured: docs/games/animal-inc.md).
        out = []
        for i in range(self.n):
            out += [(1, i), (0, i)]
        return out

    # -- keys --------------------------------------------------------------
    def key(self, app, k, t):
        kind = self.cur()
        # (3 buttons: BACK on the sum and the table is the guessing game's)
        if k == "BACK" and (self.step == 0 or has_arrows(app)):
            if self.step == 0:
                app.pop()
            else:
                self.step -= 1
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
                self.row = 0
            elif k[0] == "P":
                self._pick_last(app, k)
        elif kind == "end":
            ch = self.items()
            i = ch.index((self.reached, self.last))
            if k == "UP":
                i = (i - 1) % len(ch)
            elif k == "DOWN":
                i = (i + 1) % len(ch)
            self.reached, self.last = ch[i]
            if k == "OK":
                self.step += 1
                self.row = 0
                if not self.reached:
                    self.hint(app)
        elif kind == "sum":
            self.answer(app, k, t)
        else:
            self.review(app, k, t)

    # (method names the firmware already has: each new one is a qstr kept
    # until the board restarts; docs/architecture.md, Memory)
    def answer(self, app, k, t=0):
        # keys while the tier-5 sum is asked
        if not has_arrows(app):
            # 3 buttons: a guessing game (compiled only on such a board)
            from menagerie.ui import animal_inc_guess as D
            D.answer(self, app, k, t)
            return
        d = {"UP": 1, "DOWN": -1, "RIGHT": _SKIP, "LEFT": -_SKIP}.get(k)
        if d:
            # only the sums a pyramid can have (no 1, nothing above 63)
            # and stops at its ends rather than wrap round (issue 26)
            j = self._sums.index(self.total) if self.total in self._sums else 0
            j = min(j + d, len(self._sums) - 1)
            self.total = self._sums[max(0, j)]
        elif k == "OK":
            self.step += 1
            self.row = 0
            self.hint(app)
        elif k[0] == "P":
            self.step += 1
            self._jump(app, k)

    def review(self, app, k, t=0):
        # keys on the table: the highlighted player's highest card
        if not has_arrows(app):
            from menagerie.ui import animal_inc_guess as D
            D.review(self, app, k, t)
            return
        rows = self.rows()
        if self.row >= len(rows):
            self.row = len(rows) - 1
        d = {"UP": 1, "DOWN": -1, "RIGHT": _SKIP, "LEFT": -_SKIP}.get(k)
        if d:
            i = rows[self.row]
            # a value stops at its ends: RIGHT from 10 must not give 3 (issue 26)
            j = CARD_VALUES.index(self.highs[i])
            j = min(j + d, len(CARD_VALUES) - 1)
            self.highs[i] = CARD_VALUES[max(0, j)]
        elif k == "OK":
            if self.row + 1 < len(rows):
                self.row += 1
            else:
                self.confirm(app)
        elif k == "HOLD_OK":
            self.confirm(app)
        elif k[0] == "P":
            self._jump(app, k)

    def hint(self, app):
        # The 128x32 table has no room for its keys: say them once.
        if not has_arrows(app):
            from menagerie.ui import animal_inc_guess as D
            D.hint(self, app)
        elif app.canvas.rows < 8:
            app.toast("OK: next player\nOK on the last saves")

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
        self.row = 0

    def _jump(self, app, k):
        # A player's button goes to that player's row of the table.
        s = self._seat(k)
        if s < 0:
            return
        rows = self.rows()
        if s in rows:
            self.row = rows.index(s)
        else:
            app.toast(self.names[s] + " scores the\npyramid sum")

    def confirm(self, app):
        try:
            score_round(self.reached, self.last, self.total if self.reached else 0,
                        list(self.action()[-self.n:]))
        except RuleError as e:
            app.toast(str(e))
            app.sound("error")
            return
        if app.act(self.action()):
            app.sound("click")
            self.app = None
            app.pop()
            below = app.top()
            if hasattr(below, "round_done"):
                below.round_done(app)

    def draw(self, c):
        D.draw(self, c)
