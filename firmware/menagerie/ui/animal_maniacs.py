# Animal Maniacs on the device: the turn screen (whose turn, the wild, the
# resolution of the last action, the actions legal now) and the entry points
# games.py calls. Contests: animal_maniacs_contest.py; browsing, objectives
# and the final standings: animal_maniacs_views.py; the new-game questions:
# animal_maniacs_setup.py. docs/games/animal-maniacs.md ("On the device").

from menagerie.core import animal_maniacs_data as D
from menagerie.ui.screen import title_bar
from menagerie.ui.widgets import Menu

GAME_ID = "animal_maniacs"

# Turn actions in menu order: action kind, label.
_TURN = (("capture", "Capture"), ("hunt", "Hunt"), ("borrow", "Borrow"),
         ("ehunt", "Hunt endangered"), ("ecapture", "Rescue endangered"),
         ("trade", "Joker trade"), ("btrade", "Beijing trade"),
         ("wtrade", "Trade for a heavy"), ("pass", "Pass"))


def names_of(app, n):
    names = app.settings["names"]
    return [names[i] if i < len(names) else "P%d" % (i + 1) for i in range(n)]


def pname(app, p):
    return names_of(app, p + 1)[p][:8]


def where_label(app, a):
    # "Lion" in the wild, "Lion/Ben" in a zoo.
    g = app.game
    p = g.loc[a]
    if D.ZOO <= p < D.WALL:
        return D.name(a) + "/" + pname(app, p - D.ZOO)[:5]
    return D.name(a)


def menu_rows(c, labels, index, top):
    # A menu's lines from screen row `top` down, the chosen one inverted.
    shown = c.rows - top
    first = 0 if index < shown else index - shown + 1
    for r in range(shown):
        i = first + r
        if i >= len(labels):
            break
        if i == index:
            c.fill_row(top + r)
            c.text(top + r, 1, ">" + labels[i], invert=True)
        else:
            c.text(top + r, 1, " " + labels[i])


def wild_rows(g, cols):
    # The wild in two-letter tags (unique among the twelve species).
    out = []
    line = "W:"
    for a in g.wild():
        tag = D.name(a)[:2]
        if len(line) + 3 > cols:
            out.append(line)
            line = "  "
        line += " " + tag if len(line) > 2 else tag
    out.append(line if g.wild() else "W: (empty)")
    return out


def new(app, variant=None):
    from menagerie.ui.animal_maniacs_setup import ask_players

    ask_players(app)


def open(app, game):
    app.push(screen_for(app))


def screen_for(app):
    g = app.game
    if g.over():
        from menagerie.ui.animal_maniacs_views import Final
        return Final(app)
    if g.phase() == "setup":
        return SetupChoice(app)
    if g.c is not None:
        from menagerie.ui.animal_maniacs_contest import ContestScreen
        return ContestScreen(app)
    return TurnScreen(app)


def after(app):
    # After a confirmed step: say what happened, then the screen that fits.
    g = app.game
    # The turn screen of the Pico shows the resolution itself.
    if g.log and (app.canvas.rows < 8 or g.c is not None or g.over()):
        app.toast("\n".join(g.log[:2]))
    if g.over():
        app.sound("win")
    app.home(screen_for(app))
    c = g.c
    if c is not None and not c.cards and c.draw is None and not c.cats \
            and g.may_card(c.attacker):
        # A contest just opened: its attacker's card comes first.
        from menagerie.ui.animal_maniacs_contest import card_step
        card_step(app, c.attacker)


def act(app, action):
    if app.act(action):
        after(app)
        return True
    return False


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
        for k, label in _TURN:
            if k in kinds:
                out.append(label)
        out.extend(("Cards in hand", "Look at zoos", "Objectives", "Menu"))
        return out

    def draw(self, c):
        g = self.app.game
        t = g.turn
        title_bar(c, pname(self.app, t) + "'s turn", "hand %d" % g.hand[t])
        top = 1
        if c.rows >= 8:
            info = wild_rows(g, c.cols)
            if g.final >= 0:
                info.append("Last round: %d left" % (g.final + 1))
            info.extend(self.last)
            for i in range(min(3, len(info))):
                c.text(1 + i, 0, info[i][:c.cols])
            top = 4
        menu_rows(c, self.labels(), self.index, top)

    def pick(self, app, i):
        label = self.labels()[i]
        kind = None
        for k, lab in _TURN:
            if lab == label:
                kind = k
        if kind == "pass":
            act(app, ("pass",))
        elif kind in ("trade", "btrade", "wtrade"):
            pick_trade(app, kind)
        elif kind is not None:
            pick_target(app, kind)
        elif label == "Cards in hand":
            from menagerie.ui.animal_maniacs_views import hands_menu
            hands_menu(app)
        elif label == "Look at zoos":
            from menagerie.ui.animal_maniacs_views import Browse
            app.push(Browse(app))
        elif label == "Objectives":
            from menagerie.ui.animal_maniacs_views import objectives
            objectives(app)
        else:
            app.push(GameMenu(app))

    def key(self, app, k, t):
        if k == "BACK":
            app.push(GameMenu(app))
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

    app.push(Menu(kind.capitalize() + " what?", labels, chosen, name="am_target"))


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


class SetupChoice(Menu):
    # Chosen special zoos and objectives, one player at a time.
    def __init__(self, app):
        Menu.__init__(self, "", self.entries, self.pick, name="am_choose", on_back=lambda a: a.home())
        self.app = app

    def entries(self):
        out = []
        for a in self.app.game.legal():
            if a[0] == "zoo":
                out.append(D.ZOOS[a[2]])
            else:
                out.append("+".join(D.OBJ_NAMES[i] for i in range(3) if a[2] & (1 << i)))
        return out

    def draw(self, c):
        what, p = self.app.game.pending[0]
        self.title = pname(self.app, p) + ": " + what
        Menu.draw(self, c)

    def pick(self, app, i):
        act(app, app.game.legal()[i])


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
            from menagerie.ui.animal_maniacs_views import Browse
            app.replace(Browse(app))
        elif label == "Objectives":
            from menagerie.ui.animal_maniacs_views import objectives
            app.pop()
            objectives(app)
        elif label == "End game now":
            def answer(app, j):
                app.pop()
                if j == 1:
                    act(app, ("stop",))
            app.replace(Menu("End: most animals?", ["No", "Yes, end it"], answer, name="am_confirm"))
        elif label == "Main menu":
            app.home()
        else:
            app.pop()
