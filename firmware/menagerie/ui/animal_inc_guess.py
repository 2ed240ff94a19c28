# Animal Inc round entry on the 3-button board (UP/OK/DOWN): the tier-5 sum
# and the highest cards are set by a guessing game instead of a +1/-1
# spinner. The screen shows a guess; UP answers "higher", DOWN "lower", OK
# "that's it". Each answer narrows the range, and the next guess is the
# first value of a fixed order (CARDS, SUMS) inside it. When the answers
# leave a single value, it is taken without OK. UP always means higher and
# DOWN lower, as on a spinner, but the steps start big and shrink.
#
# Compiled only on a board without arrows (ui/animal_inc_entry.py imports it
# where used), so the Pico's session never holds its names.
#
# The orders are search trees listed level by level: each guess is the
# root of the part of the tree that fits the answers. They are the trees
# with the fewest presses on average for the values of random card-level
# play (core/animal_inc_sim.py, seeds 1000-1599 with 4 players and
# 1000-1299 with 2 and 3; bench/b_animal_inc.py derives them again and
# prints both). 8 is the first guess for a card: one press from 6 and 10,
# the two most frequent, and from 7 and 9. 6 (one Zzz) is the first sum.
from menagerie.ui.screen import btn

CARDS = (8, 6, 10, 4, 7, 9, 12, 2, 5, 0, 3)
SUMS = (6, 2, 12, 0, 4, 8, 18, 3, 5, 7, 10, 14, 22, 9, 11, 13, 16, 20, 28, 15,
        17, 19, 21, 24, 34, 23, 26, 30, 46, 25, 27, 29, 32, 38, 54, 31, 33, 36,
        42, 50, 58, 35, 37, 40, 44, 48, 52, 56, 60, 39, 41, 43, 45, 47, 49, 51,
        53, 55, 57, 59, 62, 61, 63)
OPEN = (-1, 99)   # no answer yet: every value is still possible


def guess(lo, hi, order):
    # The first value of `order` strictly between lo and hi (None: none).
    for v in order:
        if lo < v < hi:
            return v
    return None


def move(v, lo, hi, up, order):
    # One answer on the value v: -> (new value, lo, hi, settled), or None
    # when no value fits it (UP on the highest value that is left).
    if up:
        w = guess(v, hi, order)
        lo = v
    else:
        w = guess(lo, v, order)
        hi = v
    if w is None:
        return None
    settled = guess(lo, w, order) is None and guess(w, hi, order) is None
    return w, lo, hi, settled


def _range(self):
    r = getattr(self, "span", None)
    if r is None:
        r = self.span = list(OPEN)
    return r


def _turn(self, app, k, v, order, t):
    # UP/DOWN on the value being set: -> (new value, settled) or None.
    # A held arrow repeats (ui/keys.py); here a repeat would answer again
    # and again, on into the next player's row: only the press answers.
    held = app.keys._held.get(k)
    if held is not None and t > held[0]:
        return None
    r = _range(self)
    m = move(v, r[0], r[1], k == "UP", order)
    if m is None:
        app.sound("error")
        return None
    r[0] = m[1]
    r[1] = m[2]
    return m[0], m[3]


def answer(self, app, k, t):
    # The tier-5 sum (the step after "Last / 5th tier?").
    if k in ("UP", "DOWN"):
        m = _turn(self, app, k, self.total, SUMS, t)
        if m is None:
            return
        self.total = m[0]
        if not m[1]:
            return
    elif k == "BACK":
        self.span = None
        self.step -= 1
        return
    elif k != "OK":
        return
    self.span = None
    self.step += 1
    self.row = 0
    self.hint(app)


def review(self, app, k, t):
    # The table: the highlighted player's highest card. OK (or a card the
    # answers settle) goes to the next player; OK on the last one saves, a
    # settled last card waits for it (nothing is saved without OK). BACK
    # goes up a row, from the first row back to the step before.
    rows = self.rows()
    if self.row >= len(rows):
        self.row = len(rows) - 1
    if k in ("UP", "DOWN"):
        i = rows[self.row]
        m = _turn(self, app, k, self.highs[i], CARDS, t)
        if m is None:
            return
        self.highs[i] = m[0]
        if m[1]:
            # settled: the next player; on the last one the answers start
            # again from this card (a slip is fixed by going on)
            self.span = None
            if self.row + 1 < len(rows):
                self.row += 1
    elif k == "OK":
        self.span = None
        if self.row + 1 < len(rows):
            self.row += 1
        else:
            self.confirm(app)
    elif k == "BACK":
        self.span = None
        if self.row:
            self.row -= 1
        else:
            self.step -= 1


def keys(app, table=0):
    # The keys in the board's own labels (A B C on the FeatherWing): the
    # sum screen's bottom line, or the table's two lines (said once in a
    # message on the 128x32 panel, where 3 or 4 players leave no room).
    u = btn(app, "UP")
    d = btn(app, "DOWN")
    o = btn(app, "OK")
    if table:
        return "%s: higher  %s: lower\n%s: ok  (last %s saves)" % (u, d, o, o)
    # (the words of the two lines above, in 21 characters)
    return "%s:higher %s:lower %s:ok" % (u, d, o)


def hint(self, app):
    # Said once where the table has no room for both lines under the
    # players (3 and 4 on the 128x32): the short line under 3 players
    # cannot say that OK on the last one saves. With 2 both lines stay.
    # (a past round's title takes a row more)
    if self.n + (2 if self.edit else 1) >= app.canvas.rows:
        app.toast(keys(app, 1))


def draw(self, c, row):
    # The table's keys on the rows left under the players (from `row`):
    # both lines, the short one (3 players on the 128x32: both said once by
    # hint() too), or none (4 players: said by hint() instead).
    s = keys(self.app, 1).split("\n")
    if row + 1 < c.rows:
        c.text(row, 0, s[0])
        c.text(row + 1, 0, s[1])
    elif row < c.rows:
        c.center(row, keys(self.app))
