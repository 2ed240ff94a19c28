"""The table view on MicroPython W boards (docs/table-view.md, docs/micropython.md):
what `menagerie build --mpy` ships (the table view, MicroPython's radio glue
and the shim to a W board; nothing new to the others, byte for byte), and the
built tree itself under the real unix MicroPython with a pretend `network`
(tests/mpy_fakes/network.py): the access point configured before it comes
up, with the kept or the settings.toml password; the home network joined
from settings.toml, or refused with the reason in Settings; the page, the
state and the history served to an HTTP client over the loopback, byte for
byte the page's files; the free-heap check refusing with "Needs N KB"."""
import gzip
import json
import os
import shutil
import subprocess
import time
import urllib.error
import urllib.request

import pytest

from host_tools import build as B, libs
from tests import table_view_helpers as T
from tests.mpy_runner import FIRMWARE, ROOT, micropython_env, run_micropython

FAKES = os.path.join(ROOT, "tests", "mpy_fakes")
WWW_SRC = os.path.join(FIRMWARE, "menagerie", "table", "www")
W_BOARDS = ("raspberry_pi_pico_w", "raspberry_pi_pico2_w")
NEW_FILES = ("menagerie/table", "menagerie/hw/wifi_net.py", "menagerie/hw/mpy_wifi_net.py",
             "menagerie/hw/mpy_httpshim.py")


def _files(root):
    out = []
    for d, _, files in os.walk(root):
        out += [os.path.relpath(os.path.join(d, f), root).replace(os.sep, "/") for f in files]
    return sorted(out)


def _table_parts(files):
    return [f for f in files if f.startswith(("menagerie/table", "menagerie/hw/wifi_net",
                                              "menagerie/hw/mpy_wifi_net", "menagerie/hw/mpy_httpshim",
                                              "lib/adafruit_httpserver", "lib/adafruit_miniqr"))]


# -- the build -------------------------------------------------------------------

@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("p2w") / "tree")
    r = B.build("raspberry_pi_pico2_w", out, mpy=True)
    assert r.ok, r.errors
    return out


@pytest.mark.parametrize("board", W_BOARDS)
def test_a_micropython_w_tree_gets_the_table_view_with_micropythons_glue(tmp_path, board):
    r = B.build(board, str(tmp_path), mpy=True)
    assert r.ok, r.errors          # the import check: network, socket, and what the shim stands in for
    files = _files(str(tmp_path))
    parts = _table_parts(files)
    for f in ("menagerie/table/control.mpy", "menagerie/table/server.mpy", "menagerie/table/guard.mpy",
              "menagerie/table/screen.mpy", "menagerie/hw/mpy_wifi_net.mpy", "menagerie/hw/mpy_httpshim.mpy",
              "lib/adafruit_httpserver/server.mpy", "lib/adafruit_miniqr.mpy"):
        assert f in parts
    assert not [f for f in files if f.startswith("menagerie/hw/wifi_net")]   # CircuitPython's glue
    assert not [f for f in files if f.endswith(".py") and f != "main.py"]   # all compiled
    for name in ("index.html", "table.js", "table.css"):
        with gzip.open(tmp_path / "menagerie" / "table" / "www" / (name + ".gz")) as f:
            assert f.read() == open(os.path.join(WWW_SRC, name), "rb").read()
    assert any(x.startswith("adafruit_httpserver (") for x in r.libs)
    toml = open(tmp_path / "settings.toml").read()
    assert "MENAGERIE_TABLE_VIEW = 0" in toml
    assert "board joins it when the table view starts" in toml and "8080" not in toml
    assert not [n for n in r.notes if "table view" in n]


def test_the_import_check_would_see_a_missing_shim(tmp_path):
    # Without the shim in the tree, adafruit_httpserver's `traceback` is
    # missing on MicroPython: the check is not blind to it.
    B.build("raspberry_pi_pico2_w", str(tmp_path / "py"), mpy=True)
    # the check reads .py sources: give it the library's, then drop the shim
    lib = tmp_path / "py" / "lib"
    for rel, src in libs.available()["adafruit_httpserver"][2]:
        (lib / rel).write_bytes(libs.shipped(rel, src))
    assert B.check_imports(str(tmp_path / "py"), "raspberry_pi_pico2_w", True) == []
    os.remove(tmp_path / "py" / "menagerie" / "hw" / "mpy_httpshim.mpy")
    problems = B.check_imports(str(tmp_path / "py"), "raspberry_pi_pico2_w", True)
    assert any("imports traceback" in p for p in problems)


@pytest.mark.parametrize("board", ["raspberry_pi_pico", "raspberry_pi_pico2"])
def test_boards_without_wifi_get_the_same_micropython_tree_byte_for_byte(tmp_path, monkeypatch, board):
    # The tree built from this firmware against one built from the same
    # firmware with every table view file taken out: the same files, the
    # same bytes (the manifest included).
    bare = tmp_path / "firmware"
    shutil.copytree(FIRMWARE, bare, ignore=shutil.ignore_patterns("__pycache__"))
    for rel in NEW_FILES:
        p = bare / rel
        shutil.rmtree(p) if p.is_dir() else os.remove(p)
    r = B.build(board, str(tmp_path / "now"), mpy=True)
    assert r.ok, r.errors
    monkeypatch.setattr(B, "FIRMWARE", str(bare))
    r0 = B.build(board, str(tmp_path / "bare"), mpy=True)
    assert r0.ok, r0.errors
    now, before = _files(str(tmp_path / "now")), _files(str(tmp_path / "bare"))
    assert now == before and _table_parts(now) == []
    for rel in now:
        assert (tmp_path / "now" / rel).read_bytes() == (tmp_path / "bare" / rel).read_bytes(), rel
    assert "MENAGERIE_TABLE_VIEW" not in open(tmp_path / "now" / "settings.toml").read()


# -- the built tree under MicroPython ------------------------------------------------

RUN = """
import sys
del sys.argv[:]
sys.argv.extend(%r)
import app_harness
app_harness.QUIET = True
import mpy_net_harness
mpy_net_harness.main(sys.argv[4:])
"""


def _path(tree, tmp):
    # The unix port lacks re's match groups (rp2 has them): only that shim.
    re_dir = os.path.join(str(tmp), "unix_re")
    os.makedirs(re_dir, exist_ok=True)
    shutil.copy(os.path.join(T.MPY_APP, "table_shims", "re.py"), re_dir)
    return [FAKES, re_dir, os.path.join(tree, "lib"), T.MPY_APP]


def _argv(tree, tmp, toml, args, port=None):
    settings = os.path.join(str(tmp), "settings.toml")
    with open(settings, "w") as f:
        f.write(toml)
    return ["x", str(port or T.free_port()), os.path.join(tree, "menagerie", "table", "www"), settings] + list(args)


def _facts(out):
    facts = {}
    for line in out.splitlines():
        k, _, v = line.partition(" ")
        facts[k] = v
    return facts


def _run(tree, tmp, toml, args, timeout=300):
    code = RUN % _argv(tree, tmp, toml, args)
    return _facts(run_micropython(code, firmware=tree, extra_path=_path(tree, tmp), timeout=timeout))


def test_the_access_point_comes_up_wpa2_configured_first_and_serves_the_phones(tree, tmp_path):
    f = _run(tree, tmp_path, "MENAGERIE_TABLE_VIEW = 1\n", ["--phones", "2"])
    assert f["note"] == "None" and f["entry"] == "Table view: on" and f["server"] == "True"
    pw = f["kept_pw"]
    assert len(pw) == 10
    ssid, password, host, port = f["net"].split()
    assert (ssid, password, host) == ("Menagerie-51AA", pw, "127.0.0.1")   # from machine.unique_id()
    log = eval(f["log"])
    # each start (one before and one after the script's power cut, one
    # after the app's restart when the players leave the bowl: App.restart):
    # the name, the kept key and WPA2 set, then the radio up; stopped between
    starts = [i for i, e in enumerate(log) if e == ("AP", "active", True)]
    assert len(starts) == 3
    for a, b in zip(starts, starts[1:]):
        assert ("AP", "active", False) in log[a:b]
    for i in starts:
        before = log[max(0, i - 3):i]
        assert sorted(before) == [("AP", "config", "key", pw), ("AP", "config", "security", 0x00400004),
                                  ("AP", "config", "ssid", "Menagerie-51AA")]
    assert not [e for e in log if e[0] == "STA"]
    got, fails = (int(x) for x in f["phones"].split())
    assert got > 20 and fails == 0
    assert f["shim_left"] == "[] False"     # the stand-ins are gone, time is MicroPython's own


def _read_code(hexbytes, w=128, h=64):
    import zxingcpp
    from PIL import Image

    buf = bytes.fromhex(hexbytes)
    img = Image.new("L", (w, h), 0)
    for x in range(w):
        for y in range(h):
            if buf[(y // 8) * w + x] >> (y % 8) & 1:
                img.putpixel((x, y), 255)
    big = img.resize((w * 4, h * 4), Image.NEAREST)
    return [r.text for r in zxingcpp.read_barcodes(big)]


def test_the_oled_codes_made_under_micropython_read_back(tree, tmp_path):
    # adafruit_miniqr from the tree, under MicroPython: "join this network",
    # (after the start toast is gone: it would cover part of the code)
    # then the page, as a phone's camera reads them off the panel's pixels.
    out = run_micropython(RUN % _argv(tree, tmp_path, "MENAGERIE_TABLE_VIEW = 1\n", ["--codes", "wait:5000"]),
                          firmware=tree, extra_path=_path(tree, tmp_path), timeout=300)
    f = _facts(out)
    ssid, password, host, port = f["net"].split()
    codes = [line.split()[1] for line in out.splitlines() if line.startswith("code ")]
    assert [_read_code(c) for c in codes] == [["WIFI:T:WPA;S:%s;P:%s;;" % (ssid, password)],
                                              ["http://%s:%s/" % (host, port)]]


def test_the_access_point_takes_settings_tomls_password(tree, tmp_path):
    f = _run(tree, tmp_path, 'MENAGERIE_TABLE_VIEW = 1\nMENAGERIE_TABLE_VIEW_PASSWORD = "zebra-crossing"\n', ["wait:500"])
    assert f["net"].split()[1] == "zebra-crossing"
    assert ("AP", "config", "key", "zebra-crossing") in eval(f["log"])
    # a password too short for WPA2 is not used: the device's own is
    f = _run(tree, tmp_path, 'MENAGERIE_TABLE_VIEW = 1\nMENAGERIE_TABLE_VIEW_PASSWORD = "zebra"\n', ["wait:500"])
    assert f["net"].split()[1] == f["kept_pw"] != "zebra"


HOME = 'MENAGERIE_TABLE_VIEW = 1\nCIRCUITPY_WIFI_SSID = "Burrow"\nCIRCUITPY_WIFI_PASSWORD = "carrots-42"\n'


def test_the_home_network_from_settings_toml_is_joined_and_served(tree, tmp_path):
    f = _run(tree, tmp_path, HOME, ["--home=Burrow=carrots-42", "--phones", "2"])
    assert f["entry"] == "Table view: on"
    ssid, password, host, port = f["net"].split()
    assert (ssid, password, host) == ("Burrow", "None", "127.0.0.1")   # no code to join: one code, the page
    log = eval(f["log"])
    assert ("STA", "connect", "Burrow") in log and not [e for e in log if e[0] == "AP"]
    assert log.index(("STA", "active", True)) < log.index(("STA", "connect", "Burrow"))
    got, fails = (int(x) for x in f["phones"].split())
    assert got > 20 and fails == 0


@pytest.mark.parametrize("home, why", [("--home=Burrow=turnips-99", "Burrow: wrong password"),
                                       ("--home=Warren=carrots-42", "Burrow: network not found")])
def test_a_home_network_that_refuses_says_why_the_radio_goes_off_and_the_game_goes_on(tree, tmp_path, home, why):
    f = _run(tree, tmp_path, HOME, [home, "--may-fail", "--full"])
    assert f["note"] == repr("Not started:\n" + why)
    assert f["entry"] == "Table view: failed" and f["server"] == "False"
    assert f["game"].split()[0] == "panicozoo"   # every game played on
    log = eval(f["log"])
    assert log[-1] == ("STA", "active", False)


def test_without_the_free_heap_it_says_what_it_needs_and_never_starts_the_radio(tree, tmp_path):
    f = _run(tree, tmp_path, "MENAGERIE_TABLE_VIEW = 1\n", ["--need=100000", "--may-fail", "--full"])
    assert f["note"].startswith("'Needs 100000 KB free\\nbeside the games\\n(")
    assert f["entry"] == "Table view: no RAM" and f["server"] == "False"
    assert f["log"] == "[]"    # the radio never touched
    # nothing of the server (the harness itself imports the radio's module
    # to point it at the loopback)
    assert f["modules"] == "['menagerie.hw.mpy_httpshim', 'menagerie.hw.mpy_wifi_net']"
    assert f["game"].split()[0] == "panicozoo"   # every game played on


def _get(url, method="GET"):
    req = urllib.request.Request(url, method=method)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


AI = ("OK OK OK OK P2 P1 RIGHT UP OK DOWN OK UP hold:OK OK P3 DOWN OK LEFT hold:OK "
      "UP DOWN DOWN OK UP OK P1 OK hold:OK BACK BACK")


def test_the_page_state_and_history_from_the_built_tree_to_an_http_client(tree, tmp_path):
    stop = str(tmp_path / "stop")
    port = T.free_port()
    # Two Animal Inc rounds, a past one edited (the every-game session's
    # start): the game stays in progress (a Panicozoo round left open would
    # keep the server silent, by design).
    words = AI.split()
    argv = _argv(tree, tmp_path, "MENAGERIE_TABLE_VIEW = 1\n", ["--phones", "1", "--serve=" + stop] + words, port)
    snippet = tmp_path / "snippet.py"
    snippet.write_text(RUN % argv)
    env = micropython_env(_path(tree, tmp_path), tree)
    from tests.mpy_runner import micropython_exe

    p = subprocess.Popen([micropython_exe(), str(snippet)], env=env, cwd=str(tmp_path),
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        lines = []
        while True:
            line = p.stdout.readline()
            assert line, "the harness ended before serving:\n" + "".join(lines)
            lines.append(line)
            if line.startswith("serving"):
                break
        base = "http://127.0.0.1:%d" % port
        for path, name in (("/", "index.html"), ("/table.js", "table.js"), ("/table.css", "table.css")):
            status, headers, body = _get(base + path)
            assert status == 200 and headers.get("Content-Encoding") == "gzip"
            assert gzip.decompress(body) == open(os.path.join(WWW_SRC, name), "rb").read()
        status, _, body = _get(base + "/state.json")
        st = json.loads(body)
        assert status == 200 and st["game"]["id"] == "animal_inc" and st["board"]
        status, _, body = _get(base + "/state.json?v=%d" % st["v"])
        assert json.loads(body) == {"v": st["v"]}         # nothing new: a few bytes
        status, _, body = _get(base + "/history.json?from=0")
        hist = json.loads(body)
        assert status == 200 and hist["from"] == 0 and len(hist["games"]) == hist["count"] == st["history"]
        assert _get(base + "/settings.toml")[0] == 404
        assert _get(base + "/state.json", "POST")[0] in (404, 405)
    finally:
        open(stop, "w").close()
        out, _ = p.communicate(timeout=120)
    facts = _facts("".join(lines) + out)
    assert p.returncode == 0, "".join(lines) + out
    served = int(facts["served"].split()[0])
    assert served >= 7
