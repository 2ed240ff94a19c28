# How tall the totals are on every "where do we stand" screen, on both
# boards (issue 12, 26: 23 px on 128x64, 15 px on 128x32, each over a blank
# pixel row), measured on the real screens in the simulator: every string of
# digits drawn on the screen is located (canvas calls recorded here) and the
# height of its lit
# pixels read back from the frame. A screen's figure is its smallest total,
# so one small total anywhere shows.
# Also: I2C bytes per press of Animal Inc rounds through the real app (the
# tall digits flush only the pages that changed).
import statistics

from sim.runner import Session, run_script

TOML = 'MENAGERIE_PLAYER_NAMES = "Ana,Benjamin,Cyd,Dee,Eve,Finn"\n'
PICO = "raspberry_pi_pico"
FEATHER = "adafruit_feather_rp2040"


def _ai(n, pico):
    # main menu > Animal Inc, n players, names, rulebook length, P1 starts
    return "OK\n" + "DOWN\n" * (4 - n) + "OK\nOK\nOK\n" + ("P1\n" if pico else "OK\n")


def _pz(n, pico):
    ups = "UP\n" * (n - 4) if n > 4 else "DOWN\n" * (4 - n)
    # the 3-button board first says it has no buzzer for 4 or more
    return "DOWN 3\nOK\n" + ups + "OK\n" + ("" if pico or n < 4 else "OK\n") + "OK\nOK\n"


def _pz_round(pico):
    # open, P1 slaps and is right (the 3-button board names the slapper)
    return "OK\nP1\nOK\nOK\n" if pico else "OK\nOK\nUP\nOK\n"


def screens(pico):
    back = "BACK" if pico else "hold OK 800"
    out = []
    for n in (2, 3, 4):
        # one round entered, so the totals differ (a leader, a tie)
        entry = "P2\nOK\nhold OK 700\n" if pico else "OK\nOK\nOK\n" + "OK\n" * (n - 1)
        out.append(("Animal Inc sheet %dp" % n, "ai_sheet", _ai(n, pico) + entry))
    end = "UP\nDOWN 3\nOK\nDOWN\nOK\n"
    out.append(("Animal Inc standings 4p", "ai_standings",
                _ai(4, pico) + ("P2\nOK\nhold OK 700\n" if pico else "OK\nOK\nOK\nOK\nOK\nOK\n") + end))
    for n in (4, 6):
        out.append(("Panicozoo scoreboard %dp" % n, "pz_scores", _pz(n, pico) + _pz_round(pico) + "UP\n"))
        out.append(("Panicozoo final %dp" % n, "pz_final",
                    _pz(n, pico) + _pz_round(pico) + back + "\nDOWN 3\nOK\nDOWN\nOK\n"))
    return out


class Recorder:
    # Wraps a Canvas (and the score digits of ui/scoregrid.py): remembers
    # where each all-digit string was drawn.
    def __init__(self, c):
        from menagerie.ui import scoregrid

        self.c = c
        self.boxes = []
        text, big = c.text, c.big
        digits = scoregrid.draw

        def rec_text(row, x, s, scale=1, invert=False):
            if s.strip().isdigit() and not invert:
                self.boxes.append((row, scale, x, x + len(s) * 6 * scale))
            return text(row, x, s, scale, invert)

        def rec_big(row, x, s):
            if s.strip().isdigit():
                self.boxes.append((row, 3, x, x + c.big_width(s)))
            return big(row, x, s)

        def rec_digits(cv, row, x, s, tall=True):
            if s.strip().isdigit():
                self.boxes.append((row, 3 if tall else 2, x, x + scoregrid.width(s, tall)))
            return digits(cv, row, x, s, tall)

        c.text, c.big = rec_text, rec_big
        scoregrid.draw = rec_digits
        self.restore = lambda: setattr(scoregrid, "draw", digits)

    def heights(self):
        c = self.c
        buf = c.buf
        out = []
        for row, pages, x0, x1 in self.boxes:
            top, bottom = None, None
            for x in range(max(0, x0), min(c.width, x1)):
                for p in range(row, min(c.rows, row + pages)):
                    v = buf[1 + p * c.width + x]
                    for b in range(8):
                        if v >> b & 1:
                            y = p * 8 + b
                            top = y if top is None or y < top else top
                            bottom = y if bottom is None or y > bottom else bottom
            if top is not None:
                out.append(bottom - top + 1)
        return out


def measure_heights(board):
    # -> [(label, screen reached, smallest total's height in px)]
    out = []
    for label, screen, script in screens(board == PICO):
        s = Session(board, seed=5, settings_text=TOML)
        run_script(s, script, label)
        got = s.app.top().name
        rec = Recorder(s.app.canvas)
        s.app.draw()
        rec.restore()
        hs = rec.heights()
        out.append((label, got if got != screen else None, min(hs) if hs else 0))
    return out


def digit_heights():
    for board in (PICO, FEATHER):
        for label, wrong, px in measure_heights(board):
            if wrong:
                print("digits %s on %s: (reached %s instead)" % (label, board, wrong))
            else:
                print("digits %s on %s: %d px" % (label, board, px))


def sheet_bytes():
    # Bytes per press over Animal Inc rounds played through the app.
    from tests.animal_inc_presses import measure

    for board in (PICO, FEATHER):
        s = Session(board, seed=3, settings_text=TOML)
        measure(board, (101, 102), s)
        b = s.press_bytes
        print("I2C bytes per press, Animal Inc rounds on %s: median %d, max %d (%d presses)"
              % (board, statistics.median(b), max(b), len(b)))


def main():
    digit_heights()
    sheet_bytes()
