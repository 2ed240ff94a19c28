# Runs the real app (menagerie.app + ui + core + store) on a minimal fake
# board, under CPython or MicroPython alike: no adafruit driver, no board
# module. The script is a list of button words from argv or SCRIPT below;
# the screen text after every press is printed, so the two interpreters'
# outputs can be compared line by line.
import sys

from menagerie.app import App


class Dev:
    def __init__(self):
        self.bytes = 0

    def __enter__(self):
        return self

    def __exit__(self, *a):
        pass

    def write(self, buf, start=0, end=None):
        self.bytes += (len(buf) if end is None else end) - start + 1


class Display:
    def __init__(self, w, h):
        self.width = w
        self.height = h
        self.buffer = bytearray(1 + w * h // 8)
        self.buffer[0] = 0x40
        self.i2c_device = Dev()

    def write_cmd(self, c):
        self.i2c_device.bytes += 3

    def show(self):
        self.i2c_device.bytes += 19 + len(self.buffer)


class Profile:
    NAME = "harness"
    BOARD_ID = "harness"
    WIDTH = 128
    HEIGHT = 64
    NAV = (("UP", 0), ("DOWN", 1), ("LEFT", 2), ("RIGHT", 3), ("OK", 4), ("BACK", 5))
    PLAYERS = (("P1", 6), ("P2", 7), ("P3", 8), ("P4", 9), ("P5", 10), ("P6", 11))
    LONG_PRESS_BACK = None


class Profile32(Profile):
    HEIGHT = 32
    NAV = (("UP", 0), ("OK", 1), ("DOWN", 2))
    PLAYERS = ()
    LONG_PRESS_BACK = "OK"


class Clock:
    def __init__(self):
        self.t = 0

    def now(self):
        return self.t


class Buttons:
    def __init__(self, clock):
        self.clock = clock
        self.pending = []

    def events(self):
        out = []
        while self.pending and self.pending[0][2] <= self.clock.t:
            out.append(self.pending.pop(0))
        return out

    def overflowed(self):
        return False


class Buzzer:
    def __init__(self):
        self.played = 0

    def play(self, notes, now=0):
        self.played += 1

    def update(self, now):
        pass


class HW:
    def __init__(self, profile, regions, boot):
        self.profile = profile
        self.clock = Clock()
        self.display = Display(profile.WIDTH, profile.HEIGHT)
        self.buttons = Buttons(self.clock)
        self.buzzer = Buzzer()
        self.regions = regions
        self._seed = 1000 * boot
        self.files = {}   # the drive's other files (config.ini): name -> bytes

    def read_file(self, name):
        return self.files.get(name)

    def new_seed(self):
        self._seed += 1
        return self._seed

    def sleep_ms(self, ms):
        self.clock.t += ms


class Harness:
    # What a subclass changes (tests/mpy_app/table_harness.py): the fake
    # hardware and the settings.toml the first boot reads.
    HW = HW
    SETTINGS_TEXT = ""

    def __init__(self, profile, quiet=False):
        self.profile = profile
        self.regions = [bytearray(b"\xff" * 4096), bytearray(b"\xff" * 4096)]
        self.boots = 0
        self.quiet = quiet
        self.files = {}
        self.boot()

    def boot(self):
        self.boots += 1
        # A power cut frees the old app's RAM on a board: let it go first, or
        # the new boot is measured on top of a whole second app.
        self.app = None
        self.hw = None
        self.hw = self.HW(self.profile, self.regions, self.boots)
        self.hw.files = self.files
        if self.boots == 1:
            # Imported here like code.py does: the app drops the parser after
            # boot. A board's power cut restarts the interpreter, but this
            # harness keeps every module loaded, so later boots reuse the
            # parsed settings rather than compile the parser on top of them.
            from menagerie import settings as settings_mod

            self._settings = settings_mod.load(getenv=lambda k: None, text=self.SETTINGS_TEXT)
            settings_mod = None
        settings, warnings = self._settings
        settings = dict(settings)
        settings["names"] = list(settings["names"])
        warnings = list(warnings)
        self.app = App(self.hw, settings, warnings)
        self.app.canvas.log = []
        self.app.strict = True
        self.app.boot()
        if self.app.store_error:
            # The store could not load for want of memory: the app runs on
            # with saving off, which is no run either (nothing is saved).
            raise MemoryError(self.app.store_error)
        self.run_for(1800)

    def run_for(self, ms):
        clock = self.hw.clock
        end = clock.t + ms
        while clock.t < end:
            clock.t += 10
            self.app.step(clock.t)

    def press(self, name, hold=60):
        t = self.hw.clock.t
        self.hw.buttons.pending.append((name, True, t))
        self.hw.buttons.pending.append((name, False, t + hold))
        self.run_for(hold + 140)

    def show(self, word):
        if self.quiet:
            return
        print("[%s] %s" % (word, " | ".join(self.app.canvas.lines())))

    def play(self, words):
        for w in words:
            if w == "powercut":
                self.boot()
            elif w.startswith("wait:"):
                self.run_for(int(w[5:]))
            elif w.startswith("hold:"):
                self.press(w[5:], 800)
            else:
                self.press(w)
            self.show(w)
            t = self.app.toast_text or ""
            if t.startswith("Not saved") or t.startswith("Oops"):
                # A save or a screen that failed for want of memory is no run.
                raise MemoryError(t)


# Draw bowl, power cut, put back, settings (sound off, players 3).
SCRIPT = (
    "DOWN DOWN DOWN DOWN OK OK OK OK OK powercut OK OK DOWN OK BACK BACK BACK "
    "DOWN DOWN DOWN DOWN DOWN DOWN OK OK UP OK DOWN DOWN OK BACK BACK"
)


# Every game once: two Animal Inc rounds (one from the sheet's player
# button), a past round edited from the history, a Panicozoo round
# (abandoning the first game, filed as abandoned), a power cut, then bowl
# draws beside the live Panicozoo game.
FULL = (
    "OK OK OK OK P2 P1 RIGHT UP OK DOWN OK UP hold:OK OK P3 DOWN OK LEFT hold:OK "
    "UP DOWN DOWN OK UP OK P1 OK hold:OK BACK BACK "
    "DOWN DOWN DOWN OK DOWN OK OK OK OK OK P3 DOWN P1 UP OK OK powercut "
    "BACK DOWN DOWN DOWN DOWN OK DOWN DOWN DOWN DOWN OK OK OK OK"
)

# Animal Maniacs alone: a new 3-player game, a plain capture, a contest cut
# by a power cut and finished, a look at the zoos, the end and the history.
MANIACS = (
    "DOWN OK DOWN OK OK OK P1 OK OK UP OK DOWN DOWN OK OK "
    "OK OK OK powercut OK DOWN DOWN OK OK "
    "DOWN DOWN DOWN DOWN DOWN OK RIGHT RIGHT BACK "
    "BACK DOWN DOWN DOWN DOWN OK DOWN OK OK"
)

QUIET = False


def main(argv):
    small = "--small" in argv
    words = [a for a in argv if not a.startswith("--")] or SCRIPT.split()
    if "--full" in argv:
        words = FULL.split()
    if "--maniacs" in argv:
        words = MANIACS.split()
    h = Harness(Profile32 if small else Profile, QUIET)
    for a in argv:
        if a.startswith("--config="):
            # config.ini on the drive, from a file of the host's
            with open(a[9:], "rb") as f:
                h.files["config.ini"] = f.read()
    h.play(words)
    print("bytes", h.hw.display.i2c_device.bytes, "boots", h.boots)


if __name__ == "__main__":
    main(sys.argv[1:])
