"""Your own wiring in settings.toml (firmware/menagerie/pins.py): checked
against each board's real pin names (circuitpython-stubs' definitions via
host_tools.mpy_board_shim), with line-numbered problems and the profile as
the fallback; on CPython, under the real MicroPython, in the headless
simulator's boot, and through `menagerie doctor` / `menagerie docs`."""
import os
import shutil

import pytest

from host_tools import build as B, cli, doctor, profiles
from host_helpers import fake_drive
from menagerie import pins, settings as S
from mpy_runner import ROOT, run_micropython
from sim.runner import Session

FAKES = os.path.join(ROOT, "tests", "mpy_fakes")
PICOS = ("raspberry_pi_pico", "raspberry_pi_pico_w", "raspberry_pi_pico2", "raspberry_pi_pico2_w")


def wiring_of(text):
    wiring = {}
    _, warnings = S.load(getenv=lambda k: None, text=text, wiring=wiring)
    return wiring, warnings


def check(board_id, text):
    wiring, _ = wiring_of(text)
    lookup, gpio, ident = profiles.pin_lookup(board_id)
    return pins.check(profiles.load(board_id), wiring, lookup, gpio, ident)


GOOD = """\
MENAGERIE_PLAYER_NAMES = "Ann,Bob"
MENAGERIE_PIN_UP = "GP2"
MENAGERIE_PIN_DOWN = "gp3"          # any case
MENAGERIE_PIN_P6 = "GP26"
MENAGERIE_PIN_PIEZO = "GP28"
MENAGERIE_PIN_SDA = "GP0"
MENAGERIE_PIN_SCL = "GP1"
MENAGERIE_OLED_ADDRESS = 0x3D
MENAGERIE_OLED_SIZE = "128X32 "
"""


@pytest.mark.parametrize("board_id", PICOS)
def test_good_wiring_is_used_on_every_pico(board_id):
    changes, problems = check(board_id, GOOD)
    assert problems == []
    p = pins.wired(profiles.load(board_id), changes)
    assert p.NAV[:3] == (("UP", "GP2"), ("DOWN", "GP3"), ("LEFT", "GP12"))
    assert p.PLAYERS[5] == ("P6", "GP26") and p.PIEZO == "GP28"
    assert (p.SDA, p.SCL, p.I2C_ADDR, p.WIDTH, p.HEIGHT) == ("GP0", "GP1", 0x3D, 128, 32)
    assert p.NAME.endswith("128x32 (own wiring)") and p.OWN_WIRING
    # The profile module itself is untouched: it is the fallback.
    assert profiles.load(board_id).NAV[0] == ("UP", "GP10")


def test_the_settings_parser_leaves_wiring_keys_to_pins():
    wiring, warnings = wiring_of(GOOD)
    assert warnings == []
    assert wiring["MENAGERIE_PIN_UP"] == (2, "GP2") and wiring["MENAGERIE_OLED_ADDRESS"] == (8, 0x3D)
    values = S.parse(GOOD)
    assert S.validate(values)[1] == []
    # A file without wiring keys loads nothing for it.
    assert wiring_of('MENAGERIE_SOUND = 0\n') == ({}, [])


@pytest.mark.parametrize("board_id,line,problem", [
    # a pin the board lacks
    ("raspberry_pi_pico", 'MENAGERIE_PIN_UP = "GP40"', "line 2: no pin GP40 on this board"),
    ("adafruit_feather_rp2040", 'MENAGERIE_PIN_OK = "GP6"', "line 2: no pin GP6 on this board"),
    # GPIO23..25 drive the wireless chip on the W boards: not even in `board`
    ("raspberry_pi_pico_w", 'MENAGERIE_PIN_UP = "GP23"', "line 2: no pin GP23 on this board"),
    ("raspberry_pi_pico2_w", 'MENAGERIE_PIN_UP = "GP25"', "line 2: no pin GP25 on this board"),
    # in `board` but not on the header
    ("raspberry_pi_pico_w", 'MENAGERIE_PIN_BACK = "LED"',
     "line 2: LED is used inside by the wireless chip, not on the header"),
    ("raspberry_pi_pico2_w", 'MENAGERIE_PIN_PIEZO = "A3"',
     "line 2: A3 is used inside by the wireless chip, not on the header"),
    ("raspberry_pi_pico2", 'MENAGERIE_PIN_UP = "GP25"',
     "line 2: GP25 is used on the board itself (power, LED, VSYS), not on the header"),
    ("adafruit_feather_rp2040", 'MENAGERIE_PIN_UP = "NEOPIXEL"',
     "line 2: NEOPIXEL is used on the board itself (the NeoPixel), not on the header"),
    # a pin given twice: with a default, under another name, with another override
    ("raspberry_pi_pico", 'MENAGERIE_PIN_UP = "GP11"', "line 2: GP11 is already DOWN's pin (move DOWN too)"),
    ("raspberry_pi_pico2", 'MENAGERIE_PIN_PIEZO = "GP15"', "line 2: GP15 is already BACK's pin (move BACK too)"),
    ("adafruit_feather_rp2040", 'MENAGERIE_PIN_UP = "D6"', "line 2: D6 is already OK's pin (move OK too)"),
    # malformed and wrong values
    ("raspberry_pi_pico", "MENAGERIE_PIN_UP = GP2", "line 2: MENAGERIE_PIN_UP is unreadable"),
    ("raspberry_pi_pico", "MENAGERIE_PIN_UP = 2", 'line 2: MENAGERIE_PIN_UP wants a pin name in quotes, like "GP10"'),
    ("raspberry_pi_pico", 'MENAGERIE_PIN_UP = ""', 'line 2: MENAGERIE_PIN_UP wants a pin name in quotes, like "GP10"'),
    ("raspberry_pi_pico", "MENAGERIE_OLED_ADDRESS = 0x3E", "line 2: OLED address must be 0x3C or 0x3D"),
    ("raspberry_pi_pico", "MENAGERIE_OLED_ADDRESS = true", "line 2: OLED address must be 0x3C or 0x3D"),
    ("raspberry_pi_pico", 'MENAGERIE_OLED_SIZE = "128x48"', 'line 2: OLED size must be "128x64" or "128x32"'),
    ("raspberry_pi_pico", 'MENAGERIE_OLED_SIZE = 64', 'line 2: OLED size must be "128x64" or "128x32"'),
    ("raspberry_pi_pico", 'MENAGERIE_OLED_ADRESS = 0x3D',
     "line 2: unknown key MENAGERIE_OLED_ADRESS (MENAGERIE_OLED_ADDRESS or MENAGERIE_OLED_SIZE?)"),
    ("adafruit_feather_rp2040", 'MENAGERIE_PIN_BACK = "D10"',
     "line 2: unknown key MENAGERIE_PIN_BACK (this board has UP OK DOWN PIEZO SDA SCL)"),
    # SDA/SCL that busio.I2C would refuse
    ("raspberry_pi_pico", 'MENAGERIE_PIN_SDA = "GP6"',
     "line 2: SDA GPIO6 + SCL GPIO5 are no I2C pair (e.g. GP4 + GP5)"),
    ("raspberry_pi_pico_w", 'MENAGERIE_PIN_SCL = "GP4"',
     "line 2: GP4 is already SDA's pin (move SDA too)"),
])
def test_each_problem_is_named_with_its_line(board_id, line, problem):
    changes, problems = check(board_id, "MENAGERIE_SOUND = 1\n" + line + "\n")
    assert problem in problems, problems


def test_aliases_are_one_pin():
    # A0 is GP26 on a Pico: naming both is a duplicate, and the drawing and
    # tables use the header's name.
    _, problems = check("raspberry_pi_pico2", 'MENAGERIE_PIN_UP = "GP26"\nMENAGERIE_PIN_DOWN = "A0"\n')
    assert problems == ["line 2: A0 is already UP's pin"]
    changes, problems = check("raspberry_pi_pico2", 'MENAGERIE_PIN_PIEZO = "A0"\n')
    assert problems == [] and changes["PIEZO"] == "GP26"


def test_problems_come_in_line_order_and_swaps_are_fine():
    text = ('MENAGERIE_PIN_OK = "GP99"\n'
            'MENAGERIE_PIN_UP = "GP11"\n'       # swapped with DOWN below: fine
            'MENAGERIE_PIN_DOWN = "GP10"\n'
            'MENAGERIE_PIN_P1 = "GP17"\n'        # P2 keeps GP17
            'MENAGERIE_OLED_SIZE = "big"\n')
    _, problems = check("raspberry_pi_pico", text)
    assert problems == ["line 1: no pin GP99 on this board",
                        "line 4: GP17 is already P2's pin (move P2 too)",
                        'line 5: OLED size must be "128x64" or "128x32"']


def test_boot_note_fits_the_boot_screen():
    note = pins.boot_note(["line 1: no pin GP40 on this board", "line 2: x"])
    assert note == "Own wiring ignored:\nline 1: no pin GP40 on this board\n+1 more: run doctor"


# -- the headless simulator boots like code.py ----------------------------

def test_headless_boot_with_bad_wiring_falls_back_and_says_so(tmp_path):
    text = 'MENAGERIE_PIN_UP = "GP23"\nMENAGERIE_PIN_DOWN = oops\n'
    s = Session("raspberry_pi_pico_w", settings_text=text)
    shown = s.screen_text()
    assert shown[:6] == ["MENAGERIE", "v" + __import__("menagerie").VERSION, "Own wiring ignored:",
                         "line 1: no pin GP23", "on this board", "+1 more: run doctor"]
    s.png(str(tmp_path / "bad-wiring.png"))
    assert s.wired is s.profile and s.hw.profile.NAV[0] == ("UP", "GP10")
    s.press("OK")    # the notes run over one screen: OK shows the rest (boot_screen paging)
    assert s.app.top().name == "boot" and "line 2: oops is not" in s.screen_text()
    s.press("OK")
    assert s.app.top().name == "main_menu"


def test_headless_boot_with_good_wiring_uses_it_on_a_128x32_screen(tmp_path):
    s = Session("raspberry_pi_pico2", settings_text=GOOD)
    assert s.hw.profile.OWN_WIRING and s.hw.profile.HEIGHT == 32 and s.hw.profile.I2C_ADDR == 0x3D
    assert s.app.canvas.rows == 4
    assert s.app.top().name == "main_menu"
    s.press("DOWN")
    assert ">Animal Maniacs" in s.screen_text()[2] or "Animal Maniacs" in "\n".join(s.screen_text())
    s.png(str(tmp_path / "good-wiring.png"))


# -- the same module under the real MicroPython ---------------------------

MPY_CHECK = r"""
import sys
sys.path.insert(0, %r)
import board          # the build's shim: pin names as GPIO numbers
from menagerie import settings, pins
import boards.%s as prof
text = %r
wiring = {}
values, warnings = settings.load(getenv=None, text=text, wiring=wiring)
p = pins.apply(prof, wiring, warnings)
print("RESULT", p is prof, p.NAV[0], p.SDA, p.SCL, p.HEIGHT, p.I2C_ADDR)
print("NOTES", warnings)
"""


def _mpy_tree(tmp_path, board_id):
    root = str(tmp_path / "tree")
    r = B.build(board_id, root, mpy=True)
    assert r.errors == []
    return root


@pytest.mark.parametrize("board_id", ["raspberry_pi_pico_w", "raspberry_pi_pico2"])
def test_pins_under_micropython_against_the_shim(board_id, tmp_path):
    root = _mpy_tree(tmp_path, board_id)
    out = run_micropython(MPY_CHECK % (root, board_id, GOOD), extra_path=[FAKES])
    line = [x for x in out.splitlines() if x.startswith("RESULT")][0]
    assert line == "RESULT False ('UP', 2) 0 1 32 61"
    bad = 'MENAGERIE_PIN_UP = "GP24"\nMENAGERIE_PIN_OK = "GP10"\nMENAGERIE_PIN_SCL = "GP7"\n'
    out = run_micropython(MPY_CHECK % (root, board_id, bad), extra_path=[FAKES])
    line = [x for x in out.splitlines() if x.startswith("RESULT")][0]
    assert line == "RESULT True ('UP', 10) 4 5 64 60"
    notes = [x for x in out.splitlines() if x.startswith("NOTES")][0]
    first = ("line 1: no pin GP24 on this board" if board_id.endswith("_w") else
             "line 1: GP24 is used on the board itself (power, LED, VSYS), not on the header")
    assert "Own wiring ignored:\\n" + first in notes
    assert "settings.toml line 3: SDA GPIO4 + SCL GPIO7 are no I2C pair (e.g. GP4 + GP5)" in out
    # UP moved to GP24 fails, so OK on GP10 collides with the default UP.
    assert "settings.toml line 2: GP10 is already UP's pin (move UP too)" in out


MAIN_WITH_SETTINGS = r"""
import sys
sys.path[:0] = [%r, %r]
import machine
Base = machine.I2C
class I2C(Base):
    # the fake bus, with the display at the address this test wires
    def __init__(self, id, scl=None, sda=None, freq=400000):
        Base.__init__(self, id, scl, sda, freq, devices=(%d,))
machine.I2C = I2C
import menagerie.hw.mpy_board as mb
mb.SAVE_DIR = %r
import menagerie.settings as S
real = S.load_with_source   # what code.py calls
def load(getenv=None, text=None, path=None, wiring=None):
    return real(getenv, text, %r, wiring)
S.load_with_source = load
import menagerie.app as A
boot = A.App.boot
def logged_boot(self):
    self.canvas.log = []
    boot(self)
def run(self):
    while self.hw.clock.now() < 5000:
        self.step(self.hw.clock.now())
        if self.top().name == "main_menu" and not self.dirty:
            break
        self.hw.sleep_ms(10)
    p = self.hw.profile
    print("HW", p.NAV[0], p.NAV[1], p.SDA, p.SCL, p.HEIGHT, p.I2C_ADDR, self.canvas.rows, self.top().name)
    print("SCREEN", " | ".join(self.canvas.lines()))
    raise SystemExit(0)
A.App.boot = logged_boot
A.App.run = run
import main
"""


def _boot_tree(tmp_path, root, settings_text, display_at):
    st = tmp_path / "settings.toml"
    st.write_text(settings_text)
    saves = tmp_path / "saves"
    saves.mkdir(exist_ok=True)
    code = MAIN_WITH_SETTINGS % (root, root + "/lib", display_at, str(saves), str(st))
    return run_micropython(code, extra_path=[FAKES])


def test_built_tree_boots_main_py_with_own_wiring_under_micropython(tmp_path):
    # main.py of a Pico 2 W tree, settings.toml moving buttons and the display
    # (0x3D, 128x32, GP0/GP1): the hardware is built on the new pins.
    root = _mpy_tree(tmp_path, "raspberry_pi_pico2_w")
    out = _boot_tree(tmp_path, root, GOOD, 0x3D)
    assert "HW ('UP', 2) ('DOWN', 3) 0 1 32 61 4 main_menu" in out, out


def test_a_display_missing_at_the_settings_address_boots_on_the_board_pins(tmp_path):
    # The pins check out, but no display answers at 0x3D: rather than a
    # reset loop, main.py rebuilds the hardware on the profile and says so.
    root = _mpy_tree(tmp_path, "raspberry_pi_pico_w")
    out = _boot_tree(tmp_path, root, GOOD, 0x3C)
    assert "own wiring failed: No I2C device at address: 0x3d" in out
    assert "HW ('UP', 10) ('DOWN', 11) 4 5 64 60 8 boot" in out, out
    screen = [x for x in out.splitlines() if x.startswith("SCREEN")][0]
    assert "Own wiring failed: | No I2C device at | address: 0x3d | Board's pins in use." in screen


def test_a_tree_for_another_pico_boots_on_the_profile_it_ships(tmp_path):
    # A Pico tree copied by hand onto a Pico 2: code.py finds no
    # boards/raspberry_pi_pico2 and uses the profile the tree has.
    root = _mpy_tree(tmp_path, "raspberry_pi_pico")
    saves = tmp_path / "saves"
    saves.mkdir()
    code = r"""
import os, sys
os.chdir(%r)
sys.path[:0] = [%r, %r]
import board
board.board_id = "raspberry_pi_pico2"
import menagerie.hw.mpy_board as mb
mb.SAVE_DIR = %r
import menagerie.app as A
def run(self):
    print("PROFILE", self.hw.profile.BOARD_ID)
    raise SystemExit(0)
A.App.run = run
import main
""" % (root, root, root + "/lib", str(saves))
    out = run_micropython(code, extra_path=[FAKES])
    assert "No profile for board raspberry_pi_pico2 - using raspberry_pi_pico" in out
    assert "PROFILE raspberry_pi_pico" in out


# -- menagerie doctor and menagerie docs ----------------------------------

@pytest.fixture(scope="module")
def pico2w_tree(tmp_path_factory):
    root = str(tmp_path_factory.mktemp("tree") / "t")
    assert B.build("raspberry_pi_pico2_w", root).ok
    return root


def test_doctor_checks_the_wiring_against_the_board(pico2w_tree, tmp_path):
    drive = str(tmp_path / "CIRCUITPY")
    shutil.copytree(pico2w_tree, drive)
    fake_drive(drive, board="raspberry_pi_pico2_w")
    from host_tools import savefiles
    savefiles.ensure(drive)  # as deploy does
    with open(os.path.join(drive, "settings.toml"), "a") as f:
        f.write(GOOD.split("\n", 1)[1])
    r = doctor.check(drive)
    assert r.problems == []
    assert any(n.startswith("own wiring from settings.toml: GP0=OLED SDA GP1=OLED SCL GP2=UP GP3=DOWN")
               and "GP28=piezo" in n and "OLED 0x3D 128x32" in n for n in r.notes), r.notes
    with open(os.path.join(drive, "settings.toml"), "a") as f:
        f.write('MENAGERIE_PIN_LEFT = "LED"\n')
    n = len(open(os.path.join(drive, "settings.toml")).read().splitlines())
    probs = doctor.check(drive).problems
    assert probs == [
        "settings.toml line %d: LED is used inside by the wireless chip, not on the header" % n,
        "settings.toml: so the board ignores every MENAGERIE_PIN_* and MENAGERIE_OLED_* line and "
        "boots on its own pins (its boot screen says so)"]


def test_docs_draws_a_settings_toml_wiring(tmp_path, capsys):
    st = tmp_path / "settings.toml"
    st.write_text(GOOD)
    png = tmp_path / "mine.png"
    assert cli.main(["docs", "--board", "raspberry_pi_pico_w", "--settings", str(st), "--out", str(png)]) == 0
    out = capsys.readouterr().out
    assert "| button UP | GP2 | 4 |" in out and "| piezo + leg | GP28 | 34 |" in out
    assert "| OLED SDA | GP0 | 1 |" in out
    from PIL import Image
    assert Image.open(png).size[0] == 1280
    st.write_text('MENAGERIE_PIN_UP = "GP29"\n')
    assert cli.main(["docs", "--board", "raspberry_pi_pico_w", "--settings", str(st), "--out", str(png)]) == 1
    assert "line 1: no pin GP29 on this board" in capsys.readouterr().err
    assert cli.main(["docs", "--settings", str(st)]) == 2


def test_simulator_cli_boots_with_a_settings_wiring_and_keeps_stdout_json(tmp_path):
    import json
    import subprocess
    import sys
    st = tmp_path / "settings.toml"
    st.write_text('MENAGERIE_PIN_OK = "GP24"\n')
    r = subprocess.run([sys.executable, "-m", "sim", "--board", "pico2w", "--settings", str(st),
                        "--script", "-", "--state"], input="wait 100\n", capture_output=True,
                       text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr
    state = json.loads(r.stdout)
    assert state["board"] == "raspberry_pi_pico2_w"
    assert state["screen_text"][2:4] == ["Own wiring ignored:", "line 1: no pin GP24"]
    assert "settings.toml line 1: no pin GP24 on this board" in r.stderr
