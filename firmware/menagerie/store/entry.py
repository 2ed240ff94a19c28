# On-flash entry layout (format 1). Every entry is a 14-byte header then a
# JSON payload:
#   0  2  magic b"MG"
#   2  1  layout version (1)
#   3  1  kind: B base (record + history), R record, D record delta,
#            A history append, J journal start (payload [seq of its base]:
#            the entries after it apply to that base, held in another region)
#   4  4  sequence number, u32 little endian, +1 per entry written
#   8  2  payload length, u16
#  10  4  crc32 of header bytes 0..9 followed by the payload
# A torn or flipped entry fails the CRC; the header is the commit point of a
# base write (written last), so a half-written base never looks valid.
import struct

try:
    from binascii import crc32
except ImportError:  # a port without binascii.crc32: slow but table-free
    def crc32(data, crc=0):
        crc = crc ^ 0xFFFFFFFF
        for b in data:
            crc ^= b
            for _ in range(8):
                crc = (crc >> 1) ^ (0xEDB88320 if crc & 1 else 0)
        return crc ^ 0xFFFFFFFF

MAGIC = b"MG"
LAYOUT = 1
HDR = 14
# The magic read as a little-endian u16: no bytes object per header read.
_FMT = "<HBBIHI"
_MAGIC16 = MAGIC[0] | MAGIC[1] << 8
KB = 66  # "B"
KR = 82  # "R"
KD = 68  # "D"
KA = 65  # "A"
KJ = 74  # "J"
KINDS = (KB, KR, KD, KA, KJ)
MAX_PAYLOAD = 0xFFFF
BLANK = b"\xff" * 256


def header(kind, seq, payload):
    head = struct.pack("<2sBBIH", MAGIC, LAYOUT, kind, seq & 0xFFFFFFFF, len(payload))
    return head + struct.pack("<I", crc32(payload, crc32(head)) & 0xFFFFFFFF)


def read_header(r, off):
    # (kind, seq, length) of a plausible header at off, else None. The CRC is
    # checked by check_payload, which needs the payload bytes.
    if off + HDR > len(r):
        return None
    # A slice is already bytes or a bytearray (nvm): both unpack and checksum,
    # so no second copy (a load reads every entry's header and payload).
    h = r[off:off + HDR]
    magic, layout, kind, seq, n, crc = struct.unpack(_FMT, h)
    if magic != _MAGIC16 or layout != LAYOUT or kind not in KINDS:
        return None
    if off + HDR + n > len(r):
        return None
    return kind, seq, n, crc, h


def check_payload(r, off, info):
    # The payload bytes if the CRC matches, else None.
    kind, seq, n, crc, h = info
    p = r[off + HDR:off + HDR + n]
    if crc32(p, crc32(h[:10])) & 0xFFFFFFFF != crc:
        return None
    return p


def is_blank(r, a, b):
    # True if r[a:b] is all 0xFF (erased flash), read in small pieces, each
    # compared as sliced (bytes and bytearray compare equal) with no copies.
    while a < b:
        q = min(b, a + 256)
        if r[a:q] != (BLANK if q - a == 256 else BLANK[:q - a]):
            return False
        a = q
    return True


def text(obj):
    # Compact JSON as a str (dumps() is its UTF-8 bytes).
    import json
    try:
        return json.dumps(obj, separators=(",", ":"))
    except TypeError:  # an old port without separators=
        return json.dumps(obj)


def dumps(obj):
    # Compact JSON as UTF-8 bytes: the only encoder the store uses, so sizes
    # computed at save time and at load time agree.
    return text(obj).encode()


try:
    crc32("a")  # MicroPython: a str is a buffer of its UTF-8 bytes
    _STR_CRC = True
except TypeError:  # CPython wants bytes
    _STR_CRC = False


def crc_of(obj):
    # crc32 of dumps(obj), without the bytes copy where crc32 reads a str
    # (every save fingerprints every action: one object less each).
    s = text(obj)
    return crc32(s if _STR_CRC else s.encode()) & 0xFFFFFFFF
