# Animal Maniacs: the players' objectives and how far each has come. Secret
# ones show only while that player holds their own button.

from menagerie.core import animal_maniacs_data as D
from menagerie.ui.screen import Screen, title_bar, wrap
from menagerie.ui.animal_maniacs import pname


def obj_text(g, p):
    m = g.objs[p]
    got = D.progress(g.loc, p)
    need = D.thresholds(g.n)
    parts = []
    for i in range(3):
        if m & (1 << i):
            parts.append("%s %d/%d" % (D.OBJ_NAMES[i], got[i], need[i]))
    return " ".join(parts)


class Objectives(Screen):
    # Public: everyone's. Secret: a player holds their own button to see
    # theirs (released, it hides); on the 3-button board a player is
    # picked from the list and any button hides it again.
    name = "am_objs"
    player_releases = True

    def __init__(self, app, seat=-1):
        self.app = app
        self.seat = seat
        self.secret = app.game.options["obj_secret"] == 1 and app.game.options["limited"] > 0
        self.top = 0

    def draw(self, c):
        g = self.app.game
        title_bar(c, "Objectives")
        if self.secret and self.seat < 0:
            rows = wrap("Secret: hold your own button to see yours.", c.cols)
        elif self.secret:
            rows = wrap(pname(self.app, self.seat) + ": " + obj_text(g, self.seat), c.cols)
        else:
            rows = []
            for p in range(g.n):
                rows.extend(wrap(pname(self.app, p) + ": " + obj_text(g, p), c.cols))
        for r in range(c.rows - 1):
            if self.top + r < len(rows):
                c.text(1 + r, 0, rows[self.top + r])

    def key(self, app, k, t):
        if len(k) == 2 and k[0] == "P" and self.secret:
            p = int(k[1]) - 1
            if p < app.game.n:
                self.seat = p
        elif k[:4] == "REL_":
            self.seat = -1
        elif self.secret and self.seat >= 0 and k != "BACK":
            self.seat = -1
            if not app.profile.PLAYERS:
                app.pop()  # picked from the list: hidden again, back to the game
        elif k == "DOWN":
            self.top += 1
        elif k == "UP" and self.top > 0:
            self.top -= 1
        elif k in ("BACK", "OK"):
            app.pop()


def objectives(app):
    g = app.game
    secret = g.options["obj_secret"] == 1 and g.options["limited"] > 0
    if secret and not app.profile.PLAYERS:
        from menagerie.ui.animal_maniacs_seat import SeatMenu

        def show(app, p):
            app.replace(Objectives(app, p))

        app.push(SeatMenu(app, "Whose? (secret)", list(range(g.n)), show))
    else:
        app.push(Objectives(app))
