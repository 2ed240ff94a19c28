# A display that does not answer at power-up (issue 25): the real code.py and
# hw/board_hw.py on CPython over CircuitPython's busio rules
# (tests/cp_fakes.py). A slow panel boots normally after a few tries; a
# missing one or missing pull-ups is said on the console line and the piezo
# (docs/boards/), tried again every few seconds, and boots when the wire is
# pushed back in; every failure leaves the bus and pins free, so a second
# construction (a retry, a reload) succeeds.
import os
import runpy
import sys
import types

import pytest

from cp_fakes import Wiring, modules

HERE = os.path.dirname(os.path.abspath(__file__))
FIRMWARE = os.path.join(os.path.dirname(HERE), "firmware")


class Stop(BaseException):
    pass


class Board:
    # What code.py saw: the app it started, naps, reloads.
    def __init__(self):
        self.app = None
        self.naps = []
        self.reloads = 0


def _boot(monkeypatch, wiring, max_naps=60, run=None):
    # code.py on a Pico with `wiring`; -> (Board, console text) once the app
    # runs (App.run stops it) or after max_naps naps of the display wait.
    seen = Board()
    for name, mod in modules(wiring).items():
        monkeypatch.setitem(sys.modules, name, mod)
    board = types.ModuleType("board")
    board.board_id = "raspberry_pi_pico"
    board.__getattr__ = lambda name: name
    monkeypatch.setitem(sys.modules, "board", board)
    sup = types.ModuleType("supervisor")
    sup.ticks_ms = lambda: 0

    def reload():
        seen.reloads += 1
    sup.reload = reload
    monkeypatch.setitem(sys.modules, "supervisor", sup)
    regions = types.ModuleType("menagerie.hw.regions")
    regions.build_regions = lambda: [bytearray(b"\xff" * 4096)]   # erased nvm
    regions.policy = lambda: "Saves: on"
    monkeypatch.setitem(sys.modules, "menagerie.hw.regions", regions)
    for name in ("menagerie.hw.board_hw", "menagerie.hw.buttons", "menagerie.hw.buzzer",
                 "menagerie.hw.clock", "boards.raspberry_pi_pico"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    import menagerie.settings as S
    real = S.load_with_source
    monkeypatch.setattr(S, "load_with_source",
                        lambda wiring=None: real(getenv=lambda k, d=None: d, text="", wiring=wiring))
    from menagerie.hw import display_wait

    def nap(ms):
        seen.naps.append(ms)
        if len(seen.naps) >= max_naps:
            raise Stop("still waiting")
    monkeypatch.setattr(display_wait, "nap", nap)
    import menagerie.app as A

    def fake_run(self):
        seen.app = self
        if run:
            run(self)
        raise Stop("running")
    monkeypatch.setattr(A.App, "run", fake_run)
    monkeypatch.setattr("time.sleep", lambda s: (_ for _ in ()).throw(Stop("slept %s" % s)))
    monkeypatch.syspath_prepend(FIRMWARE)
    with pytest.raises(Stop) as stop:
        runpy.run_path(os.path.join(FIRMWARE, "code.py"), run_name="__main__")
    seen.stop = str(stop.value)
    return seen


def _bus_free(wiring):
    # A second construction on the same pins succeeds: nothing kept them.
    assert wiring.enabled == set() and wiring.claimed == set(), (wiring.enabled, wiring.claimed)
    busio = modules(wiring)["busio"]
    i2c = busio.I2C("GP5", "GP4")
    i2c.deinit()


def test_a_display_that_answers_at_once_boots_without_a_wait(monkeypatch, capsys):
    w = Wiring()
    live = []
    seen = _boot(monkeypatch, w, run=lambda app: live.append((w.keys_live, w.pwm_live, set(w.enabled))))
    assert seen.stop == "running" and seen.naps == [] and w.built == 1
    assert seen.app.top().name == "main_menu", vars(seen.app.top())
    out = capsys.readouterr().out
    assert "menagerie display" not in out and w.tones == []
    # While the app runs it holds the bus, the buttons and the piezo.
    assert live == [(2, 1, {0})]


def test_a_slow_panel_is_tried_again_and_boots_normally(monkeypatch, capsys):
    w = Wiring(answers_from=5)          # answers at the 5th try, about 1 s in
    seen = _boot(monkeypatch, w)
    assert seen.stop == "running" and seen.app.top().name == "main_menu"
    assert w.built == 5 and seen.naps == [250] * 4
    out = capsys.readouterr().out
    assert "menagerie display" not in out   # nothing to say: it came up within the power-up tries
    assert w.tones == []                    # and the piezo stayed quiet


def test_a_display_that_never_answers_is_said_on_the_console_and_the_piezo(monkeypatch, capsys):
    from menagerie.hw import display_wait as D
    w = Wiring(answers_from=None)
    # 11 quick naps, then 11 slow rounds: each a 3 s nap, the 1st and the
    # 11th with the beeps' 5 naps before it.
    seen = _boot(monkeypatch, w, max_naps=(D.BOOT_TRIES - 1) + 11 + 2 * 5)
    assert seen.stop == "still waiting" and seen.app is None
    # About 3 s of quick tries, then one every 3 s.
    assert seen.naps[:D.BOOT_TRIES - 1] == [250] * (D.BOOT_TRIES - 1)
    assert set(seen.naps[D.BOOT_TRIES - 1:]) >= {3000}
    out = capsys.readouterr().out
    lines = [l for l in out.splitlines() if l.startswith("menagerie display:")]
    assert len(lines) == 11 and lines[0] == lines[-1]
    assert lines[0] == ("menagerie display: no answer at 0x3C on SDA GP4, SCL GP5 "
                        "(No I2C device at address: 0x3c): check its address and that it has "
                        "power; trying again every 3 s")
    # Three short high beeps, on the first slow try and ten tries later.
    pattern = [2600, 0, 2600, 0, 2600, 0]
    assert w.tones == pattern * 2
    assert [ms for ms in seen.naps if ms not in (250, 3000)] == [120, 150, 120, 150, 120] * 2
    _bus_free(w)            # the piezo and the bus are free between tries
    assert w.pwm_live == 0 and w.keys_live == 0


def test_no_pull_ups_is_its_own_pattern_and_line(monkeypatch, capsys):
    from menagerie.hw import display_wait as D
    w = Wiring(pulled_up=False)
    seen = _boot(monkeypatch, w, max_naps=D.BOOT_TRIES + 3)
    out = capsys.readouterr().out
    line = [l for l in out.splitlines() if l.startswith("menagerie display:")][0]
    assert line.startswith("menagerie display: no pull-ups at 0x3C on SDA GP4, SCL GP5 "
                           "(No pull up found on SDA or SCL; check your wiring): check the SDA "
                           "and SCL wires")
    assert w.tones == [330, 0, 330, 0]      # two long low beeps
    assert [ms for ms in seen.naps if ms not in (250, 3000)] == [700, 300, 700]
    assert w.built == 0 and w.claimed == set()


def test_pushing_the_wire_back_in_starts_the_game_without_a_power_cycle(monkeypatch, capsys):
    from menagerie.hw import display_wait as D
    w = Wiring(answers_from=D.BOOT_TRIES + 3)   # the 3rd try after the quick ones
    seen = _boot(monkeypatch, w)
    assert seen.stop == "running" and seen.app.top().name == "main_menu"
    assert seen.reloads == 0
    out = capsys.readouterr().out
    assert out.count("menagerie display: no answer") == 3   # the last quick try's, 2 slow
    assert "menagerie display: answered, starting" in out
    assert "Menagerie running on raspberry_pi_pico" in out


def test_a_crash_in_the_app_frees_the_bus_for_the_reload(monkeypatch, capsys):
    # Whatever stops the app (an exception, Ctrl-C): code.py gives the bus
    # and pins back before CircuitPython reloads.
    w = Wiring()
    seen = _boot(monkeypatch, w)
    assert seen.stop == "running"
    _bus_free(w)
    assert w.pwm_live == 0 and w.keys_live == 0


def test_a_failure_after_the_display_frees_what_was_taken(monkeypatch):
    # The display answers but a button pin is taken: the bus is given back
    # before the error goes on to code.py's handler.
    w = Wiring()
    for name, mod in modules(w).items():
        monkeypatch.setitem(sys.modules, name, mod)
    sup = types.ModuleType("supervisor")
    sup.ticks_ms = lambda: 0
    monkeypatch.setitem(sys.modules, "supervisor", sup)
    for name in ("menagerie.hw.board_hw", "menagerie.hw.buttons", "menagerie.hw.buzzer",
                 "menagerie.hw.clock"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    from sim import boardstub
    prof = boardstub.load_profile("raspberry_pi_pico")
    from menagerie.hw.board_hw import BoardHardware
    w.claim((str(prof.PIEZO),))             # someone else holds the piezo pin
    with pytest.raises(ValueError, match="in use"):
        BoardHardware(prof, {})
    w.free((str(prof.PIEZO),))
    _bus_free(w)
    assert w.keys_live == 0
    hw = BoardHardware(prof, {})            # and the next try succeeds
    hw.release()
    _bus_free(w)


def test_what_is_said_is_classified_by_the_runtime_own_words():
    from menagerie.hw import display_wait as D
    assert D.kind_of(ValueError("No I2C device at address: 0x3c")) == D.NO_ANSWER
    assert D.kind_of(OSError(5)) == D.NO_ANSWER       # a write not acknowledged mid-init
    assert D.kind_of(RuntimeError("No pull up found on SDA or SCL; check your wiring")) == D.NO_PULLUPS
    assert D.kind_of(ValueError("I2C peripheral in use")) is None   # not the display: raised
    assert D.kind_of(ValueError("GP5 in use")) is None


def test_the_board_guides_say_what_each_pattern_means():
    # Every board guide (docs/boards/, `make docs`) has the table, in the
    # words a person hears: the tests above prove the firmware plays them.
    from host_tools import profiles
    root = os.path.dirname(HERE)
    for board_id in profiles.board_ids():
        with open(os.path.join(root, "docs", "boards", board_id + ".md"), encoding="utf-8") as f:
            text = f.read()
        section = text[text.index("## A dark display: what the piezo says"):]
        section = section[:section.index("\n## ", 5)]
        assert "| 3 short high beeps (2600 Hz, 0.12 s each) | the display does not answer" in section
        assert "| 2 long low beeps (330 Hz, 0.7 s each) | nothing pulls SDA or SCL up" in section
        assert "about 3 s to answer" in section and "tries again every 3 s" in section
        assert "`menagerie display: no answer at 0x3C on SDA " in section


# -- menagerie doctor hears it on the console ------------------------------

class _Port:
    # A serial port whose board printed `text` (pyserial's read(n) API).
    def __init__(self, text):
        self.data = text.replace("\n", "\r\n").encode()
        self.closed = False

    def read(self, n):
        chunk, self.data = self.data[:n], self.data[n:]
        return chunk

    def close(self):
        self.closed = True


def _doctor_hears(monkeypatch, tmp_path, text, port="/dev/ttyACM7"):
    monkeypatch.undo()      # the board's stand-ins go; the computer's side now
    import shutil
    import serial
    from host_tools import build as B, doctor, savefiles
    from host_helpers import fake_drive
    opened = []

    def open_url(url, **kw):
        opened.append(url)
        opened.append(_Port(text))
        return opened[-1]
    monkeypatch.setattr(serial, "serial_for_url", open_url)

    class P:
        device, serial_number, vid = port, "E66038B7133A4C2F", 0x239A
    monkeypatch.setattr("serial.tools.list_ports.comports", lambda: [P()])
    tree = str(tmp_path / "tree")
    assert B.build("raspberry_pi_pico", tree).ok
    drive = str(tmp_path / "CIRCUITPY")
    shutil.copytree(tree, drive)
    fake_drive(drive)
    savefiles.ensure(drive)
    r = doctor.check(drive)
    assert opened[:1] == [port] and opened[1].closed   # found by the UID, closed after
    return r


def test_doctor_reports_a_display_that_never_answers(monkeypatch, capsys, tmp_path):
    # What the real firmware printed (above) is what doctor reads.
    from menagerie.hw import display_wait as D
    w = Wiring(answers_from=None)
    _boot(monkeypatch, w, max_naps=D.BOOT_TRIES + 8)
    said = capsys.readouterr().out
    r = _doctor_hears(monkeypatch, tmp_path, said)
    assert r.problems == [
        "the display does not answer, so the board stays dark: no answer at 0x3C on SDA GP4, "
        "SCL GP5 (No I2C device at address: 0x3c): check its address and that it has power "
        "(its piezo plays 3 short high beeps; docs/boards/ says what to check). It keeps "
        "trying: fix the wire and the game starts"], r.problems


def test_doctor_reports_missing_pull_ups(monkeypatch, capsys, tmp_path):
    from menagerie.hw import display_wait as D
    _boot(monkeypatch, Wiring(pulled_up=False), max_naps=D.BOOT_TRIES + 4)
    r = _doctor_hears(monkeypatch, tmp_path, capsys.readouterr().out)
    assert len(r.problems) == 1 and "no pull-ups at 0x3C" in r.problems[0]
    assert "2 long low beeps" in r.problems[0]


def test_doctor_hears_nothing_wrong_from_a_running_board(monkeypatch, capsys, tmp_path):
    _boot(monkeypatch, Wiring(answers_from=3))      # slow, then fine
    r = _doctor_hears(monkeypatch, tmp_path, capsys.readouterr().out)
    assert r.problems == []
    assert "the board's serial console (/dev/ttyACM7) says nothing wrong" in r.notes


def test_doctor_names_a_crash_from_the_traceback(monkeypatch, tmp_path):
    text = ("Traceback (most recent call last):\n  File \"code.py\", line 103, in <module>\n"
            "  File \"menagerie/hw/board_hw.py\", line 40, in __init__\n"
            "ValueError: I2C peripheral in use\n\nCode done running.\n")
    r = _doctor_hears(monkeypatch, tmp_path, text)
    assert r.problems == ["the firmware stopped on an error: ValueError: I2C peripheral in use "
                          "(the board's serial console shows the whole traceback)"]
