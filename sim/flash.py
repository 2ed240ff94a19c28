# Simulated flash regions for the store, modelling the real parts.
#
# FlashRegion(size, sector=4096) behaves like CircuitPython's
# microcontroller.nvm on RP2040 (ports/raspberrypi/common-hal/nvm/ByteArray.c):
# assigning a slice whose bytes are all erased (0xFF) only programs them, one
# 256-byte page program per page touched, in address order (the page's other
# bytes are programmed with their own values: no change on NOR flash); any
# other assignment erases every sector it touches and programs the whole
# sector back (old bytes + new ones), page by page in address order.
# FileFlashRegion models a window of a preallocated file on the CIRCUITPY FAT
# drive: every write may erase and reprogram the whole 4 KB sectors it
# touches, so the store never appends to it (appendable = False); the drive
# itself (FatFs, the RP2040 sector cache) is modelled in sim/drive.py.
#
# Power cuts: region.cut_after(n, torn) lets n more steps complete (a step is
# one sector erase or one page program), then raises PowerCut leaving the
# bytes as the hardware would: steps before the cut done, the cut one not
# started, or with torn half done: a torn erase sets an arbitrary subset of
# the sector's bits to 1, a torn page program clears an arbitrary subset of
# the bits it was to clear (torn: True, or a random.Random to draw them).
import random

from menagerie.store import layout


PAGE = 256


class PowerCut(BaseException):
    # BaseException: firmware code that catches Exception (to keep the board
    # running) must not swallow a simulated loss of power.
    pass


class FlashRegion:
    appendable = True

    def __init__(self, size=4096, sector=4096, blank_skip=True, on_write=None, page=PAGE):
        self.data = bytearray(b"\xff" * size)
        self.sector = sector
        self.page = page
        self.blank_skip = blank_skip
        self.on_write = on_write
        self.steps = 0        # steps since creation (or reset_steps)
        self.erases = 0
        self._cut = None
        self._torn = None
        self.trace = None     # a list: records ("e", start, end) / ("p", at, bytes)

    # -- the region interface the store uses ------------------------------
    def __len__(self):
        return len(self.data)

    def __getitem__(self, k):
        if isinstance(k, slice):
            return bytes(self.data[k])
        return self.data[k]

    def __setitem__(self, k, value):
        if not isinstance(k, slice):
            raise TypeError("flash regions take slices")
        a, b, st = k.indices(len(self.data))
        value = bytes(value)
        if st != 1 or b - a != len(value):
            raise ValueError("slice and data lengths differ")
        try:
            if self.blank_skip and self.data[a:b] == b"\xff" * (b - a):
                self._program(a, value)
            else:
                s0 = a // self.sector * self.sector
                s1 = -(-b // self.sector) * self.sector
                for s in range(s0, min(s1, len(self.data)), self.sector):
                    e = min(s + self.sector, len(self.data))
                    new = bytearray(self.data[s:e])
                    lo, hi = max(a, s), min(b, e)
                    new[lo - s:hi - s] = value[lo - a:hi - a]
                    self._erase(s, e)
                    self._program(s, bytes(new))
        finally:
            if self.on_write is not None:
                self.on_write()

    def _program(self, at, value):
        # One page program per page the bytes touch, in address order.
        end = at + len(value)
        while at < end:
            stop = min(end, (at // self.page + 1) * self.page)
            self._page(at, value[:stop - at])
            value = value[stop - at:]
            at = stop

    # -- power cuts --------------------------------------------------------
    def cut_after(self, n, torn=False):
        self._cut = self.steps + n
        if torn and not hasattr(torn, "getrandbits"):
            torn = random.Random(self._cut)
        self._torn = torn or None

    def no_cut(self):
        self._cut = None

    def _tick(self):
        # True when the power goes before this step.
        if self._cut is not None and self.steps >= self._cut:
            self._cut = None
            return True
        self.steps += 1
        return False

    def _erase(self, s, e):
        if self.trace is not None:
            self.trace.append(("e", s, e))
        if self._tick():
            if self._torn is not None:
                for i in range(s, e):
                    self.data[i] |= self._torn.getrandbits(8)
            raise PowerCut("cut in the erase at %d" % s)
        self.data[s:e] = b"\xff" * (e - s)
        self.erases += 1

    def _page(self, at, value):
        if self.trace is not None:
            self.trace.append(("p", at, bytes(value)))
        n = len(value)
        if self._tick():
            if self._torn is not None:
                for i in range(n):
                    self.data[at + i] &= value[i] | self._torn.getrandbits(8)
            raise PowerCut("cut in the page program at %d" % at)
        # NOR flash programming can only clear bits: new = old AND value.
        old = int.from_bytes(self.data[at:at + n], "big")
        self.data[at:at + n] = (old & int.from_bytes(value, "big")).to_bytes(n, "big")

    # -- images ------------------------------------------------------------
    def to_bytes(self):
        return bytes(self.data)

    def from_bytes(self, image):
        if len(image) != len(self.data):
            raise ValueError("image size differs")
        self.data[:] = image
        return self

    @staticmethod
    def regions_from_image(image=None):
        # The board's region list (see board_regions), filled from one image
        # (the regions' bytes one after the other, as sim/store_file.py saves).
        window = WINDOW
        if image and (len(image) - NVM_SIZE) // 2 in layout.SIZES:
            window = (len(image) - NVM_SIZE) // 2   # a small-window board's image
        regions = board_regions(window=window)
        if image:
            at = 0
            for r in regions:
                part = image[at:at + len(r)]
                if len(part) == len(r):
                    r.from_bytes(part)
                at += len(r)
        return regions

    def clone(self):
        c = self.__class__.__new__(self.__class__)
        c.__dict__.update(self.__dict__)
        c.data = bytearray(self.data)
        c.on_write = None
        c._cut = None
        c._torn = None
        c.trace = None
        return c


class FileFlashRegion(FlashRegion):
    appendable = False

    def __init__(self, size=layout.WINDOW, on_write=None):
        # A window of a save file: 4 KB flash sectors (the drive's, kept to
        # the file by store/drivefiles.py: sim/drive.py proves that part),
        # every write an erase and reprogram of each sector it touches.
        FlashRegion.__init__(self, size, sector=4096, blank_skip=False, on_write=on_write)


# The board's layout: nvm plus two windows of the save file (hw/regions.py,
# named and sized by menagerie/store/layout.py).
NVM_SIZE = 4096
WINDOW = layout.WINDOW


def board_regions(path=None, window=WINDOW):
    # Regions like the board's; with a path they load from and save to one
    # image file (nvm bytes then each window), rewritten after every write.
    # window: the file windows' size (layout.SIZES: smaller on a fuller drive).
    regions = []

    def persist():
        if path is not None:
            with open(path, "wb") as f:
                for r in regions:
                    f.write(r.to_bytes())

    regions.append(FlashRegion(NVM_SIZE, on_write=persist))
    regions.append(FileFlashRegion(window, on_write=persist))
    regions.append(FileFlashRegion(window, on_write=persist))
    if path is not None:
        try:
            with open(path, "rb") as f:
                image = f.read()
        except OSError:
            image = None
        if image is not None and len(image) == NVM_SIZE + 2 * window:
            at = 0
            for r in regions:
                r.from_bytes(image[at:at + len(r)])
                at += len(r)
    return regions


def drive_files(regions):
    # {drive path: bytes} of the save file(s) a CircuitPython board with these
    # regions (nvm first, then the file windows) has on CIRCUITPY: what a
    # computer sees over USB. nvm is not in it. The guards stay erased, as
    # store/drivefiles.py leaves them (the tag first). Each file is as big
    # as its region's window (48 KB, or smaller: layout.SIZES) and 2 guards.
    files = {}
    for k in range(len(layout.WINDOWS)):
        name, offset, _ = layout.WINDOWS[k]
        r = regions[1 + k]
        size = len(r)
        if name not in files:
            files[name] = bytearray(b"\xff" * (2 * layout.GUARD + size))
            files[name][:len(layout.TAG)] = layout.TAG
        files[name][offset:offset + size] = r.to_bytes() if hasattr(r, "to_bytes") else bytes(r)
    return dict((n, bytes(b)) for n, b in files.items())
