# The finished games, from the main menu. Loaded when opened, dropped when
# a game starts (games.TRANSIENT).

from menagerie import games
from menagerie.ui.widgets import Menu, Message


SHOWN = 16  # newest games parsed into RAM; the store keeps up to 200


class HistoryMenu(Menu):
    def __init__(self, app):
        self.entries_ = []
        more = 0
        gone = 0  # dropped when the history was full (counted by the store)
        if app.store is not None:
            try:
                # An entry of an odd shape (record_check at boot, which the
                # boot screen counted) is not listed: it would fail as "Oops".
                odd = getattr(app, "odd_history", ())
                self.entries_ = [e for e in reversed(app.store.history(SHOWN)) if e not in odd]
                more = app.store.history_count() - len(self.entries_)
                gone = app.store.hist_dropped
            except Exception:
                self.entries_ = []
        labels = [history_label(e) for e in self.entries_] or ["(no games yet)"]
        if more > 0:
            labels.append("+%d older: pull" % more)
        if gone > 0:
            labels.append("%d older dropped" % gone)
        Menu.__init__(self, "History", labels, self.pick, name="history")

    def pick(self, app, i):
        if i >= len(self.entries_):
            return
        app.push(Message(history_label(self.entries_[i]), history_text(self.entries_[i])))


def history_label(e):
    # The board has no clock: a game is told apart by who won and with what.
    names = e.get("players") or []
    scores = e.get("scores") or []
    won = [i for i in (e.get("winners") or []) if isinstance(i, int) and 0 <= i < len(names)]
    who = "+".join(str(names[i]) for i in won) or "?"
    top = scores[won[0]] if won and won[0] < len(scores) else ""
    return (games.title(e.get("game", "?"))[:10] + " " + who + " " + str(top))[:20]


def history_text(e):
    names = e.get("players") or []
    scores = e.get("scores") or []
    winners = e.get("winners") or []
    lines = []
    for i in range(len(names)):
        star = "*" if i in winners else " "
        sc = scores[i] if i < len(scores) else ""
        lines.append("%s%s %s" % (star, names[i], sc))
    return "\n".join(lines)
