# A stand-in for MicroPython's `machine` module (rp2 port API subset), for
# running firmware/menagerie/hw/mpy_*.py under the unix port in tests. Only
# on MICROPYPATH in tests: never shipped.
#
# Pin.drive(level) changes a pin's level from the outside (a button contact)
# and, on an edge, calls the handler registered with irq(), as the hardware
# would. I2C records every transaction; PWM records its settings.

PINS = {}
irq_disabled = 0
# The wiring a test sets: pins whose line nothing pulls up (an I2C line
# read with no pull of its own reads low there, high elsewhere), and the
# addresses that answer on every I2C made from now on (None: each
# constructor's own). MENAGERIE_FAKE_I2C="" or "0x3c,.." sets the latter
# for a whole interpreter (tests/mpy_wire.py's board).
NO_PULL_UPS = set()
I2C_DEVICES = None
try:
    import os as _os
    _env = _os.getenv("MENAGERIE_FAKE_I2C")
    if _env is not None:
        I2C_DEVICES = [int(a, 16) for a in _env.split(",") if a]
    del _os, _env
except (ImportError, AttributeError):
    pass


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self.mode = mode
        self.pull = pull
        # A pulled-up input idles high; a pin made again keeps its level (the
        # wire does not change because the firmware built a new object).
        self.level = 1 if pull == Pin.PULL_UP else 0
        if id in PINS:
            self.level = PINS[id].level
        if pull is None:   # no pull of its own: the outside decides
            self.level = 0 if id in NO_PULL_UPS else 1
        if value is not None:
            self.level = value
        self.handler = None
        self.trigger = 0
        self.hard = None
        PINS[id] = self

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = 1 if v else 0

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, hard=False):
        self.handler = handler
        self.trigger = trigger
        self.hard = hard

    def drive(self, level):
        # The outside world sets the level; an edge the IRQ listens for fires it.
        old = self.level
        self.level = level
        if old == level or self.handler is None:
            return
        want = Pin.IRQ_FALLING if level == 0 else Pin.IRQ_RISING
        if self.trigger & want:
            self.handler(self)


def disable_irq():
    global irq_disabled
    irq_disabled += 1
    return 1


def enable_irq(state):
    global irq_disabled
    irq_disabled -= 1


class I2C:
    # Devices: {address: object with .written list}; default: one SSD1306 at 0x3C.
    def __init__(self, id, scl=None, sda=None, freq=400000, devices=(0x3C,)):
        self.id = id
        self.scl = scl
        self.sda = sda
        self.freq = freq
        self.devices = list(devices if I2C_DEVICES is None else I2C_DEVICES)
        self.writes = []   # (address, bytes)
        self.stops = []    # stop flag per write

    def scan(self):
        return list(self.devices)

    def writeto(self, addr, buf, stop=True):
        if addr not in self.devices:
            raise OSError(5)   # EIO: the rp2 port's answer to a NACK
        self.writes.append((addr, bytes(buf)))
        self.stops.append(stop)
        return len(buf) + 1

    def readfrom_into(self, addr, buf, stop=True):
        if addr not in self.devices:
            raise OSError(5)
        for i in range(len(buf)):
            buf[i] = 0x43   # SSD1306 status byte: display on, no busy flag


class PWM:
    def __init__(self, pin, freq=None, duty_u16=None):
        self.pin = pin
        self.f = 0
        self.d = 0
        self.log = []

    def freq(self, f=None):
        if f is None:
            return self.f
        if f < 8:
            raise ValueError("freq out of range")
        self.f = f
        self.log.append(("freq", f))

    def deinit(self):
        self.d = 0
        self.log.append(("deinit",))

    def duty_u16(self, d=None):
        if d is None:
            return self.d
        self.d = d
        self.log.append(("duty", d))


def reset():
    raise SystemExit("machine.reset()")


def unique_id():
    # The flash chip's 8-byte id (rp2); the table view names its network
    # after the last two.
    return b"\xe6\x61\x38\x83\x2b\x44\x51\xaa"
