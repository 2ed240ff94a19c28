"""`menagerie deploy --mpremote`, `doctor --mpremote` and `pull --mpremote`
against a real MicroPython on the other end of a serial line: the unix port
behind a TCP "serial port" (tests/mpy_wire.py), its filesystem a folder,
driven by the real mpremote. The scripts the tools send are executed by
MicroPython; the deployed main.py boots the app there with the fake
`machine`.

The unix port says it is "linux ...", not a "Raspberry Pi Pico", so the
tools refuse it unless --force: one test shows the refusal, the others pass
--force. Not provable here: a hard reset's USB drop, the rp2's own littlefs,
timing over a real USB CDC link."""
import ast
import os
import shutil
import subprocess

import pytest

from host_tools import build as B, cli, mpremote_board as MB, mpremote_deploy as D, profiles, tree
from host_tools.mpremote_link import Link, open_link
from host_tools.mpy_board_shim import PINS
from host_helpers import files_in
from menagerie.store import layout
from mpy_wire import WireBoard

BOARD = "raspberry_pi_pico"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = str(tmp_path_factory.mktemp("mpytree") / "out")
    assert B.build(BOARD, root, mpy=True).ok
    return root


@pytest.fixture
def board(tmp_path):
    fs = tmp_path / "board_fs"
    fs.mkdir()
    b = WireBoard(fs)
    yield b
    b.stop()


def _deploy(board, built, *extra):
    return cli.main(["deploy", "--board", BOARD, "--mpremote", board.url, "--from", built] + list(extra))


def _snapshot(root):
    return {f: (os.stat(os.path.join(root, f)).st_mtime_ns, open(os.path.join(root, f), "rb").read())
            for f in files_in(root)}


def _shipped(built):
    return [f for f in files_in(built)]


def test_fresh_deploy_boots_and_the_second_copies_nothing(board, built, capsys):
    assert _deploy(board, built, "--force") == 0, board.console()
    out = capsys.readouterr().out
    assert "copied %d file(s)" % len(_shipped(built)) in out
    # The real main.py booted the app under MicroPython: its line, the board id.
    assert "the firmware started: Menagerie running on raspberry_pi_pico" in out
    for rel in _shipped(built):
        with open(os.path.join(built, rel), "rb") as a, open(os.path.join(board.fs, rel), "rb") as b:
            assert a.read() == b.read(), rel
    # The hardware layer came up on the fake machine: every button of the
    # profile is a pulled-up input with a hard IRQ on both edges. Read from
    # the same interpreter (no soft reset on this connection).
    link = Link(board.url, soft_reset=False)
    try:
        pins = link.run("import machine\nprint(sorted([(k, p.hard, p.trigger, p.pull) for k, p in "
                        "machine.PINS.items() if p.handler]))")
    finally:
        link.close()
    got = ast.literal_eval(pins.strip())
    prof = profiles.load(BOARD)
    want = sorted(PINS[BOARD][pin] for _, pin in prof.NAV + prof.PLAYERS)
    assert [g[0] for g in got] == want
    # tests/mpy_fakes/machine.py: IRQ_FALLING 4 | IRQ_RISING 8, PULL_UP 1.
    assert all(g[1:] == (True, 4 | 8, 1) for g in got), got
    # The app opened its save files at the root of the board's filesystem.
    on_board = set(files_in(board.fs))
    assert set(layout.MPY_FILES) <= on_board
    assert on_board == set(_shipped(built)) | set(layout.MPY_FILES)
    before = _snapshot(board.fs)
    assert _deploy(board, built, "--force") == 0
    out = capsys.readouterr().out
    assert "copied 0 file(s) (0.0 KiB), deleted 0" in out and "kept your settings.toml" in out
    assert "the firmware started" in out
    after = _snapshot(board.fs)
    firmware = set(_shipped(built))
    assert {f: after[f] for f in firmware} == {f: before[f] for f in firmware}


def test_a_changed_file_is_the_only_one_copied(board, built, capsys):
    assert _deploy(board, built, "--force", "--no-watch") == 0
    victim = "menagerie/ui/widgets.mpy"
    with open(os.path.join(board.fs, victim), "wb") as f:
        f.write(b"M\x06\x00\x1f an older version")
    before = _snapshot(board.fs)
    capsys.readouterr()
    assert _deploy(board, built, "--force", "--no-watch") == 0
    assert "copied 1 file(s)" in capsys.readouterr().out
    after = _snapshot(board.fs)
    # (The save files are the app's: it runs between deploys and may write them.)
    touched = sorted(f for f in after if after[f][0] != before.get(f, (None,))[0]
                     and f not in layout.MPY_FILES)
    # main.py is rewritten too (placeholder first, the same main.py last) but
    # with the same bytes: nothing else is written.
    assert touched == ["main.py", victim]
    assert after[victim][1] == open(os.path.join(built, victim), "rb").read()
    assert after["main.py"][1] == before["main.py"][1]


class Cut(Exception):
    pass


class CutInside:
    # A progress bar that pulls the cable after the first chunk of the first
    # file bigger than one chunk (small files go in a single script).
    def __init__(self, root):
        self.root = root
        self.seen = []

    def step(self, nbytes, label):
        self.seen.append(label)
        if os.path.getsize(os.path.join(self.root, label)) > nbytes:
            raise Cut(label)

    def end(self):
        pass


def test_main_py_goes_last_so_a_cut_copy_never_starts_the_half_tree(board, built, capsys):
    with open_link(board.url) as link:
        info = MB.probe(link)
        p = D.plan(built, info, set(D.user_data()))
        assert p.copy[-1] == "main.py" and p.copy[-2] == tree.MANIFEST
        bar = CutInside(built)
        with pytest.raises(Cut):
            D.apply(link, p, built, bar)
    on_board = files_in(board.fs)
    # The placeholder is in main.py's place; the copy stopped inside a file,
    # which exists only under its .tmp name; the files before it are whole,
    # the rest of the tree is not there.
    assert open(os.path.join(board.fs, "main.py"), "rb").read() == D.PLACEHOLDER
    cut = bar.seen[-1]
    assert cut + ".tmp" in on_board and cut not in on_board
    done = p.copy[:p.copy.index(cut)]
    assert done and all(open(os.path.join(board.fs, r), "rb").read() ==
                        open(os.path.join(built, r), "rb").read() for r in done)
    assert not set(p.copy[p.copy.index(cut) + 1:]) & set(on_board) - {"main.py"}
    with open_link(board.url) as link:
        text = link.restart(5, until=lambda t: "again" in t)
    assert "Menagerie update in progress" in text and "Traceback" not in text
    # The next deploy finishes the job and removes the leftover.
    capsys.readouterr()
    assert _deploy(board, built, "--force") == 0, board.console()
    out = capsys.readouterr().out
    assert "the firmware started" in out
    assert files_in(board.fs) == sorted(set(_shipped(built)) | set(layout.MPY_FILES))


def test_settings_and_saves_are_never_overwritten(board, built, capsys):
    assert _deploy(board, built, "--force") == 0
    mine = b'MENAGERIE_PLAYER_NAMES = "Ann,Bob"\n'
    with open(os.path.join(board.fs, "settings.toml"), "wb") as f:
        f.write(mine)
    saves = {}
    for name in layout.MPY_FILES:
        with open(os.path.join(board.fs, name), "rb") as f:
            saves[name] = f.read()
    os.remove(os.path.join(board.fs, "menagerie", "app.mpy"))   # something to copy
    capsys.readouterr()
    assert _deploy(board, built, "--force", "--no-watch") == 0
    out = capsys.readouterr().out
    assert "kept your settings.toml" in out and "copied 1 file(s)" in out
    assert open(os.path.join(board.fs, "settings.toml"), "rb").read() == mine
    for name, data in saves.items():
        assert open(os.path.join(board.fs, name), "rb").read() == data


def test_refuses_another_board_without_force(board, built, capsys):
    assert _deploy(board, built) == 1
    err = capsys.readouterr().err
    assert "REFUSED: the board says it is a 'linux" in err and "'Raspberry Pi Pico'" in err
    assert files_in(board.fs) == []


def test_refuses_a_micropython_too_old_for_the_mpy_format(board, built, capsys, monkeypatch):
    # A 1.18 board (.mpy version 5): what it reports is made up from the real
    # probe with the facts of such a board; everything else is real.
    real = MB.probe

    def old_board(link):
        info = real(link)
        info.facts.update(version="1.18.0", mpy=str(5 | (4 << 10)),
                          machine="Raspberry Pi Pico with RP2040")
        return info
    monkeypatch.setattr(MB, "probe", old_board)
    assert _deploy(board, built, "--force") == 1
    err = capsys.readouterr().err
    assert ("REFUSED: MicroPython 1.18.0 loads .mpy version 5, but the tree is .mpy version 6, "
            "which MicroPython 1.19 and newer load; update MicroPython on the board") in err
    assert "micropython.org/download/RPI_PICO/" in err
    assert files_in(board.fs) == []


def test_format_rules_from_the_mpy_docs():
    def board(version, mpy=None):
        info = MB.BoardInfo()
        info.facts.update(name="micropython", version=version)
        if mpy is not None:
            info.facts["mpy"] = str(mpy)
        return info
    bytecode = {"mpy": 6, "native": [], "files": 3}
    # 1.19 .. 1.29 all load bytecode-only version 6, whatever the sub-version.
    assert MB.format_problems(board("1.19.1", 6 | (4 << 10)), bytecode) == []
    assert MB.format_problems(board("1.29.0", 6 | (3 << 8) | (4 << 10)), bytecode) == []
    assert "older than" in MB.format_problems(board("1.17.0"), bytecode)[0]
    assert MB.format_problems(board("1.20.0"), bytecode) == []
    # Native code must match sub-version and architecture.
    native = {"mpy": 6, "native": [("x.mpy", "armv6m", 3)], "files": 1}
    assert MB.format_problems(board("1.23.0", 6 | (3 << 8) | (4 << 10)), native) == []
    assert MB.format_problems(board("1.22.0", 6 | (2 << 8) | (4 << 10)), native)


@pytest.mark.parametrize("without,algo", [("hashlib", "crc32"), ("both", "size")])
def test_the_probe_falls_back_to_crc32_then_sizes(board, without, algo):
    # Boards built without hashlib (and binascii): the same probe, run by the
    # real MicroPython, with those imports made to fail.
    with open(os.path.join(board.fs, "a.bin"), "wb") as f:
        f.write(bytes(range(256)) * 9 + b"tail")
    os.makedirs(os.path.join(board.fs, "sub", "deeper"))
    with open(os.path.join(board.fs, "sub", "deeper", "b.txt"), "wb") as f:
        f.write(b"")
    script = MB.PROBE.replace("import hashlib", "import no_hashlib_here")
    if without == "both":
        script = script.replace("from binascii import", "from no_binascii_here import")
    with open_link(board.url) as link:
        info = MB.parse(link.run(script))
    assert info.hash == algo
    assert info.dirs == {"sub", "sub/deeper"}
    for rel in ("a.bin", "sub/deeper/b.txt"):
        size, digest, head = info.files[rel]
        assert size == os.path.getsize(os.path.join(board.fs, rel))
        assert digest == MB.local_digest(os.path.join(board.fs, rel), algo)
        assert MB.same_file(info, board.fs, rel)
    assert info.files["a.bin"][2] == "00010203" and info.files["sub/deeper/b.txt"][2] == ""


def test_the_board_is_known_by_the_name_its_firmware_prints():
    info = MB.BoardInfo()
    known = ["raspberry_pi_pico", "raspberry_pi_pico_w", "adafruit_feather_rp2040"]
    for machine, want in [("Raspberry Pi Pico with RP2040", "raspberry_pi_pico"),
                          ("Raspberry Pi Pico W with RP2040", "raspberry_pi_pico_w"),
                          ("Adafruit Feather RP2040 with RP2040", "adafruit_feather_rp2040"),
                          ("Raspberry Pi Pico2 with RP2350", None),       # no such profile in `known`
                          ("linux [GCC 14.2.1] version", None)]:
        info.facts["machine"] = machine
        assert MB.board_for(info, known) == want, machine
    info.facts.update(name="micropython", machine="Raspberry Pi Pico W with RP2040")
    assert "'Raspberry Pi Pico'" in MB.identity_problems(info, "raspberry_pi_pico")[0]
    assert MB.identity_problems(info, "raspberry_pi_pico_w") == []


def test_dry_run_says_what_and_writes_nothing(board, built, capsys):
    assert _deploy(board, built, "--force", "--dry-run") == 0
    out = capsys.readouterr().out
    assert "would copy main.py" in out and "would copy menagerie/app.mpy" in out
    assert "dry run: %d to copy" % len(_shipped(built)) in out
    assert files_in(board.fs) == []


def test_a_crash_at_boot_is_reported_with_the_traceback(board, built, capsys, tmp_path):
    # A profile that raises when imported, compiled like the rest.
    broken = str(tmp_path / "broken")
    shutil.copytree(built, broken)
    src = tmp_path / "profile.py"
    src.write_text("raise RuntimeError('broken profile')\n")
    subprocess.run(B.mpy_cross_command() + ["-march=armv6m", "-o",
                   os.path.join(broken, "boards", BOARD + ".mpy"), str(src)], check=True)
    assert _deploy(board, broken, "--force") == 1
    err = capsys.readouterr().err
    assert "did not say it started" in err and "  | Traceback" in err
    assert "  | RuntimeError: broken profile" in err


def test_doctor_finds_what_is_wrong(board, built, capsys):
    assert _deploy(board, built, "--force", "--no-watch") == 0
    capsys.readouterr()
    assert cli.main(["doctor", "--board", BOARD, "--mpremote", board.url]) == 1
    out = capsys.readouterr().out
    problems = [l for l in out.splitlines() if "PROBLEM" in l]
    assert len(problems) == 1 and "'linux" in problems[0], out   # only the unix port's name
    assert "ok: MicroPython 1.29.0 on linux" in out and "ok: loads .mpy version 6" in out
    assert "ok: every firmware file matches" in out and "free of" in out
    fs = board.fs
    os.remove(os.path.join(fs, "menagerie", "store", "layout.mpy"))
    with open(os.path.join(fs, "menagerie", "ui", "widgets.mpy"), "ab") as f:
        f.write(b"changed")
    with open(os.path.join(fs, "menagerie", "app.py"), "w") as f:
        f.write("print('a hand-copied source file')\n")
    with open(os.path.join(fs, "lib", "old.mpy"), "wb") as f:
        f.write(b"M\x05\x00\x1f")                 # MicroPython 1.12-1.18's format
    with open(os.path.join(fs, "lib", "cp.mpy"), "wb") as f:
        f.write(b"C\x06\x00\x1f")                 # CircuitPython's
    with open(os.path.join(fs, "settings.toml"), "a") as f:
        f.write("MENAGERIE_VOLUMEE = 3\n")
    with open(os.path.join(fs, "main.py"), "wb") as f:
        f.write(D.PLACEHOLDER)
    with open(os.path.join(fs, "boot.py"), "w") as f:
        f.write("# another project's\n")
    assert cli.main(["doctor", "--mpremote", board.url]) == 1   # board from its manifest
    out = capsys.readouterr().out
    for want in ("main.py is the placeholder of an interrupted deploy",
                 "menagerie/store/layout.mpy is missing on the board",
                 "menagerie/ui/widgets.mpy differs from this version's build",
                 "menagerie/app.py runs instead of menagerie/app.mpy",
                 "lib/old.mpy is .mpy version 5; this MicroPython loads version 6",
                 "lib/cp.mpy is compiled for CircuitPython",
                 "settings.toml: unknown key MENAGERIE_VOLUMEE",
                 "ok: boot.py on the board is not Menagerie's"):
        assert want in out, out


def test_doctor_says_when_the_board_is_nearly_full():
    from host_tools import mpremote_doctor, doctor
    info = MB.BoardInfo()
    info.files = {"main.py": (2000, "-", "")}
    info.facts.update(free=str(12 * 1024), total=str(1408 * 1024))
    r = doctor.Report()
    mpremote_doctor._space(r, info)
    assert r.problems == ["no space: only 12.0 KiB free on the board, games may not be saved; "
                          "delete files you do not need"]
    info.facts["free"] = str(600 * 1024)
    r = doctor.Report()
    mpremote_doctor._space(r, info)
    assert r.problems == [] and "600.0 KiB free of 1408.0 KiB" in r.notes[0]


def test_pull_over_the_real_mpremote(board, built, tmp_path, monkeypatch):
    # The board boots, its app writes the save files; pull copies them with
    # the real `python -m mpremote connect URL cp` (one run per file).
    monkeypatch.delenv("MENAGERIE_MPREMOTE", raising=False)
    assert _deploy(board, built, "--force") == 0
    out = str(tmp_path / "pulled")
    assert cli.main(["pull", "--mpremote", board.url, "--out", out]) == 0
    import json
    meta = json.load(open(os.path.join(out, "pull.json")))
    assert meta["files"] == list(layout.MPY_FILES) and meta["missing"] == []
    for name in layout.MPY_FILES:
        assert open(os.path.join(out, "raw", name), "rb").read() == \
            open(os.path.join(board.fs, name), "rb").read()
    assert json.load(open(os.path.join(out, "history.json"))) == []


def test_no_board_on_the_port_is_said_plainly(tmp_path, capsys):
    import socket
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()   # nothing listens there now
    url = "socket://127.0.0.1:%d" % port
    assert cli.main(["deploy", "--board", BOARD, "--mpremote", url]) == 1
    assert "no MicroPython board: cannot open %s" % url in capsys.readouterr().err
    assert cli.main(["doctor", "--mpremote", url]) == 1
    assert "no MicroPython board: cannot open" in capsys.readouterr().err


def test_a_circuitpython_tree_is_not_deployed_over_mpremote(board, tmp_path, capsys):
    cp = str(tmp_path / "cp")
    assert B.build(BOARD, cp).ok
    assert _deploy(board, cp, "--force") == 1
    err = capsys.readouterr().err
    assert "is not a MicroPython build for raspberry_pi_pico (it is circuitpython" in err
    assert files_in(board.fs) == []


def test_the_wire_board_never_offers_the_hosts_root(tmp_path):
    # If the board folder cannot be mounted at "/", the interpreter must not
    # reach a REPL (where "/" would be this computer's): it says so and hangs.
    import time
    b = WireBoard(tmp_path / "no_such_folder")
    try:
        end = time.monotonic() + 20
        while "failed to mount" not in b.console() and time.monotonic() < end:
            time.sleep(0.1)
        assert "wire board failed to mount its folder" in b.console()
        time.sleep(0.5)
        assert ">>>" not in b.console()
    finally:
        b.stop()


def test_without_board_the_board_must_name_a_profile(board, built, capsys):
    # --board may be left out: the profile comes from the name the firmware
    # reports (mpremote_board.FIRMWARE); the unix port's "linux" names none.
    assert cli.main(["deploy", "--mpremote", board.url, "--from", built]) == 1
    err = capsys.readouterr().err
    assert "cannot tell which profile fits a 'linux" in err and "give --board" in err
    assert files_in(board.fs) == []
