# Contact-bounce filter for the raw edges CircuitPython's keypad reports
# (hw/buttons.py) and the simulator's bouncing buttons (sim/hardware.py).
#
# keypad scans every ~1 ms (interval=0.001) and has no debounce of its own at
# that rate: a switch that bounces for a few ms is reported as several presses.
# Here a change of a key is reported at its FIRST edge, with that edge's
# timestamp (the slap buzzer decides to the millisecond from it, so nothing
# may wait for the contact to settle). For WINDOW_MS after a reported change
# the key's edges are not trusted: they only move its "last level" and "last
# edge". When the window is over, a last level that differs from the
# reported one is reported, stamped at its last edge (a tap shorter than the
# window, or a release inside it, is not lost, only reported late).
#
# WINDOW_MS = 20: microswitches and tactile buttons bounce for 1-10 ms (on
# press and on release), so the window covers twice the worst bounce; and no
# finger presses, releases and presses one button again within 20 ms (a fast
# deliberate double tap is 60 ms or more), so no real press is swallowed.
# The window never delays a first edge: press and release times stay exact.
# MicroPython's pin-IRQ buttons (hw/mpy_buttons.py) use the same rule and window.
WINDOW_MS = 20


class Debouncer:
    def __init__(self, n, window_ms=WINDOW_MS):
        self.window = window_ms
        self._state = bytearray(n)   # reported level (1 = down)
        self._level = bytearray(n)   # level at the last raw edge
        self._edge = [0] * n         # time of the last raw edge
        self._lock = [0] * n         # time of the last reported change
        self._free = bytearray(n)    # 1: no window running
        self.reset()

    def reset(self):
        # After lost events (queue overflow): every key released, no window.
        n = len(self._state)
        for k in range(n):
            self._state[k] = 0
            self._level[k] = 0
            self._free[k] = 1

    def feed(self, k, down, t, out):
        # One raw edge of key k at t ms; reported changes go to out as
        # (k, down, t).
        d = 1 if down else 0
        self._settle(k, t, out)
        self._edge[k] = t
        self._level[k] = d
        if d != self._state[k] and self._trusted(k, t):
            self._report(k, d, t, out)

    def settle(self, now, out):
        # Report what became stable while no edge came (call every poll).
        for k in range(len(self._state)):
            self._settle(k, now, out)

    def pressed(self, k):
        return self._state[k] == 1

    def _trusted(self, k, t):
        return self._free[k] == 1 or t - self._lock[k] >= self.window

    def _settle(self, k, t, out):
        lvl = self._level[k]
        if lvl != self._state[k] and self._trusted(k, t):
            self._report(k, lvl, self._edge[k], out)

    def _report(self, k, d, t, out):
        self._state[k] = d
        self._lock[k] = t
        self._free[k] = 0
        out.append((k, d == 1, t))
