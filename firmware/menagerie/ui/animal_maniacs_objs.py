# Animal Maniacs: the players' objectives and how far each has come. Secret
# ones show only while that player holds their own button.

from menagerie.core import animal_maniacs_data as D
from menagerie.ui.screen import Screen, btn, title_bar, wrap
from menagerie.ui.animal_maniacs import pname


def obj_parts(g, p):
    # ["pairs 0/3", "kinds 1/7", ...]: the player's objectives, each whole
    m = g.objs[p]
    got = D.progress(g.loc, p)
    need = D.thresholds(g.n)
    parts = []
    for i in range(3):
        if m & (1 << i):
            parts.append("%s %d/%d" % (D.OBJ_NAMES[i], got[i], need[i]))
    return parts


def obj_rows(name, parts, cols):
    # "Benjamin: pairs 0/3" then "  kinds 1/7 kills 0/7": a line breaks
    # between two objectives, never inside one ("kinds" / "1/7")
    rows = []
    line = name + ":"
    for part in parts:
        if len(line) + 1 + len(part) > cols:
            rows.append(line)
            line = " "
        line += " " + part
    rows.append(line)
    return rows


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
        self.last = 0

    def rows(self, cols):
        g = self.app.game
        if self.secret and self.seat < 0:
            return wrap("Secret: hold your own button to see yours.", cols)
        seats = [self.seat] if self.secret else range(g.n)
        rows = []
        for p in seats:
            rows.extend(obj_rows(pname(self.app, p), obj_parts(g, p), cols))
        return rows

    def draw(self, c):
        rows = self.rows(c.cols)
        shown = c.rows - 1
        self.last = max(0, len(rows) - shown)   # how far DOWN scrolls
        self.top = min(self.top, self.last)
        # the title's right: the key that shows more, else the one that leaves
        app = self.app
        hint = "%s: more" % btn(app, "DOWN") if self.top < self.last else "%s: back" % btn(app, "OK")
        title_bar(c, "Objectives", hint)
        for r in range(shown):
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
        elif k == "DOWN" and self.top < self.last:
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
