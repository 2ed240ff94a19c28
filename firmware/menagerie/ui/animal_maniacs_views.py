# Animal Maniacs: looking at the table (zoos, trophy walls, loans, the wild,
# the endangered), the players' objectives (secret ones only while that
# player holds their own button), the hands menu and the final standings.

from menagerie.core import animal_maniacs_data as D
from menagerie.ui.screen import Screen, title_bar, wrap
from menagerie.ui.widgets import Menu
from menagerie.ui import animal_maniacs as U


def _names(ids):
    return ", ".join(D.name(a) for a in ids) or "-"


class Browse(Screen):
    # One page per player, then the wild and the endangered. LEFT/RIGHT (or
    # OK) turn pages, UP/DOWN scroll.
    name = "am_browse"

    def __init__(self, app):
        self.app = app
        self.page = 0
        self.top = 0

    def pages(self):
        return self.app.game.n + 1

    def lines(self):
        app = self.app
        g = app.game
        if self.page < g.n:
            p = self.page
            got = D.progress(g.loc, p)
            out = ["Zoo: " + _names(g.zoo(p)), "Wall: " + _names(g.wall(p)),
                   "pair/kind/kill %d/%d/%d" % got, "Hand %d, lost turns %d" % (g.hand[p], g.lost[p])]
            for b in g.borrowed:
                if b[2] == p:
                    due = " back after turn %d" % b[3] if b[3] >= 0 else ""
                    out.append(D.name(b[0]) + " from " + U.pname(app, b[1]) + due)
            return out
        out = ["Wild: " + _names(g.wild())]
        for s in range(12):
            if g.endangered[s] == 1:
                out.append("Endangered: %s x%d" % (D.SPECIES[s], len(g.on_ace(s))))
            elif g.endangered[s] == 2:
                out.append(D.SPECIES[s] + ": hunted out")
        out.append("Bowl %d, dead %d" % (len(g.where(D.BOWL)), len(g.where(D.DEAD))))
        return out

    def draw(self, c):
        g = self.app.game
        if self.page < g.n:
            title = U.pname(self.app, self.page) + " " + D.ZOOS[g.zoos[self.page]]
        else:
            title = "The wild"
        title_bar(c, title[:c.cols - 4], "%d/%d" % (self.page + 1, self.pages()))
        rows = []
        for line in self.lines():
            rows.extend(wrap(line, c.cols))
        for r in range(c.rows - 1):
            if self.top + r < len(rows):
                c.text(1 + r, 0, rows[self.top + r])

    def key(self, app, k, t):
        if k in ("RIGHT", "OK"):
            self.page = (self.page + 1) % self.pages()
            self.top = 0
        elif k == "LEFT":
            self.page = (self.page - 1) % self.pages()
            self.top = 0
        elif k == "DOWN":
            self.top += 1
        elif k == "UP" and self.top > 0:
            self.top -= 1
        elif k == "BACK":
            app.pop()


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
            rows = wrap(U.pname(self.app, self.seat) + ": " + obj_text(g, self.seat), c.cols)
        else:
            rows = []
            for p in range(g.n):
                rows.extend(wrap(U.pname(self.app, p) + ": " + obj_text(g, p), c.cols))
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
        from menagerie.ui.animal_maniacs_contest import SeatMenu

        def show(app, p):
            app.replace(Objectives(app, p))

        app.push(SeatMenu(app, "Whose? (secret)", list(range(g.n)), show))
    else:
        app.push(Objectives(app))


def hands_menu(app):
    # Refill, Queen, redraw a hand of only J/K/Jokers: anyone, any time
    # (not after playing point cards in the open contest).
    g = app.game
    labels = []
    acts = []
    words = {"refill": "refills", "queen": "plays a Queen", "redraw": "redraws all"}
    for a in g.legal():
        if a[0] in words:
            labels.append("%s %s" % (U.pname(app, a[1])[:6], words[a[0]]))
            acts.append(a)

    def chosen(app, i):
        U.act(app, acts[i])

    app.push(Menu("Cards in hand", labels or ["(nothing)"], chosen if acts else lambda a, i: a.pop(),
                  name="am_hands"))


class Final(Screen):
    # The winner(s) and everyone's animals; OK files the game in the history.
    name = "am_final"

    def __init__(self, app):
        self.app = app
        self.cheered = False

    def tick(self, app, now):
        if not self.cheered:
            self.cheered = True
            app.sound("win")
        return False

    def draw(self, c):
        g = self.app.game
        win = g.winners()
        title_bar(c, "Game over", "zoo+wall")
        for p in range(min(g.n, c.rows - 1)):
            k = len(g.zoo(p)) + len(g.wall(p))
            c.text(1 + p, 0, ("*" if p in win else " ") + U.pname(self.app, p))
            c.right(1 + p, "%d+%d=%d" % (len(g.zoo(p)), len(g.wall(p)), k))

    def key(self, app, k, t):
        if k == "OK":
            from menagerie.ui.animal_maniacs_history import entry
            g = app.game
            app.finish_game(entry(g, U.names_of(app, g.n)))
            app.home()
        elif k == "BACK":
            app.home()
        elif k == "UP":
            from menagerie.ui.animal_maniacs import GameMenu
            app.push(GameMenu(app))
