"""The CIRCUITPY drive's block device as CircuitPython runs it on an RP2040.

Modelled on ports/raspberrypi/supervisor/internal_flash.c:

- FatFs reads and writes 512-byte blocks; the flash erases 4 KB sectors and
  programs 256-byte pages.
- One 4 KB sector is cached in RAM. A block write first flushes the cached
  sector unless the cache already holds the block (the C code compares the
  cached sector's *byte* offset with the *block* number, so in practice every
  write call flushes the previous one: `quirk=True`, the default, does the
  same; `quirk=False` flushes only when the sector differs), then loads the
  block's sector from flash into the cache and copies the block(s) in.
- A read flushes the cache first (the C code never reads from the cache).
- A flush erases the whole sector, then programs it back page by page.
- CTRL_SYNC (FatFs's sync, f_close) flushes.

Power cuts: `arm(k, torn=None)` lets k flash steps (an erase or a page
program) complete; the next one is cut. With torn=None it never starts; with
torn=rng the cut step is half done: a torn erase sets an arbitrary subset of
the sector's bits to 1, a torn page programs an arbitrary subset of its
0-bits. After the cut the power is off: nothing more reaches the flash (FatFs
may go on in RAM; the caller raises PowerCut when the call returns).
"""
from fatfs.diskio import Disk

BLOCK = 512
SECTOR = 4096
PAGE = 256
PAGES = SECTOR // PAGE
STEPS_PER_FLUSH = 1 + PAGES


class Rp2040Flash(Disk):
    def __init__(self, size=1024 * 1024, quirk=True):
        Disk.__init__(self)
        self.storage = bytearray(b"\xff" * size)
        self.quirk = quirk
        self._cache = None        # bytearray(SECTOR) or None
        self._cache_off = None    # byte offset of the cached sector
        self.steps = 0            # flash steps done (erases + page programs)
        self.flushes = 0
        self._cut_at = None
        self._torn = None
        self.dead = False         # power is off: nothing reaches flash
        self.flushed = []         # sector offsets flushed (when tracing)
        self.tracing = False
        self.log = None           # a list: (offset, bytes) of every flash step done

    # -- the fatfs Disk interface ------------------------------------------
    def ioctl_get_sector_count(self):
        return len(self.storage) // BLOCK

    def ioctl_get_sector_size(self):
        return BLOCK

    def ioctl_get_block_size(self):
        return 1  # what CircuitPython's internal flash reports

    def ioctl_sync(self):
        self.flush()

    def ioctl_trim(self):
        pass

    def read(self, sector, count):
        self.flush()
        at = sector * BLOCK
        return bytes(self.storage[at:at + count])

    def write(self, sector, count, buff):
        # One FatFs disk_write call: count bytes from block `sector` on.
        buff = bytes(buff)
        nblocks = count // BLOCK
        done = 0
        while done < nblocks:
            block = sector + done
            off = block // (SECTOR // BLOCK) * SECTOR
            hit = (self._cache_off == block) if self.quirk else (self._cache_off == off)
            if not hit or self._cache is None:
                self.flush()
                self._cache = bytearray(self.storage[off:off + SECTOR])
                self._cache_off = off
            b = block % (SECTOR // BLOCK)
            while b < SECTOR // BLOCK and done < nblocks:
                self._cache[b * BLOCK:(b + 1) * BLOCK] = buff[done * BLOCK:(done + 1) * BLOCK]
                b += 1
                done += 1

    # -- flash operations ----------------------------------------------------
    def flush(self):
        if self._cache is None:
            return
        off, data = self._cache_off, self._cache
        self._cache = None
        self._cache_off = None
        if self.dead:
            return
        self.flushes += 1
        if self.tracing:
            self.flushed.append(off)
        if not self._step():
            if self._torn is not None:
                rng = self._torn
                for i in range(off, off + SECTOR):
                    self.storage[i] |= rng.getrandbits(8)
            self.dead = True
            return
        self.storage[off:off + SECTOR] = b"\xff" * SECTOR
        if self.log is not None:
            self.log.append((off, b"\xff" * SECTOR))
        for p in range(PAGES):
            a = off + p * PAGE
            page = data[p * PAGE:(p + 1) * PAGE]
            if not self._step():
                if self._torn is not None:
                    rng = self._torn
                    for i in range(PAGE):
                        # an arbitrary subset of the page's 0-bits programmed
                        self.storage[a + i] &= page[i] | rng.getrandbits(8)
                self.dead = True
                return
            self.storage[a:a + PAGE] = page  # erased bytes AND page
            if self.log is not None:
                self.log.append((a, bytes(page)))

    def _step(self):
        # True if the next flash step runs; False if the power is cut first.
        if self._cut_at is not None and self.steps >= self._cut_at:
            self._cut_at = None
            return False
        self.steps += 1
        return True

    def arm(self, k, torn=None):
        self._cut_at = self.steps + k
        self._torn = torn
        self.dead = False

    def disarm(self):
        self._cut_at = None
        self._torn = None

    def power_off(self):
        # What is left on flash after the power goes: the cache is lost.
        self._cache = None
        self._cache_off = None
        self.disarm()
        self.dead = False
