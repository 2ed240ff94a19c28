# When Animals Attack: a new game's island. Tiles are indexes y * w + x into
# bytearrays; neighbours are the four sides. Built-in maps are drawn in
# text; a random island grows from the game's seed and is kept only if
# playable and fair (fair()). Needed only to set a game up (the start module
# keeps the last island for undo); ui/when_animals_attack.route drops it.
from menagerie.core.game import RuleError
from menagerie.core.when_animals_attack_roster import FOREST, GRASS, HILLS, SAND, WATER, MAPS as NAMES

# A quarter of each built-in map (8 x 4; their names are the roster module's
# MAPS), mirrored left-right and top-bottom, so every corner start sees the
# same island. ~ water . grass f forest ^ hills : sand H settlement (on
# grass) 1 a start (the corners).
MAPS = (
    ("~~~~~~~~", "~1ff..::", "~f^^.H.~", "~:..f..~"),    # Atoll
    ("~~~~~~~~", "~1f^^.~~", "~f.H.:~~", "~..f.:::"),    # Twin isles
    ("~~~~~~~~", "~1.:f^^^", "~f.H.^..", "~~::..fH"),    # Ridge
)
_CHARS = "~.f^:"


def names():
    return ["random"] + list(NAMES)


def builtin(name):
    # -> (w, h, terrain, towns, starts): starts top-left, bottom-right,
    # top-right, bottom-left, so two players sit in opposite corners.
    if name not in NAMES:
        return None
    quarter = MAPS[NAMES.index(name)]
    rows = []
    for q in quarter:
        r = q
        for i in range(len(q) - 1, -1, -1):
            r += q[i]   # MicroPython strings have no [::-1]
        rows.append(r)
    for i in range(len(quarter) - 1, -1, -1):
        rows.append(rows[i])
    w = len(rows[0])
    h = len(rows)
    ter = bytearray(w * h)
    towns = []
    corners = []
    for y in range(h):
        for x in range(w):
            ch = rows[y][x]
            i = y * w + x
            if ch == "H":
                ter[i] = GRASS
                towns.append(i)
            elif ch == "1":
                ter[i] = FOREST
                corners.append(i)
            else:
                ter[i] = _CHARS.find(ch)
    # corners come out as top-left, top-right, bottom-left, bottom-right
    starts = [corners[0], corners[3], corners[1], corners[2]]
    return w, h, ter, towns, starts


def dist(ter, w, src, mask, towns=None):
    # Steps from src over terrains in mask; a live settlement is reached but
    # not crossed. -> bytearray, 255 = out of reach.
    n = len(ter)
    d = bytearray(b"\xff" * n)
    d[src] = 0
    q = bytearray(n)   # the queue: a tile enters once
    q[0] = src
    i = 0
    e = 1
    while i < e:
        u = q[i]
        i += 1
        if towns is not None and u != src and towns[u]:
            continue
        du = d[u] + 1
        x = u % w
        for v in (u - w, u + w, u - 1 if x else -1, u + 1 if x < w - 1 else -1):
            if 0 <= v < n and d[v] == 255 and (mask >> ter[v]) & 1:
                d[v] = du
                q[e] = v
                e += 1
    return d


def _score(ds, towns, ter, rooms):
    # Fairness from distance maps, per start: (steps to the nearest
    # settlement, sum of steps to all, tiles nearer to it than to any other
    # start, or 1 if not rooms). None when one cannot reach them all.
    n = len(ds)
    room = [0 if rooms else 1] * n
    for i in range(len(ter) if rooms else 0):
        best = 255
        who = -1
        for k in range(n):
            v = ds[k][i]
            if v < best:
                best = v
                who = k
            elif v == best:
                who = -1   # a tie: nobody's home ground
        if who >= 0:
            room[who] += 1
    out = []
    for k in range(n):
        d = ds[k]
        near = 255
        tot = 0
        for t in towns:
            if d[t] == 255:
                return None
            near = min(near, d[t])
            tot += d[t]
        out.append((near, tot, room[k]))
    return out


def measure(ter, w, towns, starts, mask, rooms=True):
    # The fairness measure of a map (see _score), settlements blocking the way.
    flags = bytearray(len(ter))
    for t in towns:
        flags[t] = 1
    return _score([dist(ter, w, s, mask, flags) for s in starts], towns, ter, rooms)


def fair(m, towns):
    # Fair: nearest settlements within a step of each other, totals within a
    # step per settlement, and nobody's home ground under 2/3 of another's.
    if m is None:
        return False
    near = [x[0] for x in m]
    tot = [x[1] for x in m]
    room = [x[2] for x in m]
    return (max(near) - min(near) <= 1 and max(tot) - min(tot) <= len(towns)
            and min(room) > 0 and 3 * min(room) >= 2 * max(room))


def _grow(rng, w, h):
    # Land grows from the middle by random steps; the rim stays water. A
    # generator: None after every few steps' work, (terrain, land) last.
    ter = bytearray(w * h)
    c = (h // 2) * w + w // 2
    ter[c] = GRASS
    land = bytearray([c])
    target = (w - 2) * (h - 2) * 7 // 10
    n = 0
    while len(land) < target:
        n += 1
        if n & 31 == 0:
            yield None   # late in the growth most steps land on land
        u = land[rng.below(len(land))]
        k = rng.below(4)
        v = u - w if k == 0 else u + w if k == 1 else u - 1 if k == 2 else u + 1
        x = v % w
        y = v // w
        if 0 < x < w - 1 and 0 < y < h - 1 and ter[v] == WATER:
            ter[v] = GRASS
            land.append(v)
    yield None
    # terrain regions: a land tile takes the nearest of a few seeds
    kinds = (GRASS, FOREST, HILLS, SAND, GRASS, FOREST, HILLS)
    seeds = bytearray(len(kinds))
    for j in range(len(kinds)):
        seeds[j] = land[rng.below(len(land))]
    yield None
    for i in range(len(land)):
        if i & 31 == 31:
            yield None
        u = land[i]
        best = 99
        for j in range(len(seeds)):
            s = seeds[j]
            d = abs(s % w - u % w) + abs(s // w - u // w)
            if d < best:
                best = d
                ter[u] = kinds[j]
    yield ter, land


# Where the starts go, (x, y) in eighths of the map: opposite corners for
# two, a triangle for three, four corners.
_ANCHORS = (((1, 1), (7, 7)), ((1, 1), (7, 1), (4, 7)), ((1, 1), (7, 7), (7, 1), (1, 7)))


def _starts(rng, w, h, comp, players):
    # Each start: one of the 3 land tiles nearest its anchor (drawn).
    out = []
    for ax, ay in _ANCHORS[players - 2]:
        px = ax * (w - 1) // 8
        py = ay * (h - 1) // 8
        best = [99999, 99999, 99999]   # distance * 256 + tile
        for u in comp:
            if u in out:
                continue
            k = (abs(u % w - px) + abs(u // w - py)) * 256 + u
            if k < best[2]:
                best[2] = k
                best.sort()
        n = 3 - best.count(99999)
        out.append(best[rng.below(n)] & 255)
    return out


def random_map(rng, w, h, ntowns, players, native, mask):
    # -> (w, h, terrain, towns, starts): random_steps run to the end.
    for r in random_steps(rng, w, h, ntowns, players, native, mask):
        pass
    return r


def random_steps(rng, w, h, ntowns, players, native, mask):
    # Tries islands until one is fair (the last resort, never seen in the
    # tests, is Atoll). Quick: the distances from each start are found once
    # per island, settlements left out, and only settlements fair by those
    # are measured for real. A generator: it yields None after each piece
    # of work (an island grown, a set of settlements tried) so that a
    # caller can make the island between presses (ui/when_animals_attack_
    # setup.py), and the island last. The draws are the same however it is
    # run, so a seed makes the same island.
    for attempt in range(40):
        for g in _grow(rng, w, h):
            yield None
        ter, land = g
        d = dist(ter, w, land[0], mask)
        comp = bytearray([u for u in land if d[u] != 255])
        yield None
        if len(comp) < ntowns * 3 + players * 2:
            continue
        starts = _starts(rng, w, h, comp, players)
        yield None
        ds = []
        for s in starts:
            ds.append(dist(ter, w, s, mask))
            yield None
        room = [x[2] for x in _score(ds, (), ter, True)]
        if min(room) == 0 or 3 * min(room) < 2 * max(room):
            continue   # home ground lopsided
        spare = bytearray([u for u in comp if u not in starts])
        yield None
        for k in range(60):
            towns = []
            for j in range(ntowns * 8):
                if len(towns) == ntowns:
                    break
                u = spare[rng.below(len(spare))]
                ok = True
                for t in towns:
                    if abs(t % w - u % w) + abs(t // w - u // w) < 3:
                        ok = False
                for t in starts:
                    if abs(t % w - u % w) + abs(t // w - u // w) < 2:
                        ok = False
                if ok:
                    towns.append(u)
            if (len(towns) == ntowns and fair(_score(ds, towns, ter, False), towns)
                    and fair(measure(ter, w, towns, starts, mask), towns)):
                for s in starts:
                    ter[s] = native
                yield w, h, ter, towns, starts
                return
            yield None
    b = builtin("Atoll")
    yield b[0], b[1], b[2], b[3], b[4][:players]


def island(rng, o, n, first):
    # A new game's (w, h, terrain, towns, starts): n players, options o,
    # starting animal first; built-in maps deal corners from rng.
    for r in island_steps(rng, o, n, first):
        pass
    return r


def island_steps(rng, o, n, first):
    # island() as a generator: None after each piece of work, the island
    # last (random_steps).
    from menagerie.core.when_animals_attack_roster import TERRAIN, ENTERS

    if o["map"] == "random":
        for b in random_steps(rng, o["w"], o["h"], o["towns"], n, first[TERRAIN], first[ENTERS]):
            if b is None:
                yield None
        yield None   # the island is measured once more below: a slice of its own
    else:
        b = builtin(o["map"])
        if b is None:
            raise RuleError("unknown map")
    w, h, ter, towns, starts = b
    # Who sits in which corner is drawn: two players take opposite ones. On
    # a random island with 3-4 players the spots are dealt too (they lie
    # near fixed corners, and the three-player triangle's third one won
    # 21 % of bot games); two players there sit as they were made. Option
    # deal: a game saved before this (no deal in its options, 0) keeps the
    # island it was made on; the device's new games deal (1).
    if o["map"] != "random" or (n > 2 and o["deal"]):
        order = rng.shuffle(list(range(len(starts))))
        if n == 2:
            order = [order[0], order[0] ^ 1]
        starts = [starts[i] for i in order]
    starts = starts[:n]
    if measure(ter, w, towns, starts, first[ENTERS]) is None:
        raise RuleError("map unplayable\nwith these animals")
    yield w, h, ter, towns, starts
