# The power-cut proof: every byte of every write of representative sessions
# is cut, the store rebooted, and load() must give the last confirmed save
# (or the one before, or the one being written when its bytes were all on
# flash already) and never an exception or another record. The counts are
# printed in the summary (conftest-free: pytest shows them on failure, and
# `make bench ARGS=store` prints them).
import pytest

import store_cases as sc
from sim.flash import FlashRegion, FileFlashRegion

RESULTS = {}


@pytest.fixture(scope="module", autouse=True)
def _report():
    yield
    lines = [sc.summary(k, RESULTS[k]) for k in sorted(RESULTS)]
    print("\npower-cut proof:\n  " + "\n  ".join(lines))


def _check(name, c):
    RESULTS[name] = c
    assert not c["failures"], sc.summary(name, c) + "\n" + "\n".join(c["failures"][:10])
    assert c["cuts"] > 0 and c["last"] > 0, sc.summary(name, c)


@pytest.mark.parametrize("name", ["animal_inc", "panicozoo", "bowl"])
def test_every_cut_of_every_write(name):
    _check(name, sc.prove(sc.CASES[name]()))


def test_long_game_sampled_writes():
    # ~500 actions: every 100th write in full (every byte), and the last.
    c = sc.prove(sc.long_attack(), sample=lambda i: i % 100 == 0 or i == 499)
    _check("long_attack (1 write in 100)", c)
    assert c["sampled"] == 6


def test_torn_bytes_panicozoo():
    # Half-programmed bytes and half-erased sectors too.
    _check("panicozoo torn", sc.prove(sc.panicozoo(), torn=True))


def test_single_region_never_wrong_record():
    # nvm alone (USB-write mode): appends are still safe, but a cut while the
    # only region is rewritten can lose the save (a blank sector looks like a
    # new board); load() must never return a wrong record or raise.
    c = sc.prove(sc.bowl_session(), regions=[FlashRegion(1024)])
    RESULTS["bowl, nvm only 1 KB (not cut-safe)"] = c
    bad = [f for f in c["failures"] if "lost" not in f]
    assert not bad, bad[:5]
    assert c["last"] > 0 and c["failures"]


def test_continues_after_a_cut():
    # After a cut and reboot, saving goes on and later loads stay exact.
    regions = sc.board_regions()
    st = sc.Store(regions)
    st.load()
    ops = sc.animal_inc()
    for kind, obj in ops[:30]:
        sc._do(st, kind, obj)
    regions[st._active].cut_after(1)   # the delta's page, not its header's
    with pytest.raises(sc.PowerCut):
        st.save(ops[30][1])
    for r in regions:
        r.no_cut()
    st = sc.Store(regions)
    rec, msg = st.load()
    assert rec == ops[29][1]
    assert msg is not None and "step" in msg
    for kind, obj in ops[30:]:
        sc._do(st, kind, obj)
    rec, msg = sc.Store(regions).load()
    assert rec == ops[-1][1] and msg is None


def test_history_reaches_the_drive_files():
    # Three games filed one after another: after every save the drive's
    # files alone (no nvm) hold the complete history, and no cut leaves a
    # history there that was never confirmed.
    ops = sc.season()
    c = sc.prove(ops, files=True)
    _check("season, history on the files", c)
    assert c["files_ok"] == sum(1 for k, _ in ops if k == "save")


def test_history_reaches_the_files_after_a_cut_in_its_copy():
    # The save after a history entry copies everything to a file window; a
    # cut there leaves the entry in nvm only, and the first save after the
    # reboot copies it again.
    regions = sc.board_regions()
    st = sc.Store(regions)
    st.load()
    ops = sc.season()
    k = [i for i, (kind, _) in enumerate(ops) if kind == "hist"][0]
    for kind, obj in ops[:k + 1]:
        sc._do(st, kind, obj)
    assert sc.files_history(regions) == [] and not st.stats()["history_on_files"]
    regions[1].cut_after(20)   # one sector rewritten, the next one cut
    regions[2].cut_after(20)
    with pytest.raises(sc.PowerCut):
        st.save(ops[k + 1][1])
    for r in regions:
        r.no_cut()
    st = sc.Store(regions)
    rec, msg = st.load()
    assert st.history() == [ops[k][1]] and sc.files_history(regions) == []
    sc._do(st, *ops[k + 1])
    assert sc.files_history(regions) == [ops[k][1]] and st.stats()["history_on_files"]
    assert sc.Store(regions).load()[0] == ops[k + 1][1]


def test_history_filed_in_usb_write_mode_reaches_the_files_later():
    # With the drive writable from the computer the store has nvm only; the
    # finished game waits there (its base says so) until a boot with the
    # save file, whose first save copies the history to it.
    # A small nvm, so it is rebuilt (a new base) after a game is filed.
    regions = [FlashRegion(1536), FileFlashRegion(), FileFlashRegion()]
    st = sc.Store(regions[:1])
    st.load()
    ops = sc.season()
    for kind, obj in ops:
        sc._do(st, kind, obj)
    assert st.stats()["bases_written"] >= 2 and len(st.history()) == 3
    st = sc.Store(regions)
    st.load()
    assert sc.files_history(regions) == []
    st.save(sc._rec(None, screen="settings"))
    assert sc.files_history(regions) == [op[1] for op in ops if op[0] == "hist"]


def test_a_torn_base_header_then_three_saves_all_resume():
    # Issue 22 item 1: a base is written into a file window as payload,
    # history entries, then its header; the flash rewrites the header's
    # sector page by page in address order, so a cut can leave the header
    # and the record on flash and the history after them erased or torn.
    # That chain is newer than the last save and cannot be replayed: the
    # reboot resumes the last save, and then every save the person makes
    # (a small change first, then the game's next two moves) must be what
    # the next boot resumes. The store once appended them to the older
    # chain with a number past the torn one's: all of them were lost.
    ops, at = sc.journal_full_bases()
    assert at
    c = sc.prove(ops, sample=lambda i: i == at[0], torn=True)
    RESULTS["filed_season, torn base headers"] = c
    assert c["torn_headers"] > 0, sc.summary("filed_season", c)
    assert not c["failures"], sc.summary("filed_season", c) + "\n" + "\n".join(c["failures"][:5])
    assert c["later"] == c["distinct"]


@pytest.mark.parametrize("name", ["animal_inc", "season"])
def test_torn_page_programs(name):
    # Cuts inside page programs and erases (random bit subsets, and bytes
    # programmed in address order up to a random one), every write.
    _check(name + " torn", sc.prove(sc.CASES[name](), torn=True, files=(name == "season")))


def test_long_game_every_base_write():
    # The long game's bases (the record in a file window, the journal
    # restarting in nvm) are the writes that matter: all of them, every byte.
    ops = sc.long_attack()
    st = sc.Store(sc.board_regions())
    st.load()
    at = []
    for i, (kind, obj) in enumerate(ops):
        n = st.stats()["bases_written"]
        sc._do(st, kind, obj)
        if st.stats()["bases_written"] > n:
            at.append(i)
            at.append(i + 1)  # the save that starts the journal on it
    # Every byte of the first two bases (the first file base, the first nvm
    # rebuild), the last one and their journal starts here; all of them in
    # `make bench ARGS=store` (each sampled write costs ~20 s of cuts).
    assert len(at) >= 8
    keep = at[:4] + at[-2:]
    c = sc.prove(ops, sample=lambda i: i in keep)
    _check("long_attack (bases and journal starts)", c)
    assert c["sampled"] == len(set(keep))
