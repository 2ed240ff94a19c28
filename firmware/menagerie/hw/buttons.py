# Key events with millisecond timestamps from keypad, debounced.
# interval=0.001: keypad scans every ~1 ms instead of the default 20 ms, which
# would add up to 20 ms of random delay to each press (unfair for the slap
# buzzer).
#
# Two debounces (docs/architecture.md, Buttons):
# - the buttons the slap buzzer times (the players'; on a board without
#   them, the navigation buttons it lends to the players) must not wait: the
#   buzzer decides to the millisecond from the first edge, and keypad's own
#   debounce would stamp each press when its bounce ends, later for a
#   bouncier switch. keypad reports their raw edges and hw/debounce.py keeps
#   the first edge of each change;
# - the navigation buttons of a board with players' buttons use keypad's
#   debounce, in C (`debounce_threshold`, CircuitPython 9 and later): a
#   change is queued once the key has read the new state for NAV_SCANS scans
#   more than the old one, stamped at that scan, so a bounce never reaches
#   Python, at the cost of ~NAV_SCANS ms nobody times.
# A CircuitPython without debounce_threshold gets one scanner and
# hw/debounce.py for every key.
import keypad

from menagerie.hw.debounce import Debouncer, NAV_SCANS


def _keys(entries, scans=1):
    pins = tuple(e[1] for e in entries)
    if scans > 1:
        return keypad.Keys(pins, value_when_pressed=False, pull=True, interval=0.001,
                           max_events=64, debounce_threshold=scans)
    return keypad.Keys(pins, value_when_pressed=False, pull=True, interval=0.001, max_events=64)


class Buttons:
    def __init__(self, profile, clock):
        nav = tuple(profile.NAV)
        players = tuple(profile.PLAYERS)
        self.names = tuple(e[0] for e in nav + players)
        self._clock = clock
        # [keypad.Keys, number of its first key, its raw edges need our debounce]
        self._scanners = []
        rest, first = players, len(nav)
        if not players:
            rest, first = nav, 0   # the buzzer times these
        elif nav:
            try:
                self._scanners.append((_keys(nav, NAV_SCANS), 0, False))
            except TypeError:  # no debounce_threshold in this CircuitPython
                rest, first = nav + players, 0
        if rest:
            try:
                self._scanners.append((_keys(rest), first, True))
            except BaseException:
                self.deinit()   # the navigation scanner's pins back too
                raise
        self._ev = keypad.Event()
        self._deb = Debouncer(len(self.names))
        self._held = bytearray(len(self.names))
        self._out = []
        self._overflow = False

    def events(self):
        for keys, first, raw in self._scanners:
            if keys.events.overflowed:
                # Events were lost: say so (the app releases every key, a race
                # is voided), then start clean. Not keys.reset(): that would
                # report a key still held as a fresh press; its release, when
                # it comes, is simply ignored (every key counts as released).
                self._overflow = True
                for k in self._scanners:
                    k[0].events.clear()
                self._deb.reset()
                for i in range(len(self._held)):
                    self._held[i] = 0
                return []
        out = self._out
        ev = self._ev
        deb = self._deb
        unwrap = self._clock.unwrap
        for keys, first, raw in self._scanners:
            q = keys.events
            while q.get_into(ev):
                if raw:
                    deb.feed(first + ev.key_number, ev.pressed, unwrap(ev.timestamp), out)
                else:
                    out.append((first + ev.key_number, ev.pressed, unwrap(ev.timestamp)))
        deb.settle(self._clock.now(), out)
        if not out:
            return []
        # A settled change carries its edge's time, older than a press of
        # another key already in this batch.
        out.sort(key=_time)
        names = self.names
        got = []
        for k, down, t in out:
            self._held[k] = 1 if down else 0
            got.append((names[k], down, t))
        del out[:]
        return got

    def overflowed(self):
        o = self._overflow
        self._overflow = False
        return o

    def pressed(self, name):
        # Debounced level of one button.
        return self._held[self.names.index(name)] == 1

    def deinit(self):
        # The pins back, for a reload or another try (BoardHardware.release).
        for keys, _, _ in self._scanners:
            keys.deinit()
        self._scanners = []


def _time(e):
    return e[2]
