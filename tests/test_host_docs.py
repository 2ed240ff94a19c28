import os
import shutil
import subprocess
import sys

import pytest
from PIL import Image

from host_tools import board_docs, docs, profiles, wiring
from host_tools.paths import ROOT


def test_committed_docs_are_fresh():
    # `make docs` output must match the code; run it and commit when this fails.
    files, _ = docs.collect()
    assert docs.stale(files) == []


def test_check_detects_stale_and_missing_files(tmp_path):
    files, _ = docs.collect(["host_tools.board_docs"])
    for p, data in files.items():
        os.makedirs(os.path.dirname(tmp_path / p), exist_ok=True)
        (tmp_path / p).write_bytes(data)
    assert docs.main(check=True, root=str(tmp_path), modules=["host_tools.board_docs"]) == 0
    png = tmp_path / "docs/boards/raspberry_pi_pico.png"
    img = Image.open(png).convert("RGB")
    img.putpixel((5, 5), (255, 0, 0))
    img.save(png)
    assert docs.main(check=True, root=str(tmp_path), modules=["host_tools.board_docs"]) == 1
    os.remove(tmp_path / "docs/boards/adafruit_feather_rp2040.md")
    assert docs.stale(files, str(tmp_path)) == ["docs/boards/adafruit_feather_rp2040.md",
                                                "docs/boards/raspberry_pi_pico.png"]
    assert docs.main(root=str(tmp_path), modules=["host_tools.board_docs"]) == 0
    assert docs.main(check=True, root=str(tmp_path), modules=["host_tools.board_docs"]) == 0


def test_png_compare_is_by_pixels(tmp_path):
    data = wiring.png_bytes("adafruit_feather_rp2040")
    p = tmp_path / "x.png"
    Image.open(__import__("io").BytesIO(data)).save(p, compress_level=1)
    assert p.read_bytes() != data and docs._same(str(p), data)


def test_missing_generator_module_is_skipped_not_fatal():
    files, skipped = docs.collect(["host_tools.board_docs", "sim.no_such_generator"])
    assert skipped == ["sim.no_such_generator"] and files


@pytest.mark.parametrize("board", profiles.board_ids())
def test_pin_table_covers_every_profile_pin(board):
    md = board_docs.markdown(board)
    p = profiles.load(board)
    for pin, part, role in profiles.connections(p):
        assert "| %s |" % pin in md
    assert "Hold the **%s** button" % p.USB_WRITE_BUTTON in md
    assert "![Wiring diagram" in md


def test_profile_loader_leaves_the_real_board_module_alone():
    before = sys.modules.get("board")
    p = profiles.load("raspberry_pi_pico")
    assert sys.modules.get("board") is before
    assert p.SDA == "GP4" and p.NAV[0] == ("UP", "GP10")


def test_every_subcommand_has_help():
    for sub in ("build", "deploy", "doctor", "docs", "pull", "export", "plot"):
        r = subprocess.run([sys.executable, "-m", "host_tools.cli", sub, "--help"],
                           capture_output=True, text=True, cwd=ROOT, timeout=60)
        assert r.returncode == 0 and "usage: menagerie " + sub in r.stdout
