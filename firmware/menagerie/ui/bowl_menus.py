# The bowl's less used screens: what else to do (put back, reshuffle, undo),
# the pick of an item to put back, the draw history. Split from ui/bowl.py
# so a draw beside a live game compiles only the bowl itself; dropped when
# the bowl is left (ui/bowl.py) and before a game loads (games.TRANSIENT).

from menagerie.ui.widgets import Menu, Message


class BowlActions(Menu):
    # A die has nothing to put back or reshuffle: it is offered only what
    # makes sense for a roll (undo, history).
    def __init__(self, pool, dice=False):
        self.pool = pool
        items = ["Undo", "History", "Done"]
        if not dice:
            items = ["Put last back", "Put one back", "Reshuffle all"] + items
        Menu.__init__(self, "Bowl", items, self.pick, name="bowl_actions")

    def pick(self, app, i):
        b = app.bowls[self.pool]
        what = self.items[i]
        if what == "Put last back":
            if not b.out:
                app.toast("Nothing drawn")
                return
            if app.act(("return", b.out[-1]), b):
                app.pop()
                app.toast("Put back")
        elif what == "Put one back":
            if not b.out:
                app.toast("Nothing drawn")
                return
            app.replace(PutBack(self.pool, b))
        elif what == "Reshuffle all":
            if not b.out:
                app.toast("Bowl is already full")
                return
            app.replace(Menu("Reshuffle all?", ["No, keep draws", "Yes, reshuffle"], self.reshuffle,
                             name="bowl_reshuffle"))
        elif what == "Undo":
            if not b.actions and b.log:
                # what is listed was compacted (core/bowl_compact.py): it
                # stays in the history but cannot be taken back
                app.toast("Too old to undo")
                return
            if app.undo(self.pool):
                app.pop()
        elif what == "History":
            app.replace(history_screen(b))
        else:
            app.pop()

    def reshuffle(self, app, i):
        # Asked first: one press would otherwise undo a whole evening's draws.
        app.pop()
        if i != 1:
            app.toast("Draws kept")
        elif app.act(("reshuffle",), app.bowls[self.pool]):
            app.toast("All back in\nthe bowl")


class PutBack(Menu):
    def __init__(self, pool, b):
        self.pool = pool
        # Pool indexes, newest draw first. Not "items": Menu keeps its labels
        # there, and the labels are not what the core's "return" expects.
        self.drawn = [b.out[k] for k in range(len(b.out) - 1, -1, -1)]
        Menu.__init__(self, "Put back", [b.text(i) for i in self.drawn], self.pick, name="bowl_put_back")

    def pick(self, app, i):
        b = app.bowls[self.pool]
        if app.act(("return", self.drawn[i]), b):
            app.pop()
            app.toast("Put back")


def history_screen(b):
    # Newest first; a compacted bowl (core/bowl_compact.py) lists its last
    # draws and counts the ones before them.
    draws = b.draws()
    if not draws:
        return Message("History", "No draws yet.", name="bowl_history")
    lines = []
    for k in range(len(draws) - 1, -1, -1):
        lines.append("%d. %s" % (b.earlier + k + 1, b.text(draws[k])))
    if b.earlier:
        lines.append("+%d earlier" % b.earlier)
    return Message("History (%d)" % (b.earlier + len(draws)), "\n".join(lines), name="bowl_history")
