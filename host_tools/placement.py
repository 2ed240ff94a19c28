# Where the computer's FAT driver put the board's save files, read from the
# drive's raw blocks: `menagerie doctor --image FILE`, and `doctor`/`deploy`
# on a mounted drive when this computer lets a user read its block device.
#
# `menagerie deploy` makes the save files through the computer's own FAT
# driver (host_tools/savefiles.py, store/drivemake.py) in an order that, under
# a next-fit allocator (FatFs, Linux vfat), puts every 4 KB flash sector a
# save rewrites in the hands of that save file, its guards and its own folder
# (docs/persistence.md, "The drive"). macOS and Windows allocate by their own
# rules; this check says what a given drive got. The FAT reading and the
# isolation rules are sim/fatcheck.py's, the same the drive model's tests use.
import os
import sys

from host_tools.paths import ensure_firmware_importable
from sim import fatcheck

ensure_firmware_importable()
from menagerie.store import layout  # noqa: E402

SAVES = tuple("/%s/%s" % (d, layout.SAVE_NAME) for d in layout.SAVE_DIRS)
GUARDS = ("/" + layout.GUARD_FILE,)
# FAT partition types an MBR names (FAT12, FAT16 <32M, FAT16, FAT16 LBA,
# and the FAT32 ones, refused later by the reader with its own message).
FAT_TYPES = (0x01, 0x04, 0x06, 0x0E, 0x0B, 0x0C)
MOUNTS = "/proc/mounts"  # Linux: which device is mounted where
MAX_IMAGE = 64 * 1024 * 1024  # CIRCUITPY is at most 16 MB; a whole disk is not one
FIX = ("run `menagerie deploy --remake-saves` (it keeps your saved game), then check again; "
       "if it fails the same way, this computer's FAT driver places files differently: "
       "deploy from a Linux computer, or accept the risk (docs/host-tools.md)")


class PlacementError(Exception):
    # One line for the user: the image cannot be read as a CIRCUITPY drive.
    pass


def _is_boot_sector(img):
    # A FAT boot sector: a jump, 512-byte blocks, a power-of-two cluster.
    return (len(img) >= 512 and img[0] in (0xEB, 0xE9) and img[11:13] == b"\x00\x02"
            and img[13] in (1, 2, 4, 8, 16, 32, 64, 128))


def volume(img):
    # (the FAT volume's bytes, its byte offset in img, how the image was
    # made). A copy of the partition (/dev/sdX1) starts with the boot sector;
    # one of the whole device (/dev/sdX) with CircuitPython's fake MBR, whose
    # one partition starts at block 1.
    if len(img) < 512:
        raise PlacementError("the image is %d bytes: too short for a FAT drive" % len(img))
    if _is_boot_sector(img):
        return img, 0, "a copy of the partition"
    if img[510:512] != b"\x55\xaa":
        raise PlacementError("not a drive image: no FAT boot sector and no partition table "
                             "in its first 512 bytes")
    for k in range(4):
        e = img[446 + 16 * k:446 + 16 * (k + 1)]
        lba = int.from_bytes(e[8:12], "little")
        if e[4] in FAT_TYPES and lba:
            at = lba * 512
            if at + 512 > len(img) or not _is_boot_sector(img[at:at + 512]):
                raise PlacementError("the partition table names a FAT partition at byte %d, "
                                     "but there is none there" % at)
            return img[at:], at, "a copy of the whole device (partition table first)"
    raise PlacementError("not a drive image: its partition table names no FAT partition")


class Result:
    def __init__(self):
        self.lines = []      # what was found, one line each
        self.problems = []   # what is wrong, one line each
        self.missing = False # no save files at all (deploy makes them)


def check_image(img):
    # Result for a raw image (bytes); PlacementError when it is not one.
    vol, at, how = volume(img)
    try:
        v = fatcheck.Volume(vol)
        tree = {p.lower(): val for p, val in v.walk().items()}
        problems = fatcheck.isolation_problems(vol, SAVES, GUARDS, layout.GUARD)
    except ValueError as e:
        raise PlacementError(str(e))
    except (IndexError, KeyError, OverflowError, MemoryError) as e:
        raise PlacementError("a damaged FAT volume (%s)" % type(e).__name__)
    r = Result()
    r.lines.append("FAT%d, %d-byte clusters, %d KiB; the volume at byte %d (%s); flash "
                   "sectors of 4 KB from the volume's first block"
                   % (12 if v.fat12 else 16, v.cluster, v.total // 2, at, how))
    order = []
    for d, rel in zip(layout.SAVE_DIRS, SAVES):
        order += ["/" + d, rel]
    if not any(p in tree for p in SAVES):
        r.missing = True
        r.problems.append("no save files on this drive: run `menagerie deploy` (it makes them)")
        return r
    for path in list(GUARDS) + order:
        if path not in tree:
            r.lines.append("%-16s missing" % path.lstrip("/"))
            continue
        ch = tree[path][4]
        if not ch:
            r.lines.append("%-16s no clusters" % path.lstrip("/"))
            continue
        runs = _runs(ch)
        s0 = v.cluster_blocks(ch[0])[0] // 8
        s1 = v.cluster_blocks(ch[-1])[-1] // 8
        r.lines.append("%-16s %s %s, flash %s%s"
                       % (path.lstrip("/") + ("/" if tree[path][0] else ""),
                          "clusters" if len(ch) > 1 else "cluster", ", ".join(runs),
                          "sector %d" % s0 if s0 == s1 else "sectors %d-%d" % (s0, s1),
                          "" if len(runs) == 1 else " (%d pieces)" % len(runs)))
    r.problems = problems
    return r


def _runs(ch):
    out = []
    i = 0
    while i < len(ch):
        j = i
        while j + 1 < len(ch) and ch[j + 1] == ch[j] + 1:
            j += 1
        out.append("%d" % ch[i] if i == j else "%d-%d" % (ch[i], ch[j]))
        i = j + 1
    return out


def read_image(path):
    # The bytes of an image file or a readable block device, in 64 KiB reads
    # (a raw device wants whole blocks).
    try:
        with open(path, "rb", buffering=0) as f:
            parts = []
            n = 0
            while n < MAX_IMAGE:
                try:
                    b = f.read(65536)
                except OSError:
                    if parts:
                        break  # the end of a raw device
                    raise
                if not b:
                    break
                parts.append(b)
                n += len(b)
    except OSError as e:
        raise PlacementError("cannot read %s: %s" % (path, e.strerror or e))
    if n >= MAX_IMAGE:
        raise PlacementError("%s is larger than any CIRCUITPY drive (over %d MiB): "
                             "is it the right device?" % (path, MAX_IMAGE // 1048576))
    return b"".join(parts)


def mounted_device(drive, mounts=None):
    # (device, None) for the FAT device mounted exactly at `drive`, or
    # (None, why not) in plain words. Linux only: /proc/mounts says which.
    mounts = mounts or MOUNTS
    if not os.path.exists(mounts):
        return None, ("this system does not say which device holds the drive: make an image "
                      "and run `menagerie doctor --image FILE` (docs/host-tools.md)")
    real = os.path.realpath(drive)
    try:
        with open(mounts, encoding="utf-8", errors="replace") as f:
            rows = [line.split() for line in f]
    except OSError as e:
        return None, "cannot read %s: %s" % (mounts, e.strerror)
    for row in rows:
        if len(row) < 3:
            continue
        mnt = row[1].replace("\\040", " ").replace("\\011", "\t").replace("\\134", "\\")
        if mnt == real:
            if row[2] not in ("vfat", "msdos", "fat"):
                return None, "%s is a %s filesystem, not FAT" % (drive, row[2])
            dev = row[0]
            if not os.path.exists(dev):
                return None, "%s is mounted from %s, which this computer does not show" % (drive, dev)
            if not os.access(dev, os.R_OK):
                return None, ("%s is readable by root only: make an image with sudo and run "
                              "`menagerie doctor --image FILE` (docs/host-tools.md)" % dev)
            return dev, None
    return None, "%s is a folder, not a mounted drive" % drive


def check_drive(drive, mounts=None):
    # (Result, None) when the drive's device could be read, else (None, why not).
    dev, why = mounted_device(drive, mounts)
    if dev is None:
        return None, why
    # What was just written reaches the device before it is read. Only the
    # FAT and the folders are read for the verdict: Linux keeps those in
    # the device's own cache, so they agree with the mounted drive.
    if hasattr(os, "sync"):
        os.sync()
    try:
        return check_image(read_image(dev)), None
    except PlacementError as e:
        return None, "%s: %s" % (dev, e)


def summary(r):
    # One line: the verdict a deploy or doctor prints.
    if r.missing:
        return r.problems[0]
    if r.problems:
        return ("the save files are not placed as the board needs (a power cut while it saves "
                "could damage other files): %s; %s" % ("; ".join(r.problems[:3]) +
                                                       (" and %d more" % (len(r.problems) - 3)
                                                        if len(r.problems) > 3 else ""), FIX))
    return ("save files placed as the board needs: every flash sector a save rewrites holds "
            "only that file, its guards and its own folder")


def main_image(path):
    # `menagerie doctor --image FILE`: 0 placed well, 1 a problem, 2 not an image.
    try:
        r = check_image(read_image(path))
    except PlacementError as e:
        print("%s: %s" % (path, e), file=sys.stderr)
        return 2
    print("checked %s: %s" % (path, r.lines[0]))
    for line in r.lines[1:]:
        print("  " + line)
    if r.problems:
        for p in r.problems:
            print("  found: %s" % p)
        print("  PROBLEM: %s" % summary(r))
        return 1
    print("  ok: %s" % summary(r))
    return 0
