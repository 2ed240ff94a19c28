import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
# firmware/ holds code.py and boot.py, which would shadow the stdlib `code`
# module (pdb imports it) if firmware/ came first on sys.path. pytest's
# `pythonpath` setting puts it first, so move it behind the stdlib.
while FIRMWARE in sys.path:
    sys.path.remove(FIRMWARE)
sys.path.append(FIRMWARE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

# No test downloads anything: CircuitPython's mpy-cross is never fetched
# (host_tools/cpy_mpy.py treats the machine as offline), and the tool's cache
# is an empty folder, so a build ships .py unless a test puts a stand-in
# compiler there (tests/test_host_cpy_mpy.py). REAL_MPY_CROSS_CACHE keeps the
# user's real cache for the test that uses a real cached binary when present.
import atexit  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402

os.environ["MENAGERIE_OFFLINE"] = "1"
try:
    from circuitpython_build_tools import build as _cbt

    REAL_MPY_CROSS_CACHE = str(_cbt.mpy_cross_path)
    _empty = tempfile.mkdtemp(prefix="menagerie-cbt-cache-")
    atexit.register(shutil.rmtree, _empty, True)
    _cbt.mpy_cross_path = type(_cbt.mpy_cross_path)(_empty)
except ImportError:
    REAL_MPY_CROSS_CACHE = None

# Screenshots a script asks for (`png NAME`) land in a folder of this run's
# own, unless a developer names one to keep them (MENAGERIE_PNG_DIR).
if not os.environ.get("MENAGERIE_PNG_DIR"):
    _png_dir = tempfile.mkdtemp(prefix="menagerie-png-")
    atexit.register(shutil.rmtree, _png_dir, True)
    os.environ["MENAGERIE_PNG_DIR"] = _png_dir

# `menagerie deploy` copies a board's saves to the computer before it writes
# (host_tools/backups.py): in the tests, into a folder of this run's own,
# never the checkout (its default is menagerie-backups/ where it runs).
_backups = tempfile.mkdtemp(prefix="menagerie-backups-")
atexit.register(shutil.rmtree, _backups, True)
os.environ["MENAGERIE_BACKUPS"] = _backups


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _own_backups(tmp_path_factory, monkeypatch):
    # Each test its own copies folder: the fake drives share one chip UID,
    # and a copy one test's deploy took must not be put back by another's.
    monkeypatch.setenv("MENAGERIE_BACKUPS", str(tmp_path_factory.mktemp("backups")))
