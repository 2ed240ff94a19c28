# A press whose work takes longer than a glance (a game's code to load, an
# island to make): this screen says so first, then does the work one slice
# per loop step. The app draws a screen a press opened before its first
# tick (app.step), so the line is on the display before any of the work.
# work: a generator; each next() is one slice (a board's few tens of ms up
# to ~300 ms), and its last slice puts the next screen in place of this
# one (app.replace) or leaves with app.pop(). Presses meanwhile do nothing:
# the work is what they asked for.
from menagerie.ui.screen import Screen, title_bar


class Busy(Screen):
    name = "busy"
    busy = True   # read by the bench and tests: work is under way

    def __init__(self, title, line, work):
        self.title = title
        self.line = line
        self.work = work

    def draw(self, c):
        title_bar(c, self.title)
        c.center(c.rows // 2, self.line)

    def key(self, app, k, t):
        pass

    def tick(self, app, now):
        w = self.work
        if w is None:
            return False
        try:
            next(w)
        except StopIteration:
            self.work = None
            if app.stack and app.top() is self:
                app.pop()   # the work put no screen in its place
            return True
        return False


def start(app, title, line, work):
    app.push(Busy(title, line, work))
