# Reading one region: find its valid chain of entries and replay it.
# A region's chain is a base entry (B) at offset 0, or a journal start (J)
# naming the sequence number of a base held in another region, followed by
# entries whose sequence numbers go up by exactly one. The chain ends at the first entry that
# is missing, torn, flipped or out of sequence; what follows is ignored (for a
# region we append to, it must be erased flash, else the region is "dirty").
import json

from menagerie.store.entry import (
    HDR, KB, KR, KD, KA, KJ, read_header, check_payload, is_blank, dumps,
)

BLANK = 0
OK = 1
DAMAGED = 2


class Scan:
    def __init__(self, index, region):
        self.index = index
        self.region = region
        self.state = BLANK
        self.entries = []  # (kind, seq, offset, length)
        self.end = 0
        self.seq = -1
        self.tail_blank = False
        self.unfiled = False  # set by replay: history newer than any file base
        self.first = None     # KB, or KJ: a journal over the base numbered base_seq
        self.base_seq = -1
        self.dropped = 0      # finished games dropped from the history, all told
        self.nbase = 0        # history entries written with the base (not "unfiled")
        self.fixed = {}       # offset: payload corrected for one flipped bit
        self.repaired = False
        r = region
        info = self._payload(r, 0, None)
        if info is None:
            self.state = BLANK if is_blank(r, 0, len(r)) else DAMAGED
            self.tail_blank = self.state == BLANK
            return
        self.first = info[0]
        if self.first == KJ:
            try:
                self.base_seq = json.loads(self.fixed.get(0) or r[HDR:HDR + info[2]])[0]
            except Exception:
                self.state = DAMAGED
                return
        self.state = OK
        off = 0
        while info is not None:
            kind, seq, n = info[0], info[1], info[2]
            self.entries.append((kind, seq, off, n))
            self.seq = seq
            off += HDR + n
            info = self._payload(r, off, seq + 1)
        self.end = off
        # Only a region we append to needs an erased tail (a file window's
        # stale tail is leftovers; reading 48 KB of it costs boot time).
        self.tail_blank = is_blank(r, off, len(r)) if getattr(r, "appendable", True) else False

    def _payload(self, r, off, seq):
        # The header info of the entry at off if it is one of ours here (a
        # chain's first, B or J, where seq is None; else R, D or A numbered
        # seq; its CRC good), else None. One flipped bit away from that is
        # corrected by store/repair.py, imported only then. (Names the
        # session already has: each new one grows MicroPython's qstr pool,
        # in steps of several KB.)
        info = read_header(r, off)
        if info is not None and info[0] in ((KB, KJ) if seq is None else (KR, KD, KA)) \
                and (seq is None or info[1] == seq):
            if check_payload(r, off, info) is not None:
                return info
        elif off + HDR > len(r) or bin(int.from_bytes(r[off:off + 3], "little") ^ 0x1474D).count("1") > 1:
            return None  # erased flash, another chain's leftovers ("MG", 1): the end
        from menagerie.store.repair import fix_payload
        return fix_payload(self, r, off, seq)


def tracks(rec):
    # The dicts holding a record's action lists, in a fixed order: the
    # game's, then each saved bowl's. Deltas name a track by its position.
    out = []
    if not isinstance(rec, dict):
        return out
    g = rec.get("game")
    if isinstance(g, dict) and isinstance(g.get("actions"), list):
        out.append(g)
    b = rec.get("bowls")
    if isinstance(b, list):
        for x in b:
            if isinstance(x, dict) and isinstance(x.get("actions"), list):
                out.append(x)
    return out


def trim(hist, sizes, max_n, max_bytes):
    # Oldest finished games go first when the history is over its bounds;
    # returns how many went (the store counts them).
    total = 0
    for s in sizes:
        total += s
    n = 0
    while hist and (len(hist) > max_n or total > max_bytes):
        hist.pop(0)
        total -= sizes.pop(0)
        n += 1
    return n


def replay(scan, max_n, max_bytes, upto=None, base=None):
    # (record, history, history sizes) after the chain's entries, or raise
    # ValueError if a checksummed entry does not make sense (a firmware bug
    # or a 1-in-4-billion CRC miss: the caller then tries another region).
    # A journal (scan.first == KJ) replays on top of its base's scan.
    rec = None
    hist = []
    sizes = []
    parts = [scan] if base is None else [base, scan]
    for part in parts:
        rec, hist, sizes = _replay(part, max_n, max_bytes, upto, rec, hist, sizes)
    if base is not None:
        scan.unfiled = scan.unfiled or base.unfiled
        scan.dropped += base.dropped
    return rec, hist, sizes


def _replay(scan, max_n, max_bytes, upto, rec, hist, sizes):
    r = scan.region
    for kind, seq, off, n in scan.entries:
        if upto is not None and seq > upto:
            break
        if kind == KJ:
            continue
        fix = scan.fixed.get(off)
        if kind == KA:
            obj = None
        elif fix is not None:
            obj = json.loads(fix)
        else:
            obj = json.loads(r[off + HDR:off + HDR + n])  # any buffer: no copy
        if kind == KB:
            if not isinstance(obj, dict) or not isinstance(obj.get("h"), list):
                raise ValueError("base")
            rec = obj.get("r")
            hist = obj["h"]  # older bases kept the history inline
            scan.unfiled = bool(obj.get("u"))
            h = obj.get("n", 0)  # how many A entries right after it are its own history
            scan.nbase = h if isinstance(h, int) and not isinstance(h, bool) else 0
            d = obj.get("d", 0)
            scan.dropped = d if isinstance(d, int) and not isinstance(d, bool) else 0
            sizes = []
            for h in hist:
                sizes.append(len(dumps(h)))
        elif kind == KR:
            rec = obj
        elif kind == KD:
            ts = tracks(rec)
            if len(obj) > 1:
                rec["screen"] = obj[1]
            for t, keep, add in obj[0]:
                acts = ts[t]["actions"]
                if keep > len(acts):
                    raise ValueError("delta")
                del acts[keep:]
                acts.extend(add)
        elif kind == KA:
            # Not parsed: kept as where it is (history() reads it when asked),
            # so a long history costs a few bytes of RAM per game.
            if scan.entries[0][0] != KB or seq > scan.entries[0][1] + scan.nbase:
                scan.unfiled = True
            # A corrected entry is kept as its bytes: copying it from flash
            # into a new base would bless the flipped bit with a fresh CRC.
            hist.append(bytes(fix) if fix is not None else (scan.index, off, n))
            sizes.append(n)
            scan.dropped += trim(hist, sizes, max_n, max_bytes)
        obj = None
    if scan.entries and scan.entries[0][0] == KB and upto is None:
        # A base names how many history entries were written with it; a cut
        # while its sector was rewritten can leave the header and lose some
        # of them: that chain is not the one that was confirmed.
        b = scan.entries[0][1]
        got = 0
        for kind, seq, off, n in scan.entries:
            if kind == KA and b < seq <= b + scan.nbase:
                got += 1
        if got != scan.nbase:
            raise ValueError("history cut")
    return rec, hist, sizes
