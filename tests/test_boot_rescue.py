# code.py with a library missing from /lib (issue 9: a cut or a bad copy
# emptied /lib): it must not reboot every few seconds into the same
# exception; it says what is missing (rescue.py, built-ins only) and waits.
import os
import runpy
import sys
import types

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
FIRMWARE = os.path.join(os.path.dirname(HERE), "firmware")


class Waited(BaseException):
    pass


def test_missing_display_library_shows_a_message_and_waits(monkeypatch, capsys):
    board = types.ModuleType("board")
    board.board_id = "raspberry_pi_pico"
    for pin in ("GP4", "GP5", "GP6", "GP7", "GP8", "GP9", "GP10", "GP11", "GP12",
                "GP13", "GP14", "GP15", "GP16", "GP17", "GP18", "GP19", "GP20", "GP21", "GP22"):
        setattr(board, pin, pin)
    monkeypatch.setitem(sys.modules, "board", board)
    # /lib is empty: adafruit_ssd1306 cannot be imported.
    monkeypatch.setitem(sys.modules, "adafruit_ssd1306", None)
    reloads = []
    sup = types.ModuleType("supervisor")
    sup.reload = lambda: reloads.append(1)
    monkeypatch.setitem(sys.modules, "supervisor", sup)
    import time

    def sleep(s):
        raise Waited(s)

    monkeypatch.setattr(time, "sleep", sleep)
    for name in list(sys.modules):
        if name == "menagerie.hw.board_hw" or name == "rescue":
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.syspath_prepend(os.path.join(os.path.dirname(HERE), "boards", ".."))
    monkeypatch.syspath_prepend(FIRMWARE)
    with pytest.raises(Waited) as w:
        runpy.run_path(os.path.join(FIRMWARE, "code.py"), run_name="__main__")
    assert w.value.args[0] == 60 and not reloads
    out = capsys.readouterr().out
    assert "adafruit_ssd1306" in out and "cannot start" in out
