# Animal Maniacs: a King sets a wild big cat loose (who plays it, which cat
# on which prey, the two cards drawn for the fight). Loaded when a King is
# played, dropped at the next confirmed step (ui/animal_maniacs._OCCASIONAL).

from menagerie.core import animal_maniacs_data as D
from menagerie.ui.widgets import Menu
from menagerie.ui import animal_maniacs as U
from menagerie.ui.animal_maniacs_card import CardPicker
from menagerie.ui.animal_maniacs_seat import SeatMenu


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
                app.replace(CardPicker(app, D.name(prey) + " draws", list(range(11)),
                                       prey_card, False))

            app.replace(CardPicker(app, D.name(cat) + " draws", list(range(11)), cat_card, False))

        app.replace(Menu("Cat > prey", [D.name(p[0])[:7] + ">" + D.name(p[1]) for p in pairs],
                         which, name="am_cat"))

    app.push(SeatMenu(app, "Who plays a King?", seats, who))
