# The name editor (settings, a new game's names). Three buttons are enough:
# UP/DOWN turn a wheel for the slot after the name, OK takes what the wheel
# shows. The wheel is the letters, then a few signs, then "delete" and "done"
# just below "a", so both are one DOWN away. Letters are cased by place (a
# capital to start a word), a new slot starts on "a", and a name that is
# still its seat label ("P1") starts empty: "Ana" is A, OK, n, OK, a, OK,
# DOWN, OK. BACK (a long OK on the 3-button board) cancels and keeps the
# old name. LEFT/RIGHT, where they exist, turn the wheel 5 at a time.
# Dropped with the screens that use it (games.TRANSIENT).

from menagerie.ui.names import MAX_NAME
from menagerie.ui.screen import Screen, btn, title_bar

_WHEEL = "abcdefghijklmnopqrstuvwxyz-'. 0123456789"
_DEL = len(_WHEEL)       # wheel positions after the characters
_DONE = _DEL + 1
_N = _DONE + 1
_A = 0


def is_seat_label(name):
    # "P1".."P6": the default a person replaces rather than edits.
    return len(name) == 2 and name[0] == "P" and "1" <= name[1] <= "9"


class NameEdit(Screen):
    name = "name_edit"

    def __init__(self, title, value, on_done, app=None):
        # app: names the keys as the board prints them (128x32: B, not OK)
        self.ok = btn(app, "OK") if app else "OK"
        self.title = title
        self.old = value
        typed = "" if is_seat_label(value) else value[:MAX_NAME]
        self.chars = list(typed)
        # An existing name opens on "done": OK keeps it as it is.
        self.at = _DONE if typed else _A
        self.on_done = on_done

    # -- what the wheel shows ------------------------------------------------
    def _char(self, i):
        ch = _WHEEL[i]
        prev = self.chars[-1] if self.chars else " "
        if prev in " -" and "a" <= ch <= "z":
            return chr(ord(ch) - 32)  # a capital to start a word
        return ch

    def _full(self):
        return len(self.chars) >= MAX_NAME

    def _what(self):
        # The wheel's item in words, for the line under the name.
        if self.at == _DONE:
            s = "".join(self.chars).strip()
            return "done: save" if s else "done: keep old name"
        if self.at == _DEL:
            return "delete last letter" if self.chars else "delete (empty)"
        if self._full():
            return "%d letters at most" % MAX_NAME
        ch = self._char(self.at)
        return "add a space" if ch == " " else "add " + ch

    def draw(self, c):
        title_bar(c, self.title, "%d/%d" % (len(self.chars), MAX_NAME))
        big = c.rows >= 8
        row = 2 if big else 1
        slot = len(self.chars)
        # Ten letters at double size fill 120 of the 128 columns.
        x = (c.width - c.text_width(" " * MAX_NAME, 2)) // 2
        c.text(row, x, "".join(self.chars), 2)
        if slot < MAX_NAME:
            cx = x + slot * 12
            if self.at < _DEL:
                # the letter on offer, inverted: not yet part of the name
                c.text(row, cx, self._char(self.at), 2, invert=True)
        if self.at == _DEL and slot:
            # the letter that delete takes, inverted over it
            c.text(row, x + (slot - 1) * 12, self.chars[-1], 2, invert=True)
        if big:
            c.center(4, self._what())
            c.center(5, "UP/DOWN letter")
            c.center(6, "OK takes it")
            c.center(7, "v: done, BACK cancel")
        else:
            c.text(3, 0, self.ok + ": " + self._what())

    def key(self, app, k, t):
        if self._full() and k in ("UP", "DOWN", "LEFT", "RIGHT"):
            # no room for a letter: the wheel is only delete and done
            self.at = _DONE if self.at == _DEL else _DEL
        elif k == "UP":
            self.at = (self.at + 1) % _N
        elif k == "DOWN":
            self.at = (self.at - 1) % _N
        elif k == "RIGHT":
            self.at = (self.at + 5) % _N
        elif k == "LEFT":
            self.at = (self.at - 5) % _N
        elif k == "OK":
            self._take(app)
        elif k == "BACK":
            app.pop()
            app.toast("Name kept")

    def _take(self, app):
        if self.at == _DONE:
            s = "".join(self.chars).strip()
            app.pop()
            if s:
                self.on_done(app, s)
            else:
                app.toast("Name kept")
            return
        if self.at == _DEL:
            if self.chars:
                self.chars.pop()
            return  # the wheel stays on delete: OK again deletes again
        if self._full():
            app.toast("%d letters at most" % MAX_NAME)
            self.at = _DONE
            return
        self.chars.append(self._char(self.at))
        self.at = _DONE if self._full() else _A
