"""The simulator's hardware object: the same shape as firmware/menagerie/hw
(see docs/architecture.md), on a virtual millisecond clock.

The display is the real adafruit_ssd1306 driver talking to the SSD1306
emulator over a fake I2C bus, so every byte the firmware sends is counted and
interpreted exactly as the chip would.
"""
import random

import adafruit_ssd1306

from menagerie.core.rng import Rng
from sim.fake_i2c import FakeI2C
from sim.flash import FlashRegion
from menagerie.hw.debounce import Debouncer, NAV_SCANS
from sim.ssd1306_emu import SSD1306Emu

# keypad's default queue depth; more pending events than this overflow.
MAX_EVENTS = 64
# The longest gap between two edges of one bounce train, in ms.
BOUNCE_GAP_MAX = 10


class SimClock:
    def __init__(self, t=0):
        self.t = t

    def now(self):
        return self.t


class SimButtons:
    """keypad as the firmware sees it (hw/buttons.py): the buttons the slap
    buzzer times (the players', or a 3-button board's all) as raw edges
    stamped to the millisecond, through the firmware's own debouncer
    (menagerie/hw/debounce.py); the other navigation buttons through
    keypad's debounce in C (`debounce_threshold`, NAV_SCANS): scanned every
    1 ms, a counter per key moves one step towards the level read, from
    -NAV_SCANS (released) to +NAV_SCANS (pressed), and a change is queued,
    stamped at that scan, when it crosses zero (CircuitPython's
    shared-module/keypad keypad_debounce()). nav_scans = 0 models a
    CircuitPython without it: every key through the firmware's debouncer.
    A 64-event queue that overflows, and contact bounce.

    bounce = (count, ms): every change of a button (press and release) is
    followed by `count` extra open/close pairs spread evenly over `ms` ms,
    each edge on its own keypad scan (1 ms grid); (count, (lo, hi)): the
    edges of each train come lo to hi ms apart, drawn afresh for every
    change (real contacts bounce irregularly). A bounce is at most 10 ms
    from the edge before it (a longer gap is a new press or release, not a
    bounce). (0, 0): clean contacts."""

    def __init__(self, profile, clock, bounce=None, nav_scans=NAV_SCANS):
        self.names = tuple(e[0] for e in profile.NAV) + tuple(e[0] for e in profile.PLAYERS)
        self._clock = clock
        self.nav_scans = nav_scans
        # keypad debounces the navigation buttons of a board with players'
        # buttons (the buzzer times the others: hw/buttons.py).
        self._nav = len(profile.NAV) if profile.PLAYERS else 0
        self._count = [-nav_scans] * self._nav   # keypad's counter per navigation key
        self._level = [False] * self._nav        # the pin as last scanned
        self._scanned = [clock.t] * self._nav    # the last scan done
        self._pending = []  # (t, seq, name, down): future and due raw edges
        self._seq = 0
        self._overflow = False
        self._lost = False   # the queue overflowed; events() has not said so yet
        self._deb = Debouncer(len(self.names))
        self._out = []
        self.bounce = (0, 0)
        self.set_bounce(bounce)
        self.presses = 0
        self.raw_edges = 0   # every edge keypad queued, bounces included

    def set_bounce(self, bounce):
        self.bounce = self.check_bounce(bounce)
        self._rng = random.Random(repr(self.bounce))  # the same trains every run

    @staticmethod
    def check_bounce(bounce):
        count, ms = bounce or (0, 0)
        if isinstance(ms, (tuple, list)):
            lo, hi = ms
            if count < 0 or not 1 <= lo <= hi <= BOUNCE_GAP_MAX:
                raise ValueError("bounce gaps must be 1 <= LO <= HI <= %d ms (got %d-%d)"
                                 % (BOUNCE_GAP_MAX, lo, hi))
            ms = (lo, hi)
        elif count < 0 or ms < 0 or (count and not 2 * count <= ms <= 2 * count * BOUNCE_GAP_MAX):
            raise ValueError("bounce needs N >= 0 pairs over 2N to %dN ms (got %d over %d)"
                             % (2 * BOUNCE_GAP_MAX, count, ms))
        return (count, ms)

    def _add(self, name, down, t, origin=None):
        # origin: for a bounce edge, the time of the change it follows.
        self._seq += 1
        self._pending.append((t, self._seq, name, down, origin))
        self.raw_edges += 1

    def schedule(self, name, down, t):
        if name not in self.names:
            raise ValueError("this board has no %s button (it has %s)" % (name, " ".join(self.names)))
        # A new press or release ends the bounce of the change before it.
        keep = [e for e in self._pending
                if not (e[2] == name and e[4] is not None and e[4] < t <= e[0])]
        self.raw_edges -= len(self._pending) - len(keep)
        self._pending = keep
        self._add(name, down, t)
        count, ms = self.bounce
        at = t
        for i in range(2 * count):
            if isinstance(ms, tuple):
                at += self._rng.randint(ms[0], ms[1])
            else:
                at = t + (i + 1) * (ms // (2 * count))
            self._add(name, down if i % 2 else not down, at, t)
        self._pending.sort()
        if down:
            self.presses += 1
        due = sum(1 for e in self._pending if e[0] <= self._clock.t and not self._in_c(e[2]))
        if due > MAX_EVENTS or (due and self._lost):
            # What keypad does when the app falls behind: the queue is full,
            # and stays full (new events discarded) until the app clears it.
            # (The navigation buttons' pins change all the same: keypad's
            # debounce in C still sees them; only their queued changes go.)
            self._lost = True
            self._pending = [e for e in self._pending if e[0] > self._clock.t or self._in_c(e[2])]

    def next_time(self):
        return self._pending[0][0] if self._pending else None

    def events(self):
        now = self._clock.t
        out = self._out
        names = self.names
        nav = [[] for _ in range(self._nav)]
        queued = 0
        while self._pending and self._pending[0][0] <= now:
            t, _, name, down, _b = self._pending.pop(0)
            k = names.index(name)
            if self._in_c(name):
                nav[k].append((t, down))
            else:
                queued += 1
                self._deb.feed(k, down, t, out)
        if queued > MAX_EVENTS:
            self._lost = True  # more raw edges than keypad's queue holds came due
        self._deb.settle(now, out)
        n = len(out)
        if self.nav_scans:
            for k in range(self._nav):
                self._scan(k, nav[k], now, out)
        if self._lost or len(out) - n > MAX_EVENTS:
            # A queue overflowed (the app fell behind a hail of edges; the
            # navigation queue only if it stalled for seconds): as
            # hw/buttons.py, lost events, start clean (every key released).
            self._lost = False
            del out[:]
            self._overflow = True
            self._deb.reset()
            return []
        out.sort(key=lambda e: e[2])
        got = [(names[k], down, t) for k, down, t in out]
        del out[:]
        return got

    def overflowed(self):
        o = self._overflow
        self._overflow = False
        return o

    def _in_c(self, name):
        # A navigation button, debounced by keypad itself.
        return self.nav_scans > 0 and self.names.index(name) < self._nav

    def _scan(self, k, edges, now, out):
        # keypad's 1 ms scans of navigation key k up to now, the pin changing
        # at the given edges (a scan at or after an edge reads its level).
        top = self.nav_scans
        c, level, done = self._count[k], self._level[k], self._scanned[k]
        for t, down in edges + [(now + 1, None)]:
            t = max(t, done + 1)
            n = t - 1 - done          # scans done+1 .. t-1 read `level`
            if n > 0:
                if level:
                    if c < 0 and -c <= n:
                        out.append((k, True, done - c))
                        c = top
                    else:
                        c = min(top, c + n)
                elif c > 0 and c <= n:
                    out.append((k, False, done + c))
                    c = -top
                else:
                    c = max(-top, c - n)
                done = t - 1
            if down is not None:
                level = down
        self._count[k], self._level[k], self._scanned[k] = c, level, done


class SimBuzzer:
    def __init__(self):
        self.log = []  # (t, notes)
        self._until = 0

    def play(self, notes, now=0):
        self.log.append((now, notes))
        self._until = now + sum(ms for _, ms in notes)

    def update(self, now):
        pass

    def busy(self):
        return False


def make_regions(image=None):
    # The board's regions (nvm + save-file windows), modelled byte by byte.
    return FlashRegion.regions_from_image(image)


class Restart(BaseException):
    """The firmware asked for a restart of the interpreter (App.restart ->
    hw.restart(): CircuitPython's supervisor.reload(), MicroPython's
    machine.soft_reset()). The session boots the app again on the same
    store, and on the same display chip, which kept its power."""


class SimHardware:
    def __init__(self, profile, seed=1, regions=None, settings_text=None, clock_t=0, files=None, bounce=None,
                 emu=None):
        # emu: the display chip of a board that restarted (it keeps what it
        # shows); then the driver is made as after a restart (hw/oled.py).
        from menagerie.hw import oled

        self.profile = profile
        self.clock = SimClock(clock_t)
        self.restarted = emu is not None
        self.emu = emu or SSD1306Emu(profile.WIDTH, profile.HEIGHT)
        self.i2c = FakeI2C({profile.I2C_ADDR: self.emu}, frequency=profile.I2C_FREQ)
        self.display = oled.make(profile.WIDTH, profile.HEIGHT, self.i2c, profile.I2C_ADDR, self.restarted)
        self.buttons = SimButtons(profile, self.clock, bounce)
        self.buzzer = SimBuzzer()
        self.regions = regions if regions is not None else make_regions()
        self.settings_text = settings_text
        # Other files on the simulated drive (config.ini): name -> text.
        self.files = files if files is not None else {}
        self._seeds = Rng(seed, 7)

    def read_file(self, name):
        return self.files.get(name)

    def release(self):
        # A board lets go of the bus, the keys and the piezo (board_hw.py);
        # nothing here holds a resource.
        self.released = True

    def restart(self):
        self.release()
        raise Restart()

    def new_seed(self):
        return self._seeds.next32() & 0x7FFFFFFF

    def sleep_ms(self, ms):
        self.clock.t += ms

    def pixels(self):
        return self.emu.image()
