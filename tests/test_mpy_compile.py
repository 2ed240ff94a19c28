# Every file that goes onto a board compiles with mpy-cross (MicroPython's
# compiler: catches syntax the board's parser refuses, e.g. some f-string and
# walrus forms, before anyone copies the bundle). Sizes are in bench/b_heap.py.
import os

import pytest

from mpy_runner import firmware_sources, mpy_cross

SOURCES = firmware_sources()


def test_there_is_firmware_to_compile():
    assert "firmware/menagerie/core/rng.py" in SOURCES
    assert "boards/raspberry_pi_pico.py" in SOURCES


@pytest.mark.parametrize("rel", SOURCES)
def test_compiles_with_mpy_cross(rel, tmp_path):
    rc, output, mpy = mpy_cross(rel, str(tmp_path))
    assert rc == 0, "mpy-cross refused %s:\n%s" % (rel, output)
    assert os.path.getsize(mpy) > 0


def test_mpy_cross_catches_what_micropython_cannot_compile(tmp_path, monkeypatch):
    # Proof the check bites: MicroPython's compiler refuses a positional-only
    # marker that CPython accepts.
    import mpy_runner
    monkeypatch.setattr(mpy_runner, "ROOT", str(tmp_path))
    (tmp_path / "bad.py").write_text("def f(a, /, b):\n    return a\n")
    rc, output, _ = mpy_cross("bad.py", str(tmp_path / "out"))
    assert rc != 0 and "SyntaxError" in output
