# Issue 22 items 2, 3 and 8 on the drive model (tests/deploy_cases.py: the
# real `menagerie deploy` code through FatFs as the computer's FAT driver,
# its cache and order, CircuitPython's flash layer, CircuitPython's own
# power-up): what CircuitPython writes at power-up, a deploy or an update
# cut at flash steps (representative subsets here; `make bench ARGS=drive`
# cuts every step), the repair a damaged drive gets, and where a fresh
# deploy puts the save files.
import os

import pytest

import deploy_cases as dcs
from host_tools import backups, bootout, cli, doctor, drivehealth, placement
from sim import cp_boot, fatcheck
from sim.drive import firmware_tree
from sim.hostfs import DriveHostFS

RESULTS = {}
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="module", autouse=True)
def _report():
    yield
    print("\n" + "\n".join(dcs.summary(k, RESULTS[k]) for k in sorted(RESULTS)))


@pytest.fixture(scope="module")
def updated():
    return dcs.after_update()


@pytest.fixture(scope="module")
def deployed():
    b = dcs.deployed_board()
    snap = b.snapshot()
    b.close()
    return snap


# -- item 2: no CircuitPython write at an ordinary power-up ------------------------

def _boot_py():
    with open(os.path.join(ROOT, "firmware", "boot.py"), "rb") as f:
        return f.read()


@pytest.mark.parametrize("board", ["raspberry_pi_pico", "raspberry_pi_pico_w", "adafruit_feather_rp2040"])
def test_boot_py_says_the_same_whatever_the_policy(board):
    held, w_held = cp_boot.run_boot_py(_boot_py(), board, True)
    free, w_free = cp_boot.run_boot_py(_boot_py(), board, False)
    assert held == free == bootout.SAID
    assert (w_held, w_free) == (False, True)   # the policy itself is unchanged


@pytest.mark.parametrize("board", ["raspberry_pi_pico", "raspberry_pi_pico_w", "raspberry_pi_pico2"])
def test_deploy_predicts_the_boot_out_txt_circuitpython_writes(board):
    first, _ = cp_boot.boot_text(board, None)            # a new board: no boot.py yet
    after, _ = cp_boot.boot_text(board, _boot_py(), held=False)
    assert bootout.predict(first) == after
    assert bootout.predict(after) == after               # an update: the same text again
    held, _ = cp_boot.boot_text(board, _boot_py(), held=True)
    assert held == after
    crlf = first.replace("\n", "\r\n")
    assert bootout.predict(crlf) == after.replace("\n", "\r\n")
    for junk in ("", "\xff\xff", "Board ID:x\n", first[:20]):
        assert bootout.predict(junk) is None
    assert bootout.parse(after).uid == cp_boot.UID


def test_the_power_up_after_an_update_writes_nothing(updated):
    # An update deployed with the button held, then the ordinary power-up:
    # CircuitPython finds boot_out.txt saying what it would write and
    # writes nothing (it wrote 5 flushes of the drive's first sectors).
    snap, src = updated
    c = dcs.power_up_sweep(snap, src)
    RESULTS["power-up after an update"] = c
    assert c["steps"] == 0, "the power-up wrote %d flash steps" % c["steps"]
    assert not c["failures"], c["failures"][:3]
    # With the button held again (the next update): nothing either.
    held = dcs.power_up_sweep(snap, src, held=True)
    assert held["steps"] == 0 and not held["failures"]


def test_the_first_boot_after_a_deploy_writes_nothing():
    snap, src = dcs.after_first_deploy()
    c = dcs.power_up_sweep(snap, src)
    RESULTS["first boot after a deploy"] = c
    assert c["steps"] == 0, "the first boot wrote %d flash steps" % c["steps"]
    assert not c["failures"], c["failures"][:3]


def test_the_checker_sees_a_power_up_that_writes(deployed):
    # The same sweep, on a drive whose boot_out.txt says something else
    # (what the old boot.py printed in USB-write mode): CircuitPython
    # rewrites it, and cuts there damage the drive.
    b = dcs.Board.restore(deployed)
    b.d.mount()
    text = b.d.read_file("/boot_out.txt").replace(b"ready", b"usb-write (button held)")
    b.d.write_file("/boot_out.txt", text)
    snap = b.snapshot()
    b.close()
    c = dcs.power_up_sweep(snap, firmware_tree())
    assert c["steps"] >= 5 * 17 and c["failures"], (c["steps"], c["failures"][:2])


# -- item 3: a deploy or an update cut anywhere loses nothing ----------------------

def _shown(c):
    return c["failures"][:3]


def test_an_update_yanked_at_sampled_flushes_loses_nothing(deployed):
    # 12 modules updated over a drive with a saved game; cut at every 43rd
    # flash step (the bench: every one; 43 keeps over 30 cuts since code.py
    # shrank to its handlers). After each: power-up, `doctor` names the
    # fix, the next deploy (and the repair it offers, if it does) brings
    # back every file, the person's settings and the saved game.
    c = dcs.sweep(deployed, dcs.update_tree(), every=43)
    RESULTS["update yanked (every 43rd flash step)"] = c
    assert c["cuts"] > 30 and c["files_checked"] > 0
    assert not c["failures"], _shown(c)
    assert c["repaired"] and c["ok"] > c["repaired"], (c["ok"], c["repaired"])


def test_an_update_yanked_with_a_write_through_host(deployed):
    # A computer that sends every write at once, in its FAT driver's order
    # (Windows' quick removal), torn steps.
    snap = deployed
    c = dcs.sweep(snap, dcs.update_tree(), every=97, order="through", torn=True)
    RESULTS["update yanked, write-through host, torn (every 97th)"] = c
    assert c["cuts"] > 15 and not c["failures"], _shown(c)


def test_deploy_making_the_save_files_cut_at_sampled_steps():
    # A new board's first deploy, cut while it makes the save files.
    b = dcs.Board()
    snap = b.snapshot()
    b.close()
    c = dcs.sweep(snap, firmware_tree(), phase="saves", every=31)
    RESULTS["deploy making save files (every 31st flash step)"] = c
    assert c["cuts"] > 50 and not c["failures"], _shown(c)
    assert c["repaired"]


def test_a_half_written_fat_is_refused_in_one_line_and_repaired(deployed):
    # The drive a cut leaves when the FAT's sector was erased and only the
    # boot sector's pages came back: it mounts, every cluster reads as in
    # use (0 free). Deploy writes nothing, says so in one line with the
    # repair; doctor says the same; after storage.erase_filesystem() the
    # next deploy puts back the firmware, settings.toml and the saved game
    # (copied to the computer by the deploy before: any deploy copies them
    # first, here one with nothing to update).
    b = dcs.Board.restore(deployed)
    assert b.deploy(firmware_tree()) == 0 and "copied your saved games" in b.lines[0]
    b.d.unplug()
    img = bytearray(b.d.flash.storage)
    img[1024:4096] = b"\xff" * 3072       # pages 4-15 of flash sector 0: FAT erased
    b.d.flash.storage[:] = img
    b.plug_in(held=True)
    b.d.mount_host()
    fs = DriveHostFS(b.d)
    assert fs.statvfs()[3] == 0
    problems, _ = doctor.drive_findings(fs, dcs.BOARD)
    assert len(problems) == 1 and "storage.erase_filesystem()" in problems[0]
    assert "its FAT is damaged" in problems[0]
    b.d.eject()
    before = bytes(b.d.flash.storage)
    assert b.deploy(firmware_tree()) == 1
    errors = [line for line in b.lines if "damaged" in line]
    assert len(errors) == 1 and "storage.erase_filesystem()" in errors[0]
    b.d.unplug()
    assert bytes(b.d.flash.storage) == before     # nothing written
    b.d.erase_filesystem()
    b.plug_in()
    assert b.deploy(firmware_tree()) == 0, b.lines
    assert any("put back your saved games" in line for line in b.lines), b.lines
    c = {"files_checked": 0}
    assert dcs.final_state(b, firmware_tree(), c) is None
    b.close()


def test_a_drive_circuitpython_formatted_gets_everything_back(deployed):
    # The boot sector lost: CircuitPython formats the drive at the next
    # power-up; the next deploy is a first deploy that puts the saves back.
    b = dcs.Board.restore(deployed)
    assert b.deploy(firmware_tree()) == 0
    b.d.unplug()
    b.d.flash.storage[0:512] = b"\xff" * 512
    assert b.plug_in()["formatted"]
    assert b.deploy(firmware_tree()) == 0, b.lines
    assert any("put back your saved games" in line for line in b.lines), b.lines
    assert dcs.final_state(b, firmware_tree(), {"files_checked": 0}) is None
    b.close()


def test_deploy_copies_the_saves_before_it_writes_and_pull_doctor_list_them(tmp_path, capsys,
                                                                           monkeypatch):
    from host_helpers import fake_drive
    from host_tools import build
    monkeypatch.setenv(backups.ENV, str(tmp_path / "kept"))
    tree_dir = str(tmp_path / "tree")
    assert build.build(dcs.BOARD, tree_dir).ok
    drive = fake_drive(tmp_path / "CIRCUITPY")
    args = ["deploy", "--board", dcs.BOARD, "--to", drive, "--from", tree_dir]
    assert cli.main(args) == 0
    assert not os.path.exists(tmp_path / "kept")   # nothing saved yet: nothing copied
    # A game saved by the board's own store into the save files.
    import store_cases as sc
    from menagerie.hw.regions import build_regions
    from menagerie.store import Store
    from sim.flash import FlashRegion
    from host_tools.drivefs import FolderFS
    st = Store(build_regions(FolderFS(drive), FlashRegion(4096), True))
    st.load()
    for kind, obj in sc.season()[:10]:
        sc._do(st, kind, obj)
    saved = open(os.path.join(drive, "save_a", "game.sav"), "rb").read()
    assert saved[4096:4200].strip(b"\xff")
    with open(os.path.join(drive, "settings.toml"), "wb") as f:
        f.write(dcs.SETTINGS)
    capsys.readouterr()
    assert cli.main(args) == 0
    out = capsys.readouterr().out
    key = "raspberry_pi_pico-E66038B7133A4C2F"
    copies = os.listdir(tmp_path / "kept" / key)
    assert len(copies) == 1 and "copied your saved games and settings to" in out
    kept = tmp_path / "kept" / key / copies[0]
    assert (kept / "save_a" / "game.sav").read_bytes() == saved
    assert (kept / "settings.toml").read_bytes() == dcs.SETTINGS
    assert cli.main(args) == 0                     # the same saves: no second copy
    assert len(os.listdir(tmp_path / "kept" / key)) == 1
    assert "already copied" in capsys.readouterr().out
    assert cli.main(["doctor", drive]) == 0
    assert "1 copy of %s's saves" % key in capsys.readouterr().out
    assert cli.main(["pull", "--from", drive, "--out", str(tmp_path / "pulled")]) == 0
    assert "1 copy of %s's saves" % key in capsys.readouterr().out


# -- item 8: a fresh deploy passes its own doctor ----------------------------------

@pytest.mark.parametrize("order", ["sorted", "through"])
@pytest.mark.parametrize("board", ["raspberry_pi_pico", "raspberry_pi_pico_w", "adafruit_feather_rp2040"])
def test_a_fresh_deploy_passes_its_own_doctor(board, order, tmp_path, capsys):
    # CircuitPython's fresh drive (its code.py in cluster 3), the real
    # deploy in one mount of the computer: the firmware's copy frees cluster
    # 3, and save files made after it ran past the volume's end into it
    # (issue 22 item 8). Made first, they land in the last free run.
    b = dcs.Board(board, order=order)
    assert b.deploy(firmware_tree(board, py=board == "raspberry_pi_pico_w")) == 0, b.lines
    img = b.d.image()
    b.close()
    r = placement.check_image(img)
    assert r.problems == [], r.problems
    p = tmp_path / "drive.img"
    p.write_bytes(img)
    assert cli.main(["doctor", "--image", str(p)]) == 0
    assert "ok: save files placed as the board needs" in capsys.readouterr().out
    v = fatcheck.Volume(img)
    assert v.walk()["/save_b/game.sav"][4][-1] > v.walk()["/save_a/game.sav"][4][-1]
