# Store.load(): read every region, pick the newest chain that replays, and
# say what the player must know (docs/persistence.md). Imported by
# Store.load() only and dropped after boot (games.TRANSIENT), so a session
# does not keep this code in RAM.
from menagerie.store.entry import KB, KJ
from menagerie.store.log import Scan, OK, DAMAGED, replay
from menagerie.store.store import appendable, _erase


def load(self):
    # (record or None, message or None); never raises for bad data.
    # Imported here: only load() needs it (games.TRANSIENT drops it).
    from menagerie.store import migrate

    scans = []
    for i in range(len(self.regions)):
        try:
            scans.append(Scan(i, self.regions[i]))
        except Exception:
            scans.append(None)
    damaged = False
    for s in scans:
        if s is None or s.state == DAMAGED:
            damaged = True
    good = [s for s in scans if s is not None and s.state == OK]
    good.sort(key=lambda s: -s.seq)
    rec = None
    found = None
    base = None
    for s in good:
        self._seqs[s.index] = s.seq
    for s in good:
        base = None
        if s.first == KJ:
            # A journal needs its base (a file window); without it (the
            # file lost) the save is taken from an older chain.
            for t in good:
                if t.first == KB and t.seq == s.base_seq:
                    base = t
            if base is None:
                continue
        try:
            rec, hist, sizes = replay(s, self.hist_max, self.hist_bytes, None, base)
        except Exception:
            damaged = True
            continue
        found = s
        if s.repaired or (base is not None and base.repaired):
            damaged = True  # a flipped bit was corrected: say so
        break
    self._opened = True
    msg = None
    older = None
    if found is None:
        rec, at = migrate.read_legacy(self.regions)
        self._hist, self._hsizes = [], []
        # Chains that could not be replayed keep their numbers: the next
        # base is numbered past them.
        self._seq = good[0].seq if good else -1
        if at is not None:
            # An old-layout save is not damage; keep it until rewritten.
            scans[at] = None
            damaged = False
            for s in scans:
                if s is not None and s.state == DAMAGED:
                    damaged = True
            self._active = at
        if rec is None and damaged:
            msg = "Save unreadable:\nstarting fresh"
    else:
        self._active = found.index
        self._base_at = base.index if base is not None else None
        self._seq = good[0].seq
        back = good[0].seq - found.seq
        if back > 0:
            # A newer save existed (its chain is here but cannot be
            # replayed): say how far back this one is, never silently.
            older = "Restored an older\nsave: %d saves back" % back
        # Appending needs the next number after the chain's last; a newer
        # chain that cannot be replayed (a base whose history a cut left
        # unfinished) holds it already. Then the next save starts a new
        # chain numbered past every one seen, never reusing one.
        ok_tail = appendable(found.region) and found.tail_blank and back == 0
        self._end = found.end if ok_tail else None
        if appendable(found.region) and not found.tail_blank:
            damaged = True
        self._hist, self._hsizes = hist, sizes
        self.hist_dropped = found.dropped
        self._unfiled = appendable(found.region) and found.unfiled
        if found.first == KB and not appendable(found.region):
            # A base on the drive: nvm erased under it? (store/journal.py)
            from menagerie.store import journal
            older = journal.boot(self, scans, older, _where(rec))
    rec, why = migrate.upgrade(rec)
    if why is None and rec is not None and self.check is not None:
        try:
            why = self.check(rec)
        except Exception as e:
            why = "Saved game invalid:\n" + str(e)[:21]
        if why:
            rec["game"] = None
    if why:
        msg = why
    elif older and rec is not None:
        msg = older
    elif damaged and rec is not None:
        msg = "Save cut or damaged:\n" + _where(rec)
    if self.note:
        msg = self.note if msg is None else msg + "\n" + self.note
    # A game dropped above is still in the chain on flash: the next save
    # must be a whole record, not a delta against the record without it
    # (a delta's track numbers would land in the dropped game's list).
    self._fingerprint_from(None if why else rec)
    _clean(self, scans)
    return rec, msg

def _clean(self, scans):
    # Erase damaged regions that do not hold the latest save, so a one-off
    # cut is reported once, not at every boot.
    for s in scans:
        if s is not None and s.state == DAMAGED and s.index != self._active \
                and s.index != self._base_at:
            try:
                _erase(self.regions[s.index])
                self._seqs[s.index] = -1
            except Exception:
                pass


def _where(rec):
    g = rec.get("game") if isinstance(rec, dict) else None
    if isinstance(g, dict) and isinstance(g.get("actions"), list):
        return "resumed at step " + str(len(g["actions"]))
    return "settings kept"
