# CircuitPython .mpy builds (host_tools/cpy_mpy.py). CI has no CircuitPython
# mpy-cross and cannot fetch one, so most tests put a stand-in compiler where
# circuitpython-build-tools keeps its cached binary; conftest.py makes that
# cache an empty folder and the machine "offline" for every test.
import os
import pathlib
import stat
import sys

import pytest
from circuitpython_build_tools import build as cbt

from host_tools import build as B, cli, cpy_mpy, deploy, doctor, tree
from host_helpers import fake_drive, files_in
import conftest

BOARD = "raspberry_pi_pico"

# Writes `-o OUT` with HEADER followed by the source's length (so an empty and
# a real module differ), and logs each call next to itself.
STAND_IN = """#!%(python)s
import sys
args = sys.argv[1:]
out = args[args.index("-o") + 1]
src = args[-1]
with open(src, "rb") as f:
    n = len(f.read())
with open(out, "wb") as f:
    f.write(%(header)r + bytes([0, 31]) + n.to_bytes(4, "little"))
with open(%(log)r, "a") as f:
    f.write(args[args.index("-s") + 1] + "\\n")
"""


@pytest.fixture
def cache(tmp_path, monkeypatch):
    # The tool's cache location, empty, for this test.
    d = tmp_path / "cbt-cache"
    d.mkdir()
    monkeypatch.setattr(cbt, "mpy_cross_path", pathlib.Path(d))
    return d


def stand_in(cache, major, header=b"C\x06"):
    # Put a fake CircuitPython `major` mpy-cross where build.mpy_cross() looks.
    path = cache / ("mpy-cross-%d.x" % major)
    log = str(path) + ".log"
    path.write_text(STAND_IN % {"python": sys.executable, "header": header, "log": log})
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path), log


def calls(log):
    return open(log).read().split() if os.path.exists(log) else []


def mpys(root):
    return [f for f in files_in(root) if f.endswith(".mpy")]


# -- choosing the compiler --------------------------------------------------

def test_each_major_version_gets_its_own_cached_binary(cache):
    p9, _ = stand_in(cache, 9)
    p10, _ = stand_in(cache, 10)
    assert cpy_mpy.find(9) == (p9, None)
    assert cpy_mpy.find(10) == (p10, None)
    # The file name is the tool's own: mpy-cross-<target name> in its cache.
    assert cpy_mpy.cache_path(10) == str(cache / "mpy-cross-10.x")
    assert cpy_mpy.target(9)["name"] == "9.x" and cpy_mpy.target(10)["name"] == "10.x"


def test_a_cached_binary_is_used_without_any_network(cache, monkeypatch):
    path, _ = stand_in(cache, 10)

    def no_network(*a, **k):
        raise AssertionError("tried the network with a cached binary")
    monkeypatch.setattr(cbt.requests, "get", no_network)
    monkeypatch.setattr(cpy_mpy, "_reachable", no_network)
    monkeypatch.delenv("MENAGERIE_OFFLINE")
    assert cpy_mpy.find(10) == (path, None)


def test_online_the_tool_fetches_once_into_its_cache(cache, monkeypatch, tmp_path):
    # The tool's own mpy_cross(): its download is mocked, its caching is real.
    monkeypatch.delenv("MENAGERIE_OFFLINE")
    monkeypatch.setattr(cpy_mpy, "_reachable", lambda url: True)
    src, _ = stand_in(tmp_path, 10)   # the "official binary" the server sends
    fetched = []

    class Response:
        status_code = 200
        content = open(src, "rb").read()

    def get(url, *a, **k):
        fetched.append(url)
        return Response()
    monkeypatch.setattr(cbt.requests, "get", get)
    said = []
    path, note = cpy_mpy.find(10, say=said.append)
    assert note is None and path == str(cache / "mpy-cross-10.x")
    assert len(fetched) == 1 and cpy_mpy.target(10)["tag"] in fetched[0]
    assert said and "once" in said[0]
    assert cpy_mpy.find(10, say=said.append) == (path, None)
    assert len(fetched) == 1   # cached now


def test_offline_without_a_cached_binary_ships_py_and_says_so_once(cache, tmp_path, capsys):
    root = str(tmp_path / "t")
    r = B.build(BOARD, root)
    assert r.ok and not r.compiled and mpys(root) == []
    assert len(r.notes) == 1 and "offline" in r.notes[0] and "shipping .py" in r.notes[0]
    assert "\n" not in r.notes[0]
    assert tree.read_manifest(root)["mpy"] is None
    assert cli.main(["build", "--board", BOARD, str(tmp_path / "u")]) == 0
    out = capsys.readouterr().out
    assert len([ln for ln in out.splitlines() if ln.startswith("note:")]) == 1
    assert "(.py source)" in out


def test_a_failed_fetch_is_one_line_and_ships_py(cache, monkeypatch, tmp_path, capfd):
    monkeypatch.delenv("MENAGERIE_OFFLINE")
    monkeypatch.setattr(cpy_mpy, "_reachable", lambda url: True)

    def broken(version, quiet=False):
        print("Cloning into build-circuitpython...")
        sys.stderr.write("fatal: unable to access the repository\n")
        raise SystemExit(128)
    monkeypatch.setattr(cbt, "mpy_cross", broken)
    r = B.build(BOARD, str(tmp_path / "t"), say=lambda s: None)
    assert r.ok and not r.compiled
    assert r.notes == ["could not get CircuitPython 10's mpy-cross "
                       "(fatal: unable to access the repository): shipping .py"]
    out, err = capfd.readouterr()
    assert "Cloning" not in out and "fatal" not in err   # the tool's chatter is kept in


# -- compiling ----------------------------------------------------------------

@pytest.mark.parametrize("major", [9, 10])
def test_build_compiles_everything_but_the_entry_points(cache, tmp_path, major):
    exe, log = stand_in(cache, major)
    other, other_log = stand_in(cache, 19 - major)   # the other version's binary
    root = str(tmp_path / "t")
    r = B.build(BOARD, root, circuitpython=major)
    assert r.ok, r.errors
    assert r.compiled and r.circuitpython == major and r.notes == []
    files = files_in(root)
    assert sorted(f for f in files if f.endswith(".py")) == ["boot.py", "code.py"]
    for need in ("menagerie/app.mpy", "menagerie/ui/menus.mpy", "boards/%s.mpy" % BOARD,
                 "boards/__init__.mpy", "lib/adafruit_ssd1306.mpy", "lib/adafruit_framebuf.mpy",
                 "lib/adafruit_bus_device/i2c_device.mpy"):
        assert need in files
    for f in mpys(root):
        assert cpy_mpy.header_of(os.path.join(root, f)) == b"C\x06", f
    # The embedded source name is the path on the board; only `major`'s compiler ran.
    assert sorted(calls(log)) == sorted(f[:-4] + ".py" for f in mpys(root))
    assert calls(other_log) == []
    man = tree.read_manifest(root)
    assert man["circuitpython"] == major and man["mpy"] == "circuitpython"
    # The compiled tree still passes the import check and the doctor.
    assert B.check_imports(root, BOARD) == []
    assert doctor.check(root).problems == []


def test_py_option_ships_source(cache, tmp_path, capsys):
    stand_in(cache, 10)
    assert cli.main(["build", "--board", BOARD, "--py", str(tmp_path / "t")]) == 0
    assert mpys(str(tmp_path / "t")) == []
    assert tree.read_manifest(str(tmp_path / "t")).get("mpy") is None


def test_cli_names_the_target(cache, tmp_path, capsys):
    stand_in(cache, 9)
    assert cli.main(["build", "--board", BOARD, "--circuitpython", "9", str(tmp_path / "t")]) == 0
    assert "(CircuitPython 9 .mpy)" in capsys.readouterr().out


def test_a_compiler_that_writes_micropython_files_is_refused(cache, tmp_path):
    stand_in(cache, 10, header=b"M\x06")
    root = str(tmp_path / "t")
    r = B.build(BOARD, root)
    assert not r.ok
    assert len(r.errors) == 1 and "came out as MicroPython (.mpy format 6)" in r.errors[0]
    # Nothing half-compiled is left: the source tree is intact.
    assert mpys(root) == [] and "menagerie/app.py" in files_in(root)


def test_a_refused_module_is_a_build_error(cache, tmp_path):
    exe, _ = stand_in(cache, 10)
    (tmp_path / "bad.py").write_text("x = 1\n")
    bad = tmp_path / "refuse"
    bad.write_text("#!/bin/sh\necho 'SyntaxError: invalid syntax' >&2\nexit 1\n")
    bad.chmod(0o755)
    errors = cpy_mpy.compile_tree(str(tmp_path), str(bad), 10)
    assert errors == ["mpy-cross refused bad.py: SyntaxError: invalid syntax"]
    assert (tmp_path / "bad.py").exists()


def test_a_real_cached_compiler_writes_circuitpython_files(tmp_path, monkeypatch):
    real = conftest.REAL_MPY_CROSS_CACHE
    have = [m for m in (10, 9) if real and os.access(os.path.join(real, "mpy-cross-%d.x" % m), os.X_OK)]
    if not have:
        pytest.skip("no real CircuitPython mpy-cross cached in %s (a `menagerie build` online "
                    "fetches it once); the stand-in tests above cover the logic" % real)
    monkeypatch.setattr(cbt, "mpy_cross_path", pathlib.Path(real))
    root = str(tmp_path / "t")
    r = B.build(BOARD, root, circuitpython=have[0])
    assert r.ok and r.compiled, (r.errors, r.notes)
    found = mpys(root)
    assert "menagerie/app.mpy" in found
    for f in found:
        assert cpy_mpy.header_of(os.path.join(root, f)) == cpy_mpy.CIRCUITPYTHON_HEADER[have[0]], f


# -- deploy and doctor -------------------------------------------------------

def test_deploy_compiles_for_the_drives_circuitpython(cache, tmp_path):
    stand_in(cache, 9)
    drive = fake_drive(tmp_path / "CIRCUITPY", version="9.2.1")
    assert cli.main(["deploy", "--board", BOARD, "--to", drive]) == 0
    assert tree.read_manifest(drive)["circuitpython"] == 9
    assert "menagerie/app.mpy" in files_in(drive)
    # A 10.x drive with only the 9.x compiler cached: offline, so .py.
    drive10 = fake_drive(tmp_path / "D10", version="10.2.1")
    assert cli.main(["deploy", "--board", BOARD, "--to", drive10]) == 0
    assert "menagerie/app.py" in files_in(drive10) and mpys(drive10) == []


def test_switching_a_drive_from_py_to_mpy_leaves_no_source_to_shadow_it(cache, tmp_path):
    drive = fake_drive(tmp_path / "CIRCUITPY", version="10.2.1")
    assert cli.main(["deploy", "--board", BOARD, "--to", drive]) == 0   # offline: .py
    # A module copied by hand, outside any manifest, would shadow its .mpy too.
    os.remove(os.path.join(drive, tree.MANIFEST))
    stand_in(cache, 10)
    assert cli.main(["deploy", "--board", BOARD, "--to", drive]) == 0
    files = files_in(drive)
    assert [f for f in files if f.endswith(".py")] == ["boot.py", "code.py"]
    assert "menagerie/app.mpy" in files
    assert doctor.check(drive).problems == []


def test_doctor_names_mpy_the_board_cannot_load(cache, tmp_path):
    stand_in(cache, 10)
    root = str(tmp_path / "t")
    assert B.build(BOARD, root).ok
    drive = fake_drive(root, version="10.2.1")
    from host_tools import savefiles
    savefiles.ensure(drive)  # as deploy does
    with open(os.path.join(drive, "lib", "old.mpy"), "wb") as f:
        f.write(b"C\x05\x00\x1f")
    with open(os.path.join(drive, "lib", "mp.mpy"), "wb") as f:
        f.write(b"M\x06\x00\x1f")
    with open(os.path.join(drive, "menagerie", "games.py"), "w") as f:
        f.write("GAMES = ()\n")
    assert sorted(doctor.check(drive).problems) == sorted([
        "lib/old.mpy was compiled for CircuitPython 7/8 (.mpy format 5); "
        "CircuitPython 10 cannot load it: run `menagerie deploy`",
        "lib/mp.mpy was compiled for MicroPython; CircuitPython cannot load it",
        "menagerie/games.py hides menagerie/games.mpy (CircuitPython imports the .py first): "
        "delete the .py",
    ])


def test_doctor_on_a_micropython_tree_refuses_circuitpython_files(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "cp.mpy").write_bytes(b"C\x06\x00\x1f")
    (tmp_path / "lib" / "mp.mpy").write_bytes(b"M\x06\x00\x1f")
    probs = cpy_mpy.header_problems(str(tmp_path), micropython=True)
    assert probs == ["lib/cp.mpy was compiled for CircuitPython 9/10 (.mpy format 6); "
                     "MicroPython cannot load it"]


def test_plan_deletes_only_sources_a_new_mpy_would_hide(tmp_path):
    src = tmp_path / "src"
    (src / "m").mkdir(parents=True)
    (src / "m" / "a.mpy").write_bytes(b"C\x06")
    (src / "m" / "b.py").write_text("x = 1\n")
    drive = tmp_path / "drive"
    (drive / "m").mkdir(parents=True)
    (drive / "m" / "a.py").write_text("old\n")
    (drive / "m" / "b.py").write_text("old\n")
    (drive / "m" / "mine.py").write_text("mine\n")
    tree.write_manifest(str(src), BOARD, "circuitpython", [])
    p = deploy.plan(str(src), str(drive), set())
    assert p.delete == ["m/a.py"]


def test_deploy_refuses_a_version_the_drive_does_not_run(cache, tmp_path, capsys):
    stand_in(cache, 9)
    drive = fake_drive(tmp_path / "CIRCUITPY", version="10.2.1")
    assert cli.main(["deploy", "--board", BOARD, "--to", drive, "--circuitpython", "9"]) == 1
    assert "runs CircuitPython 10.2.1 but you chose --circuitpython 9" in capsys.readouterr().err
    assert files_in(drive) == ["boot_out.txt"]
