# Animal Maniacs: the entries of a contest, one card at a time: a player's
# card, the wild animal's draw, a King's loose cat (with its two draws).

from menagerie.core import animal_maniacs_data as D
from menagerie.ui.widgets import Menu
from menagerie.ui import animal_maniacs as U
from menagerie.ui.animal_maniacs_card import CardPicker, SeatMenu


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
