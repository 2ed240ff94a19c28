"""Malformed inputs to the host tools (issue 9, item 9): `menagerie export`,
`plot` and `pull` through the real CLI entry point.

- history.json files of every odd shape (hypothesis: real entries with
  pieces replaced by values of the wrong shape, and arbitrary JSON), plus a
  fixed list of file-system mistakes (empty file, folder instead of file,
  garbage bytes, truncated JSON, bad pull.json, missing paths);
- drives whose save file is truncated at any length, garbage, empty, a
  folder, or missing.

Invariants: no exception ever leaves cli.main (that would be a traceback);
a refusal is exactly one line on stderr and exit status 1; an export that
succeeds has every game of the input, with its players and scores (no
silent loss); a truncated save file is always said (exit 1, "truncated").
The counts are printed by the last test."""
import contextlib
import copy
import io
import json
import os
import shutil
import tempfile

from hypothesis import HealthCheck, given, settings as hsettings, strategies as hs

from host_tools import cli
from menagerie.store import Store, layout
from sim.flash import board_regions, drive_files

COUNTS = {"history_cases": 0, "export_ok": 0, "export_refused": 0, "plots": 0,
          "fs_cases": 0, "pull_cases": 0, "pull_truncated_said": 0, "pull_refused": 0,
          "tracebacks": 0, "silent_losses": 0}

AI = {"game": "animal_inc", "players": ["Ann", "Bob", "Cy"],
      "rounds": [[3, 1, 0], [2, 4, 1], [0, 2, 5]], "scores": [205, 207, 206], "winners": [1], "start": 2}
PZ = {"game": "panicozoo", "players": ["Ann", "Bob"], "rounds": [[1, 0], [0, 2], [0, 0]],
      "scores": [1, 2], "winners": [0], "start": None, "two_cards": 2,
      "tiebreak": {"round": 3, "between": [1, 0]}, "date": "2026-03-01"}
BOWL = {"game": "bowl", "players": ["Ann"], "scores": [], "winners": []}
GOOD = [AI, PZ, BOWL]

PATHS = [(), ("game",), ("players",), ("players", 0), ("rounds",), ("rounds", 0), ("rounds", 1, 2),
         ("scores",), ("scores", 1), ("winners",), ("winners", 0), ("start",), ("date",),
         ("two_cards",), ("tiebreak",), ("tiebreak", "round"), ("tiebreak", "between")]

leaf = hs.one_of(hs.none(), hs.booleans(), hs.integers(-5, 9), hs.integers(-10 ** 30, 10 ** 30),
                 hs.floats(allow_nan=False, allow_infinity=False), hs.text(max_size=10),
                 hs.sampled_from(["$x$", "\ud800", "animal_inc", "panicozoo", "2026-01-01"]))
odd = hs.recursive(leaf, lambda c: hs.one_of(hs.lists(c, max_size=5),
                                             hs.dictionaries(hs.text(max_size=5), c, max_size=4)),
                   max_leaves=10)


def _put(obj, path, value):
    for k in path[:-1]:
        try:
            obj = obj[k]
        except (KeyError, IndexError, TypeError):
            return
    try:
        if isinstance(obj, list) and not isinstance(path[-1], int):
            return
        obj[path[-1]] = value
    except (IndexError, TypeError):
        pass


LAST_OUT = []   # stdout of the last _run


def _run(argv):
    # -> (exit status, stderr lines); any exception is a traceback.
    err, out = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        try:
            rc = cli.main(argv)
        except SystemExit as e:
            rc = e.code
        except Exception as e:  # noqa: BLE001 - this is what the test counts
            COUNTS["tracebacks"] += 1
            raise AssertionError("traceback from %s: %r" % (argv, e))
    LAST_OUT[:] = out.getvalue().splitlines()
    return rc, [line for line in err.getvalue().splitlines() if line.strip()]


def _refusal_ok(rc, lines, argv):
    assert rc == 1, (argv, rc, lines)
    assert len(lines) == 1, (argv, lines)


def _write_json_text(path, doc):
    with open(path, "w", encoding="utf-8", errors="surrogatepass") as f:
        f.write(json.dumps(doc))


def _check_export(src, doc, d):
    out = os.path.join(d, "exp")
    rc, lines = _run(["export", src, "--out", out])
    if rc != 0:
        _refusal_ok(rc, lines, ["export", src])
        assert lines[0].startswith("cannot export: ")
        COUNTS["export_refused"] += 1
        return False
    COUNTS["export_ok"] += 1
    with open(os.path.join(out, "games.json"), encoding="utf-8") as f:
        got = json.load(f)
    entries = doc.get("history") if isinstance(doc, dict) else doc
    # No silent loss: every game, its players and its scores as given.
    if len(got) != len(entries) or any(g["players"] != e["players"] for g, e in zip(got, entries)):
        COUNTS["silent_losses"] += 1
        raise AssertionError("export lost or changed games: %r -> %r" % (entries, got))
    for g, e in zip(got, entries):
        if e.get("scores") not in (None, []) and g["scores"] != e["scores"]:
            COUNTS["silent_losses"] += 1
            raise AssertionError("export changed scores: %r -> %r" % (e, g))
    return True


@hsettings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hs.lists(hs.tuples(hs.integers(0, 2), hs.sampled_from(PATHS), odd), max_size=3),
       hs.integers(0, 6), hs.booleans(), odd)
def test_odd_history_files_get_one_line_and_lose_nothing(changes, form, plot, anything):
    COUNTS["history_cases"] += 1
    entries = copy.deepcopy(GOOD)
    for which, path, value in changes:
        if path == ():
            entries[which] = copy.deepcopy(value)
        else:
            _put(entries[which], path, copy.deepcopy(value))
    doc = {0: entries, 1: {"history": entries}, 2: anything, 3: [anything], 4: {"history": anything},
           5: entries[:1], 6: entries}[form]
    d = tempfile.mkdtemp()
    try:
        if form == 6:     # a pulled folder with an odd pull.json
            src = d
            _write_json_text(os.path.join(d, "history.json"), doc)
            _write_json_text(os.path.join(d, "pull.json"), anything)
        else:
            src = os.path.join(d, "history.json")
            _write_json_text(src, doc)
        ok = _check_export(src, doc, d)
        if plot and (ok or form == 2):
            COUNTS["plots"] += 1
            rc, lines = _run(["plot", src, "--out", os.path.join(d, "png")])
            if rc != 0:
                _refusal_ok(rc, lines, ["plot", src])
                assert lines[0].startswith("cannot plot: ")
            else:
                assert ok
    finally:
        shutil.rmtree(d)


def _fs_cases(d):
    # (name, path to give) for mistakes made with files, not with JSON.
    def f(name, data):
        p = os.path.join(d, name)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as fh:
            fh.write(data)
        return p

    good = json.dumps(GOOD).encode()
    os.makedirs(os.path.join(d, "dir_as_file", "history.json"))
    os.makedirs(os.path.join(d, "empty_folder"))
    f("bad_pull/history.json", good)
    f("bad_pull/pull.json", b"{not json")
    f("list_pull/history.json", good)
    f("list_pull/pull.json", b"[1, 2]")
    return [
        ("empty file", f("empty.json", b"")),
        ("blank file", f("blank.json", b"  \n\n")),
        ("garbage bytes", f("garbage.json", bytes(range(256)) * 3)),
        ("a save file given as history", f("menagerie.sav", b"\xff" * 64 + b"MNG1" + bytes(200))),
        ("truncated JSON", f("cut.json", good[:len(good) // 2])),
        ("UTF-8 BOM", f("bom.json", b"\xef\xbb\xbf" + good)),
        ("JSON null", f("null.json", b"null")),
        ("a number", f("num.json", b"42")),
        ("a string", f("str.json", b'"history"')),
        ("object without history", f("obj.json", b'{"games": []}')),
        ("history not a list", f("hist5.json", b'{"history": 5}')),
        ("Latin-1 text", f("latin.json", '[{"game": "bowl", "players": ["Zo\xeb"]}]'.encode("latin-1"))),
        ("folder named history.json", os.path.join(d, "dir_as_file", "history.json")),
        ("folder without history.json", os.path.join(d, "empty_folder")),
        ("missing path", os.path.join(d, "nowhere")),
        ("unreadable pull.json", os.path.join(d, "bad_pull")),
        ("pull.json a list", os.path.join(d, "list_pull")),
        ("NaN", f("nan.json", b'[{"game": "bowl", "players": ["a"], "scores": [NaN]}]')),
        ("huge number", f("huge.json", ('[{"game": "bowl", "players": ["a"], "scores": [1%s]}]'
                                        % ("0" * 400)).encode())),
    ]


def test_file_mistakes_get_one_line_for_export_and_plot():
    d = tempfile.mkdtemp()
    try:
        for name, path in _fs_cases(d):
            for cmd in ("export", "plot"):
                COUNTS["fs_cases"] += 1
                rc, lines = _run([cmd, path, "--out", os.path.join(d, "out-" + cmd)])
                assert rc == 1 and len(lines) == 1, (name, cmd, rc, lines)
                assert lines[0].startswith("cannot %s: " % cmd), (name, lines)
        # --out that is a file
        good = os.path.join(d, "good.json")
        _write_json_text(good, GOOD)
        blocker = os.path.join(d, "blocker")
        open(blocker, "w").close()
        for cmd in ("export", "plot"):
            COUNTS["fs_cases"] += 1
            rc, lines = _run([cmd, good, "--out", blocker])
            _refusal_ok(rc, lines, [cmd, "--out file"])
    finally:
        shutil.rmtree(d)


# -- pull ---------------------------------------------------------------------

def _drive_bytes():
    st = Store(board_regions())
    st.load()
    for e in GOOD:
        st.add_history(e)
    st.save({"v": 1, "settings": {"sound": True}, "game": None, "screen": None})
    return drive_files(st.regions)


DRIVE = _drive_bytes()
SAVE = layout.FILES[0]


def _make_drive(d, data):
    drive = os.path.join(d, "CIRCUITPY")
    os.makedirs(drive)
    for name, blob in data.items():
        p = os.path.join(drive, name)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        if blob is None:
            os.makedirs(p)          # a folder where the file should be
        else:
            with open(p, "wb") as f:
                f.write(blob)
    return drive


@hsettings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hs.integers(0, len(DRIVE[SAVE])), hs.sampled_from(["cut", "garbage", "zeros", "folder", "flip"]),
       hs.binary(min_size=1, max_size=64), hs.integers(0, len(DRIVE[SAVE]) - 1))
def test_pull_says_when_the_save_file_is_truncated_or_unreadable(cut, how, junk, at):
    COUNTS["pull_cases"] += 1
    full = DRIVE[SAVE]
    blob = {"cut": full[:cut], "garbage": (junk * (cut // len(junk) + 1))[:cut], "zeros": bytes(cut),
            "folder": None, "flip": full[:at] + bytes([full[at] ^ 0x10]) + full[at + 1:]}[how]
    d = tempfile.mkdtemp()
    try:
        drive = _make_drive(d, dict(DRIVE, **{SAVE: blob}))
        rc, lines = _run(["pull", "--from", drive, "--out", os.path.join(d, "p")])
        assert rc in (0, 1), rc
        text = "\n".join(lines)
        if how in ("cut", "garbage", "zeros") and cut < len(full):
            # A lone file cut at a smaller window's size cannot be told from
            # one deploy made that size: the missing second file is said.
            assert rc == 1 and ("truncated" in text or "is missing beside" in text), (how, cut, lines)
            COUNTS["pull_truncated_said"] += 1
        if how == "cut" and cut == len(full):
            assert rc == 0
            with open(os.path.join(d, "p", "history.json")) as f:
                assert len(json.load(f)) == len(GOOD)
        if rc == 1:
            COUNTS["pull_refused"] += 1
            assert all(line.startswith(("error: ", "cannot pull: ", "not on the board: ")) for line in lines)
        if rc == 0 and how != "cut":
            # Exit 0 means a whole history came off: nothing lost in silence.
            with open(os.path.join(d, "p", "history.json")) as f:
                got = json.load(f)
            if len(got) != len(GOOD):
                said = how == "flip" and any("store says" in x for x in LAST_OUT)
                if not said:
                    COUNTS["silent_losses"] += 1
                assert said, (how, got, lines)
    finally:
        shutil.rmtree(d)


def test_pull_path_mistakes_get_one_line():
    d = tempfile.mkdtemp()
    try:
        drive = _make_drive(d, dict(DRIVE))
        blocker = os.path.join(d, "blocker")
        open(blocker, "w").close()
        for argv in (["pull", "--from", os.path.join(d, "nowhere"), "--out", os.path.join(d, "p")],
                     ["pull", "--from", blocker, "--out", os.path.join(d, "p")],
                     ["pull", "--from", drive, "--out", blocker]):
            COUNTS["fs_cases"] += 1
            rc, lines = _run(argv)
            _refusal_ok(rc, lines, argv)
            assert lines[0].startswith("cannot pull: ")
    finally:
        shutil.rmtree(d)


def test_zz_counts():
    print("host inputs fuzz: %(history_cases)d history files (%(export_ok)d exported, "
          "%(export_refused)d refused in one line, %(plots)d plotted), %(fs_cases)d file mistakes, "
          "%(pull_cases)d pulls (%(pull_truncated_said)d truncations said, %(pull_refused)d refused), "
          "%(tracebacks)d tracebacks, %(silent_losses)d silent losses" % COUNTS)
    assert COUNTS["tracebacks"] == 0 and COUNTS["silent_losses"] == 0
    assert COUNTS["history_cases"] >= 100 and COUNTS["export_ok"] >= 10 and COUNTS["export_refused"] >= 10


# -- deeply nested files (issue 22 item 7) ---------------------------------------------

def _deep(n, open_="[", close="]"):
    return (open_ * n + close * n).encode()


NESTED = [
    ("history.json nested 100000 deep", "history.json", _deep(100000)),
    ("history.json of objects nested 5000 deep", "history.json",
     b'{"history": ' + b'{"a": ' * 5000 + b"1" + b"}" * 5000 + b"}"),
    ("history.json nested just under the parser's limit", "history.json", _deep(900)),
    ("a game whose players nest 900 deep", "history.json",
     b'[{"game": "bowl", "players": ' + _deep(900) + b"}]"),
    ("pull.json nested 100000 deep", "pull.json", _deep(100000)),
]


def test_nested_files_get_one_line_for_export_and_plot():
    d = tempfile.mkdtemp()
    try:
        for name, fname, data in NESTED:
            folder = os.path.join(d, "case%d" % NESTED.index((name, fname, data)))
            os.makedirs(folder)
            with open(os.path.join(folder, "history.json"), "wb") as f:
                f.write(data if fname == "history.json" else json.dumps(GOOD).encode())
            if fname == "pull.json":
                with open(os.path.join(folder, "pull.json"), "wb") as f:
                    f.write(data)
            for cmd in ("export", "plot"):
                for src in (folder, os.path.join(folder, "history.json")):
                    if fname == "pull.json" and src != folder:
                        continue
                    COUNTS["fs_cases"] += 1
                    rc, lines = _run([cmd, src, "--out", os.path.join(d, "out")])
                    assert rc == 1 and len(lines) == 1, (name, cmd, rc, lines)
                    assert lines[0].startswith("cannot %s: " % cmd) and len(lines[0]) < 300, (name, lines)
    finally:
        shutil.rmtree(d)


def test_nested_files_other_tools_read_get_one_line(tmp_path):
    # A deploy's --from tree and a drive's own manifest, a board's
    # settings.toml for `docs --settings`, a pulled save whose entries hold
    # nested JSON: one line, a non-zero exit, no traceback.
    from host_helpers import fake_drive
    from host_tools import build, tree
    deep = _deep(100000)
    built = str(tmp_path / "tree")
    assert build.build("raspberry_pi_pico", built).ok
    with open(os.path.join(built, tree.MANIFEST), "wb") as f:
        f.write(deep)
    drive = fake_drive(tmp_path / "CIRCUITPY")
    rc, lines = _run(["deploy", "--board", "raspberry_pi_pico", "--to", drive, "--from", built])
    assert rc == 1 and len(lines) == 1 and "is not a build for" in lines[0], lines
    # doctor on a drive whose manifest is nested: a problem line, exit 1
    with open(os.path.join(drive, tree.MANIFEST), "wb") as f:
        f.write(deep)
    rc, lines = _run(["doctor", drive])
    assert rc == 1 and any("manifest" in line for line in LAST_OUT), LAST_OUT[-3:]
    settings = tmp_path / "settings.toml"
    settings.write_bytes(b"MENAGERIE_PIN_UP = " + deep + b"\n")
    rc, lines = _run(["docs", "--board", "raspberry_pi_pico", "--settings", str(settings),
                      "--out", str(tmp_path / "w.png")])
    assert rc == 1 and 1 <= len(lines) <= 2 and all(len(line) < 400 for line in lines), lines
    # a save whose finished game is nested JSON under a good CRC
    from menagerie.store import entry
    st = Store(board_regions())
    st.load()
    st.add_history({"game": "bowl", "players": ["Ann"], "scores": [], "winners": []})
    st.save({"v": 1, "settings": {"sound": True}, "game": None, "screen": None})
    files = drive_files(st.regions)
    data = bytearray(files[SAVE])
    at = data.index(b"MG\x01A", layout.GUARD)
    seq = int.from_bytes(data[at + 4:at + 8], "little")
    payload = deep[:3000] + deep[-3000:]
    blob = entry.header(entry.KA, seq, payload) + payload
    end = data.index(b"\xff" * 16, at)
    data[at:end] = blob + b"\xff" * max(0, end - at - len(blob))
    files[SAVE] = bytes(data[:len(files[SAVE])])
    d2 = _make_drive(str(tmp_path / "second"), files)
    rc, lines = _run(["pull", "--from", d2, "--out", str(tmp_path / "p")])
    assert rc == 1 and len(lines) == 1 and len(lines[0]) < 300, lines
