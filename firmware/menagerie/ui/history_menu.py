# The finished games, from the main menu. Loaded when opened, dropped when
# a game starts (games.TRANSIENT).

from menagerie import games
from menagerie.ui.widgets import Menu, Message


class HistoryMenu(Menu):
    def __init__(self, app):
        self.entries_ = []
        if app.store is not None:
            try:
                self.entries_ = list(reversed(app.store.history()))
            except Exception:
                self.entries_ = []
        labels = [history_label(e) for e in self.entries_] or ["(no games yet)"]
        Menu.__init__(self, "History", labels, self.pick, name="history")

    def pick(self, app, i):
        if not self.entries_:
            return
        app.push(Message(history_label(self.entries_[i]), history_text(self.entries_[i])))


def history_label(e):
    return games.title(e.get("game", "?"))[:10] + " " + str(e.get("date", ""))[:10]


def history_text(e):
    names = e.get("players", [])
    scores = e.get("scores", [])
    winners = e.get("winners", [])
    lines = []
    for i in range(len(names)):
        star = "*" if i in winners else " "
        sc = scores[i] if i < len(scores) else ""
        lines.append("%s%s %s" % (star, names[i], sc))
    return "\n".join(lines)
