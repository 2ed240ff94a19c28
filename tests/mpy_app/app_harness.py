# Runs the real app (menagerie.app + ui + core + store) on a minimal fake
# board, under CPython or MicroPython alike: no adafruit driver, no board
# module. The script is a list of button words from argv or SCRIPT below;
# the screen text after every press is printed, so the two interpreters'
# outputs can be compared line by line.
import gc
import sys

from menagerie.app import App


class Restart(BaseException):
    # The app asked for a restart (App.restart -> hw.restart()).
    pass


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

    def release(self):
        self.released = True

    def restart(self):
        # CircuitPython's supervisor.reload(), MicroPython's soft_reset():
        # the harness boots again in this process, or (chain mode) a new
        # process goes on from the saved state (Harness.chain).
        self.release()
        raise Restart()

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

    # chain: a path; a power cut or the app's restart ends this process, and
    # the next one (run by tests/mpy_runner.run_chain) boots from the store
    # and the clock saved there, as a board's fresh interpreter does (qstrs
    # and all). mem: print the heap kept at the bare main menu ("@menu",
    # after each boot) and when the app restarts ("@left", before it).
    chain = None
    mem = False

    def __init__(self, profile, quiet=False, state=None, files=None):
        self.profile = profile
        self.regions = [bytearray(b"\xff" * 4096), bytearray(b"\xff" * 4096)]
        self.boots = 0
        self.restarts = 0
        self.quiet = quiet
        self.files = files or {}
        self.boot_t = 0          # the clock the next boot starts at
        self.restarting = False  # the next boot is the app's restart
        if state:
            self.boots, self.boot_t, self.restarts, self.regions = state
        self.boot()

    def boot(self):
        t, self.boot_t = self.boot_t, 0
        if not self.restarting:
            self.boots += 1   # power-ups; the app's restarts are counted apart
        self.restarting = False
        # A power cut frees the old app's RAM on a board: let it go first, or
        # the new boot is measured on top of a whole second app.
        self.app = None
        self.hw = None
        if self.boots > 1 or self.restarts:
            # and a board's restart starts with no game or bowl code loaded
            # (App.restart compares with what the boot loads)
            from menagerie import games

            games.drop(("menagerie.core.", "menagerie.ui.bowl"))
        # (a restart's seeds differ from its boot's, as os.urandom's would)
        self.hw = self.HW(self.profile, self.regions, self.boots + 100 * self.restarts)
        self.hw.clock.t = t
        self.hw.files = self.files
        if self.chain or not hasattr(self, "_settings"):
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
        if self.mem and len(self.app.stack) == 1 and self.app.game is None:
            gc.collect()
            print("@menu", gc.mem_alloc())

    def run_for(self, ms):
        end = self.hw.clock.t + ms
        while self.hw.clock.t < end:
            self.hw.clock.t += 10
            self.step()

    def step(self):
        # One turn of the app's loop; its restart boots it again here (or,
        # in a chain, ends this process), at the time it happened.
        try:
            self.app.step(self.hw.clock.t)
        except Restart:
            self.restarts += 1
            if self.mem:
                gc.collect()
                print("@left", gc.mem_alloc())
            if self.chain:
                raise
            self.boot_t = self.hw.clock.t
            self.restarting = True
            self.boot()

    def save_state(self, t, i):
        # what the next process boots from: the store, the clock, word i on
        with open(self.chain, "wb") as f:
            f.write(b"%d %d %d %d\n" % (self.boots, t, self.restarts, i))
            for r in self.regions:
                f.write(r)

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
                if self.chain:
                    raise PowerCut()
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

# The every-game sessions (issue 25): each game from its setup to the main
# menu with a power cut on the way; the player count set outright (a setup
# opens on the last game's). A game still live when the next one starts is
# abandoned (the app restarts into the new game's setup); When Animals Attack
# (the device on both seats) plays to its end and is filed; the bowl is
# drawn from beside the live game. Menu rows in ui/menus.labels order.
ROWS = {"ai": 0, "am": 1, "waa": 2, "pz": 3, "bowl": 4}
PLAY = {
    "ai": "LEFT UP UP OK OK OK P2 P1 RIGHT UP OK DOWN OK UP hold:OK powercut OK P3 DOWN OK LEFT hold:OK BACK",
    "pz": "LEFT UP UP OK OK OK OK P3 DOWN P1 UP OK OK powercut BACK DOWN DOWN DOWN DOWN OK",
    "am": "LEFT UP OK OK OK P1 OK OK UP OK DOWN DOWN OK OK OK OK OK powercut OK DOWN DOWN OK OK "
          "BACK DOWN DOWN DOWN DOWN DOWN OK",
    "waa": "LEFT OK OK DOWN DOWN OK OK wait:30000 powercut wait:150000 OK",
    "bowl": "OK OK OK powercut OK DOWN OK BACK BACK",
}
# Two orders, each game twice round, ending on a filed game.
EVERY = {
    "a": "ai pz am waa bowl am bowl ai pz waa",
    "b": "waa bowl pz am ai pz ai bowl am waa",
}


def every_game(order, starts=None):
    # The session's words, one at a time: a process of a chain holds no list
    # of the whole session (a few hundred strings, ~10 KB of the harness's
    # own on the heap). starts: a list to fill with (index of the game's
    # first word, game).
    n = 0
    live = False
    for g in order.split():
        if starts is not None:
            starts.append((n, g))
        words = ["LEFT"] + ["DOWN"] * ROWS[g] + ["OK"]
        if live and g != "bowl":
            words += ["DOWN", "OK"]   # "Yes, abandon"
        words += PLAY[g].split()
        for w in words:
            n += 1
            yield w
        words = None
        if g != "bowl":
            live = g != "waa"


QUIET = False


class PowerCut(Exception):
    pass


def load_state(path):
    # (boots, clock, restarts, regions), the word to go on from; None, 0
    # when the chain starts.
    try:
        f = open(path, "rb")
    except OSError:
        return None, 0
    with f:
        head = f.readline().split()
        regions = [bytearray(4096), bytearray(4096)]
        for r in regions:
            f.readinto(r)
    return (int(head[0]), int(head[1]), int(head[2]), regions), int(head[3])


def main(argv):
    small = "--small" in argv
    words = [a for a in argv if not a.startswith("--")]
    if "--boot" in argv:
        pass          # to the main menu and no further
    elif "--full" in argv:
        words = FULL.split()
    elif "--maniacs" in argv:
        words = MANIACS.split()
    elif not words:
        words = SCRIPT.split()
    files = {}
    for a in argv:
        if a.startswith("--every="):
            words = every_game(EVERY[a[8:]])
    state, start = None, 0
    for a in argv:
        if a.startswith("--config="):
            # config.ini on the drive, from a file of the host's
            with open(a[9:], "rb") as f:
                files["config.ini"] = f.read()
        elif a.startswith("--chain="):
            Harness.chain = a[8:]
            state, start = load_state(a[8:])
        elif a.startswith("--from="):
            # this part of a chain again, from a kept state (bench/b_memory)
            state, start = load_state(a[7:])
        elif a == "--mem":
            Harness.mem = True
    h = Harness(Profile32 if small else Profile, QUIET, state, files)
    i = 0
    one = [None]
    try:
        for w in words:
            i += 1
            if i > start:
                one[0] = w
                h.play(one)
    except (Restart, PowerCut) as e:
        # on with word i in a new process: after a power cut, from a boot
        # at time 0; after a restart, at the time it happened
        h.save_state(0 if isinstance(e, PowerCut) else h.hw.clock.t, i)
        print("@next", i)
        return
    print("bytes", h.hw.display.i2c_device.bytes, "boots", h.boots, "restarts", h.restarts)


if __name__ == "__main__":
    main(sys.argv[1:])
