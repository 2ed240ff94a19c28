# Steps through a tune, a tuple of (frequency Hz, ms) with 0 Hz for a rest,
# from the main loop: a sound never blocks the buttons. The board's buzzer
# supplies tone(freq) (0 = silent); this part is the same on every port.


class Tune:
    def __init__(self, tone):
        self._tone = tone
        self._notes = ()
        self._i = 0
        self._until = 0

    def play(self, notes, now=0):
        self._notes = notes
        self._i = -1
        self._until = now
        self.update(now)

    def update(self, now):
        if self._i >= len(self._notes) or now < self._until:
            return
        self._i += 1
        if self._i >= len(self._notes):
            self._tone(0)
            return
        freq, ms = self._notes[self._i]
        self._tone(freq)
        self._until = now + ms

    def busy(self):
        return self._i < len(self._notes)

    def sound(self, notes, nap):
        # Blocking, for when no main loop runs (a display that does not
        # answer, hw/display_wait.py): nap(ms) waits.
        try:
            for freq, ms in notes:
                self._tone(freq)
                nap(ms)
        finally:
            self._tone(0)
