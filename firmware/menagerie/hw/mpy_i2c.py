# busio.I2C's API (what adafruit_bus_device and so adafruit_ssd1306 call)
# over MicroPython's machine.I2C, so the same display driver runs on both.
import time

import machine


def bus_id(sda):
    # RP2040: GP0/4/8/.. are I2C0 SDA, GP2/6/10/.. I2C1 SDA (the RP2040 GPIO function table).
    return (sda >> 1) & 1


def pulled_up(pin):
    # busio.I2C's own check (CircuitPython), which machine.I2C lacks: pull
    # the line down inside for 10 us, let go, and 3 us later a pull-up
    # strong enough for 400 kHz has it high again. Without one every write
    # fails with a bare OSError (a timeout, or EIO) that names no cause.
    machine.Pin(pin, machine.Pin.IN, machine.Pin.PULL_DOWN)
    time.sleep_us(10)
    # None: no pull (the MicroPython docs); the stubs type pull as int only.
    p = machine.Pin(pin, machine.Pin.IN, None)  # type: ignore[arg-type]
    time.sleep_us(3)
    return p.value() == 1


NO_PULL_UP = "No pull up found on SDA or SCL; check your wiring"   # busio's words


def make_i2c(sda, scl, freq):
    # The bus is made either way: machine.I2C turns on the RP2040's weak
    # pull-ups, which can carry a short wire. Only when the display then does
    # not answer is the missing pull-up the reason given (MpyHardware).
    pulled = pulled_up(sda) and pulled_up(scl)
    bus = I2CBus(machine.I2C(bus_id(sda), scl=machine.Pin(scl), sda=machine.Pin(sda), freq=freq))
    bus.pulled_up = pulled
    return bus


class I2CBus:
    def __init__(self, i2c):
        self.i2c = i2c
        self._locked = False
        self.pulled_up = True   # make_i2c's check found SDA and SCL pulled up

    # One thread, no other bus users: the lock only catches misuse.
    def try_lock(self):
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def scan(self):
        return self.i2c.scan()

    def writeto(self, address, buffer, *, start=0, end=None):
        # machine.I2C raises OSError when the address is not acknowledged,
        # like busio: adafruit_bus_device's probe relies on it.
        if end is None:
            end = len(buffer)
        if start == 0 and end == len(buffer):
            self.i2c.writeto(address, buffer)
        else:
            self.i2c.writeto(address, memoryview(buffer)[start:end])

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        if end is None:
            end = len(buffer)
        if start == 0 and end == len(buffer):
            self.i2c.readfrom_into(address, buffer)
        else:
            self.i2c.readfrom_into(address, memoryview(buffer)[start:end])

    def writeto_then_readfrom(self, address, out_buffer, in_buffer, *, out_start=0,
                              out_end=None, in_start=0, in_end=None):
        if out_end is None:
            out_end = len(out_buffer)
        if in_end is None:
            in_end = len(in_buffer)
        # repeated start: no stop between the write and the read
        self.i2c.writeto(address, memoryview(out_buffer)[out_start:out_end], False)
        self.i2c.readfrom_into(address, memoryview(in_buffer)[in_start:in_end])

    def deinit(self):
        # machine.I2C has no deinit on the rp2 port and a new one takes the
        # pins over: nothing is held between tries.
        pass
