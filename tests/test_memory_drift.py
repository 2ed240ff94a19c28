"""No drift (issue 25): a session that plays all four games and the bowl,
twice round in two orders, with a power cut in each, under the real
MicroPython, every power cut and every restart of the app a new process as
on a board (tests/mpy_app/app_harness.py --chain). The heap kept at the
bare main menu after leaving any game comes back to within 2 KB of the
first menu's (on a board; the 64-bit harness reads 1.5x: 3 KB here)."""
import os

import pytest

from mpy_runner import run_chain

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mpy_app")
BOUND = 2 * 1024 * 3 // 2


def _chain(order):
    code = ("import sys\nsys.path.append(%r)\nimport app_harness\napp_harness.QUIET = True\n"
            "app_harness.main(['--every=%s', '--chain={state}', '--mem'])\n" % (HERE, order))
    rc, out = run_chain(code, timeout=120)
    assert rc == 0, out[-3000:]
    menus = [int(ln.split()[1]) for ln in out.splitlines() if ln.startswith("@menu ")]
    lefts = [int(ln.split()[1]) for ln in out.splitlines() if ln.startswith("@left ")]
    return menus, lefts, out


@pytest.mark.parametrize("order", ["a", "b"])
def test_leaving_any_game_gives_the_heap_back(order):
    menus, lefts, out = _chain(order)
    # Every game left (8 restarts at least: each game twice, the last filed)
    # and back at the main menu after each restart onto it.
    assert len(lefts) >= 8 and len(menus) >= 3, out[-2000:]
    assert "restarts" in out.splitlines()[-1]
    first = menus[0]
    assert max(menus[1:]) - first <= BOUND, (first, menus)
    # What the restart gives back: the menu before it held far more.
    assert max(lefts) - first > 8 * BOUND, (first, lefts)
