# Key events with millisecond timestamps from keypad, debounced here.
# interval=0.001: keypad scans every ~1 ms instead of the default 20 ms, which
# would add up to 20 ms of random delay to each press (unfair for the slap
# buzzer). At that rate keypad does not debounce (its debounce is its scan
# interval), so every bounce of a contact is an event: hw/debounce.py keeps
# the first edge of a change with its timestamp and ignores the bounces after
# it (docs/architecture.md, Buttons).
import keypad

from menagerie.hw.debounce import Debouncer


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
        self._deb = Debouncer(len(entries))
        self._out = []
        self._overflow = False

    def events(self):
        q = self._keys.events
        if q.overflowed:
            # Events were lost: say so (the app releases every key, a race is
            # voided), then start clean. Not keys.reset(): that would report a
            # key still held as a fresh press; its release, when it comes, is
            # simply ignored (the debouncer too holds every key released).
            self._overflow = True
            q.clear()
            self._deb.reset()
            return []
        out = self._out
        ev = self._ev
        deb = self._deb
        while q.get_into(ev):
            deb.feed(ev.key_number, ev.pressed, self._clock.unwrap(ev.timestamp), out)
        deb.settle(self._clock.now(), out)
        if not out:
            return []
        # A settled change carries its edge's time, older than a press of
        # another key already in this batch.
        out.sort(key=_time)
        names = self.names
        got = [(names[e[0]], e[1], e[2]) for e in out]
        del out[:]
        return got

    def overflowed(self):
        o = self._overflow
        self._overflow = False
        return o

    def pressed(self, name):
        # Debounced level of one button.
        return self._deb.pressed(self.names.index(name))


def _time(e):
    return e[2]
