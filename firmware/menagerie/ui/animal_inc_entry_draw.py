# Drawing of the Animal Inc end-of-round entry (ui/animal_inc_entry.py): a
# module of its own so that each of the two compiles, at game start on a
# fragmented heap, needs a smaller name table.
from menagerie.core.animal_inc import signed
from menagerie.core.game import RuleError
from menagerie.ui.screen import title_bar


def draw(self, c):
    kind, arg = self.cur()
    big = c.rows >= 8
    r = "R%d " % self.round
    if kind == "reached":
        title_bar(c, r + "Tier 5 reached?")
        _big(c, "YES" if self.reached else "NO")
        if big:
            c.center(5, "UP/DOWN: yes/no")
            c.center(6, "OK, or press the")
            c.center(7, "last player's button")
    elif kind == "last":
        title_bar(c, r + "Who was last?")
        shown = c.rows - (3 if big else 1)
        top = 0 if self.last < shown else self.last - shown + 1
        for j in range(shown):
            i = top + j
            if i >= self.n:
                break
            label = self.names[i][:12]
            if i == self.last:
                c.fill_row(1 + j)
                c.text(1 + j, 1, ">" + label, invert=True)
            else:
                c.text(1 + j, 1, " " + label)
        if big:
            c.center(6, "OK, or press")
            c.center(7, "their button")
    elif kind == "sum":
        title_bar(c, r + "Tier 5+ sum")
        _big(c, str(self.total))
        if big:
            c.center(5, self.names[self.last][:10] + " adds it")
            c.center(7, "UP/DOWN  </> 5")
    elif kind == "high":
        title_bar(c, self.names[arg][:8] + " highest", "%d/%d" % (self.step + 1, len(self.steps())))
        _big(c, str(self.highs[arg]))
        if big:
            sign = 1 if (not self.reached and arg != self.last) else -1
            c.center(5, "%s %s" % (self.names[arg][:10], signed(sign * self.highs[arg]) if self.highs[arg] else "+0"))
            c.center(6, "0 = no cards left")
            c.center(7, "hold OK: rest as is")
    else:
        _review(self, c, r)

def _big(c, text):
    c.big_center(2 if c.rows >= 8 else 1, text)

def _review(self, c, r):
    big = c.rows >= 8
    title_bar(c, "Round %d: OK saves" % self.round if big else r + "OK saves")
    try:
        d = self.deltas()
    except RuleError as e:  # not reachable from the keys; never crash the draw
        c.text(2, 0, str(e).split("\n")[0])
        return
    scores = self.app.game.scores
    shown = min(self.n, c.rows - (3 if big else 1))
    top = min(self.top, self.n - shown)
    for j in range(shown):
        i = top + j
        row = 1 + j
        c.text(row, 0, self.names[i][:8])
        c.right(row, "%s = %d" % (signed(d[i]) if d[i] else "+0", scores[i] + d[i]))
    if big:
        if self.reached:
            c.text(6, 0, "Tier 5: %s +%d" % (self.names[self.last][:8], self.total))
        else:
            c.text(6, 0, "No tier 5, last " + self.names[self.last][:5])
        c.text(7, 0, "BACK: change")
