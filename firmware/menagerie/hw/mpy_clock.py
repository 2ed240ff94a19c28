# MicroPython's ticks_us/ticks_ms wrap (every ~18 min / ~12 days on a 32-bit
# port); the app wants plain, ever-growing milliseconds, and the buttons
# stamp presses in raw ticks_us. This clock unwraps ticks_us into
# microseconds since boot, so button stamps and now() share one timeline.
import time

# ticks_diff is exact for gaps under half the ticks period (2**29 us, about
# 9 min, on the RP2040). The loop reads the clock every few ms; a longer gap
# (a stall we did not plan for) is measured with ticks_ms instead.
_SAFE_MS = 400000


class Clock:
    def __init__(self, ticks_us=None, ticks_ms=None):
        # ticks_us is public: the button IRQ handler stamps edges with it.
        self.ticks_us = ticks_us or time.ticks_us
        self._ticks_ms = ticks_ms or time.ticks_ms
        self._last = self.ticks_us()
        self._last_ms = self._ticks_ms()
        self._us = 0

    def update(self):
        raw = self.ticks_us()
        raw_ms = self._ticks_ms()
        d = time.ticks_diff(raw, self._last)
        dm = time.ticks_diff(raw_ms, self._last_ms)
        if dm > _SAFE_MS or d < 0:
            d = dm * 1000
        if d > 0:
            self._us += d
        self._last = raw
        self._last_ms = raw_ms
        return self._us

    def now(self):
        return self.update() // 1000

    def now_us(self):
        return self.update()

    def us_of(self, raw):
        # A ticks_us stamp taken before the last update(), on our timeline.
        return self._us - time.ticks_diff(self._last, raw)
