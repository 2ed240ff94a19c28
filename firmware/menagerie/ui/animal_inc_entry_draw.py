# Drawing of the Animal Inc end-of-round entry (ui/animal_inc_entry.py): a
# module of its own so that each of the two compiles, at game start on a
# fragmented heap, needs a smaller name table.
from menagerie.core.animal_inc import signed
from menagerie.ui.scoregrid import trim
# has_arrows: LEFT/RIGHT (the Pico) make the spinner; without them the sum
# and the cards are a guessing game (ui/animal_inc_guess.py)
from menagerie.ui.screen import btn, has_arrows, title_bar  # noqa: F401
from menagerie.ui.widgets import menu_rows


def draw(self, c):
    kind = self.cur()
    big = c.rows >= 8
    r = ("Edit R%d " if self.edit else "R%d ") % self.round
    if kind == "reached":
        title_bar(c, ("Edit R%d: tier 5?" % self.round) if self.edit else r + "Tier 5 reached?")
        _big(c, "YES" if self.reached else "NO")
        if big:
            c.center(5, "UP/DOWN: yes/no")
            c.center(6, "OK, or press the")
            c.center(7, "last player's button")
    elif kind == "last":
        title_bar(c, r + "Who was last?")
        _draw_scores(c, [self.names[i] for i in range(self.n)], self.last, 3 if big else 1)
        if big:
            c.center(6, "OK, or press")
            c.center(7, "their button")
    elif kind == "end":
        title_bar(c, ("Edit R%d: last?" % self.round) if self.edit else r + "Last / 5th tier?")
        ch = self.items()
        labels = [self.names[i] + (": 5th" if a else ": no 5th") for a, i in ch]
        _draw_scores(c, labels, ch.index((self.reached, self.last)), 3 if big else 1)
        if big:
            c.center(7, "last = played last")
    elif kind == "sum":
        title_bar(c, r + "Tier 5+ sum")
        s = str(self.total)
        if big:
            _big(c, s)
            c.center(5, self.names[self.last] + " adds it")
        else:
            # the 16 px score digits leave the bottom line for the keys
            from menagerie.ui import scoregrid
            scoregrid.draw(c, 1, (c.width - scoregrid.width(s, False)) // 2, s, False)
        if not has_arrows(self.app):
            # 3 buttons: the guessing game's keys (ui/animal_inc_guess.py)
            from menagerie.ui import animal_inc_guess as D
            c.center(c.rows - 1, D.keys(self.app))
        elif big:
            c.center(6, "UP/DOWN 1  </> 4")
            c.center(7, "OK or P1-P%d: cards" % self.n)
    else:
        _review(self, c, r)


def _big(c, text):
    c.big_center(2 if c.rows >= 8 else 1, text)


def _draw_scores(c, labels, index, room):
    # (the name is an old one: a list of choices, `room` rows kept free)
    menu_rows(c, labels, index, 1, c.rows - room)


def _review(self, c, r):
    # Every player on screen: highest card, change, new total. On the
    # 128x32 panel the four players take the four rows (no title).
    big = c.rows >= 8
    scores = self.app.game.scores
    if self.edit:
        # an edit changes this round's deltas: show the totals it leads to
        g = self.app.game
        scores = list(scores)
        for i in range(g.players):
            scores[i] -= g.deltas[self.edit - 1][i]
    d = self.deltas()
    rows = self.rows()
    cur = rows[min(self.row, len(rows) - 1)]
    first = 1 if big else 0
    shown = self.n
    top = 0
    if big:
        last = self.row + 1 >= len(rows)
        title_bar(c, r + (btn(self.app, "OK") + " saves" if last else "highest cards"))
    elif self.edit:
        # 128x32, a past round: its title first (which round is changed),
        # the players under it, scrolled to the one being set
        title_bar(c, "Edit round %d" % self.edit)
        first = 1
        shown = min(self.n, c.rows - 1)
        top = cur - shown + 1 if cur >= shown else 0
    for i in range(top, top + shown):
        row = first + i - top
        if i == self.last and self.reached:
            card = "sum"
        else:
            card = str(self.highs[i])
        ch = signed(d[i]) if d[i] else "+0"
        # right-aligned in 3 and 4 characters (no str.rjust on MicroPython)
        right = "%s%s =%d" % (" " * (3 - len(card)) + card, " " * (4 - len(ch)) + ch, scores[i] + d[i])
        room = c.cols - 1 - len(right) - 1
        left = (">" if i == cur else " ") + trim(self.names[i], room)
        if i == cur:
            c.fill_row(row)
            c.text(row, 0, left, invert=True)
            c.text(row, c.width - c.text_width(right), right, invert=True)
        else:
            c.text(row, 0, left)
            c.right(row, right)
    if not has_arrows(self.app):
        # the guessing game's keys under the players (ui/animal_inc_guess.py)
        from menagerie.ui import animal_inc_guess as D
        D.draw(self, c, 6 if big else first + shown)
    elif big:
        c.text(6, 0, "card: UP/DOWN 1 </> 4")
        # a long OK is BACK on a 3-button board: there OK on the last row saves
        s = "OK next, hold OK save"
        c.text(7, 0, s if self.app.profile.LONG_PRESS_BACK is None else s[:7])
