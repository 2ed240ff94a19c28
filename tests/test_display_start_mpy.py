# The display-start behaviour of tests/test_display_start.py on the other
# port: a built MicroPython tree's main.py under the real MicroPython, on
# the fake `machine` (tests/mpy_fakes/machine.py) with the display answering
# late, never, or lines without pull-ups.
import os

import pytest

from host_tools import build as B
from mpy_runner import ROOT, run_micropython

FAKES = os.path.join(ROOT, "tests", "mpy_fakes")

MAIN = r"""
import sys
sys.path[:0] = [%(root)r, %(root)r + "/lib"]
import machine
machine.NO_PULL_UPS = set(%(no_pull)r)
Base = machine.I2C
made = [0]
class I2C(Base):
    # the display answers from the ANSWERS-th bus made on (0: never)
    def __init__(self, id, scl=None, sda=None, freq=400000):
        made[0] += 1
        on = %(answers)d and made[0] >= %(answers)d
        Base.__init__(self, id, scl, sda, freq, devices=(0x3C,) if on else ())
machine.I2C = I2C
import menagerie.hw.mpy_board as mb
mb.SAVE_DIR = %(saves)r
import menagerie.hw.display_wait as D
naps = []
def nap(ms):
    naps.append(ms)
    if len(naps) >= %(max_naps)d:
        print("NAPS", naps)
        print("MADE", made[0])
        raise SystemExit(0)
D.nap = nap
pwms = []
RealPWM = machine.PWM
class PWM(RealPWM):
    def __init__(self, pin, freq=None, duty_u16=None):
        RealPWM.__init__(self, pin, freq, duty_u16)
        pwms.append(self)
machine.PWM = PWM
import menagerie.app as A
def run(self):
    print("NAPS", naps)
    print("MADE", made[0])
    print("TOP", self.top().name)
    raise SystemExit(0)
A.App.run = run
try:
    import main
finally:
    print("TONES", [f for p in pwms for (what, f) in [e for e in p.log if e[0] == "freq"]])
    print("DUTY", [e[0] if e[0] == "deinit" else e[1] for p in pwms for e in p.log if e[0] != "freq"])
"""


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    root = str(tmp_path_factory.mktemp("mpytree") / "out")
    assert B.build("raspberry_pi_pico", root, mpy=True).ok
    return root


def _main(tree, tmp_path, answers=1, no_pull=(), max_naps=100):
    saves = tmp_path / "saves"
    saves.mkdir(exist_ok=True)
    code = MAIN % {"root": tree, "no_pull": list(no_pull), "answers": answers,
                   "saves": str(saves), "max_naps": max_naps}
    out = run_micropython(code, extra_path=[FAKES])
    got = {}
    for line in out.splitlines():
        head, _, rest = line.partition(" ")
        if head in ("NAPS", "MADE", "TOP", "TONES", "DUTY"):
            got[head] = rest
    return out, got


def test_present_display_boots_at_once(tree, tmp_path):
    out, got = _main(tree, tmp_path)
    assert got["NAPS"] == "[]" and got["MADE"] == "1" and got["TOP"] == "main_menu", out
    assert "menagerie display" not in out


def test_a_slow_panel_boots_after_quick_tries(tree, tmp_path):
    out, got = _main(tree, tmp_path, answers=4)
    assert got["NAPS"] == "[250, 250, 250]" and got["MADE"] == "4" and got["TOP"] == "main_menu"
    assert "menagerie display" not in out


def test_no_display_is_said_and_beeped_then_found_when_plugged_in(tree, tmp_path):
    # 12 quick tries, then slow ones: the 14th bus finds the display.
    out, got = _main(tree, tmp_path, answers=14)
    assert got["TOP"] == "main_menu" and got["MADE"] == "14", out
    lines = [l for l in out.splitlines() if l.startswith("menagerie display:")]
    assert lines[0] == ("menagerie display: no answer at 0x3C on SDA 4, SCL 5 (No I2C device "
                        "at address: 0x3c): check its address and that it has power; trying "
                        "again every 3 s")
    assert len(lines) == 3 and lines[-1] == "menagerie display: answered, starting"
    assert got["NAPS"] == str([250] * 11 + [120, 150, 120, 150, 120, 3000, 3000])
    # The piezo: three short high notes with rests between, silenced, its
    # PWM given back; then the game's own piezo.
    tones = eval(got["TONES"])
    assert tones[:1] == [440] and tones[1:4] == [2600, 2600, 2600], out
    duty = eval(got["DUTY"])
    assert duty[:8] == [0, 32768, 0, 32768, 0, 32768, 0, "deinit"], duty


def test_no_pull_ups_are_named_as_such(tree, tmp_path):
    out, got = _main(tree, tmp_path, answers=0, no_pull=(5,), max_naps=11 + 3 + 1)
    lines = [l for l in out.splitlines() if l.startswith("menagerie display:")]
    assert lines == ["menagerie display: no pull-ups at 0x3C on SDA 4, SCL 5 (No pull up found "
                     "on SDA or SCL; check your wiring): check the SDA and SCL wires and the "
                     "display's power; trying again every 3 s"], out
    assert got["MADE"] == "12" and "TOP" not in got     # each of the 12 tries made the bus
    assert eval(got["TONES"])[1:3] == [330, 330]


def test_a_display_answering_on_the_weak_internal_pull_ups_still_boots(tree, tmp_path):
    # No pull-up resistor, but machine.I2C's own pull-ups carry the bus: the
    # check does not refuse a board that works (CircuitPython would).
    out, got = _main(tree, tmp_path, answers=1, no_pull=(4, 5))
    assert got["TOP"] == "main_menu" and got["NAPS"] == "[]", out


def test_the_bus_is_free_after_a_failure(tree, tmp_path):
    # A failed MpyHardware leaves nothing held: the next one on the same
    # pins works (machine.I2C takes its pins over; the PWM was given back).
    code = r"""
import sys
sys.path[:0] = [%r, %r + "/lib"]
import machine
import board
from boards import raspberry_pi_pico as prof
import menagerie.hw.mpy_board as mb
mb.SAVE_DIR = %r
Base = machine.I2C
answer = [False]
class I2C(Base):
    def __init__(self, id, scl=None, sda=None, freq=400000):
        Base.__init__(self, id, scl, sda, freq, devices=(0x3C,) if answer[0] else ())
machine.I2C = I2C
try:
    mb.MpyHardware(prof, {})
except ValueError as e:
    print("FIRST", e)
answer[0] = True
hw = mb.MpyHardware(prof, {})
print("SECOND", type(hw.display).__name__)
""" % (tree, tree, str(tmp_path))
    out = run_micropython(code, extra_path=[FAKES])
    assert "FIRST No I2C device at address: 0x3c" in out and "SECOND SSD1306_I2C" in out


# -- doctor --mpremote hears it as the board restarts ----------------------

def test_doctor_over_mpremote_reports_a_display_that_never_answers(tree, tmp_path, monkeypatch, capsys):
    from host_tools import cli
    from mpy_wire import WireBoard
    monkeypatch.setenv("MENAGERIE_FAKE_I2C", "")    # the fake machine: nothing answers on I2C
    fs = tmp_path / "board_fs"
    fs.mkdir()
    board = WireBoard(fs)
    try:
        assert cli.main(["deploy", "--board", "raspberry_pi_pico", "--mpremote", board.url,
                         "--from", tree, "--force", "--no-watch"]) == 0
        capsys.readouterr()
        assert cli.main(["doctor", "--board", "raspberry_pi_pico", "--mpremote", board.url]) == 1
    finally:
        board.stop()
    out = capsys.readouterr().out
    problems = [l for l in out.splitlines() if "PROBLEM" in l]
    display = [p for p in problems if "display does not answer" in p]
    assert display == ["  PROBLEM: the display does not answer, so the board stays dark: no answer "
                       "at 0x3C on SDA 4, SCL 5 (No I2C device at address: 0x3c): check its "
                       "address and that it has power (its piezo plays 3 short high beeps; "
                       "docs/boards/ says what to check). It keeps trying: fix the wire and the "
                       "game starts"], out
