# The season, from the main menu: every game the store keeps (newest first,
# numbered from the oldest), abandoned ones marked, and per-player
# statistics (core/season.py: the same numbers `menagerie export` writes).
# Loaded when opened, dropped when a game starts (games.TRANSIENT).

from menagerie import games
from menagerie.ui.widgets import Menu, Message

_PLAYERS = "Player statistics"
_ODD = []  # the boot's odd history entries, shown as empty games


class HistoryMenu(Menu):
    # The store keeps up to 200 games as places on flash; none is held here:
    # a row's label, a game's detail and the statistics each read entries
    # one at a time (Store.history_entry) and drop them.
    def __init__(self, app):
        self.store = app.store
        self.n = 0
        hist_dropped = 0  # games the full history let go (counted by the store)
        if app.store is not None:
            try:
                self.n = app.store.history_count()
                hist_dropped = getattr(app.store, "hist_dropped", 0)
                # An entry of an odd shape (record_check at boot, which the
                # boot screen counted) reads as {}: it would fail as "Oops".
                _ODD[:] = getattr(app, "odd_history", ())
            except Exception:
                self.n = 0
        n = self.n
        # newest first (the detail's title says its place in the season)
        labels = _Labels(self.store, n, hist_dropped) if n else ["(no games yet)"]
        if hist_dropped and not n:
            labels.append("%d older dropped" % hist_dropped)
        Menu.__init__(self, "History (%d)" % n, labels, self.pick, name="history")

    def pick(self, app, i):
        n = self.n
        if not n:
            return
        if i > n:
            return
        if i == 0:
            app.push(PlayersMenu(entries(self.store, n)))
            return
        e = _entry(self.store, n - i)
        # its place in the season and which game it was
        head = "Game %d: " % (n - i + 1)
        app.push(Message(head + short_title(e, 21 - len(head)), history_text(e), name="history_game"))


class _Labels:
    # The menu's rows: "Player statistics", then game n-1 .. 0 (newest
    # first), each parsed when drawn; the few rows on screen are cached;
    # last, how many older games the full history dropped, if any.
    def __init__(self, store, n, hist_dropped=0):
        self.store = store
        self.n = n
        self.hist_dropped = hist_dropped
        self.cache = {}

    def __len__(self):
        return self.n + 1 + (1 if self.hist_dropped else 0)

    def __getitem__(self, k):
        if k == 0:
            return _PLAYERS
        if k > self.n:
            if k > self.n + (1 if self.hist_dropped else 0):
                raise IndexError(k)
            return "%d older dropped" % self.hist_dropped
        s = self.cache.get(k)
        if s is None:
            if len(self.cache) > 8:
                self.cache = {}
            s = self.cache[k] = history_label(_entry(self.store, self.n - k))
        return s


def _entry(store, i):
    # Game i (0 the oldest), parsed now; a damaged one reads as {}.
    try:
        e = store.history_entry(i)
    except Exception:
        return {}
    return e if isinstance(e, dict) and e not in _ODD else {}


def entries(store, n):
    # Every kept game, oldest first, one parsed at a time (for the statistics).
    for i in range(n):
        yield _entry(store, i)


class PlayersMenu(Menu):
    # Everyone who played, most games first; OK shows their numbers.
    def __init__(self, history):
        # history: any iterable of entries (a generator reading the store)
        from menagerie.core.season import player_stats

        stats = player_stats(history)
        stats.sort(key=lambda p: (-_played(p), p["name"].lower()))
        self.stats = stats
        labels = ["%s (%d)" % (p["name"], _played(p)) for p in stats] or ["(no players yet)"]
        Menu.__init__(self, "Players", labels, self.pick, name="history_players")

    def pick(self, app, i):
        if self.stats:
            p = self.stats[i]
            app.push(Message(p["name"], stats_text(p), name="history_player"))


def _played(p):
    n = 0
    for g in p["games"]:
        n += g["played"]
    return n


def stats_text(p):
    # A few short lines per game type; the Message screen scrolls them.
    from menagerie.core.season import tenths

    lines = []
    for g in p["games"]:
        lines.append("%s: %d %s" % (games.title(g["game"]), g["played"], "game" if g["played"] == 1 else "games"))
        lines.append(" won %d (%d%%)" % (g["wins"], g["rate"]))
        lines.append(" best %d, avg %s" % (g["best"], tenths(g["avg10"])))
    if p["abandoned"]:
        lines.append("abandoned: %d" % p["abandoned"])
    return "\n".join(lines) or "No finished games."


def short_title(e, room):
    # The game's name whole if it fits, else its last word (Maniacs, Attack)
    title = games.title(e.get("game", "?"))
    return title if len(title) <= room else title.split(" ")[-1]


def history_label(e):
    # The board has no clock: a game is told apart by who won and with what.
    # 20 characters: the winning score whole, the game's name whole up to 10
    # letters, else its last word (Maniacs, Attack: never "When Anima"), the
    # winners' names with what is left.
    title = short_title(e, 10)
    if e.get("abandoned"):
        who = "abandoned"
        top = ""
    else:
        names = e.get("players") or []
        scores = e.get("scores") or []
        won = [i for i in (e.get("winners") or []) if isinstance(i, int) and 0 <= i < len(names)]
        who = "+".join(str(names[i]) for i in won) or "?"
        top = scores[won[0]] if won and won[0] < len(scores) else ""
        top = " " + str(top) if top != "" else ""
    room = max(2, 20 - len(title) - 1 - len(top))
    if len(who) > room:
        # a shared win whose later names would be lost whole ends in "+"
        # (and others): "Benjami+"; else the last name is cut ("Ana+Benj")
        cut = who[:room]
        if "+" in who[room:] or who[room] == "+":
            cut = cut[:room - 1].rstrip("+") + "+"
        who = cut
    return (title + " " + who + top)[:20]


def history_text(e):
    # One line a player, scores right-aligned; * marks the winners.
    names = e.get("players") or []
    scores = e.get("scores") or []
    winners = e.get("winners") or []
    lines = []
    if e.get("abandoned"):
        n = len(e.get("rounds") or [])
        lines.append("Abandoned: %d %s" % (n, "round" if n == 1 else "rounds"))
        winners = []
    for i in range(len(names)):
        star = "*" if i in winners else " "
        sc = str(scores[i]) if i < len(scores) else ""
        nm = str(names[i])
        lines.append(star + nm + " " * max(1, 20 - len(nm) - len(sc)) + sc)
    return "\n".join(lines)
