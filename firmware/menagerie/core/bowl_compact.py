# Compacting a draw bowl (core/bowl.py): a die keeps no history beyond what
# its screens show, a pool keeps what is out of it and the draws its history
# lists, so bowls can never starve a game's saves however long the evening.
# Loaded only when a bowl compacts (the bowl screen, before OK, when a bowl
# has LIMIT actions) or a compacted one is rebuilt (boot, undo: start());
# dropped when the bowl screen compacts or is left (ui/bowl_screen.py; a
# boot that restores a compacted bowl keeps it until then: nothing at boot
# names it, so sessions without one run exactly as before); pure like the
# rest of the core. (start() in a module of its own would compile less at
# an undo, but its name costs bowl.py two qstrs in every session.)
#
# The compacted bowl is an ordinary game: (options with "start", the seed,
# the last KEEP actions) replays it exactly. Only the prefix before those is
# folded into "start", with the rng's exact state after it, so the kept
# actions and every later draw come out as the uncompacted bowl would have
# drawn them, and undo steps back through the KEEP actions as before. The
# state is a 64-bit int: a long int on MicroPython/CircuitPython (the rng
# works in those already), plain in JSON. A bowl saved by the older form
# (three items, its rng from the seed) still loads and plays on.

from menagerie.core.game import RuleError, is_int

KEEP = 16    # actions kept (undo goes back that far), and the draws from before them listed
LIMIT = 48   # actions a bowl may hold before the next OK compacts it (ui/bowl_screen.py)


def compact(b, keep=KEEP):
    n = len(b.actions) - keep
    if n <= 0:
        return b
    # The bowl after the prefix, made into the compacted bowl in place (what
    # start() would rebuild from its options): one bowl beside b, not two.
    p = b.replay(b.options, b.seed, b.actions[:n])
    draws = p.draws()
    shown = draws[len(draws) - keep:] if len(draws) > keep else draws
    o = {}
    for k in b.options:
        o[k] = b.options[k]
    o["start"] = [list(p.out), shown, p.earlier + len(draws) - len(shown), p.rng.state]
    p.options = o
    p.actions = []
    p.earlier = o["start"][2]
    kind = "roll" if p.dice else "draw"
    p.log = [(kind, i) for i in shown]
    for a in b.actions[n:]:
        p.apply(a)
    return p


def start(b, st):
    # A compacted bowl's state (see the top); anything odd is refused.
    n = len(b.labels)
    ok = isinstance(st, list) and 3 <= len(st) <= 4 and isinstance(st[0], list)
    ok = ok and isinstance(st[1], list) and is_int(st[2]) and st[2] >= 0
    ok = ok and not (b.dice and st[0])
    if ok and len(st) == 4:
        ok = is_int(st[3]) and st[3] >= 0 and not st[3] >> 64
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
    if len(st) == 4:
        b.rng.state = st[3]
