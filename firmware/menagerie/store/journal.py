# The journal in nvm over a base in a file window (docs/persistence.md, "The
# journal"): start() when the latest save is a whole base in a file window,
# restart() when no other region can take a new base (USB-write mode).
# Imported only when a record outgrows nvm.
from menagerie.store.entry import HDR, KA, KD, KR, KJ, header, dumps, crc_of
from menagerie.store.store import appendable, writable, _erase


def start(st, kind, payload):
    # The latest save is a whole base in a file window: start a journal
    # in nvm on top of it (erase nvm, a J entry naming the base, then the
    # entry, if any), so each save costs an append whatever the record's
    # size.
    # nvm holds nothing needed then: the base has the record and the
    # complete history. A cut in the erase leaves the base alone: the
    # last confirmed save.
    i = st._active
    if i is None or appendable(st.regions[i]):
        return False
    j = None
    for k in range(len(st.regions)):
        r = st.regions[k]
        if appendable(r) and writable(r) and k != i:
            j = k
            break
    if j is None:
        return False
    r = st.regions[j]
    jp = dumps([st._seqs[i]])
    if 2 * HDR + len(jp) + (0 if payload is None else len(payload)) > len(r):
        return False
    _erase(r)
    seq = st._seq + 1
    r[HDR:HDR + len(jp)] = jp
    r[0:HDR] = header(KJ, seq, jp)
    st._count(HDR + len(jp))
    st._base_at = i
    st._active = j
    st._end = HDR + len(jp)
    st._seq = seq
    st._seqs[j] = seq
    return payload is None or st._append(kind, payload)


def boot(st, scans, older, where):
    # load() resumes a base on the drive (a file window); older: its note
    # when a newer chain could not be replayed, where: the step it is at.
    # When nvm holds no chain beside that base, the journal starts now (a J
    # entry, a few bytes, no erase), so that only an erased nvm is ever
    # found empty beside a drive base, and what follows is said once.
    # Returns the boot note: older, or, when nvm was erased (all 0xFF) under
    # the newest save, that the journal holding the moves since that base
    # is gone (a CircuitPython reinstall that cleared nvm, another program).
    # How many moves is written nowhere else: the note says where the game
    # is. (Named like the app's boot: a new name in the loader would grow
    # the boot's qstr pool, store/log.py.)
    from menagerie.store.log import BLANK, DAMAGED
    states = [s.state for s in scans
              if s is not None and appendable(s.region) and writable(s.region)]
    if states != [BLANK] and states != [DAMAGED]:
        return older
    try:
        start(st, None, None)
    except OSError:
        pass
    if older or states != [BLANK]:
        return older
    return "Save memory erased:\nthe drive's copy\n" + where + ";\nlater moves lost"


def restart(st, record):
    # No other region can take a base (USB-write mode: the files are read
    # only; or a cut destroyed the other file's directory entry): a new
    # journal in nvm on the same base, holding one entry that turns the
    # base's record into this one (a delta, or the whole record when the
    # game changed) and the finished games that are only in nvm. The
    # history on the files is never cut down. nvm is rewritten in place: a
    # cut there can lose the saves since the base (one writable region, see
    # docs).
    j, x = st._active, st._base_at
    r = st.regions[j]
    items = [st._hbytes(it) for it in st._hist if isinstance(it, tuple) and it[0] == j]
    jp = dumps([st._seqs[x]])
    kind, p = _from_base(st, x, record)
    need = 2 * HDR + len(jp) + len(p)
    for b in items:
        need += HDR + len(b)
    if need > len(r):
        return False
    keep = [it for it in st._hist if not (isinstance(it, tuple) and it[0] == j)]
    _erase(r)
    seq = st._seq + 1
    refs = []
    at = 2 * HDR + len(jp) + len(p)
    k = seq + 1
    for b in items:
        k += 1
        r[at:at + HDR + len(b)] = header(KA, k, b) + b
        refs.append((j, at, len(b)))
        at += HDR + len(b)
    r[2 * HDR + len(jp):2 * HDR + len(jp) + len(p)] = p
    r[HDR + len(jp):2 * HDR + len(jp)] = header(kind, seq + 1, p)
    r[HDR:HDR + len(jp)] = jp
    r[0:HDR] = header(KJ, seq, jp)
    st._hsizes = [st._hsizes[n] for n in range(len(st._hist))
                    if not (isinstance(st._hist[n], tuple) and st._hist[n][0] == j)]
    st._hsizes += [n for _, _, n in refs]
    st._hist = keep + refs
    st._end = at
    st._seq = k
    st._seqs[j] = k
    st.n_bases += 1
    st._count(at)
    return True


def _from_base(st, x, record):
    # (kind, payload) of the one entry that gives the record on top of the
    # base in region x: a delta when only actions and the screen changed
    # (a long game: a few bytes per action since the base, not the whole
    # record), else the whole record.
    from menagerie.store.log import Scan, replay, tracks
    from menagerie.store.store import _fingerprint
    base = replay(Scan(x, st.regions[x]), st.hist_max, st.hist_bytes)[0]
    meta, fps = _fingerprint(base)
    base = None
    ts = tracks(record)
    if meta != _fingerprint(record)[0] or len(ts) != len(fps):
        return KR, dumps(record)
    # Each track cut to what it shares with the base's, then extended (the
    # store's save() computes its deltas alike, against the last save).
    delta = []
    for t in range(len(ts)):
        acts = ts[t]["actions"]
        k = 0
        m = min(len(acts), len(fps[t]))
        while k < m and crc_of(acts[k]) == fps[t][k]:
            k += 1
        if k < len(fps[t]) or k < len(acts):
            delta.append([t, k, acts[k:]])
    screen = record.get("screen") if isinstance(record, dict) else None
    return KD, dumps([delta, screen])
