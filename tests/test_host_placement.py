# `menagerie doctor --image FILE` and the live-drive check (host_tools/
# placement.py): where the computer's FAT driver put the save files, read
# from raw images. Good images come from the deploy path (the firmware tree
# copied, then store/drivemake.py, the code `menagerie deploy` runs) onto a
# fatfs-ng drive (sim/drive.py); bad ones are made the way a FAT driver
# with other rules, or a person, would make them: a fragmented save file, a
# foreign file in a save's flash sector, another folder in a save folder's
# sector, a stray file in a save folder. Malformed images get one line and
# exit status 2, never a traceback.
import os
import random
import struct

import pytest
from hypothesis import HealthCheck, given, settings, strategies as hs

import drive_cases as dc
from host_tools import cli, placement
from menagerie.store import drivemake, layout
from sim import fatcheck
from sim.drive import Drive

ERASED = b"\xff" * 512


@pytest.fixture(scope="module")
def good():
    d = dc.deployed_drive()
    assert drivemake.make(d.fs) == [layout.WINDOW, layout.WINDOW]
    img = d.image()
    d.close()
    return img


def with_mbr(vol):
    # What `dd` of the whole USB device gives: CircuitPython's fake MBR
    # (supervisor/shared/flash.c: one FAT12 partition from block 1), then
    # the volume.
    mbr = bytearray(512)
    e = bytes([0, 0xFF, 0xFF, 0xFF, 0x01, 0xFF, 0xFF, 0xFF]) + struct.pack("<II", 1, len(vol) // 512)
    mbr[446:462] = e
    mbr[510:512] = b"\x55\xaa"
    return bytes(mbr) + vol


def _run(tmp_path, img, capsys, name="drive.img"):
    p = str(tmp_path / name)
    with open(p, "wb") as f:
        f.write(img)
    code = cli.main(["doctor", "--image", p])
    out = capsys.readouterr()
    return code, out.out, out.err


def _file(d, path, size):
    with d.fs.open(path, "wb") as f:
        f.write(layout.TAG + ERASED[len(layout.TAG):])
        for _ in range(size // 512 - 1):
            f.write(ERASED)


def _next_block(d):
    # The block FatFs's next-fit gives next on a drive without holes: the
    # one after the highest cluster in use.
    v = fatcheck.Volume(d.image())
    used = [c for c in range(2, v.n_clusters + 2) if v.fat(c)]
    return v.cluster_blocks(max(used) + 1)[0]


def _unaligned(d):
    # Pad files until the next cluster sits at most 6th in its 4 KB flash
    # sector, so that it, the next folder's cluster and the first of that
    # folder's file share the sector (the firmware tree's size moves it).
    i = 0
    while _next_block(d) % 8 > 5:
        d.write_file("/pad%d.bin" % i, b"p" * 512)
        i += 1


def _notes(d, k):
    # A person's notes.txt (two clusters) just before save folder 1, ending
    # inside a flash sector so that the folder shares it: a pad first when
    # it would end on a sector boundary (the firmware tree's size moves it).
    if k == 1:
        if (_next_block(d) + 2) % 8 == 0:
            d.write_file("/pad.bin", b"p" * 512)
        d.write_file("/notes.txt", b"n" * 700)


def _saves(d, between=None):
    # The save files in drivemake's order, on a drive without holes (no
    # fill file); between(d, k) runs before save folder k is made.
    d.fs.mkdir("/saves")
    _file(d, "/" + layout.GUARD_FILE, layout.GUARD)
    for k, name in enumerate(layout.SAVE_DIRS):
        if between:
            between(d, k)
        d.fs.mkdir("/" + name)
        _file(d, "/%s/%s" % (name, layout.SAVE_NAME), layout.SAVE_FILE_SIZE)


def test_the_deploy_path_on_fatfs_places_them_well(good, tmp_path, capsys):
    r = placement.check_image(good)
    assert r.problems == [] and not r.missing
    code, out, err = _run(tmp_path, good, capsys)
    assert code == 0 and err == ""
    assert "the volume at byte 0 (a copy of the partition)" in out
    assert "ok: save files placed as the board needs" in out
    # save_a/game.sav's clusters, one run, right after its folder's cluster.
    v = fatcheck.Volume(good)
    tree = v.walk()
    ch = tree["/save_a/game.sav"][4]
    assert "save_a/game.sav  clusters %d-%d, flash sectors %d-%d\n" % (
        ch[0], ch[-1], v.cluster_blocks(ch[0])[0] // 8, v.cluster_blocks(ch[-1])[-1] // 8) in out
    assert tree["/save_a"][4] == [ch[0] - 1]


def test_a_whole_device_copy_is_read_from_its_partition(good, tmp_path, capsys):
    code, out, _ = _run(tmp_path, with_mbr(good), capsys)
    assert code == 0
    assert "the volume at byte 512 (a copy of the whole device" in out
    # Sectors count from the volume, not the image: the same verdict for a
    # bad image with or without the MBR in front.
    d = dc.deployed_drive()
    _saves(d, _notes)
    bad = d.image()
    d.close()
    a = placement.check_image(bad).problems
    assert a and a == placement.check_image(with_mbr(bad)).problems


@pytest.mark.parametrize("holes", [False, True])
def test_a_larger_fat16_drive_and_one_with_holes(holes):
    d = dc.deployed_drive(holes) if holes else Drive.circuitpy(7 * 1024 * 1024)
    if not holes:
        d.deploy(dc.firmware_tree())
    assert drivemake.make(d.fs) == [layout.WINDOW, layout.WINDOW]
    r = placement.check_image(d.image())
    d.close()
    assert r.problems == [] and r.lines[0].startswith("FAT12" if holes else "FAT16")


def test_a_fragmented_save_file_is_found(tmp_path, capsys):
    # A driver that interleaves two files being written (or fills holes):
    # save_a/game.sav and another file grow a cluster at a time in turn.
    d = dc.deployed_drive()
    d.fs.mkdir("/saves")
    _file(d, "/" + layout.GUARD_FILE, layout.GUARD)
    d.fs.mkdir("/save_a")
    a = d.fs.open("/save_a/game.sav", "wb")
    other = d.fs.open("/photo.jpg", "wb")
    for k in range(layout.SAVE_FILE_SIZE // 512):
        a.write((layout.TAG + ERASED[8:]) if k == 0 else ERASED)
        if k % 16 == 0:
            other.write(b"j" * 512)
    a.close()
    other.close()
    d.fs.mkdir("/save_b")
    _file(d, "/save_b/game.sav", layout.SAVE_FILE_SIZE)
    img = d.image()
    d.close()
    code, out, err = _run(tmp_path, img, capsys)
    assert code == 1
    assert "found: /save_a/game.sav: fragmented at cluster" in out
    assert "also holds /photo.jpg" in out
    assert "(8 pieces)" in out
    assert out.count("PROBLEM:") == 1
    assert "run `menagerie deploy --remake-saves` (it keeps your saved game)" in out


def test_a_foreign_file_in_a_save_sector_is_found(tmp_path, capsys):
    # A person deletes saves/guard.bin and copies a file onto a nearly full
    # drive: FatFs gives it guard.bin's clusters, beside save_a/'s folder.
    d = dc.deployed_drive()
    assert drivemake.make(d.fs) == [layout.WINDOW, layout.WINDOW]
    d.fs.remove("/saves/guard.bin")
    free = d.fs.statvfs()[3]
    with d.fs.open("/filler.bin", "wb") as f:
        f.seek((free - 8) * 512 - 1)
        f.write(b"x")
    d.write_file("/notes.txt", b"n" * 4096)
    img = d.image()
    d.close()
    v = fatcheck.Volume(img)
    tree = v.walk()
    assert tree["/notes.txt"][4][-1] + 1 == tree["/save_a"][4][0]  # where it went
    code, out, _ = _run(tmp_path, img, capsys)
    assert code == 1
    assert "saves/guard.bin  missing" in out
    assert "found: /save_a/game.sav: flash sector %d also holds /notes.txt" % (
        v.cluster_blocks(tree["/save_a"][4][0])[0] // 8) in out


def test_another_folder_sharing_a_save_folders_sector_is_found(tmp_path, capsys):
    def folder(d, k):
        if k == 1:
            _unaligned(d)
            d.fs.mkdir("/photos")
    d = dc.deployed_drive()
    _saves(d, folder)
    img = d.image()
    d.close()
    code, out, _ = _run(tmp_path, img, capsys)
    assert code == 1
    assert "found: /save_b/game.sav: flash sector" in out and "also holds /photos" in out
    assert "found: /save_a" not in out


def test_a_stray_file_in_a_save_folder_and_free_space_in_a_sector(tmp_path, capsys):
    d = dc.deployed_drive()
    assert drivemake.make(d.fs) == [layout.WINDOW, layout.WINDOW]
    d.write_file("/save_b/.DS_Store", b"")
    img = d.image()
    d.close()
    code, out, _ = _run(tmp_path, img, capsys)
    assert code == 1 and "found: /save_b/game.sav: its directory holds /save_b/.DS_Store" in out
    # A driver that leaves free clusters in save_a/'s sector: a later file
    # could be given them.
    d = dc.deployed_drive()
    d.fs.mkdir("/saves")
    _file(d, "/saves/guard.bin", layout.GUARD)
    i = 0
    while _next_block(d) % 8 > 4:
        # the gap, save_a/ and its file's first cluster in one flash sector
        # (the firmware tree's size moves them)
        d.write_file("/saves/pad%d.tmp" % i, b"p" * 512)
        i += 1
    d.write_file("/saves/gap.tmp", b"g" * 1024)
    d.fs.mkdir("/save_a")
    _file(d, "/save_a/game.sav", layout.SAVE_FILE_SIZE)
    d.fs.mkdir("/save_b")
    _file(d, "/save_b/game.sav", layout.SAVE_FILE_SIZE)
    d.fs.remove("/saves/gap.tmp")
    img = d.image()
    d.close()
    probs = placement.check_image(img).problems
    assert any("free space a later file could be given" in p for p in probs), probs


def test_no_save_files_says_to_deploy(tmp_path, capsys):
    d = dc.deployed_drive()
    img = d.image()
    d.close()
    code, out, _ = _run(tmp_path, img, capsys)
    assert code == 1 and "no save files on this drive: run `menagerie deploy`" in out


def _loop(img):
    # save_a/game.sav's entry turned into a folder pointing at save_a/ itself.
    v = fatcheck.Volume(img)
    tree = v.walk()
    c = tree["/save_a"][4][0]
    eb = tree["/save_a/game.sav"][3]
    out = bytearray(img)
    raw = out[eb * 512:(eb + 1) * 512]
    for k in range(16):
        if raw[k * 32:k * 32 + 8].rstrip() == b"GAME":
            out[eb * 512 + k * 32 + 11] = 0x10
            struct.pack_into("<H", out, eb * 512 + k * 32 + 26, c)
    return bytes(out)


def _fat32(img):
    out = bytearray(img[:4096])
    struct.pack_into("<H", out, 22, 0)
    return bytes(out)


MALFORMED = {
    "empty": lambda g: b"",
    "short": lambda g: b"\x00" * 100,
    "noise": lambda g: bytes(random.Random(1).getrandbits(8) for _ in range(8192)),
    "zeros with a signature": lambda g: b"\x00" * 510 + b"\x55\xaa" + b"\x00" * 4096,
    "cut short": lambda g: g[:65536],
    "fat32": _fat32,
    "mbr to nowhere": lambda g: with_mbr(g)[:512] + b"\x00" * 4096,
    "folders loop": _loop,
    "512-byte blocks only": lambda g: g[:11] + b"\x00\x04" + g[13:],
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_a_malformed_image_gets_one_line_and_status_2(good, tmp_path, capsys, case):
    code, out, err = _run(tmp_path, MALFORMED[case](good), capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith(str(tmp_path)), err


def test_a_missing_file_or_a_folder_gets_one_line(tmp_path, capsys):
    for p in (str(tmp_path / "nothing.img"), str(tmp_path)):
        assert cli.main(["doctor", "--image", p]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "cannot read" in err


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hs.lists(hs.tuples(hs.integers(0, 40 * 512), hs.integers(0, 255)), min_size=1, max_size=12))
def test_damaged_images_give_a_verdict_or_a_placement_error(good, flips):
    # Bytes of the boot sector, FATs and root directory changed at random:
    # a Result or a PlacementError, never anything else.
    img = bytearray(good)
    for at, val in flips:
        img[at] = val
    try:
        r = placement.check_image(bytes(img))
    except placement.PlacementError as e:
        assert "\n" not in str(e)
    else:
        assert isinstance(r.problems, list)


def test_the_live_drive_when_its_device_can_be_read(good, tmp_path, monkeypatch):
    # /proc/mounts names the drive's device; here an image file stands in
    # for a /dev/sdX1 the user may read.
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    dev = tmp_path / "sdb1"
    dev.write_bytes(good)
    mounts = tmp_path / "mounts"
    mounts.write_text("/dev/sda1 / ext4 rw 0 0\n%s %s vfat rw,nosuid 0 0\n" % (dev, drive))
    monkeypatch.setattr(placement, "MOUNTS", str(mounts))
    r, why = placement.check_drive(str(drive))
    assert why is None and r.problems == []
    os.chmod(str(dev), 0)
    if not os.access(str(dev), os.R_OK):  # (root reads it anyway)
        r, why = placement.check_drive(str(drive))
        assert r is None and "readable by root only" in why and "doctor --image" in why
    mounts.write_text("/dev/sda1 %s ext4 rw 0 0\n" % drive)
    assert "not FAT" in placement.check_drive(str(drive))[1]
    mounts.write_text("/dev/sda1 / ext4 rw 0 0\n")
    assert "not a mounted drive" in placement.check_drive(str(drive))[1]
    monkeypatch.setattr(placement, "MOUNTS", str(tmp_path / "none"))
    assert "doctor --image" in placement.check_drive(str(drive))[1]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from host_tools import build as B
    root = str(tmp_path_factory.mktemp("tree"))
    assert B.build("raspberry_pi_pico", root).ok
    return root


def test_deploy_remake_saves_keeps_the_game_and_checks_a_readable_drive(built, good, tmp_path,
                                                                         capsys, monkeypatch):
    from host_helpers import fake_drive
    drive = fake_drive(str(tmp_path / "CIRCUITPY"))
    deploy = ["deploy", "--board", "raspberry_pi_pico", "--from", built, "--to", drive]
    assert cli.main(deploy) == 0
    out = capsys.readouterr().out
    assert "made the save files" in out and "placement" not in out  # a folder: no device
    rel = "save_a/game.sav"
    with open(os.path.join(drive, rel), "r+b") as f:
        f.seek(layout.GUARD)
        f.write(b"the saved game")
    assert cli.main(deploy + ["--remake-saves", "--dry-run"]) == 0
    assert "would make the save files again" in capsys.readouterr().out
    assert not os.path.exists(os.path.join(drive, layout.FILL_FILE))
    # The drive "mounted" from a device this user can read, placed badly.
    d = dc.deployed_drive()
    _saves(d, _notes)
    dev = tmp_path / "sdb1"
    dev.write_bytes(d.image())
    d.close()
    mounts = tmp_path / "mounts"
    mounts.write_text("%s %s vfat rw 0 0\n" % (dev, drive))
    monkeypatch.setattr(placement, "MOUNTS", str(mounts))
    assert cli.main(deploy + ["--remake-saves"]) == 1
    out = capsys.readouterr()
    assert "made the save files" in out.out and "your saved game kept" in out.out
    assert out.err.count("PROBLEM:") == 1 and "also holds /notes.txt" in out.err
    with open(os.path.join(drive, rel), "rb") as f:
        f.seek(layout.GUARD)
        assert f.read(14) == b"the saved game"
    # Once the device shows a good placement, deploy and doctor say so.
    dev.write_bytes(good)
    assert cli.main(deploy) == 0
    assert "save files placed as the board needs" in capsys.readouterr().out
    from host_tools import doctor
    r = doctor.check(drive)
    assert r.problems == [] and any("placed as the board needs" in n for n in r.notes)
    dev.write_bytes(MALFORMED["cut short"](good))
    r = doctor.check(drive)
    assert r.problems == [] and any("is not checked" in n and "cut short" in n for n in r.notes)
