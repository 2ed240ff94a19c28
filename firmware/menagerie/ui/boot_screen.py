# The boot screen: version and the notes the players must read (a damaged
# save, a settings typo). Shown only when there is such a note (App.boot goes
# straight to the menu otherwise), until OK; loaded at boot only and dropped
# when it leaves (games.drop), with the other boot-only modules.

from menagerie import VERSION
from menagerie.ui.screen import Screen, wrap
from menagerie.ui.after_boot import leave_boot


class BootScreen(Screen):
    # Shows the version and anything the player must know (a damaged save,
    # a settings typo) until OK or BACK. Without notes it moves on at once.
    name = "boot"

    def __init__(self, notes, info=None, ok="OK"):
        # ok: the OK button as the board prints it (the FeatherWing's B)
        self.ok = ok
        self.notes = [n for n in notes if n]
        self.info = info
        self.page = 0      # notes longer than the screen: OK shows the next part
        self.pages = 1

    def draw(self, c):
        if c.rows >= 8:
            c.center(0, "MENAGERIE", 2)
            c.center(2, "v" + VERSION)
            first = 3
        else:
            c.center(0, "MENAGERIE v" + VERSION)
            first = 1
        if self.notes:
            lines = []
            for n in self.notes:
                lines.extend(wrap(n, c.cols))
            per = max(1, c.rows - first - 1)
            self.pages = (len(lines) + per - 1) // per
            top = self.page * per
            for i in range(min(len(lines) - top, per)):
                c.text(first + i, 0, lines[top + i])
            c.right(c.rows - 1, self.ok + (": more" if self.page + 1 < self.pages else ": on"))
        elif self.info and c.rows >= 8:
            lines = self.info.split("\n")
            for i in range(len(lines)):
                c.center(c.rows - len(lines) + i, lines[i])
        else:
            c.center(c.rows - 1, (self.info or "animal games helper").split("\n")[0])

    def tick(self, app, now):
        if not self.notes:
            leave_boot(app)
            return True
        return False

    def key(self, app, k, t):
        if k == "OK" and self.page + 1 < self.pages:
            self.page += 1   # nothing the players must read is cut off
            app.dirty = True
        elif k in ("OK", "BACK") or not self.notes:
            leave_boot(app)

