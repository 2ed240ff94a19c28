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
    return "pass %d %s" % (info["passes"], _WAY[way])


def notes(g, info, names):
    # Per seat, under the name: "1st" for the starter, ">Cyd" for where the
    # passed cards go (the receiver's first three letters after the arrow).
    rec = info["receivers"]
    out = []
    for i in range(g.players):
        k = []
        if i == info["starter"]:
            k.append("1st")
        if rec[i] >= 0:
            k.append(">" + names[rec[i]][:3])
        out.append(k)
    return out


def feather_notes(g, info, names):
    # One short note a cell on the 128x32 panel: "1st" for the starter, else
    # where the cards go (the starter's own is on the details page).
    out = []
    for k in notes(g, info, names):
        out.append([k[0]] if k else [])
    return out


def hints(app):
    return "%s: round  %s: menu" % (btn(app, "OK"), btn(app, "UP"))


def draw(scr, c):
    app = scr.app
    g = app.game
    names = names_of(app, g.players)
    info = g.round_info()
    if scr.view:
        draw_details(scr, c, g, info, names)
        return
    big = c.rows >= 8
    vals = [str(v) for v in g.scores]
    n = g.players
    head = "R%d/%d" % (info["number"], info["rounds"])
    if big:
        title_bar(c, head, "discard %d" % info["discard"])
        c.center(1, hints(app))
        if n == 2:
            # two players: whole names above the digits, the notes below
            scoregrid.grid(c, 2, names, vals, stack=True)
            x = 0 if info["starter"] == 0 else 64
            c.text(6, x + (64 - c.text_width("starts")) // 2, "starts")
            c.center(7, pass_text(info, n))
        else:
            scoregrid.grid(c, 2, names, vals, notes(g, info, names))
        return
    if n == 2:
        title_bar(c, head + " " + names[info["starter"]] + " starts")
        scoregrid.grid(c, 1, names, vals, feather_notes(g, info, names), tall=False)
        c.text(3, 0, hints(app)[: c.cols])
        return
    # 128x32, 3-4 players: the whole panel is the grid; the round in words
    # (and the keys) is one DOWN away.
    scoregrid.grid(c, 0, names, vals, feather_notes(g, info, names), tall=False)
    if n == 3:
        c.text(2, 66, "%s: round" % btn(app, "OK"))
        c.text(3, 66, "%s: menu" % btn(app, "UP"))


def detail_lines(app, g, info, names):
    n = g.players
    lines = [names[info["starter"]] + " starts", "Discard %d each" % info["discard"]]
    way = pass_text(info, n)
    if info["direction"] == "none":
        lines.append("No passing")
    else:
        lines.append(way[0].upper() + way[1:] + ":")
        rec = info["receivers"]
        for i in range(n):
            s = names[i] + " > " + names[rec[i]]
            lines.append(s if len(s) <= 21 else names[i] + ">" + names[rec[i]])
    lines.append("%s: enter the round" % btn(app, "OK"))
    lines.append("%s: menu" % btn(app, "UP"))
    lines.append("%s: back to totals" % btn(app, "DOWN"))
    return lines


def draw_details(scr, c, g, info, names):
    title_bar(c, "Round %d of %d" % (info["number"], info["rounds"]))
    lines = detail_lines(scr.app, g, info, names)
    shown = c.rows - 1
    top = min(scr.top, max(0, len(lines) - shown))
    for r in range(shown):
        if top + r < len(lines):
            c.text(1 + r, 0, lines[top + r])
