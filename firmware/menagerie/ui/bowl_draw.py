# What the draw bowl's screen shows (ui/bowl_screen.py): the pool and what
# is left on top, the last draw in the largest type that fits, the keys.

from menagerie.core.pools import SHORT
from menagerie.ui.screen import btn, title_bar


def draw(scr, c):
    b = scr.app.bowls[scr.pool]
    if b.dice:
        title_bar(c, SHORT[scr.pool], "rolls %d" % (b.earlier + len(b.draws())))
    else:
        title_bar(c, SHORT[scr.pool], "%d left" % b.remaining())
    last = b.last()
    big = c.rows >= 8
    if last is None:
        c.center(2 if big else 1, "Roll" if b.dice else "Bowl ready")
        c.center(3 if big else 2, "%d %s" % (b.size(), "sides" if b.dice else "in the bowl"))
    elif b.dice:
        c.big_center(1 if not big else 2, b.label(last))
        # The roll's number beside the face: a repeat of the same face still
        # shows that the die was rolled again. (No new local: each distinct
        # name widens the table this module's compile needs beside a game.)
        # Counted like the title, compacted rolls included.
        if big:
            c.center(5, "%s %d" % ("roll", b.earlier + len(b.draws())))
        else:
            c.text(3, 0, "#%d" % (b.earlier + len(b.draws())))
    else:
        _item(scr.pool, c, b, last, big)
    if big:
        c.text(7, 0, "OK " + ("roll" if b.dice else "draw"))
        c.right(7, "v more")
    else:
        c.right(3, btn(scr.app, "OK") + ":" + ("roll" if b.dice else "draw"))


def _item(pool, c, b, item, big):
    # The name as large as it fits; the colour or suit underneath.
    label = b.label(item)
    second = None
    if pool == "cards" and " " in label:
        label, second = label.split(" ", 1)
        if label != "Joker":
            second = second + " (" + b.colour(item) + ")"
    elif pool == "maniacs":
        second = b.colour(item)
    if big:
        if pool == "cards" and c.big_width(label) <= c.width:
            c.big_center(1, label)
        elif c.text_width(label, 2) <= c.width:
            c.center(2, label, 2)
        else:
            c.center(2, label)
        if second:
            c.center(4, second)
        if item in b.out:
            c.center(5, "draw %d of %d" % (b.out.index(item) + 1, b.size()))
        else:
            c.center(5, "put back")
    else:
        if c.text_width(label, 2) <= c.width:
            c.center(1, label, 2)
        else:
            c.center(1, label)
        if second:
            c.text(3, 0, second)
