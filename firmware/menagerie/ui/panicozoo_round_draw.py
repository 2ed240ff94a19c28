# Drawing the Panicozoo round screen (panicozoo_round.RoundScreen) on the
# 128x64 and 128x32 panels. Functions of the screen `scr`: they read the game
# and the screen's note, cursor and button roles, and change nothing.
from menagerie.ui.names import short
from menagerie.ui.screen import title_bar
from menagerie.ui import panicozoo_views as V
from menagerie.core.panicozoo import READY, OPEN, ANSWERING


def draw(scr, c):
    g = scr.app.game
    if g is None:
        return
    if g.phase == READY:
        draw_ready(scr, c, g)
    elif g.phase == OPEN:
        if scr.buzz(g):
            draw_open(scr, c, g)
        else:
            draw_who(scr, c, g)
    elif g.phase == ANSWERING:
        draw_answer(scr, c, g)


def draw_ready(scr, c, g):
    app = scr.app
    big = c.rows >= 8
    if g.tiebreak:
        what = "15 cards"
    elif g.young:
        what = "%d left" % (len(g.remaining))
    else:
        what = "%d cards" % g.cards_in_play()
    title_bar(c, V.round_title(g), what)
    ok = V.btn(app, "OK")
    if g.tiebreak:
        go = ok + " opens tie-break"
    elif g.young:
        go = ok + " draws an animal"
    else:
        go = ok + " opens round %d" % g.round
    if not big:
        V.draw_scores(c, app, g, 1, 2)
        c.text(3, 0, (scr.note or go))
        return
    V.draw_scores(c, app, g, 1, 3)
    c.text(4, 0, V.award_line(app, g))
    if g.tiebreak:
        c.text(5, 0, ("Tied: " + V.who(app, g.contenders, 15)))
    elif g.young:
        c.text(5, 0, "All 15 cards face up")
    elif g.round == g.rounds():
        c.text(5, 0, "Winner takes both")
    else:
        c.text(5, 0, "Lay out %d cards" % g.cards_in_play())
    up = V.btn(app, "UP")
    if scr.note:
        hint = scr.note
    elif g.found_by is not None:
        hint = up + ": name the animal"
    elif g.first_timers or g.young:
        hint = up + ": found so far"
    else:
        hint = up + ": cards won"
    c.text(6, 0, hint)
    c.text(7, 0, go)


def slap_line(scr, g):
    # Who may slap, and on the 3-button board with which button.
    app = scr.app
    if not scr.shared:
        s = "Armed: " + V.who(app, g.armed(), 14)
        return s
    parts = []
    for p in range(g.n):
        b = V.btn(app, scr.buttons[p])
        parts.append(b + ("=" + short(V.pname(app, p)) if p not in g.out else ":out"))
    return " ".join(parts)


def draw_open(scr, c, g):
    app = scr.app
    big = c.rows >= 8
    if big:
        title_bar(c, V.round_title(g), "open")
        first = 1
    else:
        first = 0
    if g.young:
        c.center(first, "Slap the card without")
        V.label(c, first + 1, g.animal_name(g.animal), 2)
    else:
        V.label(c, first, "SLAP!")
    last = c.rows - 1
    if not big:
        c.text(last, 0, (scr.note or slap_line(scr, g)))
        return
    c.text(4, 0, slap_line(scr, g))
    if g.out:
        c.text(5, 0, ("Out: " + V.who(app, g.out, 16)))
    if scr.note:
        c.text(6, 0, scr.note)
    c.text(7, 0, V.btn(app, "BACK") + ": menu")


def draw_who(scr, c, g):
    # No buzzer: the table says who slapped first and we pick them.
    app = scr.app
    armed = g.armed()
    big = c.rows >= 8
    if g.young:
        title_bar(c, g.animal_name(g.animal) + "? Who first?")
    else:
        title_bar(c, "Who slapped first?")
    row = 1
    shown = c.rows - row - (1 if big else 0)
    cur = scr.cursor % len(armed)
    top = cur - shown + 1 if cur >= shown else 0
    for r in range(shown):
        i = top + r
        if i >= len(armed):
            break
        s = V.pname(app, armed[i])
        if i == cur:
            c.fill_row(row + r)
            c.text(row + r, 1, ">" + s, invert=True)
        else:
            c.text(row + r, 1, " " + s)
    if big:
        c.text(7, 0, (scr.note or "%d buttons: no buzzer" % len(scr.buttons)))


def draw_answer(scr, c, g):
    app = scr.app
    r = g.race
    tie = r is not None and r.tie()
    big = c.rows >= 8
    who = V.pname(app, g.answering)
    right = V.btn(app, "UP") + "/" + V.btn(app, "OK")
    wrong = V.btn(app, "DOWN")
    if tie:
        spread = 0
        for p, t in r.order:
            if p in r.tied and t - r.first_ms > spread:
                spread = t - r.first_ms
        head = "Photo finish"
        info1 = V.who(app, r.tied, 11) + " tie: " + str(spread) + " ms"
        info2 = "Fair draw: " + who
    elif r is not None and r.gap_ms is not None:
        head = V.round_title(g)
        info1 = "first by " + str(r.gap_ms) + " ms"
        info2 = ""
    else:
        head = V.round_title(g)
        info1 = ""
        info2 = ""
    if not big:
        if tie:
            title_bar(c, "Photo finish", str(spread) + " ms")
            x = c.text(1, 0, who + "!", 2) + 6
            if c.width - x >= 60:
                c.text(1, x, ("tie " + V.who(app, r.tied, 9))[: (c.width - x) // 6])
                c.text(2, x, "fair draw")
        else:
            V.label(c, 0, who + "!")
        c.text(3, 0, (scr.note or right + "=right " + wrong + "=wrong"))
        return
    title_bar(c, head, "answers" if not tie else None)
    V.label(c, 1, who + "!")
    if scr.note:
        info1 = scr.note
    c.text(4, 0, info1)
    c.text(5, 0, info2)
    c.text(6, 0, (right + " = right"))
    c.text(7, 0, (wrong + " = wrong"))
