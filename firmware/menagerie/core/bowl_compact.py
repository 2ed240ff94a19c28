# Compacting a draw bowl (core/bowl.py): a die keeps no history beyond what
# its screens show, a pool keeps what is out of it and the draws its history
# lists, so bowls can never starve a game's saves however long the evening.
# Loaded only when a bowl compacts (the app, before an action, when a bowl
# has LIMIT actions); pure like the rest of the core.
#
# The compacted bowl is an ordinary game: (options with "start", a seed,
# no actions) replays it exactly. Its seed comes from the bowl's rng state,
# so it too is a function of the (options, seed, actions) it replaces; later
# draws are as fair as before (uniform among what is left), though not the
# ones the uncompacted bowl would have given.

KEEP = 16    # draws the history screen still lists after a compaction
LIMIT = 48   # actions a bowl may hold before the next one compacts it (app.act)


def compact(b, keep=KEEP):
    draws = b.draws()
    shown = draws[len(draws) - keep:] if len(draws) > keep else draws
    o = {}
    for k in b.options:
        o[k] = b.options[k]
    o["start"] = [list(b.out), shown, b.earlier + len(draws) - len(shown)]
    s = b.rng.state
    return b.__class__(o, (s ^ (s >> 32)) & 0xFFFFFFFF)
