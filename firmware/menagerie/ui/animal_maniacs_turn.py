# Animal Maniacs: the turn screen (whose turn, the wild, the resolution of
# the last action, the actions legal now) and choosing a target. Trades and
# the game menu are in animal_maniacs_menu.py (loaded when used).

from menagerie.core import animal_maniacs_data as D
from menagerie.ui.screen import title_bar
from menagerie.ui.widgets import Menu
from menagerie.ui.animal_maniacs import act, after, load, menu_rows, pname, where_label, wild_rows
# A contest comes in every turn: its screens compile with this one, before
# play fragments the heap (a compile needs a few contiguous KB). Compiling
# the rarer screens here too was measured worse (bench/b_memory.py): they
# cost more resident RAM than their later compile needs.
from menagerie.ui import animal_maniacs_contest  # noqa: F401

# Turn actions in menu order: action kinds, their labels (two flat tuples:
# less RAM than nine pairs).
_KINDS = ("capture", "hunt", "borrow", "ehunt", "ecapture", "trade", "btrade", "wtrade", "pass")
_LABELS = ("Capture", "Hunt", "Borrow", "Hunt endangered", "Rescue endangered", "Joker trade",
           "Beijing trade", "Trade for a heavy", "Pass")


class TurnScreen(Menu):
    def __init__(self, app):
        Menu.__init__(self, "", self.entries, self.pick, name="am_turn")
        self.app = app
        self.last = list(app.game.log)  # the resolution line stays on screen

    def entries(self):
        g = self.app.game
        kinds = []
        for a in g.legal():
            if a[0] not in kinds:
                kinds.append(a[0])
        out = []
        for k, label in zip(_KINDS, _LABELS):
            if k in kinds:
                out.append(label)
        out.extend(("Cards in hand", "Look at zoos", "Objectives", "Menu"))
        return out

    def draw(self, c):
        g = self.app.game
        t = g.turn
        right = "hand %d" % g.hand[t]
        # the name as long as the row leaves beside the hand, a space between
        title_bar(c, pname(self.app, t)[:c.cols - len(right) - 8] + "'s turn", right)
        top = 1
        if c.rows >= 8:
            info = wild_rows(g, c.cols)
            if g.final >= 0:
                info.append("Last round: %d left" % (g.final + 1))
            info.extend(self.last)
            for i in range(min(3, len(info))):
                c.text(1 + i, 0, info[i])
            top = 4
        menu_rows(c, self.labels(), self.index, top)

    def pick(self, app, i):
        label = self.labels()[i]
        kind = None
        for k, lab in zip(_KINDS, _LABELS):
            if lab == label:
                kind = k
        if kind == "pass":
            act(app, ("pass",))
        elif kind in ("trade", "btrade", "wtrade"):
            load("ui.animal_maniacs_menu").pick_trade(app, kind)
        elif kind is not None:
            pick_target(app, kind)
        elif label == "Cards in hand":
            load("ui.animal_maniacs_menu").hands_menu(app)
        elif label == "Look at zoos":
            app.push(load("ui.animal_maniacs_views").Browse(app))
        elif label == "Objectives":
            load("ui.animal_maniacs_objs").objectives(app)
        else:
            app.push(load("ui.animal_maniacs_menu").GameMenu(app))

    def key(self, app, k, t):
        if k == "BACK":
            app.push(load("ui.animal_maniacs_menu").GameMenu(app))
        else:
            Menu.key(self, app, k, t)


def pick_target(app, kind):
    g = app.game
    ids = [a[1] for a in g.legal() if a[0] == kind]
    if kind in ("ehunt", "ecapture"):
        labels = ["%s x%d" % (D.SPECIES[s], len(g.on_ace(s))) for s in ids]
    else:
        labels = [where_label(app, a) for a in ids]

    def chosen(app, i):
        a = ids[i]
        if app.act((kind, a)):
            after(app)
            if g.options["noisy"] and not g.log:
                nm = D.SPECIES[a] if kind in ("ehunt", "ecapture") else D.name(a)
                app.toast("Make its sound!\n" + nm)

    title = "What?"
    for k, label in zip(_KINDS, _LABELS):
        if k == kind:
            title = label + " what?"
    app.push(Menu(title, labels, chosen, name="am_target"))
