# Compacting a draw bowl (core/bowl.py): a die keeps no history beyond what
# its screens show, a pool keeps what is out of it and the draws its history
# lists, so bowls can never starve a game's saves however long the evening.
# Loaded only when a bowl compacts (the bowl screen, before OK, when a bowl
# has LIMIT actions) and dropped right after; a compacted bowl is rebuilt
# (boot, undo) by core/bowl_compacted.py alone, a smaller compile beside a
# live game. The bowl screen drops both when left (ui/bowl_screen.py: the
# one prefix names both; a boot that restores a compacted bowl keeps the
# rebuild until then: nothing at boot names it, so sessions without one run
# exactly as before); pure like the rest of the core.
#
# The compacted bowl is an ordinary game: (options with "start", the seed,
# the last KEEP actions) replays it exactly. Only the prefix before those is
# folded into "start", with the rng's exact state after it, so the kept
# actions and every later draw come out as the uncompacted bowl would have
# drawn them, and undo steps back through the KEEP actions as before. The
# state is a 64-bit int: a long int on MicroPython/CircuitPython (the rng
# works in those already), plain in JSON. A bowl saved by the older form
# (three items, its rng from the seed) still loads and plays on.

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
