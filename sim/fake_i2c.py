"""A stand-in for CircuitPython's busio.I2C that routes writes to emulated
devices and counts what the wire would carry.

Counting: `data_bytes` are the payload bytes (what the driver hands to
writeto); `bytes_total` adds the address byte of every transaction, which is
what occupies the bus in byte slots; `bit_times` adds the ACK bit per byte
and a start + stop condition per transaction (9 bits a byte + 2), so
`bus_us(400_000)` estimates the time on a 400 kHz bus.
"""


class FakeI2C:
    def __init__(self, devices=None, frequency=400_000):
        self.devices = dict(devices or {})  # 7-bit address -> device
        self.frequency = frequency
        self._locked = False
        self.log = None  # set to a list to record (addr, bytes) per write
        self.reset_counters()

    def reset_counters(self):
        self.transactions = 0
        self.data_bytes = 0
        self.bytes_total = 0
        self.bit_times = 0

    reset = reset_counters

    def attach(self, addr, device):
        self.devices[addr] = device

    def _count(self, n_payload):
        self.transactions += 1
        self.data_bytes += n_payload
        self.bytes_total += n_payload + 1
        self.bit_times += 9 * (n_payload + 1) + 2

    def bus_us(self, frequency=None):
        return self.bit_times * 1_000_000 // (frequency or self.frequency)

    # ---- busio.I2C API ----
    def try_lock(self):
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def _device(self, addr):
        dev = self.devices.get(addr)
        if dev is None:
            # the address byte went out and nobody acknowledged it
            raise OSError(19, "No I2C device at 0x%02x" % addr)
        return dev

    def _check_lock(self):
        if not self._locked:
            raise RuntimeError("I2C bus used without try_lock()")

    def writeto(self, address, buffer, *, start=0, end=None):
        self._check_lock()
        if end is None:
            end = len(buffer)
        payload = bytes(memoryview(buffer)[start:end])
        self._count(len(payload))  # the address byte is sent even if no ACK
        dev = self._device(address)
        if self.log is not None:
            self.log.append((address, payload))
        if payload:  # an empty write is a probe: address + stop
            dev.write(payload)

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        self._check_lock()
        if end is None:
            end = len(buffer)
        self._count(end - start)
        dev = self._device(address)
        buffer[start:end] = dev.read(end - start)

    def writeto_then_readfrom(self, address, buffer_out, buffer_in, *, out_start=0,
                              out_end=None, in_start=0, in_end=None):
        self.writeto(address, buffer_out, start=out_start, end=out_end)
        self.readfrom_into(address, buffer_in, start=in_start, end=in_end)

    def scan(self):
        self._check_lock()
        for _ in self.devices:
            self._count(0)
        return sorted(self.devices)

    def deinit(self):
        self._locked = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()
        return False


def make_oled(width=128, height=64, addr=0x3C, **driver_kw):
    """The real adafruit_ssd1306 driver over a FakeI2C wired to an emulator.
    -> (driver, emulator, bus); the bus counters start after the driver init."""
    import adafruit_ssd1306
    from sim.ssd1306_emu import SSD1306Emu

    emu = SSD1306Emu(width, height, external_vcc=driver_kw.get("external_vcc", False))
    bus = FakeI2C({addr: emu})
    driver = adafruit_ssd1306.SSD1306_I2C(width, height, bus, addr=addr, **driver_kw)
    bus.reset_counters()
    emu.reset_counters()
    return driver, emu, bus
