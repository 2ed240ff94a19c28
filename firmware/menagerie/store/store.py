# Power-cut-safe saves over raw byte regions (docs/persistence.md).
#
# Each region holds an append-only chain: a base entry (whole record plus the
# finished-games history) at offset 0, then small entries (action deltas,
# whole records, history appends). Appends only program erased bytes, which
# on RP2040 nvm never erases the sector. When a chain must restart, the new
# base goes to a *different* region than the one holding the latest save, so
# a cut at any instant leaves that one untouched.
#
# History on the drive: a computer can read the file regions (appendable =
# False, the CIRCUITPY save file) but not nvm. When a finished game lands in
# nvm only, the next save is written as a whole base into a file region, so
# the newest base on the drive always holds the complete history.
from array import array

from menagerie.store.entry import HDR, KB, KR, KD, KA, KJ, header, dumps, text, crc_of
from menagerie.store.log import Scan, tracks, trim, replay

HIST_MAX = 200      # finished games kept (issue 12: a season, 100 and more)
HIST_BYTES = 32768  # their JSON bytes; a 48 KB file window keeps 16 KB for the game
# (a smaller window, on a fuller drive, keeps half of it: Store below)
ENTRY_MAX = 512     # one finished game's summary


class StoreFull(Exception):
    # Raised by save()/add_history() when nothing can be written safely;
    # the previous save is intact. The text fits the 21-character screen.
    pass


def appendable(r):
    # Regions that program erased bytes without erasing (microcontroller.nvm,
    # in-memory buffers) are appended to; file regions say otherwise.
    return getattr(r, "appendable", True)


def writable(r):
    # Read-only regions (the old layout's file, the drive in USB-write mode)
    # are read by load() but never picked for a save.
    return getattr(r, "writable", True)


class Store:
    def __init__(self, regions, check=None, hist_max=HIST_MAX, hist_bytes=HIST_BYTES):
        self.regions = list(regions)
        self.note = getattr(regions, "note", None)  # hw/regions.py: a drive problem
        self.check = check
        self.hist_max = hist_max
        for r in self.regions:
            if not appendable(r) and writable(r) and len(r) > 8192:
                # A file window under 32 KB (layout.SIZES; not the old 8 KB
                # ones, read only): half of it for the game in progress.
                hist_bytes = min(hist_bytes, max(len(r) - 16384, len(r) // 2))
        self.hist_bytes = hist_bytes
        self._opened = False
        self._active = None   # region holding the latest chain
        self._base_at = None  # when that chain is a journal: its base's region
        self._end = None      # where the next entry goes in it (None: cannot append)
        self._seq = -1
        self._seqs = [-1] * len(self.regions)
        self._hist = []
        self._hsizes = []
        self._meta = None     # JSON of the last saved record without its action lists
        self._fps = []        # per track: array of crc32 per saved action
        self._screen = None   # the record's "screen", which deltas also carry
        self._unfiled = False  # history changed since the newest base in a file region
        self.n_entries = 0
        self.n_bases = 0
        self.bytes_written = 0
        self.hist_dropped = 0

    # -- reading -----------------------------------------------------------
    def load(self):
        # (record or None, message or None); never raises for bad data.
        # The reading code is in store/loader.py, dropped after boot
        # (games.TRANSIENT) like migrate: a session keeps only the writer.
        from menagerie.store import loader
        return loader.load(self)

    def history(self, newest=None):
        # Finished games, oldest first, newest last (at most hist_max); with
        # newest=N only the last N (each is read from flash and parsed now).
        if not self._opened:
            self.load()
        import json
        items = self._hist if newest is None else self._hist[-newest:]
        out = []
        for it in items:
            out.append(it if isinstance(it, dict) else json.loads(self._hbytes(it)))
        return out

    def history_entry(self, i):
        # Game i (0 the oldest), read from flash and parsed now: a caller
        # walking the whole history holds one entry at a time.
        if not self._opened:
            self.load()
        it = self._hist[i]
        if isinstance(it, dict):
            return it
        import json
        return json.loads(self._hbytes(it))

    def history_count(self):
        if not self._opened:
            self.load()
        return len(self._hist)

    def _hbytes(self, it):
        # The JSON bytes of one history item: on flash (region, offset, n) or
        # in RAM (a dict not written yet, or from an older inline base).
        if isinstance(it, tuple):
            i, off, n = it
            return self.regions[i][off + HDR:off + HDR + n]
        if isinstance(it, (bytes, bytearray)):
            return it
        return dumps(it)

    # -- writing -----------------------------------------------------------
    def save(self, record):
        # Durable when it returns; raises StoreFull if it cannot be stored.
        if not self._opened:
            self.load()
        meta, fps = _fingerprint(record)
        kind = KR
        screen = record.get("screen") if isinstance(record, dict) else None
        if meta == self._meta and len(fps) == len(self._fps):
            delta = []
            for t in range(len(fps)):
                new, old = fps[t], self._fps[t]
                k = 0
                m = min(len(new), len(old))
                while k < m and new[k] == old[k]:
                    k += 1
                if k < len(old) or k < len(new):
                    delta.append([t, k, tracks(record)[t]["actions"][k:]])
            moved = screen != self._screen
            if not delta and not moved and not (self._unfiled and self._has_files()):
                return
            kind = KD
            payload = dumps([delta, screen] if moved else [delta])
            delta = None
        else:
            payload = dumps(record)
        if self._unfiled and self._has_files():
            # A finished game is only in nvm: this save goes whole to a file.
            payload = None
            self._base(record, True)
        elif not self._append(kind, payload) and not self._journal(kind, payload):
            payload = None
            self._base(record)
        self._meta, self._fps, self._screen = meta, fps, screen

    def add_history(self, entry):
        if not self._opened:
            self.load()
        p = dumps(entry)
        if len(p) > ENTRY_MAX:
            raise StoreFull("Game summary too big\nfor the history")
        at = self._end
        if self._append(KA, p):
            self._hist.append((self._active, at, len(p)))
            self._hsizes.append(len(p))
            self.hist_dropped += trim(self._hist, self._hsizes, self.hist_max, self.hist_bytes)
            self._unfiled = True
            return
        self._hist.append(entry)
        self._hsizes.append(len(p))
        p = None
        self.hist_dropped += trim(self._hist, self._hsizes, self.hist_max, self.hist_bytes)
        self._base(self._current(), hist_changed=True)

    def _current(self):
        # The latest record, read back from flash (the store keeps no copy).
        if self._active is None:
            return None
        s = Scan(self._active, self.regions[self._active])
        b = None
        if self._base_at is not None:
            b = Scan(self._base_at, self.regions[self._base_at])
        return replay(s, self.hist_max, self.hist_bytes, None, b)[0]

    def _journal(self, kind, payload):
        # Only with a file window (a record past ~4 KB): store/journal.py,
        # imported then, so a session of small games keeps none of it.
        if self._active is None or appendable(self.regions[self._active]):
            return False
        from menagerie.store import journal
        return journal.start(self, kind, payload)

    def _append(self, kind, payload):
        i = self._active
        if i is None or self._end is None:
            return False
        r = self.regions[i]
        if not appendable(r) or self._end + HDR + len(payload) > len(r):
            return False
        seq = self._seq + 1
        at = self._end
        # Payload first, header last: the header is the commit.
        r[at + HDR:at + HDR + len(payload)] = payload
        r[at:at + HDR] = header(kind, seq, payload)
        self._end = at + HDR + len(payload)
        self._seq = seq
        self._seqs[i] = seq
        self._count(HDR + len(payload))
        return True

    def _has_files(self):
        for r in self.regions:
            if not appendable(r) and writable(r):
                return True
        return False

    def _base(self, record, to_file=False, hist_changed=False):
        # A new chain: the base entry (the record), then the history as A
        # entries, written into one region; the base's header, the commit,
        # is written last. to_file: prefer a file region (the drive).
        unfiled = self._unfiled or hist_changed
        while True:
            payload = self._base_payload(record, unfiled)
            size = HDR + len(payload)
            for n in self._hsizes:
                size += HDR + n
            i = self._pick(size, to_file)
            if i is not None:
                break
            payload = None
            if not self._hist or self._pick(0, to_file) is None:
                # No other region can take a base (USB-write mode, a save
                # file lost) or nothing is left to drop: the journal
                # restarts in nvm, in place (not cut-safe), else refused.
                if self._base_at is not None:
                    from menagerie.store import journal
                    if journal.restart(self, record):
                        return
                raise StoreFull("Save memory full:\nfinish or undo")
            # The game in progress matters more than the oldest finished one
            # (and a base in another region is cut-safe: restart is not).
            self._hist.pop(0)
            self._hsizes.pop(0)
            self.hist_dropped += 1
        r = self.regions[i]
        if not appendable(r) and unfiled:
            # On the drive: this base holds the complete history.
            unfiled = False
            payload = self._base_payload(record, False)
        seq = self._seq + 1
        items = self._hist
        if i == self._active or i == self._base_at:
            # The only region (nvm alone): read the history before erasing.
            items = [self._hbytes(it) for it in items]
        if appendable(r):
            _erase(r)
        refs = []
        _write_many(r, self._chain(i, seq, payload, items, refs))
        last = seq + len(refs)
        self._hist = refs
        self._active = i
        self._base_at = None
        self._unfiled = unfiled
        end = HDR + len(payload)
        for _, off, n in refs:
            end = off + HDR + n
        self._end = end if appendable(r) else None
        self._seq = last
        self._seqs[i] = last
        self.n_bases += 1
        self._count(end)

    def _chain(self, i, seq, payload, items, refs):
        # (offset, bytes) to write for a new chain in region i: the base's
        # payload, each history entry (header + payload, renumbered), and
        # the base's header last. One entry in RAM at a time.
        yield HDR, payload
        at = HDR + len(payload)
        k = seq
        for it in items:
            p = it if isinstance(it, (bytes, bytearray)) else self._hbytes(it)
            k += 1
            yield at, header(KA, k, p) + p
            refs.append((i, at, len(p)))
            at += HDR + len(p)
            p = None
        yield 0, header(KB, seq, payload)

    def _base_payload(self, record, unfiled):
        # "n": the A entries after it that hold its history; "d": finished
        # games dropped so far; "u": the history in this base is not yet in
        # any file region (a reboot must still copy it to the drive).
        b = {"r": record, "h": [], "n": len(self._hist), "d": self.hist_dropped}
        if unfiled:
            b["u"] = 1
        return dumps(b)

    def _pick(self, size, to_file=False):
        # Never the region holding the latest save (unless it is the only
        # region: then a cut during this write can lose the save, see docs).
        # Appendable regions (nvm) first, unless to_file; then the oldest.
        best = None
        for i in range(len(self.regions)):
            r = self.regions[i]
            if i == self._active or i == self._base_at or len(r) < size or not writable(r):
                continue
            key = (0 if appendable(r) != to_file else 1, self._seqs[i])
            if best is None or key < best[0]:
                best = (key, i)
        if best is None and self._base_at is None:
            # The only writable region (nvm alone, or in USB-write mode): it
            # is rewritten in place (a cut then can lose the save, see docs).
            w = [i for i in range(len(self.regions)) if writable(self.regions[i])]
            if len(w) == 1 and len(self.regions[w[0]]) >= size:
                return w[0]
        return None if best is None else best[1]

    def _count(self, n):
        self.n_entries += 1
        self.bytes_written += n

    def _fingerprint_from(self, rec):
        if rec is None:
            self._meta, self._fps, self._screen = None, [], None
        else:
            self._meta, self._fps = _fingerprint(rec)
            self._screen = rec.get("screen")

    def stats(self):
        used = 0
        size = 0
        for r in self.regions:
            size += len(r)
        if self._active is not None:
            used = self._end if self._end is not None else len(self.regions[self._active])
        return {
            "regions": [len(r) for r in self.regions],
            "bytes_total": size,
            "active_region": self._active,
            "active_used": used,
            "active_free": (len(self.regions[self._active]) - used) if self._active is not None else 0,
            "seq": self._seq,
            "entries_written": self.n_entries,
            "bases_written": self.n_bases,
            "bytes_written": self.bytes_written,
            "history": len(self._hist),
            "history_max": self.hist_max,
            "history_bytes": sum(self._hsizes),
            "history_dropped": self.hist_dropped,
            "history_on_files": self._has_files() and not self._unfiled,
            "cut_safe": sum(1 for r in self.regions if writable(r)) >= 2,
        }


def _write_many(r, parts):
    # Writes (offset, bytes) pieces in order; a file region does it in one
    # open/close (one directory-entry rewrite), others piece by piece.
    w = getattr(r, "write_many", None)
    if w is not None:
        w(parts)
        return
    for off, data in parts:
        r[off:off + len(data)] = data


def _erase(r):
    e = getattr(r, "erase", None)
    if e is not None:
        e()
    else:
        # One assignment: on nvm a single sector erase, then no-op programming.
        r[0:len(r)] = b"\xff" * len(r)


def _fingerprint(record):
    # (JSON text of the record with its action lists blanked, per-track crc arrays)
    hold = tracks(record)
    saved = []
    fps = []
    for h in hold:
        acts = h["actions"]
        saved.append(acts)
        a = array("L")
        for x in acts:
            a.append(crc_of(x))
        fps.append(a)
        h["actions"] = None
    # "screen" is left out too (deltas carry it) but its presence is kept.
    has = isinstance(record, dict) and "screen" in record
    if has:
        screen = record["screen"]
        record["screen"] = 0
    try:
        meta = text(record)  # only compared with the last one: no bytes copy
    finally:
        for k in range(len(hold)):
            hold[k]["actions"] = saved[k]
        if has:
            record["screen"] = screen
    return meta, fps
