# Animal Maniacs: the entries of a contest, one card at a time: a player's
# card, the wild animal's draw (a King's loose cat: animal_maniacs_king.py).

from menagerie.core import animal_maniacs_data as D
from menagerie.ui import animal_maniacs as U
from menagerie.ui.animal_maniacs_card import CardPicker


def card_step(app, seat):
    g = app.game
    c = g.c
    side = "attack" if seat == c.attacker else "defends"
    rest = " %s %d/%d" % (side, c.count(seat) + 1, c.allowance(seat))
    # the name as long as the title bar leaves
    title = U.pname(app, seat)[:app.canvas.cols - len(rest)] + rest

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

    app.push(CardPicker(app, D.name(g.c.target) + " draws", g.draw_values(), done))


def next_step(app):
    # The natural next entry after an attack card: more attack cards while
    # allowed, then the defence: the wild animal's draw, or in a borrow the
    # zookeeper's card; else back to the contest menu.
    g = app.game
    c = g.c
    U.after(app)
    if c is None or g.c is not c:
        return
    if g.may_card(c.attacker):
        if c.count(c.attacker) == 0:
            card_step(app, c.attacker)
    elif ("draw",) in g.legal():
        draw_step(app)
    elif c.owner >= 0 and c.count(c.owner) == 0 and g.may_card(c.owner):
        card_step(app, c.owner)
