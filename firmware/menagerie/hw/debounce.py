# Contact-bounce filter for the raw edges of the keys keypad does not
# debounce (hw/buttons.py: the players' buttons, which the slap buzzer times;
# every key on a CircuitPython without keypad's debounce) and for the
# simulator's bouncing buttons (sim/hardware.py).
#
# A change of a key is reported at its FIRST edge, with that edge's
# timestamp (the slap buzzer decides to the millisecond from it, so nothing
# may wait for the contact to settle). After that the key is not trusted
# until it has settled: WINDOW_MS since the reported change AND no raw edge
# for more than QUIET_MS. Until then its edges only move its "last level" and
# "last edge"; once settled, a last level that differs from the reported one
# is reported, stamped at its last edge (a tap shorter than the window, or a
# release inside it, is not lost, only reported late).
#
# QUIET_MS = 12: a bounce train's edges come 1-10 ms apart (microswitches,
# tactile and arcade buttons, on press and on release), 11 once keypad's
# 1 ms scan rounds them, so a train of any length is one change. (A window
# counted only from the reported change let the edges of a train longer than
# it through: bounces 3-8 ms apart gave a second press.) WINDOW_MS = 20: no
# finger presses, releases and presses one button again within 20 ms (a fast
# deliberate double tap is 60 ms or more), so no real press is swallowed.
# Neither ever delays a first edge: press and release times stay exact.
# MicroPython's pin-IRQ buttons (hw/mpy_buttons.py) use the same rule.
WINDOW_MS = 20
QUIET_MS = 12
# keypad's own debounce for the navigation buttons (hw/buttons.py), in 1 ms
# scans: a bounce train's open or closed stretches last at most 10 ms (11
# scans), so a key that reads its new state for 12 scans more than its old
# one has really changed.
NAV_SCANS = 12


class Debouncer:
    def __init__(self, n, window_ms=WINDOW_MS, quiet_ms=QUIET_MS):
        self.window = window_ms
        self.quiet = quiet_ms
        self._state = bytearray(n)   # reported level (1 = down)
        self._level = bytearray(n)   # level at the last raw edge
        self._edge = [0] * n         # time of the last raw edge
        self._lock = [0] * n         # time of the last reported change
        self._free = bytearray(n)    # 1: nothing to wait for (boot, reset)
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
        ok = self._trusted(k, t)   # settled before this edge came
        self._edge[k] = t
        self._level[k] = d
        if d != self._state[k] and ok:
            self._report(k, d, t, out)

    def settle(self, now, out):
        # Report what became stable while no edge came (call every poll).
        for k in range(len(self._state)):
            self._settle(k, now, out)

    def pressed(self, k):
        return self._state[k] == 1

    def _trusted(self, k, t):
        return self._free[k] == 1 or (t - self._lock[k] >= self.window
                                      and t - self._edge[k] > self.quiet)

    def _settle(self, k, t, out):
        lvl = self._level[k]
        if lvl != self._state[k] and self._trusted(k, t):
            self._report(k, lvl, self._edge[k], out)

    def _report(self, k, d, t, out):
        self._state[k] = d
        self._lock[k] = t
        self._free[k] = 0
        out.append((k, d == 1, t))
