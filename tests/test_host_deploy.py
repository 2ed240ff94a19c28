import io
import os
import shutil

import pytest

from host_tools import build as B, cli, deploy, tree
from host_helpers import fake_drive, files_in

BOARD = "raspberry_pi_pico"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = str(tmp_path_factory.mktemp("tree"))
    assert B.build(BOARD, root).ok
    return root


def _deploy(built, drive, *extra):
    return cli.main(["deploy", "--board", BOARD, "--to", drive, "--from", built] + list(extra))


def _snapshot(drive):
    return {f: (os.stat(os.path.join(drive, f)).st_mtime_ns, open(os.path.join(drive, f), "rb").read())
            for f in files_in(drive)}


def test_deploy_twice_second_writes_nothing(built, tmp_path, capsys):
    drive = fake_drive(tmp_path / "CIRCUITPY")
    assert _deploy(built, drive) == 0
    for rel in files_in(built):
        with open(os.path.join(built, rel), "rb") as a, open(os.path.join(drive, rel), "rb") as b:
            assert a.read() == b.read(), rel
    before = _snapshot(drive)
    capsys.readouterr()
    assert _deploy(built, drive) == 0
    out = capsys.readouterr().out
    assert "copied 0 file(s)" in out and "deleted 0" in out
    assert _snapshot(drive) == before
    assert deploy.plan(built, drive, set(B.user_data_files())).copy == []


def test_cli_builds_when_no_tree_is_given(tmp_path):
    drive = fake_drive(tmp_path / "CIRCUITPY", board="adafruit_feather_rp2040", version="10.0.3")
    assert cli.main(["deploy", "--board", "adafruit_feather_rp2040", "--to", drive]) == 0
    assert os.path.exists(os.path.join(drive, "boards", "adafruit_feather_rp2040.py"))


@pytest.mark.parametrize("version,reason", [("8.2.10", "8.2.10 is not supported"),
                                            ("7.3.3", "7.3.3 is not supported"),
                                            ("11.0.0", "newer than")])
def test_refuses_unsupported_circuitpython(built, tmp_path, capsys, version, reason):
    drive = fake_drive(tmp_path / "CIRCUITPY", version=version)
    assert _deploy(built, drive) == 1
    assert reason in capsys.readouterr().err
    assert files_in(drive) == ["boot_out.txt"]


def test_refuses_another_board(built, tmp_path, capsys):
    drive = fake_drive(tmp_path / "CIRCUITPY", board="adafruit_feather_rp2040")
    assert _deploy(built, drive) == 1
    assert "belongs to a adafruit_feather_rp2040" in capsys.readouterr().err
    assert files_in(drive) == ["boot_out.txt"]


def test_refuses_a_folder_that_is_not_a_drive(built, tmp_path):
    os.makedirs(tmp_path / "x")
    assert _deploy(built, str(tmp_path / "x")) == 1
    assert os.listdir(tmp_path / "x") == []


def test_keeps_user_data_and_removes_only_stale_firmware(built, tmp_path):
    drive = fake_drive(tmp_path / "CIRCUITPY")
    assert _deploy(built, drive) == 0
    with open(os.path.join(drive, "settings.toml"), "w") as f:
        f.write('MENAGERIE_PLAYER_NAMES = "Ann,Bob"\n')
    # A module an older version shipped, and a file the user put there.
    old = os.path.join(drive, "menagerie", "retired.py")
    with open(old, "w") as f:
        f.write("x = 1\n")
    with open(os.path.join(drive, "notes.txt"), "w") as f:
        f.write("mine")
    man = tree.read_manifest(drive)
    man["files"]["menagerie/retired.py"] = {"size": 6, "sha256": "0"}
    import json
    with open(os.path.join(drive, tree.MANIFEST), "w") as f:
        json.dump(man, f)
    p = deploy.plan(built, drive, set(B.user_data_files()))
    assert p.delete == ["menagerie/retired.py"] and p.keep == ["settings.toml"]
    assert _deploy(built, drive) == 0
    assert not os.path.exists(old)
    assert open(os.path.join(drive, "notes.txt")).read() == "mine"
    assert "Ann,Bob" in open(os.path.join(drive, "settings.toml")).read()


def test_entry_point_goes_last_and_an_interrupted_copy_boots_into_a_message(built, tmp_path, monkeypatch):
    drive = fake_drive(tmp_path / "CIRCUITPY")
    assert _deploy(built, drive) == 0
    # Change two modules, then pull the cable after the first one.
    for rel in ("menagerie/app.py", "menagerie/ui/font.py"):
        with open(os.path.join(drive, rel), "a") as f:
            f.write("# old\n")
    order = []
    real = deploy._write

    def record(src, fs, rel):
        order.append(rel)
        real(src, fs, rel)
    monkeypatch.setattr(deploy, "_write", record)
    p = deploy.plan(built, drive, set(B.user_data_files()))
    deploy.apply(p, built, drive, progress=deploy.Progress(p.bytes, io.StringIO()))
    assert order[-1] == "code.py" and order[:2] == ["menagerie/app.py", "menagerie/ui/font.py"]

    for rel in ("menagerie/app.py", "menagerie/ui/font.py"):
        with open(os.path.join(drive, rel), "a") as f:
            f.write("# old\n")
    calls = []

    def pulled(src, fs, rel):
        if calls:
            raise OSError("device disconnected")
        calls.append(rel)
        real(src, fs, rel)
    monkeypatch.setattr(deploy, "_write", pulled)
    p = deploy.plan(built, drive, set(B.user_data_files()))
    with pytest.raises(OSError):
        deploy.apply(p, built, drive, progress=deploy.Progress(p.bytes, io.StringIO()))
    code = open(os.path.join(drive, "code.py"), "rb").read()
    # The placeholder, padded with a comment to the size of the code.py it
    # replaced (the same clusters: no FAT write).
    assert code.startswith(deploy.PLACEHOLDER) and not code[len(deploy.PLACEHOLDER):].strip(b"#\n")
    assert len(code) == os.path.getsize(os.path.join(built, "code.py"))
    compile(code, "code.py", "exec")   # it runs, imports nothing, says what to do
    assert b"import" not in code
    monkeypatch.setattr(deploy, "_write", real)
    assert _deploy(built, drive) == 0
    assert open(os.path.join(drive, "code.py"), "rb").read() == open(os.path.join(built, "code.py"), "rb").read()


def test_dry_run_writes_nothing(built, tmp_path, capsys):
    drive = fake_drive(tmp_path / "CIRCUITPY")
    assert _deploy(built, drive, "--dry-run") == 0
    assert files_in(drive) == ["boot_out.txt"]
    assert "would copy code.py" in capsys.readouterr().out


def test_not_enough_space(built, tmp_path, monkeypatch, capsys):
    drive = fake_drive(tmp_path / "CIRCUITPY")
    monkeypatch.setattr(deploy, "_free", lambda d: 1000)
    assert _deploy(built, drive) == 1
    assert "not enough space" in capsys.readouterr().err
    assert files_in(drive) == ["boot_out.txt"]


def test_progress_bar_text():
    s = io.StringIO()
    bar = deploy.Progress(200, s, width=10)
    bar.step(100, "a.py")
    bar.step(100, "b.py")
    assert s.getvalue().splitlines() == ["[#####.....]  50% a.py", "[##########] 100% b.py"]


def test_find_drives_by_boot_out(tmp_path):
    from host_tools import bootout
    fake_drive(tmp_path / "CIRCUITPY")
    os.makedirs(tmp_path / "OTHER")
    assert bootout.find_drives([str(tmp_path / "OTHER"), str(tmp_path / "CIRCUITPY")]) == \
        [str(tmp_path / "CIRCUITPY")]
    b = bootout.read(str(tmp_path / "CIRCUITPY"))
    assert b.version == (9, 2, 1) and b.board_id == "raspberry_pi_pico"


# -- every board profile ----------------------------------------------------

from host_tools import bootout, profiles  # noqa: E402
from host_tools.boardinfo import info  # noqa: E402

NEW_BOARDS = ("raspberry_pi_pico_w", "raspberry_pi_pico2", "raspberry_pi_pico2_w")


def test_boot_out_names_of_the_new_boards():
    # The exact text CircuitPython prints (MICROPY_HW_BOARD_NAME "with"
    # MICROPY_HW_MCU_NAME, then "Board ID:<id>"), parsed back.
    assert info("raspberry_pi_pico_w")["boot"] == "Raspberry Pi Pico W with rp2040"
    assert info("raspberry_pi_pico2")["boot"] == "Raspberry Pi Pico 2 with rp2350a"
    assert info("raspberry_pi_pico2_w")["boot"] == "Raspberry Pi Pico 2 W with rp2350a"
    text = ("Adafruit CircuitPython 9.2.1 on 2024-11-19; Raspberry Pi Pico 2 W with rp2350a\n"
            "Board ID:raspberry_pi_pico2_w\nUID:4A1B2C3D4E5F6071\n")
    b = bootout.parse(text)
    assert b.version == (9, 2, 1) and b.board_id == "raspberry_pi_pico2_w"
    assert bootout.problems(b, "raspberry_pi_pico2_w") == []


@pytest.mark.parametrize("board", profiles.board_ids())
def test_deploy_every_board_with_and_without_board_flag(board, tmp_path, capsys):
    drive = fake_drive(tmp_path / "CIRCUITPY", board=board, version="10.0.3")
    assert cli.main(["deploy", "--board", board, "--to", drive]) == 0
    assert tree.read_manifest(drive)["board"] == board
    assert os.path.exists(os.path.join(drive, "boards", board + ".py"))
    assert [f for f in files_in(drive) if f.startswith("boards/")] == \
        ["boards/__init__.py", "boards/%s.py" % board]
    capsys.readouterr()
    # No --board: boot_out.txt's Board ID picks the profile; nothing changed.
    assert cli.main(["deploy", "--to", drive]) == 0
    out = capsys.readouterr().out
    assert "(%s)" % board in out and "copied 0 file(s)" in out


@pytest.mark.parametrize("board", NEW_BOARDS)
def test_the_pico_profile_on_a_newer_board_is_refused_with_the_right_flag(board, tmp_path, capsys):
    drive = fake_drive(tmp_path / "CIRCUITPY", board=board)
    assert cli.main(["deploy", "--board", "raspberry_pi_pico", "--to", drive]) == 1
    err = capsys.readouterr().err
    assert "belongs to a %s but you chose --board raspberry_pi_pico: use --board %s" % (board, board) in err
    assert files_in(drive) == ["boot_out.txt"]


def test_a_board_without_a_profile_is_named_and_refused(tmp_path, capsys):
    drive = fake_drive(tmp_path / "CIRCUITPY", board="cytron_edu_pico_w", name="Cytron EDU PICO W with rp2040")
    assert cli.main(["deploy", "--to", drive]) == 1
    assert "cytron_edu_pico_w, which has no profile here" in capsys.readouterr().err
    assert files_in(drive) == ["boot_out.txt"]
    assert cli.main(["deploy", "--board", "raspberry_pi_pico_w", "--to", drive]) == 1
    assert "there is no profile for it" in capsys.readouterr().err


def test_no_board_flag_and_no_boot_out_is_refused(tmp_path, capsys):
    os.makedirs(tmp_path / "x")
    assert cli.main(["deploy", "--to", str(tmp_path / "x"), "--force"]) == 1
    assert "without boot_out.txt the board is unknown: give --board" in capsys.readouterr().err
    assert os.listdir(tmp_path / "x") == []
