# The saved record's shape, checked at boot before anything is restored from
# it (app._restore), and the finished-games entries before the History
# screen lists them. The store's CRC proves the bytes are the ones written,
# not that they suit this firmware (a save from another build, a bug, a
# hand-made file): a value of the wrong shape would only fail later, on the
# History, bowl or Settings screen, as "Oops". Each piece is judged alone: a
# bad one is dropped (a setting keeps its current value, a bowl or the game
# is not restored, a history entry is not listed), the rest is kept, and the
# boot screen says what went. Boot-only (games.TRANSIENT); allocates little.

from menagerie.core.game import is_int

MAX_PLAYERS = 6
NAME_LEN = 10


def _plain(v, n):
    # Text the 5x8 font can show, 1..n characters.
    if not isinstance(v, str) or not 0 < len(v) <= n:
        return False
    for c in v:
        if not " " <= c <= "~":
            return False
    return True


def _ints(v, n=None):
    if not isinstance(v, list) or (n is not None and len(v) != n):
        return False
    for x in v:
        if not is_int(x):
            return False
    return True


def _ranges():
    # settings key -> (kind, low, high), from the settings.toml table.
    from menagerie import settings as S

    out = {}
    for key in S.KEYS:
        name, kind, low, high = S.KEYS[key]
        out[name] = (kind, low, high)
    return out


def settings(saved, current):
    # -> (the saved values that fit, number refused). Keys this firmware
    # does not know are ignored (not counted): a newer build may add some.
    got = {}
    if saved is None:
        return got, 0
    if not isinstance(saved, dict):
        return got, 1
    ranges = _ranges()
    bad = 0
    for k in saved:
        if k not in current:
            continue
        v = saved[k]
        if k == "names":
            names, n = _names(v, current[k])
            got[k] = names
            bad += n
            continue
        kind = ranges.get(k)
        if kind is None:
            ok = type(v) is type(current[k])
        elif kind[0] == "flag":
            ok = isinstance(v, bool)
        elif kind[0] == "int":
            ok = is_int(v) and kind[1] <= v <= kind[2]
        else:
            ok = type(v) is type(current[k])
        if ok:
            got[k] = v
        else:
            bad += 1
    return got, bad


def _names(v, current):
    # Name by name: a bad one keeps the current name. -> (names, refused)
    names = list(current)
    if not isinstance(v, list):
        return names, 1
    bad = 1 if len(v) != len(names) else 0   # the firmware saves all six
    for i in range(min(len(v), len(names))):
        if _plain(v[i], NAME_LEN):
            names[i] = v[i]
        else:
            bad += 1
    return names, bad


def _track(t):
    # A game or bowl as saved: {game, options, seed, actions}.
    if not isinstance(t, dict):
        return False
    if not isinstance(t.get("options"), dict) or not is_int(t.get("seed")):
        return False
    acts = t.get("actions")
    if not isinstance(acts, list):
        return False
    for a in acts:
        if not isinstance(a, list) or not a or not isinstance(a[0], str):
            return False
    return True


def bowl(b):
    if not _track(b):
        return False
    o = b["options"]
    names = o.get("names")
    if not isinstance(o.get("pool"), str) or not is_int(o.get("players")):
        return False
    if names is not None:
        if not isinstance(names, list):
            return False
        for n in names:
            if not _plain(n, NAME_LEN):
                return False
    return True


def game(g):
    return _track(g) and isinstance(g.get("game"), str)


def entry(e):
    # A finished game as the History screen and the host tools read it.
    if not isinstance(e, dict) or not isinstance(e.get("game"), str):
        return False
    players = e.get("players")
    if not isinstance(players, list) or not 0 < len(players) <= MAX_PLAYERS:
        return False
    n = len(players)
    for p in players:
        if not isinstance(p, str):
            return False
    scores = e.get("scores")
    if scores is not None and scores != [] and not _ints(scores, n):
        return False
    winners = e.get("winners")
    if winners is not None:
        if not _ints(winners):
            return False
        for w in winners:
            if not 0 <= w < n:
                return False
    rounds = e.get("rounds")
    if rounds is not None:
        if not isinstance(rounds, list):
            return False
        for r in rounds:
            if not _ints(r, n):
                return False
    start = e.get("start")
    return start is None or (is_int(start) and 0 <= start < n)


def check(record, current):
    # Cleans record in place (bowls, game, screen) and returns (the saved
    # settings that fit, [what was dropped, for the boot screen]).
    dropped = []
    s, bad = settings(record.get("settings"), current)
    if bad:
        dropped.append("%d setting%s" % (bad, "" if bad == 1 else "s"))
    bowls = record.get("bowls")
    keep = []
    if isinstance(bowls, list):
        for b in bowls:
            if bowl(b):
                keep.append(b)
        lost = len(bowls) - len(keep)
    else:
        lost = 0 if bowls is None else 1
    record["bowls"] = keep
    if lost:
        dropped.append("%d bowl%s" % (lost, "" if lost == 1 else "s"))
    g = record.get("game")
    if g is not None and not game(g):
        record["game"] = None
        dropped.append("the game")
    w = record.get("screen")
    if w is not None and not isinstance(w, str):
        record["screen"] = None
    return s, dropped


def note(dropped):
    # The boot screen's line for check()'s list (21 characters a line).
    if not dropped:
        return None
    return "Odd save, dropped:\n" + ", ".join(dropped)
