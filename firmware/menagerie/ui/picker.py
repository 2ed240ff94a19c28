# The value picker of the setup questions and the settings (how many
# players, how many rounds): the value in big type, UP/DOWN by one, LEFT/
# RIGHT by five where the board has them. Only those screens show it, so it
# compiles with them and is dropped with them (games.TRANSIENT) rather than
# stay in RAM beside every game and bowl.

from menagerie.ui.screen import Screen, btn, has_arrows, title_bar


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
