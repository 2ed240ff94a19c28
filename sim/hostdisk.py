"""The computer's side of the USB cable, for the drive model: what reaches
CircuitPython's flash layer (sim/rp2040_flash.py) when a computer copies
files onto CIRCUITPY.

- The computer's FAT driver is FatFs (sim/drive.py), next-fit like Linux's
  vfat. A computer keeps written blocks in its own cache and sends them when
  it syncs (fsync, close on a `flush` mount, unmount), in its own order:
  `order="sorted"` sends the dirty blocks in ascending block order, merged
  into runs (what a block-layer elevator does; FAT and root directory, the
  lowest blocks, go first); `order="shuffle"` sends the runs in a random
  order (seeded); `order="through"` sends every FatFs write at once, in
  FatFs's own order (a write-through host, Windows' "quick removal").
- CircuitPython's USB mass-storage callback (tud_msc_write10_cb) gets at most
  CFG_TUD_MSC_BUFSIZE = 1024 bytes per call on the RP2040 build: a run is
  written two blocks per call, and the flash layer flushes its cached 4 KB
  sector on every call (the quirk in rp2040_flash.py), so one sector written
  by the computer is erased and programmed up to four times.
- A cut (Rp2040Flash.arm) can fall on any of those erases and pages: an
  unplug in the middle of a copy.
"""
import random

from fatfs.diskio import Disk

BLOCK = 512
MSC_BLOCKS = 2          # CFG_TUD_MSC_BUFSIZE (1024) / 512
DIRTY_LIMIT = 512       # blocks a computer holds before writing back on its own


class HostDisk(Disk):
    def __init__(self, device, order="sorted", seed=0):
        Disk.__init__(self)
        assert order in ("sorted", "shuffle", "through")
        self.dev = device
        self.order = order
        self.rng = random.Random(seed)
        self.dirty = {}   # block -> 512 bytes not sent yet

    def ioctl_get_sector_count(self):
        return self.dev.ioctl_get_sector_count()

    def ioctl_get_sector_size(self):
        return BLOCK

    def ioctl_get_block_size(self):
        return self.dev.ioctl_get_block_size()

    def ioctl_trim(self):
        pass

    def ioctl_sync(self):
        self.sync()

    def read(self, sector, count):
        out = []
        for k in range(count // BLOCK):
            b = sector + k
            if b in self.dirty:
                out.append(self.dirty[b])
            else:
                out.append(self.dev.read(b, BLOCK))
        return b"".join(out)

    def write(self, sector, count, buff):
        buff = bytes(buff)
        if self.order == "through":
            self._send(sector, buff[:count])
            return
        for k in range(count // BLOCK):
            self.dirty[sector + k] = buff[k * BLOCK:(k + 1) * BLOCK]
        if len(self.dirty) > DIRTY_LIMIT:
            self.sync()

    def sync(self):
        # Send every dirty block, in the host's order, then the device's
        # own flush (the SCSI SYNCHRONIZE CACHE a sync ends with).
        runs = []
        for b in sorted(self.dirty):
            if runs and runs[-1][0] + len(runs[-1][1]) == b:
                runs[-1][1].append(self.dirty[b])
            else:
                runs.append((b, [self.dirty[b]]))
        self.dirty = {}
        if self.order == "shuffle":
            self.rng.shuffle(runs)
        for start, blocks in runs:
            self._send(start, b"".join(blocks))
        self.dev.flush()

    def _send(self, start, data):
        n = len(data) // BLOCK
        for k in range(0, n, MSC_BLOCKS):
            m = min(MSC_BLOCKS, n - k)
            self.dev.write(start + k, m * BLOCK, data[k * BLOCK:(k + m) * BLOCK])
            if self.dev.dead:
                return
