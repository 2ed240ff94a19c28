# Golden scenarios: every tests/scenarios/<name>.py runs under CPython and
# under the MicroPython unix port; both outputs must equal
# tests/golden/<name>.txt line by line. UPDATE_GOLDEN=1 rewrites the golden
# file from the CPython run, and MicroPython must still match it.
import os

import pytest

from mpy_runner import ROOT, RunError, run_cpython, run_micropython

SCENARIOS = os.path.join(ROOT, "tests", "scenarios")
GOLDEN = os.path.join(ROOT, "tests", "golden")
TIMEOUT = 60


def _names():
    if not os.path.isdir(SCENARIOS):
        return []
    return sorted(f[:-3] for f in os.listdir(SCENARIOS)
                  if f.endswith(".py") and not f.startswith("_"))


def first_difference(expected, actual, label):
    # None when equal, else a message naming the first differing line.
    exp = expected.splitlines()
    act = actual.splitlines()
    for i in range(max(len(exp), len(act))):
        e = exp[i] if i < len(exp) else "<end of output>"
        a = act[i] if i < len(act) else "<end of output>"
        if e != a:
            lo = max(0, i - 2)
            context = "\n".join("    " + line for line in exp[lo:i])
            return ("%s differs from golden at line %d:\n"
                    "  context (golden):\n%s\n"
                    "  golden: %r\n"
                    "  actual: %r\n"
                    "  (golden %d lines, actual %d lines)"
                    % (label, i + 1, context or "    <start>", e, a, len(exp), len(act)))
    if expected.endswith("\n") != actual.endswith("\n"):
        return "%s differs from golden only in the final newline" % label
    return None


def _run(runner, path, label):
    try:
        return runner(path, timeout=TIMEOUT)
    except RunError as e:
        crash = str(e)
    # Outside the except block, so pytest shows the traceback once.
    pytest.fail("scenario crashed under %s:\n%s" % (label, crash), pytrace=False)


@pytest.mark.parametrize("name", _names())
def test_scenario(name):
    path = os.path.join(SCENARIOS, name + ".py")
    golden_path = os.path.join(GOLDEN, name + ".txt")
    cp_out = _run(run_cpython, path, "CPython")
    if os.environ.get("UPDATE_GOLDEN"):
        os.makedirs(GOLDEN, exist_ok=True)
        with open(golden_path, "w") as f:
            f.write(cp_out)
    if not os.path.exists(golden_path):
        pytest.fail("no golden file %s: run with UPDATE_GOLDEN=1 and review it"
                    % os.path.relpath(golden_path, ROOT), pytrace=False)
    with open(golden_path) as f:
        golden = f.read()
    if not golden.strip():
        pytest.fail("golden file %s is empty" % os.path.relpath(golden_path, ROOT), pytrace=False)
    mp_out = _run(run_micropython, path, "MicroPython")
    problems = [m for m in (first_difference(golden, cp_out, "CPython"),
                            first_difference(golden, mp_out, "MicroPython")) if m]
    if problems:
        pytest.fail("\n\n".join(problems), pytrace=False)


def test_first_difference_names_the_line():
    assert first_difference("a\nb\n", "a\nb\n", "X") is None
    msg = first_difference("a\nb\nc\n", "a\nB\nc\n", "X")
    assert "line 2" in msg and "'b'" in msg and "'B'" in msg
    assert "line 3" in first_difference("a\nb\nc\n", "a\nb\n", "X")
    assert "final newline" in first_difference("a\n", "a", "X")
