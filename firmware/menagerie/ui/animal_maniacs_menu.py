# Animal Maniacs: the trades (what to take, what to give), the game menu
# (undo, zoos, objectives, ending the game) and the hands menu (refill,
# Queen, redraw): loaded when first used.

from menagerie.core import animal_maniacs_data as D
from menagerie.ui.widgets import Menu, confirm
from menagerie.ui.animal_maniacs import act, load, pname, screen_for, where_label


def pick_trade(app, kind):
    g = app.game
    pairs = g.trade_pairs(kind)
    takes = []
    for give, take in pairs:
        if take not in takes:
            takes.append(take)

    def took(app, i):
        take = takes[i]
        gives = [p[0] for p in pairs if p[1] == take]

        def gave(app, j):
            act(app, (kind, gives[j], take))

        app.replace(Menu("Give which?", [D.name(a) for a in gives], gave, name="am_give"))

    app.push(Menu("Take which?", [where_label(app, a) for a in takes], took, name="am_take"))


class GameMenu(Menu):
    def __init__(self, app):
        Menu.__init__(self, "Animal Maniacs", self.entries, self.pick, name="am_menu")
        self.app = app

    def entries(self):
        out = ["Back to the game"]
        if self.app.game.actions:
            out.append("Undo last step")
        out.extend(("Look at zoos", "Objectives", "End game now", "Main menu"))
        return out

    def pick(self, app, i):
        label = self.entries()[i]
        if label == "Undo last step":
            if app.undo():
                app.home(screen_for(app))
        elif label == "Look at zoos":
            app.replace(load("ui.animal_maniacs_views").Browse(app))
        elif label == "Objectives":
            app.pop()
            load("ui.animal_maniacs_objs").objectives(app)
        elif label == "End game now":
            app.pop()
            confirm(app, "End: most animals?", "Yes, end it", lambda app: act(app, ("stop",)),
                    name="am_confirm", no_text="The game goes on")
        elif label == "Main menu":
            app.home()
        else:
            app.pop()


def hands_menu(app):
    # Refill, Queen, redraw a hand of only J/K/Jokers: anyone, any time
    # (not after playing point cards in the open contest).
    g = app.game
    labels = []
    acts = []
    # the whole name: a menu row's 20 characters hold 8 letters and
    # " redraws all"
    words = {"refill": "refills", "queen": "plays Queen", "redraw": "redraws all"}
    for a in g.legal():
        if a[0] in words:
            labels.append("%s %s" % (pname(app, a[1]), words[a[0]]))
            acts.append(a)

    def chosen(app, i):
        act(app, acts[i])

    pick = chosen
    if not acts:
        labels = ["(nothing)"]
        pick = lambda a, i: a.pop()
    app.push(Menu("Cards in hand", labels, pick, name="am_hands"))
