"""Headless script runner: plays a script of button presses against the real
firmware on the simulated board and reports the final frame and app state.

Script lines (one per line, `#` starts a comment):
  OK | UP 3 | P2           press (and release) a button, N times
  hold BACK 1500           hold a button for that many ms
  wait 200                 let time pass
  at 1005 P2               press at that virtual ms (consecutive `at` lines
                           are scheduled together, for races and ties)
  bounce N MS              from now on every button change bounces N times
                           over MS ms (contact bounce; `bounce 0 0`: clean);
                           `bounce N LO-HI`: its edges LO to HI ms apart, at
                           random (HI at most 10)
  powercut                 cut the power now, keep the store, boot again
  settings-file TEXT       replace settings.toml (\\n for new lines); takes
                           effect at the next boot (powercut), as on the drive
  cut-save N               the next save loses power after N flash steps
  expect TEXT              fail unless TEXT is on the screen
  expect-not TEXT          fail if TEXT is on the screen
  screen NAME              fail unless the active screen is NAME
  shot LABEL               keep the current frame for the screen gallery
                           (sim/gallery.py; a session without a gallery
                           ignores it)
  png PATH                 write the current frame as PNG (a relative PATH is
                           taken in the session's png_dir: $MENAGERIE_PNG_DIR,
                           else the current folder)
"""
import json
import os

from sim.boardstub import load_profile, setup_paths

setup_paths()

from menagerie import settings as settings_mod  # noqa: E402
from menagerie.app import App  # noqa: E402
from sim.flash import PowerCut  # noqa: E402
from sim.hardware import Restart, SimHardware, make_regions  # noqa: E402

PRESS_MS = 60      # a finger on a button
GAP_MS = 140       # between two presses
STEP_MS = 10       # app loop granularity between events
BOOT_MS = 1800     # time given to the boot screen


class ScriptError(Exception):
    pass


class Session:
    def __init__(self, board="raspberry_pi_pico", seed=1, regions=None, settings_text=None, strict=True,
                 files=None, bounce=None, png_dir=None, table_view=None, table_net=None, record=False):
        self.strict = strict
        # The table view (a board with Wi-Fi): None = as the board's settings
        # say (served on a free port); a port number (0 = a free one) =
        # switched on, served on the loopback by the firmware's own server
        # (sim/table_net.py).
        self.table_view = table_view
        self.table_net = table_net   # a stand-in radio (tests): password -> Net
        # record: every frame's draws are kept for the screen lint
        # (sim/screen_record.py); the board never records them.
        self.record = record
        # Where a script's `png NAME` goes: tests point it at their own
        # temporary folder (tests/conftest.py), never at a fixed path.
        self.png_dir = png_dir or os.environ.get("MENAGERIE_PNG_DIR") or os.getcwd()
        self.files = files if files is not None else {}
        self.bounce = bounce  # (count, ms) of contact bounce, kept across power cuts
        self.profile = load_profile(board)
        self.seed = seed
        self.settings_text = settings_text
        self.regions = regions if regions is not None else make_regions()
        self.i2c_before = 0
        self.presses = 0
        self.boots = 0
        self.restarts = 0   # of those boots, the firmware's own restarts
        self.sounds = []
        self.press_bytes = []  # bus bytes caused by each press (for make bench)
        self._t = 0
        self._boot()

    # -- power ----------------------------------------------------------
    def _boot(self, emu=None):
        self._port = 0
        if emu is not None and self.table_address():
            # the app's restart: the board's server comes back on its port
            self._port = int(self.table_address().rstrip("/").rsplit(":", 1)[1])
        if self.boots:
            self.close()   # a power cut: the old server's socket goes with it
            self.i2c_before += self.hw.i2c.bytes_total
            self.sounds.extend(self.hw.buzzer.log)
        if emu is None:
            self.boots += 1   # a power-up (restarts are counted apart)
        wiring = {}
        settings, warnings, toml = settings_mod.load_with_source(
            getenv=lambda k: None, text=self.settings_text or "", wiring=wiring)
        # settings.toml's own wiring, as code.py applies it (menagerie/pins.py),
        # against the board's real pin names.
        self.wired = self.profile
        if wiring:
            from menagerie import pins
            from host_tools.profiles import pin_lookup
            import contextlib
            import sys
            lookup, gpio, ident = pin_lookup(self.profile.BOARD_ID)
            # What the board prints on its console goes to stderr here: stdout
            # carries the headless runner's JSON.
            with contextlib.redirect_stdout(sys.stderr):
                self.wired = pins.apply(self.profile, wiring, warnings, lookup, gpio, ident)
        # (a restart's seeds differ from its boot's, as os.urandom's would)
        self.hw = SimHardware(self.wired, seed=self.seed * 1000 + self.boots + 1000000 * self.restarts,
                              regions=self.regions, settings_text=self.settings_text, clock_t=self._t,
                              files=self.files, bounce=self.bounce, emu=emu)
        if getattr(self.wired, "WIFI", False):
            self._table_hw(settings_mod)
        self.app = App(self.hw, settings, warnings, "Saves: on (simulated)", toml)
        if self.record:
            from sim.screen_record import record_app

            record_app(self.app)
        else:
            self.app.canvas.log = []  # the simulator reports the text on screen
        self.app.strict = self.strict
        self.app.boot()
        if self.table_view is not None:
            if self.app.table is None:
                raise ValueError("%s has no Wi-Fi: the table view needs a W board "
                                 "(picow, pico2w)" % self.profile.BOARD_ID)
            self.app.settings["table_view_on"] = True
        self.app.step(self._t)
        if not emu:
            self.advance(BOOT_MS)

    def _table_hw(self, settings_mod):
        from sim.table_net import SimNet

        # A board with Wi-Fi always has the simulated radio (the loopback), as
        # the board has its own; table_view only switches the table view on.
        port = self.table_view or self._port
        file_values = settings_mod.parse(self.settings_text or "", [])
        self.hw.table_net = self.table_net or (lambda password: SimNet(password, port=port))
        self.hw.getenv = file_values.get
        # os.urandom for the access point's password: a stream of its own, so
        # the games' seeds (hw.new_seed) are those of a board without it.
        from menagerie.core.rng import Rng

        rng = Rng(self.seed * 1000 + self.boots, 11)
        self.hw.urandom = lambda n: bytes(rng.next32() & 255 for _ in range(n))

    def table_address(self):
        # The page's address once the table view runs, else None.
        t = self.app.table
        return t.address() if t is not None and t.server is not None else None

    def close(self):
        # Stops the table view's server (its socket); nothing else to free.
        t = getattr(self, "app", None) and self.app.table
        if t:
            t.stop()

    def set_bounce(self, count, ms):
        self.hw.buttons.set_bounce((count, ms))
        self.bounce = (count, ms)

    def powercut(self):
        self._t += 5
        self._boot()

    # -- time and buttons ---------------------------------------------
    @property
    def now(self):
        return self._t

    def advance(self, ms):
        target = self._t + ms
        while self._t < target:
            nxt = self.hw.buttons.next_time()
            t = min(target, self._t + STEP_MS)
            if nxt is not None and self._t < nxt < t:
                t = nxt
            self._t = t
            self.hw.clock.t = t
            self._step()

    def _step(self):
        try:
            self.app.step(self._t)
        except PowerCut:
            # The flash lost power mid-write (cut-save): boot on what it holds.
            for r in self.regions:
                if hasattr(r, "no_cut"):
                    r.no_cut()
            self.powercut()
        except Restart:
            # The app restarted the interpreter: a new boot on the same store
            # and display chip, at once (a button's edges queued meanwhile
            # are gone with the old keypad).
            self.restarts += 1
            self._boot(self.hw.emu)

    def advance_to(self, t):
        if t > self._t:
            self.advance(t - self._t)

    def press(self, name, times=1):
        for _ in range(times):
            before = self.hw.i2c.bytes_total
            self.hw.buttons.schedule(name, True, self._t)
            self.hw.buttons.schedule(name, False, self._t + PRESS_MS)
            self.advance(PRESS_MS + GAP_MS)
            self.presses += 1
            self.press_bytes.append(self.hw.i2c.bytes_total - before)

    def tap(self, name, hold_ms=0):
        # Real-time front end: schedule a press now without moving the clock.
        self.hw.buttons.schedule(name, True, self._t)
        self.hw.buttons.schedule(name, False, self._t + max(PRESS_MS, hold_ms))
        self.presses += 1

    def hold(self, name, ms):
        self.hw.buttons.schedule(name, True, self._t)
        self.hw.buttons.schedule(name, False, self._t + ms)
        self.advance(ms + GAP_MS)
        self.presses += 1

    def at(self, t, name):
        if t < self._t:
            raise ScriptError("at %d: the clock is already at %d" % (t, self._t))
        self.hw.buttons.schedule(name, True, t)
        self.hw.buttons.schedule(name, False, t + PRESS_MS)
        self.presses += 1

    # -- what the player sees -----------------------------------------
    def screen_text(self):
        return self.app.canvas.lines()

    def pixels(self):
        return self.hw.pixels()

    def i2c_bytes(self):
        return self.i2c_before + self.hw.i2c.bytes_total

    def state(self):
        return {
            "board": self.profile.BOARD_ID,
            "time_ms": self._t,
            "screen_text": self.screen_text(),
            "i2c_bytes": self.i2c_bytes(),
            "presses": self.presses,
            "boots": self.boots,
            "restarts": self.restarts,
            "sounds": len(self.sounds) + len(self.hw.buzzer.log),
            "app": self.app.state(),
        }

    def shot(self, label):
        # The screen gallery (sim/gallery.py) replaces this to keep frames.
        pass

    def stepped(self):
        # Called after each script line (the gallery looks for new screens).
        pass

    def png(self, path, scale=4):
        from sim.render import to_png

        path = os.path.join(self.png_dir, path)
        folder = os.path.dirname(path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        to_png(self.pixels(), path, scale=scale)


def _words(line):
    return line.split()


def run_script(session, text, name="script"):
    pending_at = None
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip() if not raw.strip().startswith(("expect", "settings-file")) else raw.strip()
        if not line or line.startswith("#"):
            continue
        w = _words(line)
        cmd = w[0]
        where = "%s:%d: %s" % (name, lineno, line)
        try:
            if cmd == "at":
                t = int(w[1])
                session.at(t, w[2])
                pending_at = t if pending_at is None else max(pending_at, t)
                continue
            if pending_at is not None:
                session.advance_to(pending_at + 1)
                pending_at = None
            if cmd in ("expect", "expect-not"):
                want = line[len(cmd):].strip()
                shown = "\n".join(session.screen_text())
                if (want in shown) != (cmd == "expect"):
                    raise ScriptError("%s\n  screen shows:\n    %s" % (
                        "expected %r on screen" % want if cmd == "expect" else "did not expect %r on screen" % want,
                        shown.replace("\n", "\n    ") or "(nothing)"))
            elif cmd == "screen":
                got = session.app.top().name
                if got != w[1]:
                    raise ScriptError("expected screen %r, active screen is %r" % (w[1], got))
            elif cmd == "wait":
                session.advance(int(w[1]))
            elif cmd == "hold":
                session.hold(w[1], int(w[2]))
            elif cmd == "powercut":
                session.powercut()
            elif cmd == "settings-file":
                session.settings_text = line[len(cmd):].strip().replace("\\n", "\n") + "\n"
            elif cmd == "bounce":
                ms = w[2].split("-")
                session.set_bounce(int(w[1]), int(ms[0]) if len(ms) == 1 else (int(ms[0]), int(ms[1])))
            elif cmd == "cut-save":
                cut_next_save(session, int(w[1]))
            elif cmd == "shot":
                session.shot(line[len(cmd):].strip())
            elif cmd == "png":
                session.png(w[1])
            else:
                n = int(w[1]) if len(w) > 1 else 1
                session.press(cmd, n)
        except ScriptError as e:
            raise ScriptError("%s\n  %s" % (where, e))
        except (ValueError, IndexError) as e:
            raise ScriptError("%s\n  %s" % (where, e))
        if pending_at is None:
            session.stepped()
    if pending_at is not None:
        session.advance_to(pending_at + 1)
    return session


def cut_next_save(session, steps):
    regions = session.regions
    for r in regions:
        if hasattr(r, "cut_after"):
            r.cut_after(steps)
            return
    raise ScriptError("this store cannot simulate a cut mid-write")


def result_json(session):
    return json.dumps(session.state(), sort_keys=True)
