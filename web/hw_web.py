# The hardware object (docs/architecture.md, "Hardware interface") in a web
# browser, for the firmware running on MicroPython compiled to WebAssembly.
# The same shape as menagerie/hw/board_hw.py (CircuitPython), mpy_board.py
# (MicroPython boards) and sim/hardware.py, so app, ui, core and store run
# unchanged. Lives in web/, not firmware/: `menagerie build` never copies it
# onto a board.
#
# Everything that crosses into JavaScript goes through `bridge` (web/main.js
# registers it as the `menagerie_bridge` module) and is a string or a number:
# the cheapest and least surprising values to pass between the two heaps.
import binascii

from menagerie.core.rng import Rng, seed_from_bytes
from menagerie.hw.tune import Tune

# What the page's event queue holds at most, like keypad's queue on the
# board: more pending events than this and the race must be voided.
MAX_EVENTS = 64


class WebClock:
    def __init__(self, bridge):
        self._bridge = bridge

    def now(self):
        # Whole milliseconds since the page started: never wraps.
        return self._bridge.now()


class WebButtons:
    # Events come from the page (on-screen buttons, pointers, keys) with a
    # millisecond stamp taken when the browser delivered them; the page keeps
    # each one until its time has come (a key's scripted release).
    def __init__(self, profile, clock, bridge):
        entries = tuple(profile.NAV) + tuple(profile.PLAYERS)
        self.names = tuple(e[0] for e in entries)
        self._clock = clock
        self._bridge = bridge
        self._overflow = False

    def events(self):
        text = self._bridge.take(self._clock.now())
        if not text:
            return []
        out = []
        for item in text.split(";"):
            if item == "!":
                # The page's queue overflowed: say so (a race is voided).
                self._overflow = True
                continue
            name, down, t = item.split(",")
            if name in self.names:
                out.append((name, down == "1", int(t)))
        return out

    def overflowed(self):
        o = self._overflow
        self._overflow = False
        return o


class WebBuzzer(Tune):
    # The piezo as a square wave from Web Audio; tune.py does the sequencing
    # from the main loop exactly as on the board.
    def __init__(self, bridge):
        self._bridge = bridge
        Tune.__init__(self, self._set)

    def _set(self, freq):
        self._bridge.tone(freq)


class _Device:
    # What adafruit_bus_device's I2CDevice offers the Flusher (ui/flush.py):
    # `with dev: dev.write(buf, start, end)`. It interprets the two kinds of
    # transaction the Flusher sends, as the SSD1306 does in horizontal
    # addressing mode: commands (0x00, then 0x21 lo hi / 0x22 p0 p1 set the
    # column and page window) and data (0x40, then bytes filling the window
    # column by column, page by page, wrapping inside it).
    def __init__(self, display):
        self._d = display
        self.col0, self.col1, self.page0, self.page1 = 0, 127, 0, display.pages - 1
        self.col, self.page = 0, 0
        self.bytes = 0
        self._arg = None  # pending command and its arguments so far

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def write(self, buf, start=0, end=None):
        if end is None:
            end = len(buf)
        self.bytes += end - start + 1  # + the address byte on the bus
        if start >= end:
            return
        if buf[start] == 0x40:
            self._data(buf, start + 1, end)
        elif buf[start] == 0x00:
            for i in range(start + 1, end):
                self._command(buf[i])
        else:
            raise ValueError("SSD1306: control byte 0x%02x not handled" % buf[start])

    def _command(self, b):
        a = self._arg
        if a is None:
            if b == 0x21 or b == 0x22:
                self._arg = [b]
            else:
                self._d.command(b)
            return
        a.append(b)
        if len(a) == 3:
            self._arg = None
            if a[0] == 0x21:
                self.col0, self.col1 = a[1] & 127, a[2] & 127
                self.col = self.col0
            else:
                self.page0, self.page1 = a[1] & 7, a[2] & 7
                self.page = self.page0

    def _data(self, buf, start, end):
        ram = self._d.ram
        col, page = self.col, self.page
        for i in range(start, end):
            ram[page * 128 + col] = buf[i]
            col += 1
            if col > self.col1:
                col = self.col0
                page += 1
                if page > self.page1:
                    page = self.page0
        self.col, self.page = col, page
        self._d.changed = True


class WebDisplay:
    # A framebuffer-backed stand-in for adafruit_ssd1306.SSD1306_I2C with the
    # interface the app uses (width, height, buffer = 0x40 + frame in the
    # driver's MVLSB layout, write_cmd, show, i2c_device). What the page draws
    # is `ram`, the controller's display RAM as the bytes sent over the "bus"
    # left it (128 columns x pages, row-major by page), not the app's frame
    # buffer: a Flusher that forgot a byte shows on screen as on the board.
    def __init__(self, width, height):
        if width != 128 or height not in (32, 64):
            raise ValueError("panel must be 128x64 or 128x32")
        self.width = width
        self.height = height
        self.pages = height // 8
        self.buffer = bytearray(1 + width * self.pages)
        self.buffer[0] = 0x40
        self.ram = bytearray(128 * self.pages)
        self.on = True
        self.changed = True
        self.i2c_device = _Device(self)

    def command(self, b):
        if b == 0xAE:
            self.on = False
            self.changed = True
        elif b == 0xAF:
            self.on = True
            self.changed = True

    def write_cmd(self, cmd):
        self.i2c_device.write(bytes((0x00, cmd)))

    def show(self):
        # What the driver's show() does: the whole frame into the whole RAM.
        dev = self.i2c_device
        with dev:
            dev.write(b"\x00\x21\x00\x7f\x22\x00" + bytes((self.pages - 1,)))
        with dev:
            dev.write(self.buffer)

    def poweron(self):
        self.write_cmd(0xAF)

    def poweroff(self):
        self.write_cmd(0xAE)

    def frame_hex(self):
        # For the page: the display RAM as hex, or "" while the panel is off.
        self.changed = False
        if not self.on:
            return ""
        return binascii.hexlify(self.ram).decode()


class LocalRegion:
    # One of the store's raw byte regions (len, r[a:b], r[a:b] = data) kept in
    # the browser's localStorage, one key per region named like the board's
    # save files. Each slice assignment writes the whole region back before it
    # returns, and localStorage keeps a value whole: after a reload the bytes
    # are those of the last assignment, never a mix, which is what the
    # store's "appendable" regions ask for (the board's littlefs files give
    # the same promise). So closing or reloading the tab is a power cut.
    appendable = True

    def __init__(self, bridge, key, size):
        self._bridge = bridge
        self.key = key
        self.size = size
        self.data = bytearray(b"\xff" * size)
        text = bridge.load(key)
        if text and len(text) == 2 * size:
            try:
                self.data[:] = binascii.unhexlify(text)
            except ValueError:
                pass  # not ours: start blank (the store says "no save")

    def __len__(self):
        return self.size

    def __getitem__(self, k):
        if isinstance(k, slice):
            return bytes(self.data[k])
        return self.data[k]

    def __setitem__(self, k, data):
        if not isinstance(k, slice):
            raise TypeError("regions take slices")
        a, b, step = k.indices(self.size)
        if step != 1 or b - a != len(data):
            raise ValueError("slice and data lengths differ")
        self.data[a:b] = data
        self._bridge.save(self.key, binascii.hexlify(self.data).decode())

    def erase(self):
        self[0:self.size] = b"\xff" * self.size


def web_regions(bridge, board_id):
    # The MicroPython port's layout (store/layout.py): the same file names and
    # window size, so an export of these keys reads like a board's files.
    from menagerie.store import layout

    return [LocalRegion(bridge, "menagerie/%s/%s" % (board_id, name), layout.MPY_WINDOW)
            for name in layout.MPY_FILES]


class WebHardware:
    def __init__(self, profile, bridge, seed=None):
        self.profile = profile
        self.bridge = bridge
        self.clock = WebClock(bridge)
        self.display = WebDisplay(profile.WIDTH, profile.HEIGHT)
        self.buttons = WebButtons(profile, self.clock, bridge)
        self.buzzer = WebBuzzer(bridge)
        self.settings_text = None
        self.regions = []
        try:
            self.regions = web_regions(bridge, profile.BOARD_ID)
        except Exception as e:  # a store we cannot open must not stop the game
            print("regions:", e)
        # ?seed=N: the simulator's stream of seeds (sim/hardware.py, first
        # boot), so a page and `python -m sim --seed N` play the same games.
        self._seeds = Rng(seed * 1000 + 1, 7) if seed is not None else None

    def new_seed(self):
        if self._seeds is not None:
            return self._seeds.next32() & 0x7FFFFFFF
        return seed_from_bytes(binascii.unhexlify(self.bridge.random_hex(4)))

    def sleep_ms(self, ms):
        pass  # the page's animation frames pace the loop
