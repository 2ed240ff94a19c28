# Save windows sized to the drive (issue 9: "a game in progress always has
# room to save", on every board). The Pico W's CIRCUITPY is ~508 KiB; its
# .py tree (an offline build) leaves no room for the 48 KB windows, so
# deploy makes the largest of layout.SIZES that leaves drivemake.ROOM free,
# and the board reads each file's window from its size. Proven here on the
# drive model (sim/drive.py: FatFs over the RP2040 flash layer) with the
# Pico W's real .py tree, through the firmware's own code; the power-cut
# proof of a small-window drive is a `make bench ARGS=drive` line
# (bench/b_drive.py) and test_drive.py's sampled run below.
import os

import pytest

import drive_cases as dc
import store_cases as sc
from host_tools import build as B, cli, deploy, doctor, savefiles
from host_helpers import fake_drive
from menagerie.store import Store, drivefiles, drivemake, layout
from menagerie.store.entry import dumps
from menagerie.hw.regions import MISSING
from menagerie.store.fileregion import FileRegion
from sim import fatcheck
from sim.drive import Drive
from sim.flash import FlashRegion, board_regions, drive_files

NEW = ["/save_a/game.sav", "/save_b/game.sav"]
GUARDS = ["/saves/guard.bin"]
SMALL = 12288
# A finished 16-round Animal Inc game with 4 players, as the app files it.
AI16 = {"game": "animal_inc", "players": ["Ann", "Bob", "Cy", "Dee"], "start": 1,
        "rounds": [[(r * 5 + p) % 17 for p in range(4)] for r in range(16)],
        "scores": [40, 52, 47, 38], "winners": [1]}


@pytest.fixture(scope="module")
def pico_w():
    # A fresh Pico W drive with the .py tree deployed; "image": the save
    # files made as `menagerie deploy` makes them (the window the room
    # allows), "floor": made with the smallest window (12 KB), what the tree
    # leaves after it grows a lot (today it leaves room for 32 KB; 16 KB
    # before the modules shipped indented one space a level).
    d = dc.deployed_drive(board=dc.PICO_W)
    free = d.fs.statvfs("/")[3] * 512
    bare = d.image()
    made = drivemake.make(d.fs)
    d.flash.flush()
    d.reboot()
    img = d.image()
    d.reboot(bare)
    assert drivemake.make(d.fs, SMALL) == [SMALL, SMALL]
    d.flash.flush()
    d.reboot()
    floor = d.image()
    d.close()
    return {"image": img, "floor": floor, "free_before": free, "made": made}


def _drive(img):
    d = Drive(dc.PICO_W[1])
    d.reboot(img)
    return d


def test_the_pico_w_py_tree_gets_save_files_that_fit_its_drive(pico_w):
    w = pico_w["made"][0]
    assert pico_w["made"] == [w, w] and w in layout.SIZES and w < layout.WINDOW
    for key in ("image", "floor"):
        d = _drive(pico_w[key])
        size = w if key == "image" else SMALL
        # isolated as the 48 KB ones are: no save can touch another file
        assert fatcheck.isolation_problems(d.image(), NEW, GUARDS) == []
        st = d.fs.statvfs("/")
        assert st[3] * st[0] >= drivemake.ROOM   # a settings edit still fits
        # the board reads the window from each file's size, nothing else
        assert drivefiles.status(d.fs) == ([size, size], False, False)
        regions = dc.board_store_regions(d, FlashRegion(4096))
        assert [len(r) for r in regions] == [4096, size, size] and regions.note == ""
        d.close()
    # make() took the largest window that leaves ROOM, not the next one up
    up = layout.SIZES[layout.SIZES.index(w) - 1]
    assert drivemake.clusters(w, 512) * 512 + drivemake.ROOM <= pico_w["free_before"]
    assert drivemake.clusters(up, 512) * 512 + drivemake.ROOM > pico_w["free_before"]
    print("Pico W .py drive: %d KiB free after the tree: %d KB windows, %d KiB free after them"
          % (pico_w["free_before"] // 1024, w // 1024,
             (pico_w["free_before"] - drivemake.clusters(w, 512) * 512) // 1024))


def test_the_build_says_what_the_pico_w_gets(tmp_path, pico_w):
    r = B.build("raspberry_pi_pico_w", str(tmp_path / "t"), compile_cp=False)
    assert r.ok, r.errors
    w = B.save_window("raspberry_pi_pico_w", r.disk)
    assert w is not None and any("about %d KB windows" % (w // 1024) in n for n in r.notes), r.notes
    # the estimate the note comes from is within 2 KiB of the drive model's
    # free space (so it names the model's window, or the one next to it)
    est = B.info("raspberry_pi_pico_w")["drive"] - r.disk - B.DRIVE_OVERHEAD
    assert abs(est - pico_w["free_before"]) <= 2048, (est, pico_w["free_before"])
    pico = B.build("raspberry_pi_pico", str(tmp_path / "p"), compile_cp=False)
    assert not any("save files" in n for n in pico.notes), pico.notes
    assert B.save_window("raspberry_pi_pico", pico.disk) == layout.WINDOW


def test_a_long_game_and_a_season_save_on_the_pico_w_drive(pico_w):
    # The board's own regions on the model drive: a 500-action When Animals
    # Attack-like game (7.4 KB, past nvm: bases in the 12 KB windows, saves
    # in the nvm journal), then a season of finished games, every save
    # confirmed, and a reboot finds the last one.
    d = _drive(pico_w["floor"])
    nvm = FlashRegion(4096)
    st = Store(dc.board_store_regions(d, nvm))
    st.load()
    assert st.hist_bytes == SMALL // 2   # half of a small window for the game
    ops = sc.long_attack()
    for kind, obj in ops:
        sc._do(st, kind, obj)
    last = ops[-1][1]
    assert st.stats()["bases_written"] > 1 and st.stats()["active_region"] == 0
    d.flash.flush()
    d.reboot()
    st2 = Store(dc.board_store_regions(d, nvm))
    rec, msg = st2.load()
    assert msg is None and sc._key(rec) == sc._key(last)
    # a season: finished games filed one after another, each followed by the
    # app's save that copies the history to the drive
    for k in range(40):
        e = dict(AI16)
        e["scores"] = [k, 52, 47, 38]
        st2.add_history(e)
        st2.save(sc._rec(None, screen="home"))
    kept, dropped = st2.history_count(), st2.stats()["history_dropped"]
    assert kept + dropped == 40 and kept >= 15 and st2.stats()["history_on_files"]
    # a longer game still saves: it pushes out finished games (counted),
    # it is never refused
    ops = sc.long_attack(800)
    for kind, obj in ops:
        sc._do(st2, kind, obj)
    d.flash.flush()
    d.reboot()
    st3 = Store(dc.board_store_regions(d, FlashRegion(4096).from_bytes(nvm.to_bytes())))
    rec, msg = st3.load()
    assert msg is None and sc._key(rec) == sc._key(ops[-1][1])
    assert st3.history_count() + st3.stats()["history_dropped"] == 40
    assert st3.history_count() < kept
    print("12 KB windows: %d of 40 16-round Animal Inc games kept (%d bytes each) beside "
          "a %d-byte game; %d beside a %d-byte one"
          % (kept, len(dumps(AI16)), len(dumps(last)), st3.history_count(), len(dumps(rec))))
    d.close()


def test_a_drive_with_room_keeps_the_48_kb_files_byte_for_byte():
    # The 1 MB Pico: the same files as before sized windows (tag, erased,
    # 56 KB), so existing drives and their saves are unchanged.
    d = dc.deployed_drive()
    assert drivemake.make(d.fs) == [layout.WINDOW, layout.WINDOW]
    for rel in ("/save_a/game.sav", "/save_b/game.sav"):
        data = d.read_file(rel)
        assert data == layout.TAG + b"\xff" * (layout.SAVE_FILE_SIZE - len(layout.TAG))
    assert d.read_file("/" + layout.GUARD_FILE) == layout.TAG + b"\xff" * (4096 - 8)
    d.close()


def test_the_board_refuses_a_save_file_of_a_size_deploy_never_makes(pico_w):
    d = _drive(pico_w["floor"])
    with d.fs.open("/save_b/game.sav", "r+b") as f:
        f.seek(2 * layout.GUARD + SMALL)
        f.write(b"\xff" * 512)   # grown by a block: 12.5 KB windows are no size of ours
    assert drivefiles.status(d.fs)[0] == [SMALL, 0]
    regions = dc.board_store_regions(d, FlashRegion(4096))
    assert [len(r) for r in regions] == [4096, SMALL] and regions.note == MISSING
    d.close()


def test_the_store_keeps_half_a_small_window_for_the_game():
    for window, hist in ((49152, 32768), (32768, 16384), (24576, 12288), (16384, 8192),
                         (12288, 6144)):
        assert Store(board_regions(window=window)).hist_bytes == hist
    # the old layout's read-only 8 KB windows change nothing
    old = [FlashRegion(4096)] + [FileRegion("/x", 0, 8192, False) for _ in range(2)]
    assert Store(old).hist_bytes == 32768
    assert layout.SIZES[0] == layout.WINDOW and list(layout.SIZES) == sorted(layout.SIZES, reverse=True)


def _small_files(drive, window=SMALL):
    fs = savefiles.HostFS(drive)
    assert drivemake.make(fs, window) == [window, window]


def test_a_redeploy_keeps_small_files_and_a_remake_keeps_their_size(tmp_path, capsys):
    drive = fake_drive(str(tmp_path / "CIRCUITPY"))
    _small_files(drive)
    with open(os.path.join(drive, savefiles.SAVES[0]), "r+b") as f:
        f.seek(layout.GUARD)
        f.write(b"game in progress")
    before = {rel: open(os.path.join(drive, rel), "rb").read() for rel in savefiles.SAVES}
    # a folder of the computer's disk has room for 48 KB: kept at 12 KB all the same
    line = savefiles.ensure(drive)
    assert line.startswith("kept your save files") and "12 KB windows" in line
    assert {rel: open(os.path.join(drive, rel), "rb").read() for rel in savefiles.SAVES} == before
    # one file lost: both made again at the size they had, the save put back
    os.remove(os.path.join(drive, savefiles.SAVES[1]))
    line = savefiles.ensure(drive)
    assert "made the save files" in line and "12 KB windows" in line and "kept" in line
    assert savefiles.windows(drive) == [SMALL, SMALL]
    with open(os.path.join(drive, savefiles.SAVES[0]), "rb") as f:
        f.seek(layout.GUARD)
        assert f.read(16) == b"game in progress"
    # doctor says which windows the board has
    r = doctor.check(drive, "raspberry_pi_pico_w")
    assert any("save files in order" in n and "12 KB windows" in n for n in r.notes), r.notes


def test_a_tree_that_grew_past_the_room_is_said_and_the_files_kept(tmp_path, monkeypatch, capsys):
    root = str(tmp_path / "tree")
    assert B.build("raspberry_pi_pico", root, compile_cp=False).ok
    drive = fake_drive(str(tmp_path / "CIRCUITPY"))
    _small_files(drive)
    before = {rel: open(os.path.join(drive, rel), "rb").read() for rel in savefiles.SAVES}
    monkeypatch.setattr(deploy, "_free", lambda d: 1000)
    assert cli.main(["deploy", "--board", "raspberry_pi_pico", "--from", root, "--to", drive]) == 1
    err = capsys.readouterr().err
    assert "not enough space" in err and "your save files (12 KB windows" in err
    assert "never shrunk" in err
    assert {rel: open(os.path.join(drive, rel), "rb").read() for rel in savefiles.SAVES} == before


def test_pull_reads_small_windows(tmp_path):
    regions = board_regions(window=SMALL)
    st = Store(regions)
    st.load()
    for k in range(5):
        e = dict(AI16)
        e["scores"] = [k, 1, 2, 3]
        st.add_history(e)
    st.save(sc._rec(None, screen="home"))
    d = tmp_path / "CIRCUITPY"
    for name, data in drive_files(regions).items():
        assert len(data) == 2 * layout.GUARD + SMALL
        os.makedirs(os.path.dirname(d / name), exist_ok=True)
        (d / name).write_bytes(data)
    from host_tools import pull
    short = []
    got, _, missing = pull.drive_regions(str(d), str(tmp_path), short)
    assert [len(r) for r in got] == [SMALL, SMALL] and missing == [] and short == []
    rec, msg, hist = pull.decode(got)
    assert [h["scores"][0] for h in hist] == [0, 1, 2, 3, 4]


def test_power_cuts_on_the_pico_w_drive_harm_nothing_else_and_lose_no_save():
    # The drive proof (tests/drive_cases.py) on the Pico W's drive with 12 KB
    # windows: a season's saves (history copied to the files), every drive
    # write cut before, during (torn) and after each erase and page program.
    c = dc.prove(sc.season(), torn=True, board=dc.PICO_W)
    assert c["windows"][0] in layout.SIZES[1:] and c["windows"][0] == c["windows"][1]
    assert c["cuts"] > 100 and c["failures"] == [], c["failures"][:3]
    assert c["boot_steps"] == 0
    print(dc.summary("season, Pico W .py drive (%d KB windows)" % (c["windows"][0] // 1024), c))


def test_power_cuts_on_the_floor_window_lose_no_save():
    # The same at the floor (12 KB windows), where a long game's bases and
    # the history fill the window: every base write of a long game cut.
    c = dc.prove(sc.long_attack(), board=dc.PICO_W, window=SMALL,
                 drive_sample=lambda k: True)
    assert c["windows"] == [SMALL, SMALL]
    assert c["cuts"] > 100 and c["failures"] == [], c["failures"][:3]
    print(dc.summary("long_attack, Pico W .py drive (12 KB windows, every base write)", c))


def test_the_small_save_files_are_placed_as_the_board_needs(pico_w):
    # doctor --image's check (host_tools/placement.py) on the Pico W drive:
    # the windows deploy chose and the 12 KB floor are isolated like 48 KB
    # ones, each file one run of clusters of the size the board reads
    from host_tools import placement
    from sim import fatcheck

    for key, w in (("image", pico_w["made"][0]), ("floor", SMALL)):
        r = placement.check_image(pico_w[key])
        assert r.problems == [] and not r.missing, (key, r.problems)
        v = fatcheck.Volume(pico_w[key])
        tree = v.walk()
        for d in layout.SAVE_DIRS:
            ch = tree["/%s/%s" % (d, layout.SAVE_NAME)][4]
            assert ch == list(range(ch[0], ch[0] + len(ch)))
            assert len(ch) * v.cluster == w + 2 * layout.GUARD
