# The save files on a real CIRCUITPY drive model: FatFs (fatfs-ng) over the
# RP2040 flash layer (sim/rp2040_flash.py) with a deployed firmware tree.
# First the two findings of issue 9 reproduced on the old layout (one file,
# saves/menagerie.sav), then the new layout (store/drivefiles.py) checked
# for isolation and put through the drive-level power-cut proof (sampled
# here; `make bench ARGS=drive` runs every write).
import random

import pytest

import drive_cases as dc
import store_cases as sc
from menagerie.store import Store, drivefiles, drivemake, layout
from menagerie.store.fileregion import FileRegion
from sim import fatcheck
from sim.drive import Drive, PowerCut
from sim.flash import FlashRegion

NEW = ["/save_a/game.sav", "/save_b/game.sav"]
GUARDS = ["/saves/guard.bin"]
RESULTS = {}


@pytest.fixture(scope="module", autouse=True)
def _report():
    yield
    print("\n" + "\n".join(dc.summary(k, RESULTS[k]) for k in sorted(RESULTS)))


def _legacy_path(img):
    return [p for p in fatcheck.Volume(img).walk() if p.upper().startswith("/SAVES/MENAGE")]


def test_model_writes_like_circuitpython():
    # An in-place write of 100 bytes (no size change) still rewrites the
    # directory entry on close, and every flush is a whole 4 KB sector.
    d = dc.deployed_drive()
    drivemake.make(d.fs)
    d.flash.flush()
    d.flash.tracing = True
    r = FileRegion("/save_a/game.sav", layout.GUARD, layout.WINDOW, True, d.fs)
    r[0:100] = b"x" * 100
    img = d.image()
    v = fatcheck.Volume(img)
    entry_block = v.walk()["/save_a/game.sav"][3]
    assert entry_block * 512 // 4096 * 4096 in d.flash.flushed
    assert all(off % 4096 == 0 for off in d.flash.flushed)


def test_issue9_item1_old_layout_a_cut_in_a_save_damages_other_files():
    # The old layout (saves/menagerie.sav made at first boot after a
    # deploy): a season's saves, cut at every flash step of every write that
    # reaches the drive. Wherever /saves' directory cluster falls in its
    # 4 KB sector (8 placements), the checker sees the shared sectors, and
    # some cuts destroy blocks of files that are not the save's.
    damaged = []
    shared = 0
    for pad in range(8):
        d = dc.deployed_drive()
        if pad:
            d.write_file("/pad.bin", b"p" * (512 * pad))
        dc.make_legacy(d)
        img = d.image()
        problems = fatcheck.isolation_problems(img, _legacy_path(img), guard=0)
        d.close()
        shared += bool(problems)
        if problems and len(damaged) < 3:
            c = dc.prove(sc.season()[:18], legacy=True, pad=pad)
            damaged += [f for f in c["failures"] if "changed" in f or "mount" in f]
    assert shared >= 6, shared
    assert damaged, "no cut harmed another file"


def test_issue9_item2_old_layout_fragments_on_a_drive_with_holes():
    d = dc.deployed_drive(holes=True)
    dc.make_legacy(d)
    img = d.image()
    problems = fatcheck.isolation_problems(img, _legacy_path(img), guard=0)
    assert any("fragmented" in p for p in problems), problems
    assert any("also holds" in p for p in problems), problems


@pytest.mark.parametrize("holes", [False, True])
def test_new_layout_is_isolated(holes):
    d = dc.deployed_drive(holes)
    assert drivemake.make(d.fs) == [layout.WINDOW, layout.WINDOW]
    assert fatcheck.isolation_problems(d.image(), NEW, GUARDS) == []
    # The fill file is gone, the files are tagged and erased windows.
    d.reboot()
    assert drivefiles.status(d.fs) == ([layout.WINDOW, layout.WINDOW], False, False)
    data = d.read_file("/save_b/game.sav")
    assert data[:8] == layout.TAG and data[layout.GUARD:] == b"\xff" * (len(data) - layout.GUARD)
    names = [n for n, _, _ in d.fs.listdir("/saves")]
    assert names == ["guard.bin"]


def test_new_layout_on_a_larger_drive_fat16():
    # The Feather RP2040's 8 MB flash: a 7 MB drive, FAT16, 1 KB clusters.
    d = Drive.circuitpy(7 * 1024 * 1024)
    d.deploy(dc.firmware_tree())
    assert fatcheck.Volume(d.image()).fat12 is False
    assert drivemake.make(d.fs) == [layout.WINDOW, layout.WINDOW]
    assert fatcheck.isolation_problems(d.image(), NEW, GUARDS) == []
    d.close()


def test_new_layout_never_made_over_files_it_did_not_make():
    d = dc.deployed_drive()
    d.fs.mkdir("/save_a")
    d.write_file("/save_a/game.sav", b"not ours")
    assert drivemake.make(d.fs) == [0, 0]
    assert d.read_file("/save_a/game.sav") == b"not ours"


def test_a_cut_while_deploy_makes_the_files_is_redone_by_the_next_deploy():
    # drivemake.make() runs on the computer (menagerie deploy, after the
    # firmware) and writes the FAT, like any file copy: an unplug there has
    # the exposure of an unplug while copying the firmware. A cut leaves
    # fill.tmp; the next make() starts over. Outcomes over sampled cuts
    # (docs/persistence.md): the next make() gives the isolated layout or
    # refuses (nvm only); it never raises anything but OSError and never
    # writes over files not its own. The board never runs this.
    base = dc.deployed_drive()
    img = base.image()
    base.flash.steps = 0
    drivemake.make(base.fs)
    base.flash.flush()
    n = base.flash.steps
    seen = {}
    for k in range(0, n, max(1, n // 40)):
        base.reboot(img)
        base.flash.arm(k)
        with pytest.raises(PowerCut):
            drivemake.make(base.fs)
        try:
            base.reboot()
        except Exception:
            seen["unmountable"] = seen.get("unmountable", 0) + 1
            continue
        try:
            ok = drivemake.make(base.fs)
        except OSError:
            ok = None
        if ok == [layout.WINDOW, layout.WINDOW]:
            problems = fatcheck.isolation_problems(base.image(), NEW, GUARDS)
            key = "isolated" if not problems else "not isolated"
        else:
            key = "refused"
        seen[key] = seen.get(key, 0) + 1
    base.close()
    print("make() cut and redone:", seen)
    bad = seen.get("not isolated", 0) + seen.get("refused", 0) + seen.get("unmountable", 0)
    assert seen.get("isolated", 0) > bad


def test_the_old_save_is_read_and_never_written():
    d = dc.deployed_drive()
    dc.make_legacy(d)
    nvm = FlashRegion(4096)
    old = dc.legacy_store_regions(d, nvm)
    st = Store(old)
    st.load()
    ops = sc.season()[:9]
    for kind, obj in ops:
        sc._do(st, kind, obj)
    want = ops[-1][1]
    before = d.read_file("/" + layout.LEGACY_FILE)
    nvm.data[:] = b"\xff" * 4096  # a board whose nvm lost it: only the old file has it
    drivemake.make(d.fs)
    regions = dc.board_store_regions(d, nvm)
    for name, off, size in layout.LEGACY_WINDOWS:
        regions.append(FileRegion("/" + name, off, size, False, d.fs))
    st = Store(regions)
    assert st.load()[0] == want
    for kind, obj in sc.season()[9:]:
        sc._do(st, kind, obj)
    assert d.read_file("/" + layout.LEGACY_FILE) == before
    assert Store(regions).load()[0] == sc.season()[-1][1]


@pytest.mark.parametrize("name", ["animal_inc", "season"])
def test_drive_proof_torn(name):
    c = dc.prove(sc.CASES[name](), torn=True)
    RESULTS[name + " (torn)"] = c
    assert c["cuts"] > 50 and c["files_checked"] > 0, dc.summary(name, c)
    assert not c["failures"], c["failures"][:5]


def test_a_torn_base_header_on_the_drive_then_three_saves_all_resume():
    # Issue 22 item 1 on the drive: FatFs writes the base's blocks, then the
    # header's block last; the RP2040 layer flushes the header's 4 KB sector
    # as an erase and 16 page programs in address order, so the header page
    # reaches flash before the history pages after it. Every cut of that
    # write, then a reboot and three saves (a small change, the game's next
    # two moves), each rebooted from a copy: each must be resumed.
    ops, at = sc.journal_full_bases()
    c = dc.prove(ops, sample=lambda i: i == at[0])
    RESULTS["torn_header (first journal-full base)"] = c
    assert c["torn_headers"] > 0, dc.summary("torn_header", c)
    assert not c["failures"], c["failures"][:5]
    assert c["later"] == c["cuts"]


def test_drive_proof_long_game_sampled():
    # ~500 actions: the record's bases live in the file windows, the saves
    # between them are journal appends in nvm; two of the base writes.
    c = dc.prove(sc.long_attack(), drive_sample=lambda k: k in (1, 3))
    RESULTS["long_attack (2 drive writes)"] = c
    assert c["cuts"] > 10 and not c["failures"], c["failures"][:5]


def test_drive_proof_on_a_drive_with_holes():
    c = dc.prove(sc.season()[:12], holes=True)
    RESULTS["season, drive with holes"] = c
    assert c["cuts"] > 10 and not c["failures"], c["failures"][:5]


def test_the_board_never_writes_the_drive_at_boot_and_says_what_to_do():
    # A drive deployed without the save files (an old host tool, a person
    # who deleted them): the board's boot (hw/regions.py) reads the drive and
    # writes nothing to it, runs on nvm only, and the boot note says to
    # deploy; saves then go to nvm and still work.
    from menagerie.hw.regions import MISSING
    d = dc.deployed_drive()
    before = d.image()
    steps = d.flash.steps
    nvm = FlashRegion(4096)
    regions = dc.board_store_regions(d, nvm)
    assert regions.note == MISSING and len(regions) == 1
    st = Store(regions)
    rec, msg = st.load()
    assert rec is None and "run menagerie deploy" in msg
    assert all(len(line) <= 21 for line in MISSING.split("\n"))
    for kind, obj in sc.season()[:9]:
        sc._do(st, kind, obj)
    d.flash.flush()
    assert d.flash.steps == steps and d.image() == before
    assert Store(dc.board_store_regions(d, nvm)).load()[0] == sc.season()[8][1]
    d.close()


def test_first_boot_after_a_deploy_and_its_first_saves_survive_every_cut():
    # The deploy made the save files; the first boot writes no block of the
    # drive (so no cut there can touch the FAT), and the first drive write
    # of each case is cut at every erase and page (bench: every write, torn).
    c = dc.first_boot(torn=False, writes=1)
    RESULTS["first_boot (1 drive write per case)"] = c
    assert c["boot_steps"] == 0
    assert c["cuts"] > 50 and c["files_checked"] > 0 and not c["failures"], c["failures"][:5]
