# Older layouts and record versions.
#
# Layout v0 (the first-ever one, before the journal): a single slot at
# offset 0 of a region: b"MNG0", u16 length, the JSON record, u32 crc32 of
# the JSON. Its record had no "v" and looked like {"set": settings,
# "g": game or None}.
# Record v1 (current): {"v": 1, "settings": {...}, "game": {...} or None,
# ...}, plus whatever else the app keeps (e.g. "screen", "bowls").
import json
import struct

from menagerie.store.entry import crc32

RECORD_V = 1
V0_MAGIC = b"MNG0"


def read_legacy(regions):
    # (record, region index) of the first valid v0 slot, else (None, None).
    for i in range(len(regions)):
        r = regions[i]
        try:
            if len(r) < 10 or bytes(r[0:4]) != V0_MAGIC:
                continue
            n = struct.unpack("<H", bytes(r[4:6]))[0]
            if 6 + n + 4 > len(r):
                continue
            body = bytes(r[6:6 + n])
            if struct.unpack("<I", bytes(r[6 + n:10 + n]))[0] != crc32(body) & 0xFFFFFFFF:
                continue
            rec = json.loads(body)
            if isinstance(rec, dict):
                return rec, i
        except Exception:
            pass
    return None, None


def write_v0(r, rec0):
    # Writes a v0 slot (tests and the migration fixture only).
    body = json.dumps(rec0).encode()
    r[0:10 + len(body)] = V0_MAGIC + struct.pack("<H", len(body)) + body + struct.pack("<I", crc32(body) & 0xFFFFFFFF)


def _v0_to_v1(rec):
    return {"v": 1, "settings": rec.get("set") or {}, "game": rec.get("g"), "screen": "home"}


MIGRATIONS = {0: _v0_to_v1}


def version(rec):
    v = rec.get("v", 0)
    if isinstance(v, bool) or not isinstance(v, int):
        return -1
    return v


def upgrade(rec):
    # (record at RECORD_V or None, message or None). Never raises.
    if rec is None:
        return None, None
    try:
        if not isinstance(rec, dict):
            return None, "Save unreadable:\nstarting fresh"
        v = version(rec)
        if v > RECORD_V:
            return None, "Save is from newer\nfirmware: ignored"
        while 0 <= v < RECORD_V:
            rec = MIGRATIONS[v](rec)
            v = version(rec)
        if v != RECORD_V:
            return None, "Save unreadable:\nstarting fresh"
        s = rec.get("settings")
        if s is not None and not isinstance(s, dict):
            rec["settings"] = {}
        g = rec.get("game")
        if g is not None and not _game_ok(g):
            rec["game"] = None
            return rec, "Saved game unreadable\nsettings kept"
        return rec, None
    except Exception:
        return None, "Save unreadable:\nstarting fresh"


def _game_ok(g):
    if not isinstance(g, dict):
        return False
    seed = g.get("seed")
    return (isinstance(g.get("game"), str) and isinstance(g.get("options"), dict)
            and isinstance(seed, int) and not isinstance(seed, bool)
            and isinstance(g.get("actions"), list))
