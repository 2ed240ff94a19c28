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
        self.note = g.roster[g.unit[a[1]]][0][:6] + " " + outcome(g, a[1], a[2])
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
