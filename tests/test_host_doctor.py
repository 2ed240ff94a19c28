import os
import shutil

import pytest

from host_tools import build as B, cli, doctor, savefiles
from host_helpers import fake_drive

BOARD = "raspberry_pi_pico"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = str(tmp_path_factory.mktemp("tree"))
    assert B.build(BOARD, root).ok
    return root


@pytest.fixture
def board(built, tmp_path):
    # A healthy board: a deployed tree plus boot_out.txt.
    drive = str(tmp_path / "CIRCUITPY")
    shutil.copytree(built, drive)
    fake_drive(drive)
    savefiles.ensure(drive)  # as `menagerie deploy` does
    return drive


def test_healthy_board_and_tree(board, built, capsys):
    assert doctor.check(board).problems == []
    assert doctor.check(built).problems == []
    assert cli.main(["doctor", board]) == 0
    assert "no problems found" in capsys.readouterr().out


def test_missing_library(board):
    os.remove(os.path.join(board, "lib", "adafruit_framebuf.py"))
    probs = doctor.check(board).problems
    assert len(probs) == 1
    assert probs[0].startswith("missing library adafruit_framebuf")


def test_settings_typo_and_bad_value(board, capsys):
    with open(os.path.join(board, "settings.toml"), "a") as f:
        f.write("MENAGERIE_SOUDN = 0\nMENAGERIE_PLAYERS = 12\nMENAGERIE_I2C_FREQ = fast\n")
    probs = doctor.check(board).problems
    text = "\n".join(probs)
    assert "unknown key MENAGERIE_SOUDN (did you mean MENAGERIE_SOUND?)" in text
    assert "line 12: fast is not" in text
    assert "line 11: MENAGERIE_PLAYERS is set twice" in text
    assert cli.main(["doctor", board]) == 1
    assert "PROBLEM: settings.toml: unknown key MENAGERIE_SOUDN" in capsys.readouterr().out


def test_wrong_library_version(board):
    with open(os.path.join(board, "lib", "adafruit_ssd1306.py"), "a") as f:
        f.write("# patched\n")
    probs = doctor.check(board).problems
    assert probs == ["lib/adafruit_ssd1306.py is not the pinned adafruit-circuitpython-ssd1306 "
                     "2.12.24 (wrong version?): run `menagerie deploy`"]


def test_wrong_circuitpython_and_board(board):
    fake_drive(board, version="8.0.5")
    assert any("8.0.5 is not supported" in p for p in doctor.check(board).problems)
    fake_drive(board, board="adafruit_feather_rp2040")
    assert any("belongs to a adafruit_feather_rp2040" in p
               for p in doctor.check(board, BOARD).problems)


def test_micropython_mpy_on_circuitpython(board):
    with open(os.path.join(board, "lib", "extra.mpy"), "wb") as f:
        f.write(b"M\x06\x00\x1f")
    assert doctor.check(board).problems == [
        "lib/extra.mpy was compiled for MicroPython; CircuitPython cannot load it"]


def test_no_space(board, monkeypatch):
    monkeypatch.setattr(doctor.shutil, "disk_usage", lambda p: shutil._ntuple_diskusage(10, 9, 1))
    assert any(p.startswith("no space") for p in doctor.check(board).problems)


def test_missing_entry_point(board):
    os.remove(os.path.join(board, "code.py"))
    assert any(p.startswith("code.py is missing") for p in doctor.check(board).problems)


# -- every board profile ----------------------------------------------------

from host_tools import profiles  # noqa: E402


@pytest.mark.parametrize("board_id", profiles.board_ids())
def test_every_board_built_deployed_and_healthy(board_id, tmp_path):
    root = str(tmp_path / "tree")
    assert B.build(board_id, root).ok
    r = doctor.check(root)
    assert r.problems == []   # the manifest names the board
    # a built tree: the board it is for and what deploy makes beside it
    from host_tools import tree
    w = B.save_window(board_id, tree.sizes(root, tree.walk(root))[1])
    assert w, board_id
    assert ("on %s, room for %d KB save windows beside it" % (board_id, w // 1024)) in " ".join(r.notes)
    drive = str(tmp_path / "CIRCUITPY")
    shutil.copytree(root, drive)
    fake_drive(drive, board=board_id)
    savefiles.ensure(drive)
    r = doctor.check(drive)
    assert r.problems == []
    assert r.notes[0] == "CircuitPython 9.2.1 on %s" % board_id
    # The Pico's tree on this board: doctor says which board it really is.
    if board_id != BOARD:
        probs = doctor.check(drive, BOARD).problems
        assert any("belongs to a %s" % board_id in p for p in probs)


def test_missing_profile_on_a_pico2(tmp_path):
    root = str(tmp_path / "tree")
    assert B.build("raspberry_pi_pico2", root).ok
    fake_drive(root, board="raspberry_pi_pico2")
    savefiles.ensure(root)
    os.remove(os.path.join(root, "boards", "raspberry_pi_pico2.py"))
    probs = doctor.check(root).problems
    # ...and code.py would find no other profile to fall back to either.
    assert len(probs) == 2 and probs[0] == "the board profile boards/raspberry_pi_pico2.py is missing"
    assert probs[1].startswith("menagerie/start.py:") and "imports boards.*, which is neither" in probs[1]
