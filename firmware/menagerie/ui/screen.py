# Base class of every screen. A screen draws itself from scratch on the canvas
# (the flusher sends only what changed) and reacts to keys.


class Screen:
    name = "screen"

    def draw(self, c):
        pass

    def key(self, app, k, t):
        # Default: BACK leaves the screen.
        if k == "BACK":
            app.pop()

    def tick(self, app, now):
        # Return True when the screen needs a redraw (timers, animations).
        return False


class Busy(Screen):
    # A press whose work takes longer than a glance (a game's code to load,
    # an island to make) says so first, then does the work one slice per
    # loop step: the app draws a screen a press opened before its first
    # tick (app.step), so this line is on the display before the work.
    # task: a generator, each next() a slice (a board's few tens of ms, up
    # to ~300 ms); its last slice puts the next screen in place of this one
    # (app.replace) or pops it. Keys pressed meanwhile wait and go, in
    # order, to the screen the work leaves on top.
    name = "busy"

    def __init__(self, title, text, task):
        self.title = title
        self.text = text
        self.task = task
        self.keys = []

    def draw(self, c):
        title_bar(c, self.title)
        c.center(c.rows // 2, self.text)

    def key(self, app, k, t):
        self.keys.append((k, t))

    def tick(self, app, now):
        if self.task is None:
            return False
        try:
            next(self.task)
            if app.stack and app.top() is self:
                return False
        except StopIteration:
            self.task = None
            if app.stack and app.top() is self:
                app.pop()   # the work put no screen in its place
        keys = self.keys
        self.keys = []
        for k, t in keys:
            app.top().key(app, k, t)
        return True


def btn(app, name):
    # The label printed on a button: the FeatherWing's are A, B, C.
    prof = app.profile
    if prof.PLAYERS:
        return name
    for i in range(len(prof.NAV)):
        if prof.NAV[i][0] == name:
            return chr(65 + i)
    return name


def has_arrows(app):
    # LEFT/RIGHT exist on this board (the Pico's; not the FeatherWing's)
    for e in app.profile.NAV:
        if e[0] == "LEFT":
            return True
    return False


def title_bar(c, title, right=None):
    c.fill_row(0)
    c.text(0, 1, title, invert=True)
    if right:
        c.text(0, c.width - c.text_width(right) - 1, right, invert=True)


def wrap(text, width):
    # Word wrap for the 21-character line; keeps explicit newlines and a
    # line's indent (" animals 2 of 3" under "P1: 2 tiles" is P1's).
    out = []
    for para in text.split("\n"):
        ind = len(para) - len(para.lstrip(" "))
        line = ""
        for word in para[ind:].split(" "):
            if not line:
                line = " " * ind + word
            elif len(line) + 1 + len(word) <= width:
                line = line + " " + word
            else:
                out.append(line)
                line = word
            while len(line) > width:
                # a word longer than the line (a settings key): broken
                # after an underscore where it has one
                k = line.rfind("_", 0, width) + 1 or width
                out.append(line[:k])
                line = line[k:]
        out.append(line)
    return out
