# Animal Maniacs: entering one card (value + colour); choosing a player is
# in animal_maniacs_seat.py (not needed in play).

from menagerie.ui.screen import Screen, btn, has_arrows, title_bar


def card_text(v):
    if v == 1:
        return "A"
    if v == 11:
        return "J"
    return str(v)



class CardPicker(Screen):
    # A card: UP/DOWN its value, LEFT/RIGHT its colour; with three buttons
    # the colours alternate in the same list (6 red, 6 black, 7 red, ...).
    name = "am_card"

    def __init__(self, app, title, values, on_done, colour=True, start=6):
        self.title = title
        self.items = []
        for v in values:
            self.items.append((v, 0))
            if colour:
                self.items.append((v, 1))
        self.colour = colour
        self.arrows = has_arrows(app)
        # 3 buttons: up and down the list, then the card goes down
        self.keys = "%s+ %s-  %s: face down" % (btn(app, "UP"), btn(app, "DOWN"), btn(app, "OK"))
        self.index = 0
        for i in range(len(self.items)):
            if self.items[i] == (start, 0):
                self.index = i
        self.on_done = on_done

    def draw(self, c):
        title_bar(c, self.title)
        v, col = self.items[self.index]
        text = card_text(v) + (" " + ("red", "black")[col] if self.colour else "")
        row = 2 if c.rows >= 8 else 1
        c.center(row, text, 2)
        if c.rows >= 8:
            c.center(5, "UP/DOWN value")
            if self.colour:
                c.center(6, "LEFT/RIGHT colour" if self.arrows else "")
            c.center(7, "OK: face down")
        else:
            c.center(3, self.keys)

    def key(self, app, k, t):
        n = len(self.items)
        step = 2 if (self.colour and self.arrows) else 1
        if k == "UP":
            self.index = (self.index + step) % n
        elif k == "DOWN":
            self.index = (self.index - step) % n
        elif k in ("LEFT", "RIGHT") and self.colour:
            self.index ^= 1
        elif k == "OK":
            v, col = self.items[self.index]
            self.on_done(app, v, col)
        elif k == "BACK":
            app.pop()
