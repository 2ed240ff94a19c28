# Reusable screens: a scrolling menu and a message box (the value picker is
# ui/picker.py and the name editor ui/name_edit.py, loaded when used). Every
# one works with UP/OK/DOWN plus BACK (a long OK on the 3-button board);
# LEFT/RIGHT are only shortcuts.

from menagerie.ui.screen import Screen, title_bar, wrap


def menu_rows(c, labels, index, top, shown):
    # A menu's lines on `shown` screen rows from row `top`, scrolled so the
    # chosen one shows, inverted (every list of choices draws so).
    first = 0 if index < shown else index - shown + 1
    for r in range(shown):
        i = first + r
        if i >= len(labels):
            break
        if i == index:
            c.fill_row(top + r)
            c.text(top + r, 1, ">" + labels[i], invert=True)
        else:
            c.text(top + r, 1, " " + labels[i])


class Menu(Screen):
    name = "menu"

    def __init__(self, title, items, on_pick, index=0, name=None, on_back=None):
        # items: list of labels, or a function returning it (re-read on each draw
        # so that labels can show live values such as "Sound: on").
        self.title = title
        self.items = items
        self.on_pick = on_pick
        self.index = index
        self.on_back = on_back
        if name:
            self.name = name

    def labels(self):
        it = self.items
        return it() if callable(it) else it

    def draw(self, c):
        labels = self.labels()
        count = "%d/%d" % (self.index + 1, len(labels)) if len(labels) > c.rows - 1 else None
        if count and len(self.title) + 1 + len(count) > c.cols:
            count = None   # a long title (a legend) wins: never run together
        title_bar(c, self.title, count)
        menu_rows(c, labels, self.index, 1, c.rows - 1)

    def key(self, app, k, t):
        n = len(self.labels())
        if k == "UP":
            self.index = (self.index - 1) % n
        elif k == "DOWN":
            self.index = (self.index + 1) % n
        elif k == "LEFT":
            self.index = 0
        elif k == "RIGHT":
            self.index = n - 1
        elif k == "OK" or k == "RIGHT":
            self.on_pick(app, self.index)
        elif k == "BACK":
            if self.on_back:
                self.on_back(app)
            else:
                app.pop()


class Message(Screen):
    # A few lines of text; OK (or BACK) leaves and calls on_ok.
    name = "message"

    def __init__(self, title, text, on_ok=None, name=None):
        self.title = title
        self.text = text
        self.on_ok = on_ok
        self.top = 0
        self.last = 0
        if name:
            self.name = name

    def draw(self, c):
        lines = wrap(self.text, c.cols)
        shown = c.rows - 1
        self.last = max(0, len(lines) - shown)
        self.top = min(self.top, self.last)
        # lines below the panel: the title bar says so, as the bowl's "v
        # more" does (DOWN on every board: the Feather's C is under it)
        title_bar(c, self.title, "v more" if self.top < self.last and len(self.title) < 15 else None)
        for r in range(shown):
            i = self.top + r
            if i < len(lines):
                c.text(r + 1, 0, lines[i])

    def key(self, app, k, t):
        if k == "DOWN" and self.top < self.last:
            self.top += 1
        elif k == "UP" and self.top > 0:
            self.top -= 1
        elif k == "OK" or k == "BACK":
            app.pop()
            if self.on_ok:
                self.on_ok(app)


def confirm(app, question, yes_label, on_yes, name="confirm", no_text="Nothing changed"):
    # A yes/no question; "No" comes first, so a stray OK changes nothing,
    # and says so: both answers are acknowledged (the "yes" side by what it
    # does, a message or the screen it opens).
    def answer(app, i):
        app.pop()
        if i == 1:
            on_yes(app)
        else:
            app.toast(no_text)

    app.push(Menu(question, ["No", yes_label], answer, name=name))


def ask_undo(app, label):
    # "Undo round 3?" from a game's menu: undo, then the game's own screen.
    def yes(app):
        if app.undo():
            app.home()
            app.open_game()

    confirm(app, label + "?", "Yes, undo", yes, name="ai_confirm", no_text="Not undone")
