# What the Animal Inc score sheet (ui/animal_inc.py) shows: the totals in
# tall digits, two abreast (ui/scoregrid.py), the round's starter and
# passing marked in the players' cells, the keys; and its details page (the
# round in words). Functions of the sheet `scr`; they change nothing.
from menagerie.ui import scoregrid
from menagerie.ui.names import names_of
from menagerie.ui.screen import btn, title_bar

_WAY = {"left": "left", "right": "right", "opposite": "across"}


def pass_text(info, n):
    way = info["direction"]
    if way == "none":
        return "no passing"
    if n == 2:
        return "swap %d" % info["passes"]  # left, right, across: the other one
    return "pass " + str(info["passes"]) + " " + _WAY[way]


def notes(g, info, names):
    # Per seat, under the name: "go" for the starter (not "1st", which a
    # glance across the table reads as a place), ">Cyd" for where the
    # passed cards go (the receiver's first three letters after the arrow).
    rec = info["receivers"]
    out = []
    for i in range(g.players):
        k = []
        if i == info["starter"]:
            k.append("go")
        if rec[i] >= 0:
            k.append(">" + names[rec[i]][:3])
        out.append(k)
    return out


def hint(app):
    # the keys, "OK: round  UP: menu" (split in two where they are apart)
    return "%s: round  %s: menu" % (btn(app, "OK"), btn(app, "UP"))


def draw(scr, c):
    app = scr.app
    g = app.game
    names = names_of(app, g.players)
    info = g.round_info()
    if scr.view:
        # the details page: the round in words (128x32: its keys in the
        # title, where the four totals leave no line for them)
        if c.rows >= 8:
            title_bar(c, "Round %d of %d" % (info["number"], info["rounds"]))
        else:
            title_bar(c, "R%d/%d" % (info["number"], info["rounds"]),
                      "%s:round %s:menu" % (btn(app, "OK"), btn(app, "UP")))
        out = lines(app, g, info, names)
        shown = c.rows - 1
        top = min(scr.top, max(0, len(out) - shown))
        for r in range(shown):
            if top + r < len(out):
                c.text(1 + r, 0, out[top + r])
        return
    # on the 128x32 panel one note a cell: "go" for the starter, else where
    # the cards go (the starter's own is on the details page)
    short = [k[:1] for k in notes(g, info, names)]
    big = c.rows >= 8
    vals = [str(v) for v in g.scores]
    n = g.players
    head = "R%d/%d" % (info["number"], info["rounds"])
    if big:
        title_bar(c, head, "%s %d" % ("discard", info["discard"]))
        c.center(1, hint(app))
        if n == 2:
            # two players: whole names above the digits, the notes below
            scoregrid.layout(c, 2, names, vals, stack=True)
            x = 0 if info["starter"] == 0 else 64
            c.text(6, x + (64 - c.text_width("starts")) // 2, "starts")
            c.center(7, pass_text(info, n))
        else:
            scoregrid.layout(c, 2, names, vals, notes(g, info, names))
        return
    if n == 2:
        title_bar(c, head + " " + names[info["starter"]] + " starts")
        scoregrid.layout(c, 1, names, vals, short, big=False)
        c.text(3, 0, hint(app))
        return
    # 128x32, 3-4 players: the whole panel is the grid; the round in words
    # (and the keys) is one DOWN away.
    scoregrid.layout(c, 0, names, vals, short, big=False)
    if n == 3:
        keys = hint(app).split("  ")
        c.text(2, 66, keys[0])
        c.text(3, 66, keys[1])


def lines(app, g, info, names):
    # The details page's lines (the sheet scrolls them).
    n = g.players
    out = [names[info["starter"]] + " starts", "Discard %d each" % info["discard"]]
    way = pass_text(info, n)
    way = way[0].upper() + way[1:]
    if info["direction"] == "none":
        out.append(way)
    else:
        out.append(way + ":")
        rec = info["receivers"]
        for i in range(n):
            s = names[i] + " >" + " " + names[rec[i]]
            out.append(s if len(s) <= 21 else names[i] + ">" + names[rec[i]])
    out.append("%s: enter the round" % btn(app, "OK"))
    out.append(hint(app).split("  ")[1])
    out.append("%s: back to totals" % btn(app, "DOWN"))
    return out
