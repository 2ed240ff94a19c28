# The helpers other tests rely on: they run the real interpreters, report
# crashes with the traceback, and peak_heap measures live memory, not the
# total ever allocated.
import pytest

from mpy_runner import (RunError, baseline_heap, peak_heap, retained_heap, run_cpython,
                        run_micropython)


def test_runs_code_under_the_real_micropython_with_firmware_on_the_path():
    out = run_micropython("import sys\nimport menagerie.core.rng\nprint(sys.implementation.name)\n")
    assert out == "micropython\n"
    assert run_cpython("import sys\nimport menagerie.core.rng\nprint(sys.implementation.name)\n") \
        == "cpython\n"


def test_a_crash_carries_the_traceback():
    with pytest.raises(RunError) as e:
        run_micropython("x = 1\n'abc'.ljust(5)\n")   # not in MicroPython
    assert "AttributeError" in str(e.value) and "line 2" in str(e.value)
    with pytest.raises(RunError) as e:
        run_cpython("raise ValueError('boom')\n")
    assert "ValueError: boom" in str(e.value)


def test_timeout_is_reported():
    with pytest.raises(RunError) as e:
        run_micropython("while True:\n    pass\n", timeout=1)
    assert "timed out" in str(e.value)


def test_peak_heap_measures_live_memory():
    base = baseline_heap()
    assert 1024 <= base < 8192
    # The baseline is mostly the compiler's transient memory, which is freed
    # before the program runs, so it bounds the overhead rather than adding to it.
    one = peak_heap("b = bytearray(40000)\n")
    assert 40000 <= one <= 40000 + base + 2048
    # 50 buffers allocated one after the other, each dropped before the next:
    # the peak is about two buffers, not fifty.
    churn = peak_heap("for i in range(50):\n    b = None\n    b = bytearray(10000)\n")
    assert 10000 <= churn <= 2 * 10000 + base + 2048
    assert retained_heap("b = bytearray(40000)\n") >= 40000
