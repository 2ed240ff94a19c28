# Animal Maniacs: a contest at the table. The contest screen lists the steps
# legal now (cards for each side, the wild animal's draw, Jacks, Kings, then
# "Turn cards over"; entering them: animal_maniacs_steps.py). Cards are never
# shown before the resolution, only how many each side has down.

from menagerie.core import animal_maniacs_data as D
from menagerie.ui.screen import title_bar, wrap
from menagerie.ui.widgets import Menu
from menagerie.ui import animal_maniacs as U
from menagerie.ui import animal_maniacs_steps as S

_KIND = {"capture": "Capture", "hunt": "Hunt", "borrow": "Borrow", "btrade": "Trade",
         "ehunt": "Hunt", "ecapture": "Rescue"}


class ContestScreen(Menu):
    def __init__(self, app):
        Menu.__init__(self, "", self.entries, self.pick, name="am_contest")
        self.app = app
        self.steps = []

    def entries(self):
        g = self.app.game
        c = g.c
        if c is None:
            return ["(over)"]
        steps = []
        legal = g.legal()
        if ("resolve",) in legal:
            steps.append(("resolve", -1, "Turn cards over"))
        for a in legal:
            if a[0] == "card" and a[1] == c.attacker:
                steps.append(("card", a[1], U.pname(self.app, a[1]) + ": attack"))
        if ("draw",) in legal:
            steps.append(("draw", -1, "Animal draws"))
        for a in legal:
            if a[0] == "card" and a[1] != c.attacker:
                steps.append(("card", a[1], U.pname(self.app, a[1]) + ": defend"))
        for a in legal:
            if a[0] == "jack":
                steps.append(("jack", a[1], U.pname(self.app, a[1]) + ": Jack"))
        for a in legal:
            if a[0] == "king":
                steps.append(("king", -1, "King: cat loose"))
                break
        steps.append(("hands", -1, "Cards in hand"))
        steps.append(("look", -1, "Look at zoos"))
        steps.append(("cancel", -1, "Cancel contest"))
        self.steps = steps
        return [s[2] for s in steps]

    def draw(self, c):
        g = self.app.game
        k = g.c
        if k is not None:
            t = D.SPECIES[k.target] if k.kind in ("ehunt", "ecapture") else D.name(k.target)
            att = k.count(k.attacker)
            dfn = len(k.cards) - att + (1 if k.draw is not None else 0)
            right = "%d:%d" % (att, dfn) + ("K" * len(k.cats))
            # the whole words that fit beside the count (wrap's first line)
            t = wrap(_KIND[k.kind] + " " + t, c.cols - len(right) - 1)[0]
            title_bar(c, t, right)
            U.menu_rows(c, self.labels(), self.index, 1)

    def pick(self, app, i):
        self.entries()
        what, seat, label = self.steps[i]
        if what == "resolve":
            U.act(app, ("resolve",))
        elif what == "card":
            S.card_step(app, seat)
        elif what == "draw":
            S.draw_step(app)
        elif what == "jack":
            U.act(app, ("jack", seat))
        elif what == "king":
            U.load("ui.animal_maniacs_king").king_step(app)
        elif what == "hands":
            U.load("ui.animal_maniacs_menu").hands_menu(app)
        elif what == "look":
            app.push(U.load("ui.animal_maniacs_views").Browse(app))
        elif what == "cancel":
            while app.game.c is not None and app.undo():
                pass
            app.home(U.screen_for(app))

    def key(self, app, k, t):
        if k == "BACK":
            app.push(U.load("ui.animal_maniacs_menu").GameMenu(app))
        else:
            Menu.key(self, app, k, t)
