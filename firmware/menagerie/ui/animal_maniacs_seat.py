# Animal Maniacs: choosing a player, from a list or with their own button
# (who starts, who plays a King, whose secret objectives). Not needed in
# play, so dropped at the next confirmed step (ui/animal_maniacs._OCCASIONAL).

from menagerie.ui.widgets import Menu
from menagerie.ui import animal_maniacs as U
from menagerie.ui.animal_maniacs import pname


class SeatMenu(Menu):
    # Who? A name from the list, or that player's own button.
    def __init__(self, app, title, seats, on_seat):
        self.seats = seats
        Menu.__init__(self, title, [pname(app, p) for p in seats],
                      lambda app, i: on_seat(app, seats[i]), name="am_who")

    def key(self, app, k, t):
        if len(k) == 2 and k[0] == "P" and k[1].isdigit() and int(k[1]) - 1 in self.seats:
            self.on_pick(app, self.seats.index(int(k[1]) - 1))
        else:
            Menu.key(self, app, k, t)


def starter(n, o):
    # "Who starts?" answered: the game begins. Not with the setup questions,
    # so that their module is freed before the turn's screens load (this
    # small one lives on until go() returns).
    def go(app, seat):
        # edition 1: every game the device starts plays issue 23's rules
        opts = {"players": n, "start": seat, "edition": 1}
        for k in o:
            opts[k] = o[k]
        from menagerie.ui.screen import Busy

        app.push(Busy("Animal Maniacs", "Dealing the cards", _begin(app, opts)))
    return go


def _begin(app, opts):
    # Under a busy screen (ui/screen.Busy), a slice per loop step: the game
    # (saved: a power cut from here on resumes it), then its screens' code.
    busy = app.top()
    if app.new_game(U.GAME_ID, opts) is None:
        app.pop()   # back to "Who starts?", which says why
        return
    app.home(busy)
    from menagerie.games import drop
    drop(("menagerie.ui.animal_maniacs_setup", "menagerie.ui.animal_maniacs_seat"))
    yield
    g = app.game
    if g.phase() != "setup":
        # what screen_for loads, a module a slice
        for name in ("core.animal_maniacs_legal", "core.animal_maniacs_do", "ui.animal_maniacs_turn"):
            if g.c is None or name[0] == "c":
                U.load(name)
                yield
    app.home(U.screen_for(app))
