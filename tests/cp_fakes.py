# CircuitPython's hardware modules as CPython stand-ins, for running the
# real firmware/code.py and hw/board_hw.py on the desktop (the display
# tests, tests/test_display_start.py). busio keeps CircuitPython's rules that
# bite a restart: a peripheral still enabled refuses a new I2C ("I2C
# peripheral in use", ports/raspberrypi/common-hal/busio/I2C.c), a claimed
# pin refuses a new owner, lines nothing pulls up raise before anything is
# claimed. Behind the bus: the real adafruit_ssd1306 driver talks to the
# SSD1306 emulator (sim/ssd1306_emu.py) through sim/fake_i2c.py.
import types

from sim.fake_i2c import FakeI2C
from sim.ssd1306_emu import SSD1306Emu


class Wiring:
    # What is on the wire. answers(n) says whether the display answers the
    # n-th I2C built (1, 2, ...): a slow panel answers from some n on, a
    # loose wire pushed back in likewise, a missing one never.
    def __init__(self, width=128, height=64, addr=0x3C, pulled_up=True, answers_from=1):
        self.emu = SSD1306Emu(width, height)
        self.addr = addr
        self.pulled_up = pulled_up
        self.answers_from = answers_from   # None: never
        self.built = 0          # I2C objects made (the tries)
        self.enabled = set()    # peripheral numbers in use
        self.claimed = set()    # pin names in use
        self.tones = []         # (Hz or 0) in order, from every PWMOut
        self.pwm_live = 0
        self.keys_live = 0
        self.released_displays = 0

    def answers(self):
        return self.answers_from is not None and self.built >= self.answers_from

    def claim(self, pins):
        for p in pins:
            if p in self.claimed:
                raise ValueError("%s in use" % p)
        self.claimed.update(pins)

    def free(self, pins):
        self.claimed.difference_update(pins)


def _num(pin):
    return int(str(pin).replace("board.", "").replace("GP", ""))


def modules(wiring):
    # -> {name: module} for sys.modules: busio, pwmio, keypad, displayio.
    w = wiring

    class I2C(FakeI2C):
        def __init__(self, scl, sda, frequency=100000, timeout=255):
            inst = (_num(sda) // 2) % 2
            if _num(scl) % 2 != 1 or _num(sda) % 2 != 0 or (_num(scl) // 2) % 2 != inst:
                raise ValueError("Invalid pins")
            if inst in w.enabled:
                raise ValueError("I2C peripheral in use")
            for p in (scl, sda):
                if str(p) in w.claimed:
                    raise ValueError("%s in use" % p)
            if not w.pulled_up:
                raise RuntimeError("No pull up found on SDA or SCL; check your wiring")
            w.built += 1
            FakeI2C.__init__(self, {w.addr: w.emu} if w.answers() else {}, frequency)
            self._inst, self._pins = inst, (str(scl), str(sda))
            w.enabled.add(inst)
            w.claim(self._pins)
            self._live = True

        def deinit(self):
            if self._live:
                w.enabled.discard(self._inst)
                w.free(self._pins)
                self._live = False
            FakeI2C.deinit(self)

    class SPI:   # adafruit_bus_device names it in annotations only
        pass

    busio = types.ModuleType("busio")
    busio.I2C = I2C
    busio.SPI = SPI

    class PWMOut:
        def __init__(self, pin, duty_cycle=0, frequency=500, variable_frequency=False):
            w.claim((str(pin),))
            self.pin = str(pin)
            self.frequency = frequency
            self._duty = duty_cycle
            w.pwm_live += 1

        @property
        def duty_cycle(self):
            return self._duty

        @duty_cycle.setter
        def duty_cycle(self, d):
            self._duty = d
            w.tones.append(self.frequency if d else 0)

        def deinit(self):
            if self.pin is not None:
                w.free((self.pin,))
                w.pwm_live -= 1
                self.pin = None

    pwmio = types.ModuleType("pwmio")
    pwmio.PWMOut = PWMOut

    class Queue:
        overflowed = False

        def get_into(self, ev):
            return False

        def clear(self):
            pass

    class Keys:
        def __init__(self, pins, **kw):
            w.claim(tuple(str(p) for p in pins))
            self.pins = tuple(str(p) for p in pins)
            self.events = Queue()
            w.keys_live += 1

        def deinit(self):
            if self.pins:
                w.free(self.pins)
                w.keys_live -= 1
                self.pins = ()

    class Event:
        key_number = 0
        pressed = False
        timestamp = 0

    keypad = types.ModuleType("keypad")
    keypad.Keys = Keys
    keypad.Event = Event

    displayio = types.ModuleType("displayio")

    def release_displays():
        w.released_displays += 1
    displayio.release_displays = release_displays
    return {"busio": busio, "pwmio": pwmio, "keypad": keypad, "displayio": displayio}
