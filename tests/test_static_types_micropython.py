# mypy over the code that talks to MicroPython (firmware/menagerie/hw/mpy_*.py,
# firmware/code.py, which a --mpy build ships as main.py, and each profile
# with a MicroPython pin table over the board.py shim the build writes)
# against MicroPython's own stubs for the board: PyPI
# micropython-rp2-rpi-pico-stubs (1.29 line, pinned in pyproject.toml) and
# the micropython-stdlib-stubs it depends on, used as mypy's typeshed, so
# `time.ticks_us`, `machine.Pin.irq(hard=...)`, `sys.print_exception` are
# checked as the rp2 port has them, not as CPython has them. The Pico's
# stubs stand for the rp2 port on every board with a MicroPython pin table
# (the modules used here are the port's, not the board's).
#
# The stub files are copied out of site-packages into .mypy_cache (putting
# site-packages itself on MYPYPATH drags CPython packages in); nothing
# installed is changed. Errors inside the stubs themselves are upstream's and
# not ours: only errors in our files count.
#
# Where the stubs and the real interpreter disagree, the place says so in a
# comment and a test below runs the real unix MicroPython instead.
import importlib.metadata as md
import os
import shutil
import subprocess
import sys

import pytest

from host_tools.mpy_board_shim import PINS, shim_text
from mpy_runner import ROOT, run_micropython

CONFIG = os.path.join(ROOT, "tests", "mypy-micropython.ini")
OVERLAY = os.path.join(ROOT, ".mypy_cache", "micropython-overlay")
STUBS = ("micropython-rp2-rpi-pico-stubs", "micropython-stdlib-stubs")


def _copy_dist(dist, dest, keep):
    d = md.distribution(dist)
    for f in d.files or ():
        rel = str(f)
        if rel.endswith(".pyi") or rel.endswith("VERSIONS"):
            if keep(rel):
                out = os.path.join(dest, rel)
                os.makedirs(os.path.dirname(out), exist_ok=True)
                shutil.copyfile(d.locate_file(f), out)
    return d.version


def overlay():
    # -> (stub dir for MYPYPATH, typeshed dir); rebuilt when versions change.
    versions = [md.version(s) for s in STUBS]
    stamp = os.path.join(OVERLAY, "versions.txt")
    stubs, shed = os.path.join(OVERLAY, "stubs"), os.path.join(OVERLAY, "typeshed")
    if not os.path.exists(stamp) or open(stamp).read() != repr(versions):
        tmp = OVERLAY + ".%d.tmp" % os.getpid()
        shutil.rmtree(tmp, ignore_errors=True)
        _copy_dist(STUBS[0], os.path.join(tmp, "stubs"), lambda r: "dist-info" not in r)
        _copy_dist(STUBS[1], os.path.join(tmp, "stubs"), lambda r: r.startswith("_mpy_shed/"))
        _copy_dist(STUBS[1], os.path.join(tmp, "typeshed"),
                   lambda r: r.startswith("stdlib/") or r.startswith("stubs/"))
        with open(os.path.join(tmp, "versions.txt"), "w") as f:
            f.write(repr(versions))
        shutil.rmtree(OVERLAY, ignore_errors=True)
        os.replace(tmp, OVERLAY)   # a parallel run sees the old overlay or the new one
    return stubs, shed


def board_dir(board_id):
    # board.pyi = the board.py `menagerie build --mpy` writes for board_id.
    d = os.path.join(ROOT, ".mypy_cache", "micropython-board", board_id)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "board.pyi"), "w") as f:
        f.write(shim_text(board_id))
    return d


def run_mypy(board_id, files):
    stubs, shed = overlay()
    env = dict(os.environ)
    env["MYPYPATH"] = os.pathsep.join([board_dir(board_id), stubs, os.path.join(ROOT, "firmware"), ROOT])
    p = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", CONFIG, "--custom-typeshed-dir", shed,
         "--cache-dir", os.path.join(ROOT, ".mypy_cache", "micropython", board_id)] + list(files),
        env=env, capture_output=True, text=True, cwd=ROOT, timeout=300)
    lines = [l for l in (p.stdout + p.stderr).splitlines() if l.strip()]
    errors = [l for l in lines if ": error:" in l]
    if p.returncode != 0 and not errors:
        pytest.fail("mypy failed to run:\n" + "\n".join(lines))
    ours = ("firmware" + os.sep, "boards" + os.sep)
    return [e for e in errors if e.startswith(ours)]


def micropython_files():
    hw = os.path.join("firmware", "menagerie", "hw")
    return sorted(os.path.join(hw, f) for f in os.listdir(os.path.join(ROOT, hw))
                  if f.startswith("mpy_") and f.endswith(".py")) + [os.path.join("firmware", "code.py"),
                                                               os.path.join("firmware", "menagerie", "start.py")]


def test_the_pinned_stubs_are_the_1_29_line():
    assert md.version(STUBS[0]).startswith("1.29.")
    assert md.version(STUBS[1]).startswith("1.29.")


@pytest.mark.parametrize("board_id", sorted(PINS))
def test_mpy_glue_and_entry_type_check_against_micropython_stubs(board_id):
    files = micropython_files() + [os.path.join("boards", board_id + ".py")]
    errors = run_mypy(board_id, files)
    assert not errors, "mypy (MicroPython, %s):\n%s" % (board_id, "\n".join(errors))


BAD = """\
import machine
import time


def bad():
    p = machine.Pin(4, machine.Pin.IN, machine.Pin.PULL_UP)
    p.irq(handler=None, trigger=machine.Pin.IRQ_FALLING, hardd=True)
    return time.ticks_usec()
"""


def test_a_misspelt_machine_keyword_or_time_function_fails(tmp_path):
    path = tmp_path / "firmware" / "bad_glue.py"
    path.parent.mkdir()
    path.write_text(BAD)
    stubs, shed = overlay()
    env = dict(os.environ)
    env["MYPYPATH"] = stubs
    p = subprocess.run([sys.executable, "-m", "mypy", "--config-file", CONFIG, "--custom-typeshed-dir", shed,
                        "--cache-dir", os.path.join(ROOT, ".mypy_cache", "micropython", "bad"), str(path)],
                       env=env, capture_output=True, text=True, cwd=str(tmp_path), timeout=300)
    out = p.stdout + p.stderr
    assert '"hardd"' in out and '"ticks_usec"' in out, out


def test_what_the_stubs_claim_and_the_unix_port_does_not_have():
    # The stdlib stubs list `traceback` (stdlib/VERSIONS), but MicroPython's
    # rp2 and unix ports have no such module: code.py's MicroPython path is
    # the ImportError branch, sys.print_exception, which the port does have.
    out = run_micropython("""
try:
    import traceback
    print('traceback: yes')
except ImportError:
    print('traceback: no')
import sys
try:
    raise ValueError('x')
except ValueError as e:
    sys.print_exception(e)
""")
    assert "traceback: no" in out and "ValueError: x" in out
