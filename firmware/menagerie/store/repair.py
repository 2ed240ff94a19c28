# Bit rot: an entry one flipped bit away from a good one is corrected at
# load (docs/persistence.md, "Corruption"), wherever the bit is: its payload,
# its CRC, or any field of its header (magic, layout, kind, sequence number,
# length). Imported only when an entry fails its checks, so a healthy boot
# keeps none of this.
import struct

from menagerie.store.entry import HDR, MAGIC, LAYOUT, KB, KR, KD, KA, KJ, crc32

FIX_MAX = 11000  # CRC-32 keeps Hamming distance 4 up to ~11 KB: one bit
                 # is corrected and two are still detected, never miscorrected
_P = 0xEDB88320
_FIXED = MAGIC + bytes((LAYOUT,))


def _f(b):
    # The CRC register (init 0) after one byte holding only bit b.
    c = 1 << b
    for _ in range(8):
        c = (c >> 1) ^ (_P if c & 1 else 0)
    return c


def _bits(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


def _info(h, kinds, seq):
    # (kind, seq, length, crc, header) if the header's fields are plausible
    # at this place: our magic and layout, a kind allowed here, the expected
    # sequence number (None: any).
    if h[0:3] != _FIXED or h[3] not in kinds:
        return None
    magic, layout, kind, s, n, crc = struct.unpack("<HBBIHI", h)
    if seq is not None and s != seq:
        return None
    return kind, s, n, crc, bytes(h)


def _crc(r, off, h, n):
    # The CRC of header bytes 0..9 (h, with length n) and the n bytes after
    # the header, or None when they do not fit the region.
    if off + HDR + n > len(r):
        return None
    return crc32(r[off + HDR:off + HDR + n], crc32(h[:10])) & 0xFFFFFFFF


def fix_payload(scan, r, off, seq):
    # The entry at off of the region scan reads, one flipped bit repaired:
    # its header info or None; scan notes the repair (and keeps a corrected
    # payload: the flash still holds the flipped one). seq: the sequence
    # number expected (None at a chain's start, a B or J entry; else an R,
    # D or A entry).
    kinds = (KB, KJ) if seq is None else (KR, KD, KA)
    got = _fix(r, off, kinds, seq)
    if got is None:
        return None
    scan.repaired = True
    if got[2]:
        scan.fixed[off] = got[1]
    return got[0]


def _fix(r, off, kinds, seq):
    if off + HDR > len(r):
        return None
    h = bytearray(r[off:off + HDR])
    info = _info(h, kinds, seq)
    if info is None:
        # One bit of magic, layout, kind or sequence number: the CRC, which
        # covers them, must then match exactly.
        for i in range(8):
            for b in range(8):
                h[i] ^= 1 << b
                info = _info(h, kinds, seq)
                if info is not None and _crc(r, off, h, info[2]) == info[3]:
                    return info, r[off + HDR:off + HDR + info[2]], False
                h[i] ^= 1 << b
        return None
    got = _syndrome(r, off, h, info, seq is None, kinds)
    if got is not None:
        return got
    # One bit of the length: the payload read was the wrong one.
    for b in range(16):
        k = 8 + b // 8
        h[k] ^= 1 << (b % 8)
        n = struct.unpack("<H", h[8:10])[0]
        if _crc(r, off, h, n) == info[3]:
            return (info[0], info[1], n, info[3], bytes(h)), r[off + HDR:off + HDR + n], False
        h[k] ^= 1 << (b % 8)
    return None


def _syndrome(r, off, h, info, seq_free, kinds):
    # The header's fields hold but the CRC fails: the CRC is linear, so
    # stored ^ computed is the CRC (init 0) of the error alone, a single bit
    # at byte i followed by L-1-i zero bytes. Undoing the zero bytes one at
    # a time from the end finds i (8*L steps, only when a CRC fails at load).
    kind, seq, n, crc, _ = info
    if n + 10 > FIX_MAX or off + HDR + n > len(r):
        return None
    p = bytearray(r[off + HDR:off + HDR + n])
    s = (crc32(p, crc32(h[:10])) & 0xFFFFFFFF) ^ crc
    if s == 0:
        return info, p, False
    if s & (s - 1) == 0:
        return info, p, False  # one bit of the stored CRC itself
    fs = [_f(b) for b in range(8)]
    L = 10 + n
    for k in range(L):
        if s in fs:
            i = L - 1 - k
            bit = 1 << fs.index(s)
            if i >= 10:
                p[i - 10] ^= bit
                if crc32(p, crc32(h[:10])) & 0xFFFFFFFF == crc:
                    return info, p, True
                return None
            if i < 8 and seq_free:
                # The sequence number or the kind of a chain's first entry
                # (no number is expected there).
                h[i] ^= bit
                fixed = _info(h, kinds, None)
                if fixed is not None and _crc(r, off, h, n) == crc:
                    return fixed, p, False
            return None
        for _ in range(8):
            s = ((((s ^ _P) << 1) | 1) if s & 0x80000000 else (s << 1)) & 0xFFFFFFFF
    return None
