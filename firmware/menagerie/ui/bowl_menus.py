# The bowl's less used screens: what else to do (put back, reshuffle, undo),
# the pick of an item to put back, the draw history. Split from ui/bowl.py
# so a draw beside a live game compiles only the bowl itself; dropped when
# the bowl is left (ui/bowl.py) and before a game loads (games.TRANSIENT).

from menagerie.ui.widgets import Menu, Message


class BowlActions(Menu):
    def __init__(self, pool):
        self.pool = pool
        Menu.__init__(self, "Bowl", ["Put last back", "Put one back", "Reshuffle all", "Undo", "History", "Done"],
                      self.pick, name="bowl_actions")

    def pick(self, app, i):
        b = app.bowls[self.pool]
        if i == 0:
            if not b.out:
                app.toast("Nothing drawn")
                return
            if app.act(("return", b.out[-1]), b):
                app.pop()
                app.toast("Put back")
        elif i == 1:
            if not b.out:
                app.toast("Nothing drawn")
                return
            app.replace(PutBack(self.pool, b))
        elif i == 2:
            if app.act(("reshuffle",), b):
                app.pop()
                app.toast("All back in\nthe bowl")
        elif i == 3:
            if app.undo(self.pool):
                app.pop()
        elif i == 4:
            app.replace(history_screen(b))
        else:
            app.pop()


class PutBack(Menu):
    def __init__(self, pool, b):
        self.pool = pool
        self.items = [b.out[k] for k in range(len(b.out) - 1, -1, -1)]
        Menu.__init__(self, "Put back", [b.text(i) for i in self.items], self.pick, name="bowl_put_back")

    def pick(self, app, i):
        b = app.bowls[self.pool]
        if app.act(("return", self.items[i]), b):
            app.pop()
            app.toast("Put back")


def history_screen(b):
    # Newest first; a compacted bowl (core/bowl_compact.py) lists its last
    # draws and counts the ones before them.
    draws = b.draws()
    if not draws:
        return Message("History", "No draws yet.")
    lines = []
    for k in range(len(draws) - 1, -1, -1):
        lines.append("%d. %s" % (b.earlier + k + 1, b.text(draws[k])))
    if b.earlier:
        lines.append("+%d earlier" % b.earlier)
    return Message("History (%d)" % (b.earlier + len(draws)), "\n".join(lines), name="bowl_history")
