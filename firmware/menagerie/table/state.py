# What the table view's page shows, as JSON: the live state (the game in
# progress through its family's view module, the draw bowls, the history's
# size) and the finished games in chunks. Built only when a phone asks and
# the state changed since the last answer; read-only: nothing here changes
# the app.
import json

from menagerie import games
from menagerie.ui.names import names_of

CHUNK = 1500   # history bytes per answer: one answer stays well inside the budget
RECENT = 12    # draws of a bowl the page lists


def exists(path):
    import os

    try:
        os.stat(path)
        return True
    except OSError:
        return False


def fingerprint(app):
    # Changes whenever a phone's page must: every confirmed entry is saved
    # (the store's byte count moves), undo replaces the game object.
    st = app.store
    g = app.game
    return (st.bytes_written if st is not None else 0, app.game_id, id(g),
            len(g.actions) if g is not None else -1, len(app.bowls) + len(app.saved_bowls), app.where,
            tuple(app.settings["names"]))


def view_module(game_id):
    return games.import_module("menagerie.table.view_" + game_id)


def build(app, version):
    s = app.settings
    out = {"v": version, "board": app.profile.NAME, "where": app.where,
           "names": names_of(app, len(s["names"])),
           # the history's game ids as the device names them (the page's export)
           "titles": [[e[0], e[1]] for e in games.GAMES]}
    g = app.game
    if g is not None:
        view = view_module(app.game_id).view(app, g)
        view["id"] = app.game_id
        view["title"] = games.title(app.game_id)
        view["actions"] = len(g.actions)
        out["game"] = view
    bowls = []
    for pool in sorted(app.bowls_in()):
        bowls.append(bowl(app.bowls[pool]))
    out["bowls"] = bowls
    st = app.store
    out["history"] = st.history_count() if st is not None else 0
    return json.dumps(out)


def bowl(b):
    # The last draws (newest last), as the bowl's screens name them.
    recent = []
    for e in b.log[-RECENT:]:
        kind = e[0]
        if kind == "reshuffle":
            recent.append(["reshuffle", "%d back in" % e[1]])
        elif kind == "roll":
            recent.append(["roll", b.labels[e[1]]])
        else:
            recent.append([kind, b.text(e[1])])
    last = b.last()
    return {"pool": b.options["pool"], "title": pool_title(b),
            "dice": b.dice, "size": len(b.labels), "remaining": len(b.bowl),
            "draws": b.earlier + len(b.draws()), "last": None if last is None else b.text(last),
            "recent": recent}


def pool_title(b):
    from menagerie.core.pools import POOL_TITLES

    return POOL_TITLES[b.options["pool"]]


def history_chunk(app, first):
    # {"count", "from", "next", "games": [entry, ...]} with the finished
    # games from index `first` (0 = the oldest) up to about CHUNK bytes; the
    # page asks again from "next" until it reaches "count".
    st = app.store
    n = st.history_count() if st is not None else 0
    first = max(0, min(first, n))
    parts = []
    size = 0
    i = first
    while i < n and (not parts or size < CHUNK):
        try:
            text = json.dumps(st.history_entry(i))
        except Exception:
            text = "null"   # unreadable: the page counts it, the rest comes
        parts.append(text)
        size += len(text)
        i += 1
    return '{"count":%d,"from":%d,"next":%d,"games":[%s]}' % (n, first, i, ",".join(parts))
