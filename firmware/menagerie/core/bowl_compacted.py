# A compacted bowl rebuilt from its option "start" (core/bowl_compact.py
# says what it holds and why): loaded by core/bowl.py only for such a bowl
# (boot, undo), apart from compact() so that a rebuild compiles only this.
# Both forms load: [out, shown, earlier, rng state] and the older
# [out, shown, earlier] (its rng from the seed).

from menagerie.core.game import RuleError, is_int


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
