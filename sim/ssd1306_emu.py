"""SSD1306 controller emulator: interprets the I2C byte stream as the chip does.

Model (datasheet SSD1306 rev 1.1, sections 8-10):
- Each write transaction is a sequence of control bytes and payload. Control
  byte bit 7 (Co) = 1: exactly one byte follows, then another control byte;
  Co = 0: every remaining byte of the transaction is payload. Bit 6 (D/C#)
  says whether payload is GDDRAM data (1) or command bytes (0).
- A command's argument bytes may arrive in later transactions (the adafruit
  driver sends every byte as its own 0x80-prefixed transaction), so the
  pending-argument state lives across transactions.
- GDDRAM is stored by SEG: the segment remap (A0/A1) is applied when data is
  written, so like the real chip it only affects later writes.
- The glass: panel column x is wired to SEG(127 - x) and panel row y to the
  COM pad that, under the module's intended COM pin configuration, carries
  COM(H - 1 - y). That is why every driver sets A1 and C8: with them the
  image is upright, and with the wrong DA setting it comes out interlaced.
"""

# argument counts for commands we understand or know how to skip
_ARGS = {
    0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1,
    0xDA: 1, 0xDB: 1, 0x8D: 1, 0xAD: 1,
    # scrolling and fade/zoom: parsed so their arguments are not taken for
    # commands, but not emulated (a warning is recorded)
    0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0xA3: 2, 0x23: 1, 0xD6: 1,
}
_NOT_EMULATED = (0x26, 0x27, 0x29, 0x2A, 0xA3, 0x23, 0xD6, 0x2E, 0x2F)
HORIZONTAL, VERTICAL, PAGE = 0, 1, 2


def _com_for_pad(pad, config):
    # DA argument bit 4: alternative COM pin layout (pads interleave the two
    # halves), bit 5: swap left/right halves. Returns the COM driving `pad`.
    alt = config & 0x10
    lr = config & 0x20
    if alt:
        com = pad // 2 if pad % 2 == 0 else 32 + pad // 2
    else:
        com = pad
    if lr:
        com = (com + 32) % 64
    return com


class SSD1306Emu:
    def __init__(self, width=128, height=64, external_vcc=False):
        if width != 128 or height not in (32, 64):
            raise ValueError("panel must be 128x64 or 128x32")
        self.width = width
        self.height = height
        # what the module maker wired the glass for (adafruit: 0x12 / 0x02)
        self.panel_com_config = 0x12 if height == 64 else 0x02
        # without external VCC the panel stays dark unless the pump is on
        self.external_vcc = external_vcc
        self.bytes_received = 0
        self.transactions = 0
        self.warnings = []
        self.power_on_reset()

    def power_on_reset(self):
        # datasheet reset values (section 10 command table)
        self.ram = bytearray(128 * 8)  # [page * 128 + seg]
        self.mode = PAGE
        self.col_start, self.col_end = 0, 127
        self.page_start, self.page_end = 0, 7
        self.page_col_start = 0
        self.col = 0
        self.page = 0
        self.start_line = 0
        self.contrast = 0x7F
        self.seg_remap = False
        self.entire_on = False
        self.inverted = False
        self.mux = 63
        self.display_on = False
        self.com_reverse = False
        self.offset = 0
        self.com_config = 0x12
        self.charge_pump = False
        self.clock_div = 0x80
        self.precharge = 0x22
        self.vcomh = 0x20
        self.iref = 0x00
        self._cmd = None
        self._args = []

    # ---- the bus side ----
    def write(self, data):
        """One I2C write transaction addressed to us (bytes after the address)."""
        self.transactions += 1
        self.bytes_received += len(data)
        i, n = 0, len(data)
        while i < n:
            control = data[i]
            i += 1
            if control & 0x3F:
                self.warnings.append("control byte 0x%02x has low bits set" % control)
            is_data = bool(control & 0x40)
            if control & 0x80:  # Co = 1: a single byte follows
                if i < n:
                    self._byte(data[i], is_data)
                    i += 1
                continue
            while i < n:  # Co = 0: the rest of the transaction
                self._byte(data[i], is_data)
                i += 1

    def read(self, n):
        # status byte: bit 6 = display off (datasheet 8.1.3)
        return bytes([0x40 if not self.display_on else 0x00] * n)

    def _byte(self, b, is_data):
        if is_data:
            self._data(b)
        else:
            self._command_byte(b)

    # ---- GDDRAM writes ----
    def _data(self, b):
        seg = 127 - self.col if self.seg_remap else self.col
        self.ram[self.page * 128 + seg] = b
        if self.mode == HORIZONTAL:
            if self.col >= self.col_end:
                self.col = self.col_start
                self.page = self.page_start if self.page >= self.page_end else self.page + 1
            else:
                self.col += 1
        elif self.mode == VERTICAL:
            if self.page >= self.page_end:
                self.page = self.page_start
                self.col = self.col_start if self.col >= self.col_end else self.col + 1
            else:
                self.page += 1
        else:
            # page mode: the column wraps at 127 back to the start column
            # last set with 00-1F; the page never changes by itself.
            self.col = self.page_col_start if self.col >= 127 else self.col + 1

    # ---- commands ----
    def _command_byte(self, b):
        if self._cmd is not None:
            self._args.append(b)
            if len(self._args) == _ARGS[self._cmd]:
                cmd, args = self._cmd, self._args
                self._cmd, self._args = None, []
                self._execute(cmd, args)
            return
        if b in _ARGS:
            self._cmd, self._args = b, []
            return
        self._execute(b, [])

    def _execute(self, c, a):
        if c in _NOT_EMULATED:
            self.warnings.append("command 0x%02x not emulated" % c)
        elif c == 0x20:
            mode = a[0] & 3
            if mode == 3:
                self.warnings.append("invalid addressing mode 0x%02x" % a[0])
            else:
                self.mode = mode
        elif c == 0x21:
            self.col_start, self.col_end = a[0] & 0x7F, a[1] & 0x7F
            self.col = self.col_start
        elif c == 0x22:
            self.page_start, self.page_end = a[0] & 7, a[1] & 7
            self.page = self.page_start
        elif 0xB0 <= c <= 0xB7 or c <= 0x1F:
            if self.mode != PAGE:
                self.warnings.append("page-mode command 0x%02x ignored outside page mode" % c)
            elif c >= 0xB0:
                self.page = c & 7
            elif c <= 0x0F:
                self.page_col_start = (self.page_col_start & 0xF0) | c
                self.col = self.page_col_start
            else:
                self.page_col_start = ((c & 0x07) << 4) | (self.page_col_start & 0x0F)
                self.col = self.page_col_start
        elif 0x40 <= c <= 0x7F:
            self.start_line = c & 0x3F
        elif c == 0x81:
            self.contrast = a[0]
        elif c in (0xA0, 0xA1):
            self.seg_remap = c == 0xA1
        elif c in (0xA4, 0xA5):
            self.entire_on = c == 0xA5
        elif c in (0xA6, 0xA7):
            self.inverted = c == 0xA7
        elif c == 0xA8:
            if a[0] & 0x3F < 15:
                self.warnings.append("invalid mux ratio %d" % a[0])
            else:
                self.mux = a[0] & 0x3F
        elif c in (0xAE, 0xAF):
            self.display_on = c == 0xAF
        elif c in (0xC0, 0xC8):
            self.com_reverse = c == 0xC8
        elif c == 0xD3:
            self.offset = a[0] & 0x3F
        elif c == 0xD5:
            self.clock_div = a[0]
        elif c == 0xD9:
            self.precharge = a[0]
        elif c == 0xDA:
            self.com_config = a[0] & 0x32
        elif c == 0xDB:
            self.vcomh = a[0]
        elif c == 0x8D:
            self.charge_pump = bool(a[0] & 0x04)
        elif c == 0xAD:
            self.iref = a[0]
        elif c == 0xE3:
            pass  # NOP
        else:
            self.warnings.append("unknown command 0x%02x" % c)

    # ---- what the glass shows ----
    def _row_source(self, y):
        # panel row y -> GDDRAM row, or None when no COM drives it
        pad = None
        want = self.height - 1 - y
        for p in range(64):  # the pad the module maker wired row y to
            if _com_for_pad(p, self.panel_com_config) == want:
                pad = p
                break
        com = _com_for_pad(pad, self.com_config)
        if com > self.mux:
            return None
        line = self.mux - com if self.com_reverse else com
        return (line + self.start_line + self.offset) & 63

    def ram_pixel(self, seg, row):
        return (self.ram[(row >> 3) * 128 + seg] >> (row & 7)) & 1

    def image(self):
        """Visible pixels as `height` rows of `width` 0/1 ints."""
        w, h = self.width, self.height
        lit = self.display_on and (self.charge_pump or self.external_vcc)
        if not lit:
            return [[0] * w for _ in range(h)]
        if self.entire_on:
            return [[1] * w for _ in range(h)]
        inv = 1 if self.inverted else 0
        rows = []
        for y in range(h):
            src = self._row_source(y)
            if src is None:
                rows.append([0] * w)
                continue
            rows.append([self.ram_pixel(127 - x, src) ^ inv for x in range(w)])
        return rows

    def column_ram(self):
        """GDDRAM as the driver addresses it: (page, column) -> byte, i.e. with
        the segment remap undone. Handy for comparing against a framebuffer."""
        out = bytearray(128 * 8)
        for p in range(8):
            for c in range(128):
                seg = 127 - c if self.seg_remap else c
                out[p * 128 + c] = self.ram[p * 128 + seg]
        return out

    def reset_counters(self):
        self.bytes_received = 0
        self.transactions = 0
