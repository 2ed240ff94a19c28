# Partial display refresh: send only the bytes that changed since last time.
#
# The adafruit driver's show() resends the whole frame (1 KB + commands, about
# 23 ms on a 400 kHz bus) on every call. The Flusher keeps a shadow of what the
# chip holds, finds per page the first and last changed column, and for each
# window sends one command transaction (0x00, 0x21 lo hi, 0x22 p0 p1) and one
# data transaction (0x40 + bytes). The driver leaves the chip in horizontal
# addressing mode, so the data fills the window column by column, page by page.
# Neighbouring pages are merged into one window when that is cheaper on the
# bus (8 command + 2 framing bytes per window vs the extra columns resent).

_CMD_COST = 8  # address + 0x00 + 0x21 lo hi + 0x22 p0 p1
_DATA_COST = 2  # address + 0x40


class Flusher:
    def __init__(self, display):
        self.display = display
        self.dev = display.i2c_device
        w = display.width
        self.width = w
        self.pages = display.height // 8
        # show() centres narrow panels in the 128 columns; so must we
        self.col_offset = (128 - w) // 2 if w != 128 else 0
        self.buf = display.buffer
        self.mv = memoryview(self.buf)
        self.shadow = bytearray(len(self.buf))
        self.smv = memoryview(self.shadow)
        # per-page views made once: comparing them allocates nothing
        self.fpages = [self.mv[1 + p * w : 1 + (p + 1) * w] for p in range(self.pages)]
        self.spages = [self.smv[1 + p * w : 1 + (p + 1) * w] for p in range(self.pages)]
        self.cmd = bytearray(b"\x00\x21\x00\x00\x22\x00\x00")
        self.scratch = bytearray(1 + w * self.pages)
        self.scratch[0] = 0x40
        self.lo = bytearray(self.pages)
        self.hi = bytearray(self.pages)
        self.cost = [0] * (self.pages + 1)
        self.cut = bytearray(self.pages + 1)
        self.changed = bytearray(self.pages)
        self.stale = True  # what the chip shows is unknown until a full()

    def invalidate(self):
        self.stale = True

    def full(self):
        # the stock path: the driver's show() sends everything
        self.display.show()
        self.smv[:] = self.mv
        self.stale = False
        return 6 * 3 + 1 + len(self.buf)

    def _dirty(self):
        # fills lo/hi per page and self.changed; returns how many changed
        w = self.width
        buf, sh = self.buf, self.shadow
        fpages, spages = self.fpages, self.spages
        changed = self.changed
        n = 0
        for p in range(self.pages):
            if fpages[p] == spages[p]:
                continue
            s = 1 + p * w
            e = s + w
            a = s
            while buf[a] == sh[a]:
                a += 1
            b = e - 1
            while buf[b] == sh[b]:
                b -= 1
            self.lo[p] = a - s
            self.hi[p] = b - s
            changed[n] = p
            n += 1
        return n

    def _plan(self, n):
        # cheapest split of the changed pages into runs sharing one window:
        # cost[j] = best cost for changed[:j]; cut[j] = where its last run starts
        changed = self.changed
        cost, cut, lo, hi = self.cost, self.cut, self.lo, self.hi
        cost[0] = 0
        for j in range(1, n + 1):
            best = -1
            a, b = 255, 0
            for i in range(j - 1, -1, -1):
                p = changed[i]
                if lo[p] < a:
                    a = lo[p]
                if hi[p] > b:
                    b = hi[p]
                c = cost[i] + _CMD_COST + _DATA_COST + (changed[j - 1] - p + 1) * (b - a + 1)
                if best < 0 or c < best:
                    best = c
                    cut[j] = i
            cost[j] = best
        return cost[n]

    def flush(self):
        """Send what changed; returns the bytes put on the bus (incl. addresses)."""
        if self.stale:
            return self.full()
        n = self._dirty()
        if not n:
            return 0
        self._plan(n)
        changed = self.changed
        sent = 0
        j = n
        while j > 0:
            i = self.cut[j]
            p0, p1 = changed[i], changed[j - 1]
            a, b = 255, 0
            for k in range(i, j):
                p = changed[k]
                if self.lo[p] < a:
                    a = self.lo[p]
                if self.hi[p] > b:
                    b = self.hi[p]
            sent += self._send(p0, p1, a, b)
            j = i
        return sent

    def _send(self, p0, p1, a, b):
        w = self.width
        cmd = self.cmd
        cmd[2] = a + self.col_offset
        cmd[3] = b + self.col_offset
        cmd[5] = p0
        cmd[6] = p1
        n = b - a + 1
        dev = self.dev
        buf = self.buf
        with dev:
            dev.write(cmd)
        if p0 == p1 or n == w:
            # the window is contiguous in the frame: borrow the byte in front
            # of it for the 0x40 control byte instead of copying
            s = 1 + p0 * w + a
            e = 1 + p1 * w + b + 1
            keep = buf[s - 1]
            buf[s - 1] = 0x40
            try:
                with dev:
                    dev.write(buf, start=s - 1, end=e)
            finally:
                buf[s - 1] = keep
        else:
            sc = self.scratch
            o = 1
            for p in range(p0, p1 + 1):
                s = 1 + p * w + a
                sc[o : o + n] = self.mv[s : s + n]
                o += n
            with dev:
                dev.write(sc, end=o)
        for p in range(p0, p1 + 1):
            s = 1 + p * w + a
            self.smv[s : s + n] = self.mv[s : s + n]
        return _CMD_COST + _DATA_COST + n * (p1 - p0 + 1)
