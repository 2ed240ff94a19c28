# Compacting a draw bowl (core/bowl.py): a die keeps no history beyond what
# its screens show, a pool keeps what is out of it and the draws its history
# lists, so bowls can never starve a game's saves however long the evening.
# Loaded only when a bowl compacts (the bowl screen, before OK, when a bowl
# has LIMIT actions) or a compacted one is rebuilt (boot, undo: start());
# dropped when the bowl screen compacts or is left (ui/bowl_screen.py; a
# boot that restores a compacted bowl keeps it until then: nothing at boot
# names it, so sessions without one run exactly as before); pure like the
# rest of the core.
#
# The compacted bowl is an ordinary game: (options with "start", a seed,
# no actions) replays it exactly. Its seed comes from the bowl's rng state,
# so it too is a function of the (options, seed, actions) it replaces; later
# draws are as fair as before (uniform among what is left), though not the
# ones the uncompacted bowl would have given.

from menagerie.core.game import RuleError, is_int

KEEP = 16    # draws the history screen still lists after a compaction
LIMIT = 48   # actions a bowl may hold before the next OK compacts it (ui/bowl_screen.py)


def compact(b, keep=KEEP):
    draws = b.draws()
    shown = draws[len(draws) - keep:] if len(draws) > keep else draws
    o = {}
    for k in b.options:
        o[k] = b.options[k]
    o["start"] = [list(b.out), shown, b.earlier + len(draws) - len(shown)]
    s = b.rng.state
    return b.__class__(o, (s ^ (s >> 32)) & 0xFFFFFFFF)


def start(b, st):
    # A compacted bowl's state (see the top); anything odd is refused.
    n = len(b.labels)
    ok = isinstance(st, list) and len(st) == 3 and isinstance(st[0], list)
    ok = ok and isinstance(st[1], list) and is_int(st[2]) and st[2] >= 0
    ok = ok and not (b.dice and st[0])
    if ok:
        for i in st[0] + st[1]:
            if not is_int(i) or i < 0 or i >= n:
                ok = False
    if not ok:
        raise RuleError("Saved bowl\nunreadable")
    for i in st[0]:
        if i not in b.bowl:
            raise RuleError("Saved bowl\nunreadable")
        b.bowl.remove(i)
        b.out.append(i)
    kind = "roll" if b.dice else "draw"
    for i in st[1]:
        b.log.append((kind, i))
    b.earlier = st[2]
