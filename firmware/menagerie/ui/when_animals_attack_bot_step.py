# When Animals Attack: the words for a move's predicted result, and the
# device's turn step by step (apart from the map screen: smaller name tables).
from menagerie.ui import when_animals_attack_views as V

BOT_MS = 1200


def outcome(g, f, t):
    # The predicted result of moving f -> t, in 21 characters.
    from menagerie.core import when_animals_attack as W

    code, ah, dh = g.predict(f, t)
    if code == W.GO:
        n = 0
        for v in g.path(f, t):
            if g.own[v] != g.cur:
                n += 1
        return "go: +%d tile%s" % (n, "" if n == 1 else "s")
    if code == W.HIT:
        return "town %d -> %d" % (g.town[t], dh)
    if code == W.RAZE:
        return "town destroyed!"
    foe = g.roster[g.unit[t]][0]
    if code == W.WIN:
        return "%s dies, %d left" % (foe, ah)
    if code == W.LOSE:
        return "yours dies (%s %d)" % (foe, dh)
    if code == W.BOTH:
        return "both die (%s)" % foe
    return "%s %d, yours %d" % (foe, dh, ah)


def move_note(g, who, f, t, cols):
    # The device's move in one line, whose animal first (with two device
    # seats in a row "Monkey go" alone is ambiguous): "P2 Monkey: +2 tiles".
    # The name is cut before the animal is, and never below 2 letters.
    from menagerie.core import when_animals_attack as W

    code, ah, dh = g.predict(f, t)
    if code == W.GO:
        n = 0
        for v in g.path(f, t):
            if g.own[v] != g.cur:
                n += 1
        rest = "+%d tile%s" % (n, "" if n == 1 else "s")
    elif code == W.HIT:
        rest = "town %d->%d" % (g.town[t], dh)
    elif code == W.RAZE:
        rest = "razes town"
    else:
        foe = g.roster[g.unit[t]][0]
        if code == W.WIN:
            rest = "kills " + foe
        elif code == W.LOSE:
            rest = "dies to " + foe
        elif code == W.BOTH:
            rest = "dies with " + foe
        else:
            rest = foe + " holds"
    animal = g.roster[g.unit[f]][0]
    over = len(who) + len(animal) + len(rest) + 3 - cols
    if over > 0:
        cut = min(over, len(who) - 2)
        who = who[:len(who) - cut]
        over -= cut
    if over > 0:
        animal = animal[:len(animal) - over]
    return "%s %s: %s" % (who, animal, rest)


def step(self, app, now):
    # One of the device's actions, shown for BOT_MS; then the next screen.
    from menagerie.core import when_animals_attack_bot as B

    g = app.game
    if self.done or g.over() or not V.is_bot(g, g.cur):
        self.route(app)
        return
    a = B.choose(g)
    who = V.pname(app, g.cur)
    self.marks = ()
    if a[0] == 1:
        self.note = who + " builds " + g.roster[a[1]][0]
    elif a[0] == 2:
        self.note = move_note(g, who, a[1], a[2], app.canvas.cols)
        self.marks = [a[1]] + g.path(a[1], a[2])[:-1]
        self.cursor = a[2]
    elif a[0] == 3:
        self.note = who + " places " + g.roster[a[1]][0]
        self.cursor = a[2]
    else:
        self.note = who + (" builds nothing" if g.phase == 1 else " waits" if g.phase == 2 else " is done")
    self.due = now + BOT_MS
    if not app.act(a):
        self.done = True
    elif app.game.over() or not V.is_bot(app.game, app.game.cur):
        self.done = True   # show this step, then hand over
