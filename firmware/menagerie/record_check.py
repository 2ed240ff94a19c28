# The saved record's shape, checked at boot before anything is restored from
# it (App.boot), and the finished-games entries the History screen lists.
# The store's CRC proves the bytes are the ones written, not that they suit
# this firmware (a save from another build, a bug, a hand-made file): a value
# of the wrong shape would only fail later, on the History, bowl or Settings
# screen, as "Oops". Each piece is judged alone: a bad one is dropped (a
# setting keeps its current value, a bowl or the game is not restored, a
# history entry is not listed), the rest is kept, and the boot screen says
# what went. It also decides which settings win: the saved ones, or those
# of a settings.toml edited since the save (docs/persistence.md, Settings).
# Kept small and out of app.py: it is compiled at boot beside the loaded
# save, and dropped as soon as it has run (restore._check_shapes).
from menagerie.core.game import is_int


def _plain(v):
    # A name the 5x8 font shows: 1..10 printable ASCII characters.
    if not isinstance(v, str) or not 0 < len(v) <= 10:
        return False
    for c in v:
        if not " " <= c <= "~":
            return False
    return True


def _ints(v, n):
    if not isinstance(v, list) or (n >= 0 and len(v) != n):
        return False
    for x in v:
        if not is_int(x):
            return False
    return True


def _track(t, bowl):
    # A game or a bowl as saved: {game, options, seed, actions}.
    if not isinstance(t, dict) or not is_int(t.get("seed")):
        return False
    o = t.get("options")
    acts = t.get("actions")
    if not isinstance(o, dict) or not isinstance(acts, list):
        return False
    for a in acts:
        # A game's action opens with its kind: a word, or a small number
        # (When Animals Attack's actions are all numbers).
        if not isinstance(a, list) or not a or not (isinstance(a[0], str) or is_int(a[0])):
            return False
    if not bowl:
        return isinstance(t.get("game"), str)
    names = o.get("names")
    if names is not None:
        if not isinstance(names, list):
            return False
        for n in names:
            if not _plain(n):
                return False
    return isinstance(o.get("pool"), str) and is_int(o.get("players"))


def entry(e):
    # A finished game as the History screen and the host tools read it.
    if not isinstance(e, dict) or not isinstance(e.get("game"), str):
        return False
    p = e.get("players")
    if not isinstance(p, list) or not 0 < len(p) <= 6:
        return False
    n = len(p)
    for x in p:
        if not isinstance(x, str):
            return False
    s = e.get("scores")
    w = e.get("winners")
    r = e.get("rounds")
    if s not in (None, []) and not _ints(s, n):
        return False
    if w is not None and not _ints(w, -1):
        return False
    for x in w or ():
        if not 0 <= x < n:
            return False
    if r is not None and not isinstance(r, list):
        return False
    for x in r or ():
        if not _ints(x, n):
            return False
    x = e.get("start")
    return x is None or (is_int(x) and 0 <= x < n)


def check(record, current):
    # Cleans record in place (its settings to the values that fit, bad bowls
    # and game out) -> [what was dropped] for the boot screen. Settings keys
    # this firmware does not know are left out without a word (a newer build
    # may add some); a value must have the current one's type, players 2..6.
    dropped = []
    saved = record.get("settings")
    got = {}
    bad = 0 if saved is None or isinstance(saved, dict) else 1
    for k in saved if isinstance(saved, dict) else ():
        v = saved[k]
        if k not in current:
            continue
        if k == "names":
            names = list(current[k])
            if not isinstance(v, list) or len(v) != len(names):
                bad += 1   # the firmware saves all six
                v = v if isinstance(v, list) else ()
            for i in range(min(len(v), len(names))):
                if _plain(v[i]):
                    names[i] = v[i]
                else:
                    bad += 1
            for i in range(len(names)):
                if names[i] in names[:i]:
                    # Two players of one name: a bowl refuses them. The
                    # current names stay.
                    names = list(current[k])
                    bad += 1
                    break
            got[k] = names
        elif type(v) is type(current[k]) and not (k == "players" and not 2 <= v <= 6):
            got[k] = v
        else:
            bad += 1
    record["settings"] = got
    if bad:
        dropped.append("%d setting%s" % (bad, "" if bad == 1 else "s"))
    bowls = record.get("bowls")
    keep = [b for b in bowls if _track(b, True)] if isinstance(bowls, list) else []
    lost = len(bowls) - len(keep) if isinstance(bowls, list) else (0 if bowls is None else 1)
    record["bowls"] = keep
    if lost:
        dropped.append("%d bowl%s" % (lost, "" if lost == 1 else "s"))
    g = record.get("game")
    if g is not None and not _track(g, False):
        record["game"] = None
        dropped.append("the game")
    if not isinstance(record.get("screen"), str):
        record["screen"] = None
    return dropped


def boot(app, record, hist, notes):
    # At boot: check the record and the history, restore the settings that
    # win into app.settings, say what the players must know. -> True when
    # an edited settings.toml changed a setting (the app saves at once).
    odd = [e for e in hist if not entry(e)]
    app.odd_history = odd   # the History screen does not list these
    if odd:
        notes.append("%d odd history\nentr%s hidden" % (len(odd), "y" if len(odd) == 1 else "ies"))
    if not record:
        return False
    dropped = check(record, app.settings)
    if dropped:
        notes.append("Odd save, dropped:\n" + ", ".join(dropped))
    s = record["settings"]
    toml = app.toml
    edited = toml is not None and "toml" in record and record["toml"] != toml[0]
    updated = []
    for k in sorted(s):
        if edited and k in toml[1]:
            if s[k] != app.settings[k]:
                updated.append(k)
            continue
        app.settings[k] = s[k]
    if updated:
        notes.append("settings.toml changed\n" + ", ".join(updated) + " updated")
    return len(updated) > 0
