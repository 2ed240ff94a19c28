# Buttons on MicroPython: a hard pin interrupt on both edges stamps each edge
# with time.ticks_us, so a slap is timed to the microsecond however busy the
# main loop is (a soft IRQ would run only after the current I2C transfer).
#
# Hard IRQ handlers must not allocate: everything they touch is preallocated
# (a ring of stamps and key/level bytes, per-key state in lists of small
# ints) and they only store small ints into it.
#
# Debounce: a change is reported at its first edge; then the pin is not
# trusted until DEBOUNCE_US have passed since the reported change and no edge
# has come for more than QUIET_US (bounces only move "last edge" and "level
# at last edge"). Once settled, a level that differs from the reported one is
# reported, stamped at its last edge: by the next edge's handler, or by
# events() if no edge comes. events() also re-reads pins that have been
# quiet for a window, which repairs a lost edge.
import time

import machine
from micropython import const

# As hw/debounce.py on CircuitPython (why: there): a bounce train's edges
# come 1-10 ms apart, on press and release; nobody presses one button twice
# in 20 ms.
DEBOUNCE_US = 20000
QUIET_US = 12000
_SIZE = const(64)    # ring slots, like keypad's queue on CircuitPython


class Buttons:
    def __init__(self, profile, clock, debounce_us=DEBOUNCE_US, size=_SIZE, quiet_us=QUIET_US):
        entries = tuple(profile.NAV) + tuple(profile.PLAYERS)
        self.names = tuple(e[0] for e in entries)
        n = len(entries)
        self._clock = clock
        self._ticks = clock.ticks_us
        self._deb = debounce_us
        self._quiet = quiet_us
        self._size = size
        # ring: stamp (raw ticks_us) and key << 1 | down; ix = [write, read, overflowed]
        self._ts = [0] * size
        self._kd = bytearray(size)
        self._ix = [0, 0, 0]
        self._overflow = False
        # per key: reported level, start of its trust window, last edge, level then
        self._state = bytearray(n)
        self._lock = [0] * n
        self._edge = [0] * n
        self._level = bytearray(n)
        self._free = bytearray(b"\x01" * n)   # 1: nothing reported yet, nothing to wait for
        self._pins = []
        self._handlers = []
        t0 = self._ticks()
        for k in range(n):
            pin = machine.Pin(entries[k][1], machine.Pin.IN, machine.Pin.PULL_UP)
            self._pins.append(pin)
            # Like keypad: a key held at boot is reported as a press.
            self._level[k] = 1 if pin.value() == 0 else 0
            self._edge[k] = t0
            self._lock[k] = time.ticks_add(t0, -debounce_us)
            h = self._handler(k)
            self._handlers.append(h)
            pin.irq(handler=h, trigger=machine.Pin.IRQ_FALLING | machine.Pin.IRQ_RISING,
                    hard=True)

    def _handler(self, k):
        def edge(pin):
            self._see(k, 1 if pin.value() == 0 else 0, self._ticks())
        return edge

    # -- IRQ context (also called with IRQs off): no allocation ------------
    def _see(self, k, down, t):
        self._settle(k, t)
        ok = self._trusted(k, t)   # settled before this edge came
        self._edge[k] = t
        self._level[k] = down
        if down != self._state[k] and ok:
            self._report(k, down, t)

    def _trusted(self, k, t):
        return self._free[k] or (time.ticks_diff(t, self._lock[k]) >= self._deb
                                 and time.ticks_diff(t, self._edge[k]) > self._quiet)

    def _settle(self, k, t):
        lvl = self._level[k]
        if lvl != self._state[k] and self._trusted(k, t):
            self._report(k, lvl, self._edge[k])

    def _report(self, k, down, t):
        self._state[k] = down
        self._lock[k] = t
        self._free[k] = 0
        ix = self._ix
        w = ix[0]
        nxt = w + 1
        if nxt == self._size:
            nxt = 0
        if nxt == ix[1]:
            ix[2] = 1
            return
        self._ts[w] = t
        self._kd[w] = (k << 1) | down
        ix[0] = nxt

    def _check(self, k, now):
        # A pin quiet for a whole window is read back: repairs a lost edge.
        if (time.ticks_diff(now, self._edge[k]) >= self._deb
                and time.ticks_diff(now, self._lock[k]) >= self._deb):
            lvl = 1 if self._pins[k].value() == 0 else 0
            if lvl != self._level[k]:
                self._level[k] = lvl   # an edge we never saw
                self._edge[k] = now
        self._settle(k, now)

    # -- main loop ----------------------------------------------------------
    def events(self):
        # (name, down, t_ms) since the last call, oldest first.
        clock = self._clock
        ix = self._ix
        # IRQs go off one key at a time: an edge arriving meanwhile is
        # stamped late by the length of one section, never of the whole scan.
        for k in range(len(self._pins)):
            st = machine.disable_irq()
            try:
                self._check(k, self._ticks())
            finally:
                machine.enable_irq(st)
        st = machine.disable_irq()
        try:
            lost = ix[2]
            if lost:
                ix[1] = ix[0]
                ix[2] = 0
            w = ix[0]
            clock.update()   # every stamp in the ring is now in the past
        finally:
            machine.enable_irq(st)
        if lost:
            # Events were lost: say so (a race must be voided), start clean.
            self._overflow = True
            return []
        r = ix[1]
        if r == w:
            return []
        got = []
        seq = 0
        while r != w:
            kd = self._kd[r]
            got.append((clock.us_of(self._ts[r]), seq, kd >> 1, kd & 1))
            seq += 1
            r += 1
            if r == self._size:
                r = 0
        ix[1] = r
        # Settled changes carry their edge's stamp, which can be older than
        # a later key's press already in the ring.
        got.sort()
        names = self.names
        return [(names[e[2]], e[3] == 1, e[0] // 1000) for e in got]

    def overflowed(self):
        o = self._overflow
        self._overflow = False
        return o

    def pressed(self, name):
        # Debounced level of one button (boot-time checks).
        return self._state[self.names.index(name)] == 1
