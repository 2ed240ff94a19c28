# Debounced key events with millisecond timestamps from keypad. interval=0.001:
# keypad scans every ~1 ms instead of the default 20 ms, which would add up to
# 20 ms of random delay to each press (unfair for the slap buzzer). With
# debounce_threshold=1 a press is reported at the first scan that sees it.
import keypad


class Buttons:
    def __init__(self, profile, clock):
        entries = tuple(profile.NAV) + tuple(profile.PLAYERS)
        self.names = tuple(e[0] for e in entries)
        self._clock = clock
        self._keys = keypad.Keys(
            tuple(e[1] for e in entries),
            value_when_pressed=False,
            pull=True,
            interval=0.001,
            max_events=64,
        )
        self._ev = keypad.Event()
        self._overflow = False

    def events(self):
        q = self._keys.events
        if q.overflowed:
            # Events were lost: say so (a race must be voided), then start clean.
            self._overflow = True
            q.clear()
            return []
        out = []
        ev = self._ev
        while q.get_into(ev):
            out.append((self.names[ev.key_number], ev.pressed, self._clock.unwrap(ev.timestamp)))
        return out

    def overflowed(self):
        o = self._overflow
        self._overflow = False
        return o
