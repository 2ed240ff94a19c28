# Bit rot: an entry whose CRC fails because of one flipped bit is corrected
# at load (docs/persistence.md, "Corruption"). Imported only when a CRC
# fails, so a healthy boot keeps none of this.
from menagerie.store.entry import HDR, crc32

FIX_MAX = 11000  # CRC-32 keeps Hamming distance 4 up to ~11 KB: one bit
                 # is corrected and two are still detected, never miscorrected
_P = 0xEDB88320


def _f(b):
    # The CRC register (init 0) after one byte holding only bit b.
    c = 1 << b
    for _ in range(8):
        c = (c >> 1) ^ (_P if c & 1 else 0)
    return c


def fix_payload(r, off, info):
    # An entry whose CRC fails because of one flipped bit (bit rot) in its
    # first 10 header bytes or its payload: the corrected payload, or None.
    # The CRC is linear: stored ^ computed is the CRC (init 0) of the error
    # alone, a single bit at byte i followed by L-1-i zero bytes. Undoing
    # the zero bytes one at a time from the end finds i (8*L steps, only
    # when a CRC fails at load).
    kind, seq, n, crc, h = info
    if n + 10 > FIX_MAX:
        return None
    p = bytearray(r[off + HDR:off + HDR + n])
    s = (crc32(p, crc32(h[:10])) & 0xFFFFFFFF) ^ crc
    if s & (s - 1) == 0:
        return None  # the stored CRC's own bit, or no error: not ours to guess
    fs = [_f(b) for b in range(8)]
    L = 10 + n
    for k in range(L):
        if s in fs:
            i = L - 1 - k
            if i < 10:
                return None  # a header byte: its fields cannot be trusted
            p[i - 10] ^= 1 << fs.index(s)
            if crc32(p, crc32(h[:10])) & 0xFFFFFFFF == crc:
                return p
            return None
        for _ in range(8):
            s = ((((s ^ _P) << 1) | 1) if s & 0x80000000 else (s << 1)) & 0xFFFFFFFF
    return None
