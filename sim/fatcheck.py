"""Reads a FAT12/16 image (a CIRCUITPY drive) the way a checker must: boot
sector, FAT, directories, which 512-byte block belongs to what. Used by the
drive tests and the drive-level power-cut proof to say which files a flash
sector holds, and whether the save files are laid out so that no save can
touch another file (store/drivefiles.py).
"""
import struct

SECTOR = 4096


class Volume:
    # ValueError (one line, plain words) for anything that is not a whole
    # FAT12/16 volume with 512-byte blocks: a checker must not trust an
    # image a person made (host_tools/placement.py).
    def __init__(self, img):
        self.img = img
        if len(img) < 512 or img[510:512] != b"\x55\xaa":
            raise ValueError("not a FAT volume (no boot sector)")
        (self.bps, self.spc, self.rsv, self.nfat, self.nroot, tot16, _media,
         self.fatsz) = struct.unpack_from("<HBHBHHBH", img, 11)
        tot32 = struct.unpack_from("<I", img, 32)[0]
        if self.bps != 512 or self.spc not in (1, 2, 4, 8, 16, 32, 64, 128):
            raise ValueError("not a FAT volume with 512-byte blocks")
        if not self.fatsz:
            raise ValueError("a FAT32 volume: CircuitPython drives are FAT12 or FAT16")
        if self.rsv < 1 or not 1 <= self.nfat <= 2 or not self.nroot:
            raise ValueError("not a FAT volume (a damaged boot sector)")
        self.total = tot16 or tot32
        self.cluster = self.bps * self.spc
        self.fat0 = self.rsv
        self.root0 = self.rsv + self.nfat * self.fatsz
        self.root_blocks = (self.nroot * 32 + self.bps - 1) // self.bps
        self.data0 = self.root0 + self.root_blocks
        self.n_clusters = (self.total - self.data0) // self.spc
        if self.n_clusters < 1 or self.n_clusters >= 65525:
            raise ValueError("not a FAT12/16 volume (a damaged boot sector)")
        if len(img) < self.total * 512:
            raise ValueError("the image is cut short: %d of the volume's %d bytes"
                             % (len(img), self.total * 512))
        self.fat12 = self.n_clusters < 4085
        if self.fatsz * 512 * 8 < (self.n_clusters + 2) * (12 if self.fat12 else 16):
            raise ValueError("not a FAT volume (its FAT is too small for its size)")

    def fat(self, c):
        base = self.fat0 * self.bps
        if self.fat12:
            at = base + c * 3 // 2
            v = struct.unpack_from("<H", self.img, at)[0]
            v = (v >> 4) if c & 1 else (v & 0xFFF)
            return 0xFFFF if v >= 0xFF8 else v
        v = struct.unpack_from("<H", self.img, base + c * 2)[0]
        return 0xFFFF if v >= 0xFFF8 else v

    def chain(self, c):
        out = []
        seen = set()
        while 2 <= c < self.n_clusters + 2 and c not in seen:
            out.append(c)
            seen.add(c)
            c = self.fat(c)
        return out

    def cluster_blocks(self, c):
        b = self.data0 + (c - 2) * self.spc
        return list(range(b, b + self.spc))

    def _entries(self, blocks):
        # (name, attr, first cluster, size, block of the entry); the long
        # name where a valid one precedes the short entry (a computer's
        # `.DS_Store` is a short `DS_STO~1` with its long name before it).
        lfn = {}
        lsum = None
        for b in blocks:
            raw = self.img[b * 512:(b + 1) * 512]
            for k in range(16):
                e = raw[k * 32:(k + 1) * 32]
                if e[0] == 0:
                    return
                if e[0] == 0xE5:
                    lfn = {}
                    continue
                if e[11] == 0x0F:
                    if e[0] & 0x40:
                        lfn = {}
                        lsum = e[13]
                    lfn[e[0] & 0x1F] = e[1:11] + e[14:26] + e[28:32]
                    continue
                if e[11] & 0x08:
                    lfn = {}
                    continue
                name = e[0:8].decode("latin-1").rstrip()
                ext = e[8:11].decode("latin-1").rstrip()
                full = name + ("." + ext if ext else "")
                if e[12] & 0x08:
                    full = name.lower() + ("." + (ext.lower() if e[12] & 0x10 else ext) if ext else "")
                elif e[12] & 0x10 and ext:
                    full = name + "." + ext.lower()
                if lfn and lsum == _checksum(e[0:11]) and sorted(lfn) == list(range(1, len(lfn) + 1)):
                    long = b"".join(lfn[i] for i in sorted(lfn)).decode("utf-16-le", "replace")
                    long = long.split("\x00", 1)[0].rstrip("\uffff")
                    if long and "/" not in long:
                        full = long
                lfn = {}
                yield full, e[11], struct.unpack_from("<H", e, 26)[0], struct.unpack_from("<I", e, 28)[0], b

    def walk(self):
        # {path: (is_dir, first cluster, size, dir-entry block, [clusters])}
        out = {}
        todo = [("", list(range(self.root0, self.root0 + self.root_blocks)))]
        dirs = set()
        while todo:
            base, blocks = todo.pop()
            for name, attr, c, size, eb in self._entries(blocks):
                if name in (".", ".."):
                    continue
                path = base + "/" + name
                ch = self.chain(c) if c else []
                is_dir = bool(attr & 0x10)
                out[path] = (is_dir, c, size, eb, ch)
                if is_dir:
                    if c in dirs or len(dirs) > self.n_clusters:
                        raise ValueError("its folders loop (a damaged volume: repair it "
                                         "with fsck or chkdsk)")
                    dirs.add(c)
                    bl = []
                    for x in ch:
                        bl += self.cluster_blocks(x)
                    todo.append((path, bl))
        return out

    def owners(self):
        # {block: what it holds}: "boot", "fat", "root", a directory's path
        # (its entries) or a file's path (its data). Clusters two entries
        # claim (a damaged FAT) are listed in self.crossed.
        own = {}
        self.crossed = []
        for b in range(self.fat0):
            own[b] = "boot"
        for b in range(self.fat0, self.root0):
            own[b] = "fat"
        for b in range(self.root0, self.data0):
            own[b] = "root"
        for path, (is_dir, c, size, eb, ch) in self.walk().items():
            for x in ch:
                for b in self.cluster_blocks(x):
                    if b in own and own[b] != path:
                        self.crossed.append((x, own[b], path))
                    own[b] = path
        return own

    def block_cluster(self, b):
        return (b - self.data0) // self.spc + 2

    def in_data(self, b):
        return self.data0 <= b < self.data0 + self.n_clusters * self.spc


def _checksum(short):
    # The long-name entries' checksum of the 11-byte short name.
    c = 0
    for x in short:
        c = (((c & 1) << 7) + (c >> 1) + x) & 0xFF
    return c


def sector_owners(img):
    # {flash sector offset: set of owners of its blocks}
    v = Volume(img)
    out = {}
    for b, who in v.owners().items():
        out.setdefault(b * 512 // SECTOR * SECTOR, set()).add(who)
    return out


def isolation_problems(img, save_paths, guard_paths=(), guard=4096):
    # Texts saying how a write to one save file (its data blocks, its
    # directory entry's block) could touch a flash sector that holds
    # anything else than that file, its own directory, or guard bytes that
    # nothing reads (guard_paths whole; the first and last `guard` bytes of
    # every save file), or free clusters a later file could be given: []
    # when isolated. Fragmented files and damaged chains are reported.
    # Paths compare without case, as FAT names do. Sectors are 4 KB from
    # the volume's first block: CircuitPython maps block 0 of the FAT volume
    # to the (4 KB aligned) start of the drive's flash, whatever LBA its
    # fake MBR gives the partition over USB.
    v = Volume(img)
    tree = {}
    name = {}  # lower case -> as the drive spells it, for the messages
    for p, val in v.walk().items():
        tree[p.lower()] = val
        name[p.lower()] = p
    own = {}
    for b, who in v.owners().items():
        own[b] = who.lower()
        name.setdefault(who.lower(), who)
    save_paths = [p.lower() for p in save_paths]
    spare = set()
    for path in guard_paths:
        path = path.lower()
        if path in tree:
            for x in tree[path][4]:
                spare.update(v.cluster_blocks(x))
    for path in save_paths:
        if path in tree:
            ch = tree[path][4]
            size = tree[path][2]
            blocks = []
            for x in ch:
                blocks += v.cluster_blocks(x)
            n = guard // 512
            spare.update(blocks[:n])
            spare.update(blocks[(size - guard) // 512:])
    problems = []
    for x, a, b in v.crossed:
        if a.lower() in save_paths or b.lower() in save_paths:
            problems.append("cluster %d belongs to both %s and %s (a damaged FAT)" % (x, a, b))
    for path in save_paths:
        if path not in tree:
            problems.append("%s: missing" % path)
            continue
        is_dir, c, size, eb, ch = tree[path]
        parent = path.rsplit("/", 1)[0]
        mine = {path, parent}
        if is_dir:
            problems.append("%s: a folder, not a file" % path)
            continue
        if len(ch) != -(-size // v.cluster):
            problems.append("%s: %d clusters in the FAT for its %d bytes (a damaged FAT)"
                            % (path, len(ch), size))
        for i in range(1, len(ch)):
            if ch[i] != ch[i - 1] + 1:
                problems.append("%s: fragmented at cluster %d" % (path, ch[i]))
                break
        siblings = [p for p in tree if p.rsplit("/", 1)[0] == parent and p != path]
        if siblings:
            problems.append("%s: its directory holds %s"
                            % (path, ", ".join(sorted(name[p] for p in siblings))))
        if not parent:
            problems.append("%s: in the root directory" % path)
        # What a save writes: the window (between the guards) and, on close,
        # the directory entry's block.
        fb = []
        for x in ch:
            fb += v.cluster_blocks(x)
        blocks = set(fb[guard // 512:(size - guard) // 512]) if guard else set(fb)
        blocks.add(eb)
        for s in sorted(set(b * 512 // SECTOR for b in blocks)):
            free = False
            for b in range(s * 8, s * 8 + 8):
                who = own.get(b)
                if who is None:
                    # Free in the FAT (a later file could be given it); a
                    # lost cluster (in use, no file's: left by a cut) is
                    # never written by anyone.
                    free = free or (v.in_data(b) and v.fat(v.block_cluster(b)) == 0)
                elif who not in mine and b not in spare:
                    problems.append("%s: flash sector %d also holds %s" % (path, s, name[who]))
                    free = False
                    break
            if free:
                problems.append("%s: flash sector %d has free space a later file could be given"
                                % (path, s))
    return problems
