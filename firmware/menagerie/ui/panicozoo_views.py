# Panicozoo screens around the race: who won the card, the first-timers'
# animal pick, the found list and the scoreboard; plus the small helpers the
# round screen shares (names, labels, button roles). The final standings are
# in ui/panicozoo_final.py.
from menagerie.ui import font as _font
from menagerie.ui.screen import Screen, btn, title_bar
from menagerie.ui.names import names_of, short
from menagerie.ui.widgets import Menu, Message

_BIG_CHARS = _font.BIG_CHARS


def pname(app, p):
    return names_of(app, p + 1)[p]


def who(app, players, width=21):
    # Names when they fit on the line, else the seat labels P1 P2 ...
    # then "P1,2,3,4,5,6" (six seats fit after "Armed: " on 21 characters).
    s = " ".join(pname(app, p) for p in players)
    if len(s) <= width:
        return s
    s = " ".join("P" + str(p + 1) for p in players)
    if len(s) <= width:
        return s
    return "P" + ",".join(str(p + 1) for p in players)


def big_fits(c, s, width=None):
    for ch in s:
        if ch.upper() not in _BIG_CHARS:
            return False
    return c.big_width(s) <= (width or c.width)


def label(c, row, s, pages=3):
    # s as large as it fits in `pages` rows: the 3-page font, double-size
    # text (10 characters), else plain. -> the rows used.
    if pages >= 3 and big_fits(c, s):
        c.big_center(row, s)
        return 3
    if pages >= 2 and c.text_width(s, 2) <= c.width:
        c.center(row, s, 2)
        return 2
    c.center(row, s)
    return 1


def slap_buttons(profile):
    # -> (button names players slap, in seat order; True if those are the
    # navigation buttons). The 3-button board lends its nav buttons to the
    # players while a round is open.
    if profile.PLAYERS:
        return [e[0] for e in profile.PLAYERS], False
    return [e[0] for e in profile.NAV], True


def round_title(g):
    if g.tiebreak:
        return "Tie-break"
    if g.young:
        return "Animal %d/%d" % (g.round, g.rounds())
    if g.round == g.rounds():
        return "Final round"
    return "Round %d/%d" % (g.round, g.rounds())


def award_line(app, g):
    a = g.award
    if not a:
        return ""
    n = pname(app, a["player"])
    if g.over() and g.champion is not None:
        return n + " won tie-break"
    if g.young and g.found:
        return n + ": " + g.animal_name(g.found[-1])
    if a["auto"]:
        return n + ": last one in"
    return n + " +" + str(a["cards"]) + (" cards" if a["cards"] > 1 else " card")


def draw_scores(c, app, g, row, rows):
    # Cards won per player: two columns on the big screen, three (short
    # names) on the small one.
    n = g.n
    cards = g.cards()
    per = (n + rows - 1) // rows
    cw = c.width // per
    chars = cw // 6 - 3
    for p in range(n):
        r = row + p // per
        x = (p % per) * cw
        mark = ">" if p in g.contenders and g.tiebreak else ""
        c.text(r, x, (mark + pname(app, p))[:chars])
        s = str(cards[p])
        c.text(r, x + cw - 6 - 6 * len(s), s)


class RoundWon(Screen):
    # The verdict's outcome in big type; OK goes on (to the animal pick when
    # the first-timers aid is on).
    name = "pz_won"

    def __init__(self, app):
        self.app = app

    def draw(self, c):
        app = self.app
        g = app.game
        a = g.award
        if not a:
            return
        big = c.rows >= 8
        p = a["player"]
        if g.champion is not None:
            head = "Tie-break won"
        elif a["auto"]:
            head = "Last one in wins"
        else:
            head = "Right!"
        if big:
            title_bar(c, head)
            label(c, 1, pname(app, p))
        else:
            label(c, 0, pname(app, p), 2)
        lines = []
        if g.champion is not None:
            lines.append("Winner of the game")
        elif g.young:
            lines.append("takes " + g.animal_name(g.found[-1]))
            for q, card in a["given"]:
                lines.append(pname(app, q) + " gives " + g.animal_name(card))
        else:
            lines.append("wins " + str(a["cards"]) + (" cards" if a["cards"] > 1 else " card"))
        if big:
            for i in range(min(len(lines), 3)):
                c.center(4 + i, lines[i])
            c.text(7, 0, btn(app, "OK") + ": go on")
        else:
            c.center(2, lines[0])
            c.text(3, 0, head[:13])
            c.right(3, btn(app, "OK") + ":on")

    def key(self, app, k, t):
        if k in ("OK", "BACK"):
            app.pop()
            g = app.game
            if g is not None and g.found_by is not None:
                app.push(AnimalPick(app))


class AnimalPick(Menu):
    # First-timers aid: the player who was right names the animal. Animals
    # already found are marked and refused by the core.
    def __init__(self, app):
        g = app.game
        self.n = len(g.names)
        Menu.__init__(self, pname(app, g.found_by) + ": animal?", self.entries, self.pick,
                      name="pz_pick")
        self._app = app

    def entries(self):
        g = self._app.game
        out = []
        for a in range(self.n):
            out.append(("x " if a in g.found else "") + g.animal_name(a))
        out.append("(skip)")
        return out

    def pick(self, app, i):
        if i >= self.n:
            app.pop()
            return
        if app.act(("found", i)):
            app.pop()


def found_screen(app):
    g = app.game
    if not g.found:
        return Message("Found so far", "None yet.", name="pz_found")
    names = [g.animal_name(a) for a in g.found]
    return Message("Found so far (%d)" % len(names), "\n".join(names), name="pz_found")
