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
    regions[st._active].cut_after(7)
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
