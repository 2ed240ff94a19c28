# Reusable screens: a scrolling menu, a value picker with big digits and a
# message box (the name editor is ui/name_edit.py, loaded when used). Every
# one works with UP/OK/DOWN plus BACK (a long OK on the 3-button board);
# LEFT/RIGHT are only shortcuts.

from menagerie.ui.screen import Screen, btn, has_arrows, title_bar, wrap


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
        title_bar(c, self.title, "%d/%d" % (self.index + 1, len(labels)) if len(labels) > c.rows - 1 else None)
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


class Picker(Screen):
    # Pick one of `values` (shown in big type); `fmt` turns a value into text.
    # The values stop at their ends unless wrap_around; the keys and their
    # steps are on the screen on both boards (`app` names the buttons as
    # printed: the FeatherWing's A, B, C).
    name = "picker"

    def __init__(self, title, values, index, on_done, fmt=None, hint=None, name=None, on_back=None, wrap_around=False,
                 app=None):
        self.app = app
        self.title = title
        self.values = values
        self.index = index
        self.on_done = on_done
        self.fmt = fmt or str
        self.hint = hint
        self.on_back = on_back
        self.wrap_around = wrap_around
        if name:
            self.name = name

    def draw(self, c):
        title_bar(c, self.title)
        text = self.fmt(self.values[self.index])
        app = self.app
        if c.rows < 8:
            # 128x32: the value 14 px tall, the keys under it
            c.center(1, text, 2 if c.text_width(text, 2) <= c.width else 1)
            if app is None:
                c.center(3, "UP +1  DOWN -1  OK")
            else:
                c.center(3, "%s +1  %s -1  %s ok" % (btn(app, "UP"), btn(app, "DOWN"), btn(app, "OK")))
            return
        if c.big_width(text) <= c.width:
            c.big_center(2, text)
        else:
            c.center(3, text)
        c.center(6, "UP/DOWN 1  </> 5" if app is None or has_arrows(app) else "UP/DOWN change")
        c.center(7, self.hint or "OK confirms")

    def step(self, d):
        n = len(self.values)
        i = self.index + d
        if self.wrap_around:
            i %= n
        else:
            i = max(0, min(n - 1, i))
        self.index = i

    def key(self, app, k, t):
        if k == "UP":
            self.step(1)
        elif k == "DOWN":
            self.step(-1)
        elif k == "RIGHT":
            self.step(5)
        elif k == "LEFT":
            self.step(-5)
        elif k == "OK":
            self.on_done(app, self.values[self.index])
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
        if name:
            self.name = name

    def draw(self, c):
        title_bar(c, self.title)
        lines = wrap(self.text, c.cols)
        shown = c.rows - 1
        for r in range(shown):
            i = self.top + r
            if i < len(lines):
                c.text(r + 1, 0, lines[i])

    def key(self, app, k, t):
        if k == "DOWN":
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
