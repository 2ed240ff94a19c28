# The save files made by `menagerie deploy` on the computer
# (host_tools/savefiles.py, store/drivemake.py): made after the firmware,
# kept untouched by a redeploy (the game in progress is in them), made again
# with the saved bytes put back when one is missing or cut short, refused
# when a file in the way is not the board's; `menagerie doctor` checks them.
import os
import shutil

import pytest

from host_tools import build as B, cli, doctor, savefiles
from host_helpers import fake_drive
from menagerie.store import layout

BOARD = "raspberry_pi_pico"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = str(tmp_path_factory.mktemp("tree"))
    assert B.build(BOARD, root).ok
    return root


@pytest.fixture
def drive(tmp_path):
    return fake_drive(str(tmp_path / "CIRCUITPY"))


def _deploy(built, drive):
    return cli.main(["deploy", "--board", BOARD, "--from", built, "--to", drive])


def _window(drive, rel):
    with open(os.path.join(drive, rel), "rb") as f:
        f.seek(layout.GUARD)
        return f.read(layout.WINDOW)


def _put(drive, rel, data):
    with open(os.path.join(drive, rel), "r+b") as f:
        f.seek(layout.GUARD)
        f.write(data)


def test_deploy_makes_the_save_files_and_a_redeploy_keeps_them(built, drive, capsys):
    assert _deploy(built, drive) == 0
    out = capsys.readouterr().out
    assert "made the save files" in out
    for rel in savefiles.SAVES:
        data = open(os.path.join(drive, rel), "rb").read()
        assert len(data) == layout.SAVE_FILE_SIZE and data[:8] == layout.TAG
        assert data[8:] == b"\xff" * (len(data) - 8)
    assert open(os.path.join(drive, layout.GUARD_FILE), "rb").read(8) == layout.TAG
    assert not os.path.exists(os.path.join(drive, layout.FILL_FILE))
    # A game saved on the board, then a redeploy of a changed firmware.
    _put(drive, savefiles.SAVES[0], b"game in progress")
    stamp = {rel: os.stat(os.path.join(drive, rel)).st_mtime_ns for rel in savefiles.SAVES}
    with open(os.path.join(built, "menagerie", "NOTE.txt"), "w") as f:
        f.write("changed")
    try:
        assert _deploy(built, drive) == 0
    finally:
        os.remove(os.path.join(built, "menagerie", "NOTE.txt"))
    out = capsys.readouterr().out
    assert "kept your save files" in out and "made the save files" not in out
    assert _window(drive, savefiles.SAVES[0]).startswith(b"game in progress")
    assert {rel: os.stat(os.path.join(drive, rel)).st_mtime_ns for rel in savefiles.SAVES} == stamp
    assert doctor.check(drive).problems == []


def test_a_missing_or_cut_file_is_made_again_and_the_other_files_save_kept(built, drive, capsys):
    assert _deploy(built, drive) == 0
    _put(drive, savefiles.SAVES[0], b"the saved game")
    os.remove(os.path.join(drive, savefiles.SAVES[1]))
    probs = doctor.check(drive).problems
    assert any("save files are damaged" in p and "menagerie deploy" in p for p in probs), probs
    assert _deploy(built, drive) == 0
    assert "your saved game kept" in capsys.readouterr().out
    assert savefiles.state(drive) == "ok"
    assert _window(drive, savefiles.SAVES[0]).startswith(b"the saved game")
    assert _window(drive, savefiles.SAVES[1]) == b"\xff" * layout.WINDOW
    # A make() cut short (the cable pulled): fill.tmp left, made again.
    with open(os.path.join(drive, layout.FILL_FILE), "wb") as f:
        f.write(b"\xff")
    assert savefiles.state(drive) == "damaged"
    assert "made the save files" in savefiles.ensure(drive)
    assert savefiles.state(drive) == "ok"
    assert _window(drive, savefiles.SAVES[0]).startswith(b"the saved game")


def test_a_file_in_the_way_is_refused_and_left_alone(built, drive, capsys):
    os.makedirs(os.path.join(drive, "save_a"))
    with open(os.path.join(drive, "save_a", "game.sav"), "wb") as f:
        f.write(b"my own notes")
    assert _deploy(built, drive) == 1
    err = capsys.readouterr().err
    assert "save_a/game.sav is not a Menagerie save file" in err
    assert open(os.path.join(drive, "save_a", "game.sav"), "rb").read() == b"my own notes"
    assert any("save files are damaged" in p for p in doctor.check(drive).problems)


def test_dry_run_says_it_would_make_them_and_writes_nothing(built, drive, capsys):
    assert cli.main(["deploy", "--board", BOARD, "--from", built, "--to", drive,
                     "--dry-run"]) == 0
    assert "would make the save files" in capsys.readouterr().out
    assert not os.path.exists(os.path.join(drive, "save_a"))


def test_doctor_names_missing_save_files(built, tmp_path):
    d = str(tmp_path / "CIRCUITPY")
    shutil.copytree(built, d)
    fake_drive(d)
    probs = doctor.check(d).problems
    assert any("save files are missing" in p and "nvm only" in p for p in probs), probs


def test_build_counts_the_save_files_room():
    # build.SAVE_FILES (no firmware import in build's constants) is what
    # deploy needs; a tree that leaves less gets a note.
    assert B.SAVE_FILES == savefiles.NEED
