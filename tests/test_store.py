# Store behaviour: round trips, deltas, history bounds, corruption, foreign
# data and the v0 -> v1 migration.
import copy
import random

import pytest

from hypothesis import given, settings, strategies as hs

import store_cases as sc
from menagerie.store import Store, StoreFull
from menagerie.store import migrate
from sim.flash import FlashRegion, board_regions


def _fill(ops, regions=None):
    regions = regions if regions is not None else board_regions()
    st = Store(regions)
    st.load()
    for kind, obj in ops:
        sc._do(st, kind, obj)
    return regions, st


def test_round_trip_and_deltas():
    ops = sc.panicozoo()
    regions, st = _fill(ops)
    rec, msg = Store(regions).load()
    assert msg is None and rec == ops[-2][1]
    s = st.stats()
    # Most saves are small appends, not whole records.
    assert s["entries_written"] == len(ops) and s["bases_written"] <= 3, s
    assert Store(regions).history() == [ops[-1][1]]


def test_undo_and_unchanged_save():
    regions, st = _fill(sc.animal_inc()[:10])
    rec = copy.deepcopy(sc.animal_inc()[9][1])
    n = st.stats()["entries_written"]
    st.save(rec)  # identical: nothing written
    assert st.stats()["entries_written"] == n
    rec["game"]["actions"].pop()
    rec["game"]["actions"].pop()
    st.save(rec)
    assert Store(regions).load()[0] == rec


def test_empty_blank_and_fresh():
    assert Store([FlashRegion(4096)]).load() == (None, None)
    assert Store([]).load() == (None, None)


def test_garbage_zeros_are_reported_not_raised():
    for fill in (b"\x00", b"\x5a", None):
        r = FlashRegion(4096)
        if fill is None:
            r.data[:] = random.Random(3).randbytes(4096)
        else:
            r.data[:] = fill * 4096
        rec, msg = Store([r, FlashRegion(4096)]).load()
        assert rec is None and msg and "unreadable" in msg


def test_foreign_versions():
    r = FlashRegion(4096)
    st = Store([r, FlashRegion(4096)])
    st.load()
    st.save({"v": 9, "settings": {}, "game": None})
    rec, msg = Store([r, FlashRegion(4096)]).load()
    assert rec is None and "newer" in msg
    st.save({"v": 1, "settings": {}, "game": {"game": "x", "options": {}, "seed": "bad", "actions": []}})
    rec, msg = Store([r, FlashRegion(4096)]).load()
    assert rec["game"] is None and "unreadable" in msg


def test_rules_check_hook_drops_unknown_option():
    regions, st = _fill(sc.panicozoo()[:5])

    def check(rec):
        if "target" in rec["game"]["options"]:
            return "Saved game option\nno longer exists"
        return None

    rec, msg = Store(regions, check=check).load()
    assert rec["game"] is None and rec["settings"] == sc.SETTINGS and "option" in msg


def test_migrates_v0_layout():
    r = FlashRegion(4096)
    g = {"game": "panicozoo", "options": {}, "seed": 3, "actions": [["flip"]]}
    migrate.write_v0(r, {"set": {"players": 3}, "g": g})
    rec, msg = Store([r, FlashRegion(4096)]).load()
    assert msg is None
    assert rec == {"v": 1, "settings": {"players": 3}, "game": g, "screen": "home"}
    # A damaged v0 slot is not trusted.
    r.data[12] ^= 1
    assert Store([r, FlashRegion(4096)]).load()[0] is None


def test_history_bounded_and_oldest_dropped():
    regions, st = _fill(sc.bowl_session()[:3])
    for i in range(230):
        st.add_history({"game": "bowl", "n": i, "pad": "x" * 40})
        st.save(sc.bowl_session()[2][1])  # the app's save after filing a game
    again = Store(regions)
    h = again.history()
    assert len(h) == 200 and h[-1]["n"] == 229 and h[0]["n"] == 30
    # Every dropped game is counted, and the count survives a reboot.
    assert st.stats()["history_dropped"] == 30 and again.stats()["history_dropped"] == 30
    assert [e["n"] for e in again.history(3)] == [227, 228, 229]
    # One entry at a time, by index (0 the oldest), as the History screen reads them.
    assert again.history_entry(0)["n"] == 30 and again.history_entry(199)["n"] == 229
    assert [again.history_entry(i) for i in range(again.history_count())] == h
    try:
        st.add_history({"big": "y" * 600})
        assert False
    except StoreFull as e:
        assert "\n" in str(e)


def test_store_full_keeps_previous():
    regions = [FlashRegion(1024), FlashRegion(1024)]
    st = Store(regions)
    st.load()
    ops = sc.long_attack(200)
    last = None
    try:
        for _, rec in ops:
            st.save(rec)
            last = rec
        assert False, "1 KB regions cannot hold 200 actions"
    except StoreFull as e:
        assert "full" in str(e)
    assert Store(regions).load()[0] == last


@settings(max_examples=60, deadline=None)
@given(hs.lists(hs.tuples(hs.integers(0, 20479), hs.integers(0, 7)), min_size=1, max_size=6))
def test_bit_flips_never_give_a_wrong_record(flips):
    # Records are confirmed in order; after flipping bits, load() must give
    # one of them (an earlier one is fine) or None with a message.
    ops = sc.panicozoo()[:40]
    regions, st = _fill(ops)
    known = [sc._key(None)] + [sc._key(o) for k, o in ops if k == "save"]
    for at, bit in flips:
        for r in regions:
            if at < len(r):
                r.data[at] ^= 1 << bit
                break
            at -= len(r)
    rec, msg = Store(regions).load()
    assert sc._key(rec) in known
    if rec is None:
        assert msg


def test_save_after_a_dropped_game_is_not_a_delta_against_it():
    # Issue 9 item 4: load() drops the saved game (the rules refuse it) but
    # the chain on flash still holds it; the next save must not be a delta
    # computed without the game, or its bowl draws land in the game's list.
    regions = board_regions()
    st = Store(regions)
    st.load()
    bowl = {"game": "bowl", "options": {"pool": "animals"}, "seed": 5, "actions": [["draw"]]}
    game = {"game": "panicozoo", "options": {"x": 1}, "seed": 3, "actions": [["flip"], ["flip"]]}
    st.save(sc._rec(game, bowls=[bowl]))
    st = Store(regions, check=lambda rec: "Saved game option\nno longer exists")
    rec, msg = st.load()
    assert rec["game"] is None and "option" in msg
    rec["bowls"][0]["actions"].append(["draw"])
    st.save(rec)
    again, msg = Store(regions).load()
    assert again == rec and msg is None


def test_a_lost_save_file_gives_an_older_save_with_a_message():
    # Issue 9 item 3: the record outgrew nvm, so its bases are in the file
    # windows and nvm holds a journal on the newest one. The newest window
    # is lost (deleted over USB, recreated): load() returns the older
    # window's save and says how many saves back it is.
    regions = board_regions()
    st = Store(regions)
    st.load()
    ops = sc.long_attack(300)
    seqs = []
    for _, rec in ops:
        st.save(rec)
        seqs.append(st.stats()["seq"])
    assert st._base_at is not None, "the last saves are a journal over a file base"
    newest = st._base_at
    regions[newest].data[:] = b"\xff" * len(regions[newest])
    rec, msg = Store(regions).load()
    assert rec is not None and rec != ops[-1][1]
    k = [sc._key(o) for _, o in ops].index(sc._key(rec))
    assert msg == "Restored an older\nsave: %d saves back" % (seqs[-1] - seqs[k])
    assert len(rec["game"]["actions"]) < 300


def test_long_game_saves_are_appends_not_rewrites():
    # Issue 11: past ~4 KB the record lives in a file window; each save is
    # then a small append to a journal in nvm, not a whole window.
    regions = board_regions()
    st = Store(regions)
    st.load()
    per = []
    for _, rec in sc.long_attack(500):
        b = st.stats()["bytes_written"]
        st.save(rec)
        per.append(st.stats()["bytes_written"] - b)
    late = sorted(per[400:])
    assert late[len(late) // 2] < 60, late[-10:]
    assert st.stats()["bases_written"] < 12
    assert Store(regions).load()[0] == sc.long_attack(500)[-1][1]


def test_usb_write_mode_long_game_keeps_saving_and_the_files_history():
    # USB-write mode: the file windows are read only (the computer may write
    # the drive). A long game whose base is in a file window journals in
    # nvm; when nvm fills, the journal restarts on the same base with the
    # whole record: saving goes on and the history on the files stays whole.
    regions = board_regions()
    st = Store(regions)
    st.load()
    for i in range(20):
        st.add_history({"game": "bowl", "n": i})
    ops = sc.long_attack(280)
    for _, rec in ops[:150]:
        st.save(rec)
    for r in regions[1:]:
        r.writable = False
    st = Store(regions)
    st.load()
    for _, rec in ops[150:]:
        st.save(rec)
    assert st.stats()["bases_written"] >= 1  # the journal restarted in nvm
    again = Store(regions)
    assert again.load()[0] == ops[-1][1]
    assert [h["n"] for h in again.history()] == list(range(20))
    assert not again.stats()["cut_safe"]


def test_usb_write_mode_fresh_board_rewrites_nvm_in_place():
    regions = board_regions()
    for r in regions[1:]:
        r.writable = False
    st = Store(regions)
    st.load()
    ops = sc.panicozoo() + sc.animal_inc()
    for kind, obj in ops:
        sc._do(st, kind, obj)
    assert Store(regions).load()[0] == ops[-1][1]


@pytest.mark.parametrize("name", sorted(sc.CASES))
def test_one_flipped_bit_loses_at_most_the_saves_since_the_last_base(name):
    # Issue 22 item 4 (issue 9 item 6): one flipped bit anywhere in what a
    # session wrote, in every case: every header bit of the bases and
    # journal starts, a sample of the other headers' bits, and random bits
    # of the payloads. A payload bit or any header field (magic, kind,
    # sequence number, length, CRC) is corrected from the CRC; the boot
    # resumes the last save, or at worst the state since the last base;
    # never "Save unreadable", never an older base, never a record that
    # was not saved. (Header flips once said "Save unreadable" when the
    # only base was in nvm, or gave an older base.)
    ops = sc.CASES[name]()
    if ops[-1][0] == "hist":
        ops = ops + [("save", sc._rec(None, screen="home"))]
    c = sc.flip_sweep(ops, random.Random(9), headers=150, payload=100)
    print("%s: %d flips, %d exact, %d since the last base" % (
        name, c["flips"], c["exact"], c["since_base"]))
    assert c["flips"] > 250 and not c["failures"], c["failures"][:5]


def test_nvm_erased_while_the_files_survive_says_how_far_back():
    # Issue 22 item 6: a long game's base is on the drive and the moves
    # since are a journal in nvm. nvm is erased (a CircuitPython reinstall
    # that clears it, another program): the boot resumes the drive's copy
    # and says so, with the step it is at, once; saving goes on from there.
    regions = board_regions()
    st = Store(regions)
    st.load()
    ops = sc.long_attack(300)
    for _, rec in ops:
        st.save(rec)
    assert st._base_at is not None, "the last saves are a journal over a file base"
    base = sc.Store([r.clone() for r in regions[1:]]).load()[0]
    step = len(base["game"]["actions"])
    assert step < 300
    regions[0].data[:] = b"\xff" * len(regions[0])
    st = Store(regions)
    rec, msg = st.load()
    assert rec == base
    assert msg == ("Save memory erased:\nthe drive's copy\nresumed at step %d;\nlater moves lost" % step)
    assert all(len(line) <= 21 for line in msg.split("\n"))
    # Said once: the next boot, with no save in between, is quiet.
    rec, msg = Store(regions).load()
    assert rec == base and msg is None
    for _, rec in sc.long_attack(320)[step:]:
        st.save(rec)
    assert Store(regions).load() == (sc.long_attack(320)[-1][1], None)


def test_a_cut_that_empties_nvm_is_said_as_a_cut_and_then_not_again():
    # The journal's first entry was cut (nvm damaged, not erased): the
    # boot says "cut", cleans nvm and starts the journal at once, so the
    # next boot does not take the clean nvm for an erased one.
    regions = board_regions()
    st = Store(regions)
    st.load()
    ops = sc.long_attack(300)
    for _, rec in ops:
        st.save(rec)
    regions[0].data[0:8] = b"\x00" * 8   # the journal start's header, torn
    rec, msg = Store(regions).load()
    assert msg.startswith("Save cut or damaged")
    assert Store(regions).load() == (rec, None)
