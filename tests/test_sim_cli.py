"""The headless runner as a person calls it: `python -m sim --board NAME
--script FILE [--seed N] [--store PATH] [--png OUT.png] --state`."""
import json
import os
import subprocess
import sys

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def sim(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "sim"] + list(args), cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_state_json_png_and_store_survive_between_runs(tmp_path):
    script = tmp_path / "draw.txt"
    script.write_text("DOWN 4\nOK\nOK\nOK 2\nexpect 34 left\n")
    store = tmp_path / "flash.img"
    png = tmp_path / "out.png"
    r = sim("--board", "raspberry_pi_pico", "--script", str(script), "--seed", "9",
            "--store", str(store), "--png", str(png), "--state")
    assert r.returncode == 0, r.stderr
    state = json.loads(r.stdout)
    assert "34 left" in " ".join(state["screen_text"])
    assert state["i2c_bytes"] > 1000
    assert state["app"]["screen"] == "bowl"
    assert state["app"]["bowls"]["maniacs"]["remaining"] == 34
    img = Image.open(png)
    assert img.size[0] >= 128 * 4 and len(img.getcolors(maxcolors=4096) or ()) > 2
    # A second run on the same flash image resumes the bowl where it was.
    again = tmp_path / "again.txt"
    again.write_text("expect 34 left\nOK\nexpect 33 left\n")
    r = sim("--board", "raspberry_pi_pico", "--script", str(again), "--store", str(store), "--state")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["app"]["bowls"]["maniacs"]["remaining"] == 33


def test_a_failed_expect_says_what_is_on_screen(tmp_path):
    script = tmp_path / "bad.txt"
    script.write_text("expect Unicorns\n")
    r = sim("--board", "feather", "--script", str(script))
    assert r.returncode == 1
    assert "bad.txt:1" in r.stderr and "Unicorns" in r.stderr and "Animal Inc" in r.stderr


def test_unknown_button_on_this_board_is_an_error(tmp_path):
    script = tmp_path / "p1.txt"
    script.write_text("P1\n")
    r = sim("--board", "adafruit_feather_rp2040", "--script", str(script))
    assert r.returncode == 1
    assert "no P1 button" in r.stderr
