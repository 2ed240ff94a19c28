# When Animals Attack: who is who (names, device seats), and when a
# hand-over screen is due.

# Who had the device last (the hand-over sets it)
_seen = [None]


def pname(app, p):
    names = app.settings.get("names") or ()
    n = names[p] if p < len(names) else ""
    return n or "P%d" % (p + 1)


def is_bot(g, p):
    return (g.options["bots"] >> p) & 1


def humans(g):
    return [p for p in range(g.n) if not is_bot(g, p)]


def needs_handover(g):
    return len(humans(g)) > 1 and _seen[0] != g.cur
