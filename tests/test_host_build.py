import os

import pytest

from host_tools import build as B, builtin_modules, imports, libs, profiles
from menagerie import settings as S
from host_helpers import (files_in, provided, stub_modules, top_level_required_imports)

BOARDS = profiles.board_ids()


@pytest.fixture(scope="module")
def trees(tmp_path_factory):
    out = {}
    for b in BOARDS:
        root = str(tmp_path_factory.mktemp(b))
        out[b] = (root, B.build(b, root))
    return out


def test_both_boards_are_known():
    assert "raspberry_pi_pico" in BOARDS and "adafruit_feather_rp2040" in BOARDS


@pytest.mark.parametrize("board", BOARDS)
def test_tree_is_complete(trees, board):
    root, r = trees[board]
    assert r.ok, r.errors
    files = files_in(root)
    for need in ("code.py", "settings.toml", "boards/__init__.py", "boards/%s.py" % board,
                 "lib/adafruit_ssd1306.py", "lib/adafruit_framebuf.py",
                 "lib/adafruit_bus_device/__init__.py", "lib/adafruit_bus_device/i2c_device.py",
                 "menagerie/__init__.py", "menagerie/settings.py"):
        assert need in files
    # Only this board's profile ships.
    assert [f for f in files if f.startswith("boards/")] == ["boards/__init__.py", "boards/%s.py" % board]
    assert not any("__pycache__" in f or f.endswith(".pyc") for f in files)


@pytest.mark.parametrize("board", BOARDS)
def test_every_unconditional_import_resolves(trees, board):
    # Independent of the tool's checker: plain imports outside try blocks
    # must be on the drive or in the board's stub module list.
    root, _ = trees[board]
    builtins = stub_modules(board) | {"gc", "micropython"}
    missing = []
    for rel in files_in(root):
        if rel.endswith(".py"):
            for name in top_level_required_imports(os.path.join(root, rel)):
                if name.split(".")[0] not in builtins and not provided(root, name):
                    missing.append((rel, name))
    assert missing == []


@pytest.mark.parametrize("board", BOARDS)
def test_settings_file_is_read_by_the_firmware_reader(trees, board):
    root, _ = trees[board]
    with open(os.path.join(root, "settings.toml")) as f:
        values = S.parse(f.read())
    settings, warnings = S.validate(values)
    assert warnings == []
    assert settings["i2c_freq"] == profiles.load(board).I2C_FREQ
    # The table view's key only where the board has Wi-Fi (docs/table-view.md).
    wifi = "menagerie/table/control.py" in files_in(root)
    assert sorted(values) == sorted(k for k in S.KEYS if wifi or k != "MENAGERIE_TABLE_VIEW")


def test_libs_are_the_pinned_files(trees):
    root, _ = trees["raspberry_pi_pico"]
    avail = libs.available()
    for top in ("adafruit_ssd1306", "adafruit_framebuf", "adafruit_bus_device"):
        for rel, src in avail[top][2]:
            # as libs.shipped() gives it: docstrings and comments dropped
            # (tests/test_strip_comments.py holds the code to the pinned file's)
            with open(os.path.join(root, "lib", rel), "rb") as b:
                assert b.read() == libs.shipped(rel, src)
    assert libs.pinned()["adafruit-circuitpython-ssd1306"] == "2.12.24"


def test_size_line_names_drive_and_flash(trees):
    _, r = trees["raspberry_pi_pico"]
    line = r.size_line()
    assert "1024.0 KiB drive" in line and "2048.0 KiB flash" in line
    assert 0 < r.size <= r.disk < 1024 * 1024


def test_builtin_lists_match_the_stubs():
    for board, mods in builtin_modules.CIRCUITPYTHON.items():
        assert set(mods) == stub_modules(board) | set(builtin_modules.ALWAYS)


def test_checker_reports_a_missing_library(trees, tmp_path):
    import shutil
    root, _ = trees["raspberry_pi_pico"]
    copy = str(tmp_path / "t")
    shutil.copytree(root, copy)
    os.remove(os.path.join(copy, "lib", "adafruit_framebuf.py"))
    problems = B.check_imports(copy, "raspberry_pi_pico")
    assert len(problems) == 1 and "lib/adafruit_ssd1306.py" in problems[0]
    assert "imports adafruit_framebuf" in problems[0]


def test_scanner_understands_fallbacks():
    src = (
        "import time\n"
        "try:\n    import framebuf\nexcept ImportError:\n    import adafruit_framebuf as framebuf\n"
        "try:\n    import supervisor\nexcept ImportError:\n    import machine\n"
        "try:\n    from typing import List\nexcept ImportError:\n    pass\n"
        "def f(board_id):\n    return __import__('boards.' + board_id)\n"
        "from . import sibling\n"
    )
    found = imports.scan_source(src, "menagerie/ui/x.py")
    by = {i.name: i for i in found}
    assert by["time"].required and not by["framebuf"].required and not by["typing"].required
    assert by["adafruit_framebuf"].fallback_for == ("framebuf",)
    assert "boards.*" in by and "menagerie.ui" in by
    cp = {"time", "supervisor"}
    missing = {i.name for i in imports.unresolved(found, {"menagerie.ui": "x"}, cp)}
    # framebuf is missing on CircuitPython, so its fallback is needed; supervisor
    # exists, so `machine` is not; the profile pattern has nothing to match.
    assert missing == {"framebuf", "typing", "adafruit_framebuf", "boards.*"}


def test_build_refuses_a_foreign_folder(tmp_path):
    (tmp_path / "thesis.tex").write_text("precious")
    with pytest.raises(B.BuildError):
        B.build("raspberry_pi_pico", str(tmp_path))
    assert (tmp_path / "thesis.tex").read_text() == "precious"


def test_settings_overrides(tmp_path):
    B.build("adafruit_feather_rp2040", str(tmp_path / "a"),
            overrides={"MENAGERIE_SOUND": "0", "MENAGERIE_PLAYER_NAMES": '"Ann,Bob"'})
    with open(tmp_path / "a" / "settings.toml") as f:
        s, w = S.load(getenv=lambda k: None, text=f.read())
    assert w == [] and s["sound"] is False and s["names"][:3] == ["Ann", "Bob", "P3"]
    with pytest.raises(B.BuildError, match="MENAGERIE_PLAYERS must be 2..6"):
        B.build("adafruit_feather_rp2040", str(tmp_path / "b"), overrides={"MENAGERIE_PLAYERS": "9"})


def test_mpy_build_compiles_everything_but_the_entry_points(tmp_path):
    root = str(tmp_path / "mpy")
    r = B.build("raspberry_pi_pico", root, mpy=True)
    assert not [e for e in r.errors if "mpy-cross" in e]
    files = files_in(root)
    py = [f for f in files if f.endswith(".py")]
    assert py == ["main.py"]
    mpys = [f for f in files if f.endswith(".mpy")]
    assert "lib/adafruit_ssd1306.mpy" in mpys and "menagerie/settings.mpy" in mpys
    for f in mpys:
        with open(os.path.join(root, f), "rb") as fh:
            assert fh.read(2) == b"M\x06", f   # MicroPython .mpy format 6
    # Whatever is still unresolved is a real gap on MicroPython, named as such.
    assert all("MicroPython" in e for e in r.errors)


def test_mpy_cross_refusal_is_reported(tmp_path):
    (tmp_path / "bad.py").write_text("def f(:\n")
    errors = B.compile_mpy(str(tmp_path), "armv6m")
    assert len(errors) == 1 and "bad.py" in errors[0]


def test_every_board_has_board_facts():
    from host_tools.boardinfo import INFO
    assert set(BOARDS) <= set(INFO)
    for b in BOARDS:
        i = INFO[b]
        assert i["boot"] and i["heap"] and i["ram"] in (264 * 1024, 520 * 1024)
        assert 0 < i["drive"] < i["flash"]


@pytest.mark.parametrize("board", BOARDS)
def test_tree_fits_each_board_drive(trees, board):
    # The Pico W's CIRCUITPY is only ~508 KiB (its firmware carries the
    # wireless chip's blob): the tree must fit the smallest drive.
    root, r = trees[board]
    assert r.ok and r.disk <= B.info(board)["drive"]
    assert "%s" % B.info(board)["product"] in r.size_line()


def test_the_pico_family_shares_the_pico_wiring():
    # Same header and GPIO numbers: the new profiles must not drift from it.
    pico = profiles.load("raspberry_pi_pico")
    for b in ("raspberry_pi_pico_w", "raspberry_pi_pico2", "raspberry_pi_pico2_w"):
        p = profiles.load(b)
        assert profiles.connections(p) == profiles.connections(pico), b
        assert (p.WIDTH, p.HEIGHT, p.I2C_ADDR, p.LONG_PRESS_BACK, p.USB_WRITE_BUTTON) == \
            (pico.WIDTH, pico.HEIGHT, pico.I2C_ADDR, pico.LONG_PRESS_BACK, pico.USB_WRITE_BUTTON)
        assert p.BOARD_ID == b


@pytest.mark.parametrize("board", ["raspberry_pi_pico_w", "raspberry_pi_pico2", "raspberry_pi_pico2_w"])
def test_mpy_build_for_the_new_boards(board, tmp_path):
    root = str(tmp_path / "mpy")
    r = B.build(board, root, mpy=True)
    assert r.errors == []
    ns = {}
    files = files_in(root)
    assert "board.mpy" in files and "main.py" in files
    assert "menagerie/hw/mpy_board.mpy" in files and "menagerie/pins.mpy" in files
    from host_tools.mpy_board_shim import shim_text
    exec(shim_text(board), ns)
    assert ns["board_id"] == board and ns["GP4"] == 4 and ns["GP22"] == 22
    # The W boards' GPIO23..25 drive the wireless chip: not in their shim.
    assert ("GP23" in ns) == (not board.endswith("_w"))
