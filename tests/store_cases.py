# Representative save sequences and the power-cut harness shared by
# tests/test_powercut*.py and bench/b_store.py.
#
# The records have the app's shape ({"v", "settings", "game", "bowls",
# "screen"}); the actions are small lists like the rule cores produce. They
# are synthetic on purpose: the proof is about the store, and must not move
# when a rule core changes its action encoding.
import copy
import json
import random

from menagerie.store import Store
from sim.flash import PowerCut, board_regions, FlashRegion

SETTINGS = {"players": 4, "names": ["Ann", "Bob", "Cy", "Dee"], "sound": True, "contrast": 200}


def _rec(game, screen="play", bowls=None, settings=None):
    return {"v": 1, "settings": copy.deepcopy(settings or SETTINGS), "game": game,
            "bowls": bowls or [], "screen": screen}


def _game(gid, options, seed, actions):
    return {"game": gid, "options": options, "seed": seed, "actions": actions}


def animal_inc():
    # 16 rounds: each round every seat enters a score, then the round closes;
    # one undo and a settings change on the way.
    ops = []
    acts = []
    g = _game("animal_inc", {"rounds": 16, "players": 4}, 123456789, acts)
    for rnd in range(16):
        for seat in range(4):
            acts.append(["score", seat, (rnd * 7 + seat * 3) % 23, (seat + rnd) % 5])
            ops.append(("save", _rec(copy.deepcopy(g))))
        if rnd == 5:
            acts.pop()
            ops.append(("save", _rec(copy.deepcopy(g), screen="undo")))
            acts.append(["score", 3, 9, 1])
            ops.append(("save", _rec(copy.deepcopy(g))))
        acts.append(["end_round"])
        ops.append(("save", _rec(copy.deepcopy(g), screen="round")))
        if rnd == 8:
            s = dict(SETTINGS)
            s["sound"] = False
            ops.append(("save", _rec(copy.deepcopy(g), settings=s)))
    ops.append(("hist", {"game": "animal_inc", "players": SETTINGS["names"], "start": 0,
                         "rounds": [[(r * 7 + p * 3) % 23 for p in range(4)] for r in range(16)],
                         "winners": [2]}))
    ops.append(("save", _rec(None, screen="home")))
    return ops


def panicozoo():
    ops = []
    acts = []
    g = _game("panicozoo", {"players": 5, "target": 10}, 42, acts)
    ops.append(("save", _rec(copy.deepcopy(g))))
    for i in range(60):
        acts.append(["slap", i % 5, 1000 + i * 37] if i % 3 else ["flip"])
        ops.append(("save", _rec(copy.deepcopy(g))))
    ops.append(("hist", {"game": "panicozoo", "players": ["a", "b", "c", "d", "e"],
                         "scores": [10, 7, 3, 2, 1], "winners": [0]}))
    return ops


def bowl_session():
    ops = []
    draws = []
    b = {"game": "bowl", "options": {"pool": "animals", "players": 4}, "seed": 777, "actions": draws}
    for i in range(54):
        draws.append(["draw"])
        ops.append(("save", _rec(None, screen="bowl", bowls=[copy.deepcopy(b)])))
    return ops


def long_attack(n=500):
    # A When-Animals-Attack-like game: many tiny actions, outgrows nvm.
    ops = []
    acts = []
    g = _game("when_animals_attack", {"players": 3}, 99, acts)
    for i in range(n):
        acts.append(["m", i % 3, (i * 13) % 29])
        ops.append(("save", _rec(copy.deepcopy(g))))
    return ops


def season():
    # Three games finished one after another, each filed in the history and
    # followed by the app's save that clears the slot: the history must
    # reach the drive's files (not only nvm) every time.
    ops = []
    for n in range(3):
        acts = []
        g = _game("animal_inc", {"rounds": 6, "players": 3}, 1000 + n, acts)
        ops.append(("save", _rec(copy.deepcopy(g))))
        for rnd in range(6):
            acts.append(["round", rnd % 3, (rnd * 5 + n) % 17, rnd % 4, n])
            ops.append(("save", _rec(copy.deepcopy(g))))
        ops.append(("hist", {"game": "animal_inc", "players": ["Ann", "Bob", "Cy"], "start": n % 3,
                             "rounds": [[(r * 5 + p) % 17 for p in range(3)] for r in range(6)],
                             "winners": [n % 3]}))
        ops.append(("save", _rec(None, screen="home")))
    return ops


def filed_season(games=13):
    # A club's evening: finished games filed one after another until the
    # history alone outgrows nvm (bases then go to the drive's files, each
    # carrying the history as A entries after it), then a 16-round game with
    # an undo, saved in a journal in nvm that fills and moves to a new base
    # in the other file: the base write whose header page reaches flash
    # before its history (issue 22 item 1).
    ops = []
    for n in range(games):
        ops.append(("hist", {"game": "animal_inc", "players": SETTINGS["names"], "start": n % 4,
                             "rounds": [[(r * 7 + p * 3 + n) % 23 for p in range(4)] for r in range(12)],
                             "winners": [n % 4]}))
        ops.append(("save", _rec(None, screen="home")))
    return ops + animal_inc()


def base_writes(ops, regions=None):
    # The indices of the ops that write a new base (a whole record and its
    # history into a region), on the board layout.
    st = Store(regions if regions is not None else board_regions())
    st.load()
    at = []
    for i, (kind, obj) in enumerate(ops):
        n = st.stats()["bases_written"]
        _do(st, kind, obj)
        if st.stats()["bases_written"] > n:
            at.append(i)
    return at


def journal_full_bases(games=13):
    # filed_season's ops and the bases written once its game's journal fills
    # nvm (after the filing): the torn header's writes.
    ops = filed_season(games)
    return ops, [i for i in base_writes(ops) if i > 2 * games]


CASES = {
    "animal_inc": animal_inc,
    "panicozoo": panicozoo,
    "bowl": bowl_session,
    "long_attack": long_attack,
    "season": season,
    "filed_season": filed_season,
}


def _key(x):
    return json.dumps(x, sort_keys=True)


def _written(before, after):
    for i in range(len(before)):
        if after[i].steps != before[i].steps:
            return i
    return None


def files_history(regions):
    # The history a computer reads from the drive: the file regions alone
    # (not appendable: the save file's windows), decoded by the store.
    files = [r.clone() for r in regions if not getattr(r, "appendable", True)]
    st = Store(files)
    st.load()
    return st.history()


def prove(ops, regions=None, sample=None, torn=False, files=False, later=True, seed=1):
    # Runs ops on a store; for each sampled op, replays it cut before every
    # step (each sector erase and each page program; torn: also half done,
    # as random bit subsets) and reboots. Returns counts; failures is a list
    # of text descriptions (empty when proven).
    # files: also after every confirmed save the drive's files alone must
    # hold the complete history, and at every cut an older or the same one.
    # later: after every cut and reboot, the saves a person makes next (a
    # small change, then the session's next two) must each be what the next
    # boot resumes.
    regions = regions if regions is not None else board_regions()
    st = Store(regions)
    st.load()
    recs = [None]     # confirmed records, oldest first
    hists = [[]]      # confirmed histories
    c = {"ops": 0, "sampled": 0, "cuts": 0, "distinct": 0, "new": 0, "last": 0,
         "previous": 0, "failures": [], "files": files, "files_ok": 0, "later": 0,
         "torn_headers": 0}
    rng = random.Random(seed)
    for idx, (kind, obj) in enumerate(ops):
        c["ops"] += 1
        if sample is None or sample(idx):
            c["sampled"] += 1
            _cut_all(st, kind, obj, recs, hists, c, torn and rng,
                     ops[idx + 1:idx + 3] if later else None)
        _do(st, kind, obj)
        if kind == "save":
            recs.append(copy.deepcopy(obj))
            hists.append(hists[-1])
            if files:
                got = files_history(st.regions)
                if _key(got) == _key(hists[-1]):
                    c["files_ok"] += 1
                else:
                    c["failures"].append("op %d: the files hold %d of %d finished games" % (
                        idx, len(got), len(hists[-1])))
        else:
            recs.append(recs[-1])
            hists.append(st.history())
    return c


def _do(st, kind, obj):
    if kind == "save":
        st.save(obj)
    else:
        st.add_history(obj)


FF = b"\xff" * 4096


def _states(before, trace, rng):
    # Every image the region can be left in by a cut: before each step (a
    # sector erase or one page program, in the order the flash did them),
    # and with rng the step half done: a torn erase sets a random subset of
    # the sector's bits, a torn page program clears a random subset of the
    # bits it was to clear, or programs its bytes in address order up to a
    # random one (the header first). Yields (image or None when unchanged
    # since the last one, torn?).
    img = bytearray(before)
    changed = True
    for op in trace:
        yield (bytes(img) if changed else None), False
        if op[0] == "e":
            _, s, e = op
            if rng:
                t = bytearray(img)
                for i in range(s, e):
                    t[i] |= rng.getrandbits(8)
                yield bytes(t), True
            changed = img[s:e] != FF[:e - s]
            img[s:e] = FF[:e - s]
        else:
            _, at, value = op
            n = len(value)
            new = bytes(img[at + i] & value[i] for i in range(n))
            if rng and new != img[at:at + n]:
                t = bytearray(img)
                for i in range(n):
                    t[at + i] &= value[i] | rng.getrandbits(8)
                yield bytes(t), True
                t = bytearray(img)
                k = rng.randrange(n)
                t[at:at + k] = new[:k]
                t[at + k] &= value[k] | rng.getrandbits(8)
                yield bytes(t), True
            changed = new != img[at:at + n]
            img[at:at + n] = new


def _cut_all(st, kind, obj, recs, hists, c, rng, later):
    dry = copy.deepcopy(st)
    for r in dry.regions:
        r.trace = []
    _do(dry, kind, obj)
    j = _written(st.regions, dry.regions)
    if j is None:
        return
    new_rec = obj if kind == "save" else recs[-1]
    new_hist = dry.history()
    outcome = None
    for image, _t in _states(st.regions[j].to_bytes(), dry.regions[j].trace, rng):
        c["cuts"] += 1
        if image is not None:
            c["distinct"] += 1
            regions = [r.clone() for r in st.regions]
            regions[j].data[:] = image
            outcome, after = _reboot(regions, recs, hists, new_rec, new_hist)
            if after is not None and after[3] and "older" in after[3]:
                # A newer chain that cannot be replayed: a base whose header
                # reached flash and whose history did not (issue 22 item 1).
                c["torn_headers"] += 1
            if c["files"] and outcome in ("new", "last", "previous"):
                outcome = _files_after_cut(regions, hists, new_hist, outcome)
            if later is not None and outcome in ("new", "last", "previous"):
                lost = _later_saves(regions, after, later)
                if lost:
                    outcome = lost
                else:
                    c["later"] += 1
        if outcome not in ("new", "last", "previous"):
            c["failures"].append("op %d cut %d: %s" % (len(recs) - 1, c["cuts"], outcome))
            continue
        c[outcome] += 1


def _files_after_cut(regions, hists, new_hist, outcome):
    # Whatever a cut leaves, the drive holds a history that was really
    # confirmed (or the one being written), never a torn or foreign one.
    try:
        got = _key(files_history(regions))
    except Exception as e:
        return "files: exception %r" % e
    if got == _key(new_hist) or any(got == _key(h) for h in hists):
        return outcome
    return "files: a history never confirmed"


def nudge(rec, tag="after the cut"):
    # The smallest save a person can make after a reboot (another screen):
    # a delta of a few bytes, which fits wherever anything fits.
    rec = copy.deepcopy(rec) if isinstance(rec, dict) else _rec(None)
    rec["screen"] = tag
    return rec


def later_ops(rec, ops):
    # What a person does after the board comes back: a small change of the
    # resumed state, then the session's next steps (or more small changes).
    later = [("save", nudge(rec))] + list(ops)
    while len(later) < 3:
        later.append(("save", nudge(rec, "again %d" % len(later))))
    return later


def _later_saves(regions, after, ops):
    # The saves after the reboot, each confirmed: every one must be what
    # the next boot resumes (a person relies on exactly that). Each check
    # boots a copy, so the session goes on as if no one had looked.
    st, rec, hist, _msg = after
    want_hist = list(hist)
    for kind, obj in later_ops(rec, ops):
        try:
            _do(st, kind, obj)
        except Exception as e:
            return "a save after the reboot failed: %r" % (e,)
        if kind == "save":
            rec = obj
        else:
            want_hist.append(obj)
        try:
            check = Store([r.clone() for r in regions])
            got = check.load()[0], check.history()
        except Exception as e:
            return "the boot after a later save raised %r" % (e,)
        if (_key(got[0]), _key(got[1])) != (_key(rec), _key(want_hist)):
            return "a confirmed save after the reboot is not resumed (%s)" % (
                "older record" if _key(got[0]) != _key(rec) else "history differs")
    return None


def _reboot(regions, recs, hists, new_rec, new_hist):
    for r in regions:
        r.no_cut()
    try:
        st = Store(regions)
        rec, msg = st.load()
        hist = st.history()
    except Exception as e:  # the proof: never an exception
        return "exception %r" % e, None
    got = (_key(rec), _key(hist))
    after = (st, rec, hist, msg)
    if got == (_key(new_rec), _key(new_hist)):
        # The save being written: what reached flash proves it (all its
        # bytes, or all but one bit, corrected).
        return "new", after
    if got == (_key(recs[-1]), _key(hists[-1])):
        return "last", after
    if len(recs) > 1 and got == (_key(recs[-2]), _key(hists[-2])):
        return "previous", after
    if rec is None:
        return "lost (%r)" % (msg,), after
    return "wrong record (%r)" % (msg,), after


def flip_targets(regions, rng=None, headers=None, payload=0):
    # (region, byte, bit) to flip: the header bits of the entries of every
    # chain on flash (all of them, or `headers` of them drawn with rng, the
    # bases' and journal starts' always), then `payload` random bits of
    # the bytes written.
    from menagerie.store.entry import HDR, KB, KJ
    from menagerie.store.log import Scan
    must, rest, used = [], [], []
    for i, r in enumerate(regions):
        for kind, seq, off, n in Scan(i, r).entries:
            bits = [(i, off + b // 8, b % 8) for b in range(HDR * 8)]
            (must if kind in (KB, KJ) else rest).extend(bits)
        n = len(r.to_bytes().rstrip(b"\xff"))
        used += [(i, x) for x in range(n)]
    if headers is not None and len(rest) > headers:
        rest = rng.sample(rest, headers)
    out = must + rest
    for _ in range(payload if used else 0):
        i, x = rng.choice(used)
        out.append((i, x, rng.randrange(8)))
    return out


def flip_sweep(ops, rng, headers=None, payload=0):
    # One flipped bit at a time in the bytes a session left on flash: the
    # boot must resume the last save exactly, or lose at most the saves
    # since the last base (a whole record written in one piece); never the
    # whole save, never a record that was not saved.
    regions = board_regions()
    st = Store(regions)
    st.load()
    states = []
    rec = None
    for kind, obj in ops:
        _do(st, kind, obj)
        if kind == "save":
            rec = obj
        states.append(((_key(rec), _key(st.history())), st.stats()["bases_written"]))
    last, n = states[-1]
    since = set(k for k, b in states if b == n)
    c = {"flips": 0, "exact": 0, "since_base": 0, "failures": []}
    for i, x, bit in flip_targets(regions, rng, headers, payload):
        rr = [r.clone() for r in regions]
        rr[i].data[x] ^= 1 << bit
        try:
            s2 = Store(rr)
            got, msg = s2.load()
            got = (_key(got), _key(s2.history()))
        except Exception as e:
            got, msg = None, "exception %r" % (e,)
        c["flips"] += 1
        if got == last:
            c["exact"] += 1
        elif got in since:
            c["since_base"] += 1
        else:
            c["failures"].append("region %d byte %d bit %d: %r" % (i, x, bit, msg))
    return c


def summary(name, c):
    files = ", history on the files after %d saves" % c["files_ok"] if c.get("files") else ""
    if c.get("torn_headers"):
        files += ", torn base headers %d" % c["torn_headers"]
    return ("%s: ops %d sampled %d cuts %d (distinct states %d) -> new %d, "
            "last %d, previous %d, later saves resumed after %d, failures %d%s" % (
                name, c["ops"], c["sampled"], c["cuts"], c["distinct"], c["new"],
                c["last"], c["previous"], c["later"], len(c["failures"]), files))
