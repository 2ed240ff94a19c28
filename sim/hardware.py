"""The simulator's hardware object: the same shape as firmware/menagerie/hw
(see docs/architecture.md), on a virtual millisecond clock.

The display is the real adafruit_ssd1306 driver talking to the SSD1306
emulator over a fake I2C bus, so every byte the firmware sends is counted and
interpreted exactly as the chip would.
"""
import adafruit_ssd1306

from menagerie.core.rng import Rng
from sim.fake_i2c import FakeI2C
from sim.flash import FlashRegion
from menagerie.hw.debounce import Debouncer
from sim.ssd1306_emu import SSD1306Emu

# keypad's default queue depth; more pending events than this overflow.
MAX_EVENTS = 64


class SimClock:
    def __init__(self, t=0):
        self.t = t

    def now(self):
        return self.t


class SimButtons:
    """keypad as the firmware sees it: raw edges stamped to the millisecond,
    a 64-event queue that overflows, and contact bounce. Raw edges go
    through the firmware's own debouncer (menagerie/hw/debounce.py), as on
    the board (hw/buttons.py).

    bounce = (count, ms): every change of a button (press and release) is
    followed by `count` extra open/close pairs spread over `ms` ms, each edge
    on its own keypad scan (1 ms grid). (0, 0): clean contacts."""

    def __init__(self, profile, clock, bounce=None):
        self.names = tuple(e[0] for e in profile.NAV) + tuple(e[0] for e in profile.PLAYERS)
        self._clock = clock
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
        count, ms = bounce or (0, 0)
        if count < 0 or ms < 0 or (count and ms < 2 * count):
            raise ValueError("bounce needs N >= 0 pairs over at least 2N ms (got %d over %d)" % (count, ms))
        self.bounce = (count, ms)

    def _add(self, name, down, t):
        self._seq += 1
        self._pending.append((t, self._seq, name, down))
        self.raw_edges += 1

    def schedule(self, name, down, t):
        if name not in self.names:
            raise ValueError("this board has no %s button (it has %s)" % (name, " ".join(self.names)))
        self._add(name, down, t)
        count, ms = self.bounce
        if count:
            step = ms // (2 * count)
            for i in range(count):
                self._add(name, not down, t + (2 * i + 1) * step)
                self._add(name, down, t + (2 * i + 2) * step)
        self._pending.sort()
        if down:
            self.presses += 1
        due = sum(1 for e in self._pending if e[0] <= self._clock.t)
        if due > MAX_EVENTS or (due and self._lost):
            # What keypad does when the app falls behind: the queue is full,
            # and stays full (new events discarded) until the app clears it.
            self._lost = True
            self._pending = [e for e in self._pending if e[0] > self._clock.t]

    def next_time(self):
        return self._pending[0][0] if self._pending else None

    def events(self):
        if self._lost:
            # As hw/buttons.py: lost events, start clean (every key released).
            self._lost = False
            self._overflow = True
            self._deb.reset()
            return []
        now = self._clock.t
        out = self._out
        names = self.names
        while self._pending and self._pending[0][0] <= now:
            t, _, name, down = self._pending.pop(0)
            self._deb.feed(names.index(name), down, t, out)
        self._deb.settle(now, out)
        out.sort(key=lambda e: e[2])
        got = [(names[k], down, t) for k, down, t in out]
        del out[:]
        return got

    def overflowed(self):
        o = self._overflow
        self._overflow = False
        return o


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


class SimHardware:
    def __init__(self, profile, seed=1, regions=None, settings_text=None, clock_t=0, files=None, bounce=None):
        self.profile = profile
        self.clock = SimClock(clock_t)
        self.emu = SSD1306Emu(profile.WIDTH, profile.HEIGHT)
        self.i2c = FakeI2C({profile.I2C_ADDR: self.emu}, frequency=profile.I2C_FREQ)
        self.display = adafruit_ssd1306.SSD1306_I2C(
            profile.WIDTH, profile.HEIGHT, self.i2c, addr=profile.I2C_ADDR
        )
        self.buttons = SimButtons(profile, self.clock, bounce)
        self.buzzer = SimBuzzer()
        self.regions = regions if regions is not None else make_regions()
        self.settings_text = settings_text
        # Other files on the simulated drive (config.ini): name -> text.
        self.files = files if files is not None else {}
        self._seeds = Rng(seed, 7)

    def read_file(self, name):
        return self.files.get(name)

    def new_seed(self):
        return self._seeds.next32() & 0x7FFFFFFF

    def sleep_ms(self, ms):
        self.clock.t += ms

    def pixels(self):
        return self.emu.image()
