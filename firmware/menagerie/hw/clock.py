# supervisor.ticks_ms wraps at 2**29 (about 6.2 days); the app wants plain,
# ever-growing milliseconds, so unwrap here once.
import supervisor

_PERIOD = 1 << 29
_MASK = _PERIOD - 1


class Clock:
    def __init__(self):
        self._last = supervisor.ticks_ms()
        self._base = 0

    def now(self):
        raw = supervisor.ticks_ms()
        self._base += (raw - self._last) & _MASK
        self._last = raw
        return self._base

    def unwrap(self, raw_ts):
        # A keypad timestamp in the past, in the same ms system as now().
        now = self.now()
        return now - ((self._last - raw_ts) & _MASK)
