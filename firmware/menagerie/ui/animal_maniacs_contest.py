# Animal Maniacs: a contest at the table. The contest screen lists the steps
# legal now (cards for each side, the wild animal's draw, Jacks, Kings, then
# "Turn cards over"); a card is entered as value + colour. Cards are never
# shown before the resolution, only how many each side has down.

from menagerie.core import animal_maniacs_data as D
from menagerie.ui.screen import Screen, title_bar
from menagerie.ui.widgets import Menu
from menagerie.ui import animal_maniacs as U

_KIND = {"capture": "Capture", "hunt": "Hunt", "borrow": "Borrow", "btrade": "Trade",
         "ehunt": "Hunt", "ecapture": "Rescue"}


def card_text(v):
    if v == 1:
        return "A"
    if v == 11:
        return "J"
    return str(v)


def has_arrows(app):
    for e in app.profile.NAV:
        if e[0] == "LEFT":
            return True
    return False


class CardPicker(Screen):
    # A card: UP/DOWN its value, LEFT/RIGHT its colour; with three buttons
    # the colours alternate in the same list (6 red, 6 black, 7 red, ...).
    name = "am_card"

    def __init__(self, app, title, values, on_done, colour=True, start=6):
        self.title = title
        self.items = []
        for v in values:
            self.items.append((v, 0))
            if colour:
                self.items.append((v, 1))
        self.colour = colour
        self.arrows = has_arrows(app)
        self.index = 0
        for i in range(len(self.items)):
            if self.items[i] == (start, 0):
                self.index = i
        self.on_done = on_done

    def draw(self, c):
        title_bar(c, self.title)
        v, col = self.items[self.index]
        text = card_text(v) + (" " + ("red", "black")[col] if self.colour else "")
        row = 2 if c.rows >= 8 else 1
        c.center(row, text, 2)
        if c.rows >= 8:
            c.center(5, "UP/DOWN value")
            if self.colour:
                c.center(6, "LEFT/RIGHT colour" if self.arrows else "")
            c.center(7, "OK: face down")
        else:
            c.center(3, "UP/DOWN, OK")

    def key(self, app, k, t):
        n = len(self.items)
        step = 2 if (self.colour and self.arrows) else 1
        if k == "UP":
            self.index = (self.index + step) % n
        elif k == "DOWN":
            self.index = (self.index - step) % n
        elif k in ("LEFT", "RIGHT") and self.colour:
            self.index ^= 1
        elif k == "OK":
            v, col = self.items[self.index]
            self.on_done(app, v, col)
        elif k == "BACK":
            app.pop()


class SeatMenu(Menu):
    # Who? A name from the list, or that player's own button.
    def __init__(self, app, title, seats, on_seat):
        self.seats = seats
        Menu.__init__(self, title, [U.pname(app, p) for p in seats],
                      lambda app, i: on_seat(app, seats[i]), name="am_who")

    def key(self, app, k, t):
        if len(k) == 2 and k[0] == "P" and k[1].isdigit() and int(k[1]) - 1 in self.seats:
            self.on_pick(app, self.seats.index(int(k[1]) - 1))
        else:
            Menu.key(self, app, k, t)


def card_step(app, seat):
    g = app.game
    c = g.c
    side = "attack" if seat == c.attacker else "defends"
    title = "%s %s %d/%d" % (U.pname(app, seat)[:6], side, c.count(seat) + 1, c.allowance(seat))

    def done(app, v, col):
        if app.act(("card", seat, v, col)):
            next_step(app)

    app.push(CardPicker(app, title, g.card_values(), done))


def draw_step(app):
    g = app.game
    if g.deck is not None:
        U.act(app, ("draw",))
        return

    def done(app, v, col):
        if app.act(("draw", v, col)):
            U.after(app)

    app.push(CardPicker(app, D.name(g.c.target)[:9] + " draws", g.draw_values(), done))


def next_step(app):
    # The natural next entry after an attack card: more attack cards while
    # allowed, then the wild animal's draw; else back to the contest menu.
    g = app.game
    c = g.c
    U.after(app)
    if c is None or g.c is not c:
        return
    if g.may_card(c.attacker) and c.count(c.attacker) == 0:
        card_step(app, c.attacker)
    elif ("draw",) in g.legal() and not g.may_card(c.attacker):
        draw_step(app)


def king_step(app):
    g = app.game
    seats = [a[1] for a in g.legal() if a[0] == "king"]

    def who(app, seat):
        pairs = g.king_choices()

        def which(app, i):
            cat, prey = pairs[i]
            if g.deck is not None:
                U.act(app, ("king", seat, cat, prey))
                return

            def cat_card(app, cv, col):
                def prey_card(app, pv, col2):
                    U.act(app, ("king", seat, cat, prey, cv, pv))
                app.replace(CardPicker(app, D.name(prey)[:9] + " draws", list(range(11)),
                                       prey_card, False))

            app.replace(CardPicker(app, D.name(cat)[:9] + " draws", list(range(11)), cat_card, False))

        app.replace(Menu("Cat > prey", [D.name(p[0])[:7] + ">" + D.name(p[1]) for p in pairs],
                         which, name="am_cat"))

    app.push(SeatMenu(app, "Who plays a King?", seats, who))


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
            title_bar(c, (_KIND[k.kind] + " " + t)[:c.cols - len(right) - 1], right)
            U.menu_rows(c, self.labels(), self.index, 1)

    def pick(self, app, i):
        self.entries()
        what, seat, label = self.steps[i]
        if what == "resolve":
            U.act(app, ("resolve",))
        elif what == "card":
            card_step(app, seat)
        elif what == "draw":
            draw_step(app)
        elif what == "jack":
            U.act(app, ("jack", seat))
        elif what == "king":
            king_step(app)
        elif what == "hands":
            from menagerie.ui.animal_maniacs_views import hands_menu
            hands_menu(app)
        elif what == "look":
            from menagerie.ui.animal_maniacs_views import Browse
            app.push(Browse(app))
        elif what == "cancel":
            while app.game.c is not None and app.undo():
                pass
            app.home(U.screen_for(app))

    def key(self, app, k, t):
        if k == "BACK":
            app.push(U.GameMenu(app))
        else:
            Menu.key(self, app, k, t)
