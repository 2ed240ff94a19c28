"""The table view on the device (docs/table-view.md): the switch, the QR
codes as a phone's camera reads them, read-only routes, the Panicozoo race,
the guard's caps (with a stand-in clock: no wall-clock assertion), and the
boards without Wi-Fi loading and allocating nothing of it (under the real
MicroPython interpreter)."""
import json
import os
import shutil
import socket
import urllib.error
import urllib.request

import pytest

from sim.runner import Session, run_script
from tests import table_view_helpers as T
from tests.mpy_runner import run_micropython

W = "raspberry_pi_pico2_w"
SETTINGS = "DOWN DOWN DOWN DOWN DOWN DOWN OK"      # main menu -> Settings


def _get(session, path, method="GET", body=None):
    """One request to the session's server, the device's loop turning (its
    virtual clock) until the answer is in: (status, bytes)."""
    import threading

    out = {}

    def ask():
        req = urllib.request.Request(session.table_address().rstrip("/") + path, data=body, method=method)
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                out["r"] = (r.status, r.read(), {k.lower(): v for k, v in r.headers.items()})
        except urllib.error.HTTPError as e:
            out["r"] = (e.code, e.read(), dict(e.headers))
        except Exception as e:
            out["r"] = (None, repr(e).encode(), {})

    t = threading.Thread(target=ask)
    t.start()
    while t.is_alive():
        session.advance(50)
        t.join(0.01)
    return out["r"]


@pytest.fixture
def wsession():
    s = Session(W, table_view=0)
    yield s
    s.close()


# -- boards without Wi-Fi --------------------------------------------------

NO_WIFI_SESSION = """
import sys, gc, micropython
sys.path.append(%r)
import app_harness
app_harness.QUIET = True
h = app_harness.Harness(app_harness.Profile, True)
h.play(app_harness.FULL.split())
h.play("DOWN DOWN DOWN DOWN DOWN DOWN OK".split())   # the Settings menu
print("settings", sorted(h.app.settings))
print("table", h.app.table)
print("modules", sorted(m for m in sys.modules if "table" in m or "http" in m or "qr" in m or "wifi" in m))
gc.collect()
print("alloc", gc.mem_alloc())
micropython.qstr_info()
"""


def _no_wifi_run(firmware):
    out = run_micropython(NO_WIFI_SESSION % T.MPY_APP, firmware=firmware, timeout=300)
    lines = out.splitlines()
    facts = dict(line.split(" ", 1) for line in lines if line.split(" ")[0] in ("settings", "table", "modules", "alloc"))
    facts["qstr"] = [line for line in lines if line.startswith("qstr pool")][0]
    return facts


def test_a_board_without_wifi_loads_and_allocates_nothing_of_the_table_view(tmp_path):
    # The every-game session and the Settings menu on a board without Wi-Fi,
    # under MicroPython: no table module, no library, no setting; and the
    # same heap, byte for byte, and the same interned names as the same
    # firmware with the table view's files taken out of the tree (paths of
    # the same length: a module's path is part of its compiled layout).
    with_tv = tmp_path / "a" / "firmware"
    without = tmp_path / "b" / "firmware"
    shutil.copytree(T.wh.ROOT + "/firmware", with_tv, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(with_tv, without)
    shutil.rmtree(without / "menagerie" / "table")
    os.remove(without / "menagerie" / "hw" / "wifi_net.py")
    a = _no_wifi_run(str(with_tv))
    b = _no_wifi_run(str(without))
    assert a["settings"] == "['i2c_freq', 'names', 'players', 'sound']"
    assert a["table"] == "None"
    assert a["modules"] == "[]"
    assert (a["alloc"], a["qstr"]) == (b["alloc"], b["qstr"])


def test_settings_has_no_table_view_item_without_wifi():
    s = Session("raspberry_pi_pico")
    run_script(s, SETTINGS.replace(" ", "\n"))
    assert s.screen_text() == ["Settings", ">Players: 4", " Names", " Sound: on"]
    assert s.app.table is None


# -- the switch ---------------------------------------------------------------

def test_switched_on_and_off_from_settings_and_kept_across_a_power_cut():
    s = Session(W, seed=3)
    try:
        run_script(s, SETTINGS.replace(" ", "\n"))
        assert s.screen_text()[-1] == " Table view: off"
        run_script(s, "UP\nOK")
        assert s.screen_text() == ["Table view", ">Switch on"]
        run_script(s, "OK")      # the simulator's radio: the loopback, a free port
        assert s.app.table.server is not None
        assert s.app.state()["screen"] == "table_codes"
        password = s.app.settings["table_view_pw"]
        assert len(password) == 10 and password.isalnum()
        status, body, _ = _get(s, "/state.json")
        assert status == 200 and json.loads(body)["names"][0] == "P1"
        run_script(s, "OK\nOK")                       # both codes seen: the menu
        assert s.screen_text() == ["Table view", ">Show the codes", " Switch off"]
        s.powercut()
        s.advance(100)
        assert s.app.table.server is not None           # on again after the cut
        assert s.app.settings["table_view_pw"] == password   # the same network
        run_script(s, SETTINGS.replace(" ", "\n") + "\nUP\nOK\nDOWN\nOK")
        assert s.app.table.server is None and s.app.settings["table_view_on"] is False
        assert s.app.toast_text == "Table view off"
    finally:
        s.close()


def test_a_start_that_fails_says_why_and_never_stops_the_game():
    def broken(password):
        raise OSError(16, "radio busy")

    s = Session(W, settings_text="MENAGERIE_TABLE_VIEW = 1", table_net=broken)
    try:
        t = s.app.table
        assert t.server is None and t.note.startswith("Not started:")
        run_script(s, SETTINGS.replace(" ", "\n"))
        assert s.screen_text()[-1] == " Table view: failed"
        run_script(s, "UP\nOK\nDOWN\nOK")
        assert s.app.state()["screen"] == "table_note" and "radio busy" in " ".join(s.screen_text())
        run_script(s, "OK\nBACK\nBACK\nOK")               # back to the menu, a game starts
        assert s.app.state()["screen"] != "main_menu"
    finally:
        s.close()


def test_own_password_from_settings_toml():
    s = Session(W, table_view=0, settings_text='MENAGERIE_TABLE_VIEW_PASSWORD = "zebra-crossing"')
    try:
        assert s.app.warnings == []
        assert s.app.table.net.password == "zebra-crossing"
    finally:
        s.close()


# -- the codes on the OLED ------------------------------------------------------

def _read_codes(session):
    import zxingcpp
    from PIL import Image

    path = os.path.join(session.png_dir, "table-code.png")
    session.png("table-code.png")
    return [r.text for r in zxingcpp.read_barcodes(Image.open(path).convert("L"))]


@pytest.mark.parametrize("size", ["128x64", "128x32"])
def test_the_codes_read_back_as_join_this_network_then_the_page(size):
    s = Session(W, table_view=0, settings_text='MENAGERIE_OLED_SIZE = "%s"' % size)
    try:
        run_script(s, SETTINGS.replace(" ", "\n") + "\nUP\nOK\nOK")
        t = s.app.table
        net = t.net
        assert _read_codes(s) == ["WIFI:T:WPA;S:%s;P:%s;;" % (net.ssid, net.password)]
        text = " ".join(s.screen_text())
        assert net.ssid[:10] in text and net.password in text and "OK:next" in text
        run_script(s, "OK")
        assert _read_codes(s) == [t.address()]
        assert "OK:done" in " ".join(s.screen_text())
        run_script(s, "OK")
        assert s.app.state()["screen"] == "table_view"
    finally:
        s.close()


def test_wifi_code_escapes_what_the_format_reserves():
    from menagerie.table.screen import wifi_text

    assert wifi_text('My;Net', 'pa:ss,"w\\rd') == 'WIFI:T:WPA;S:My\\;Net;P:pa\\:ss\\,\\"w\\\\rd;;'


# -- read only, own paths only ----------------------------------------------------

def test_only_get_on_its_own_paths(wsession):
    s = wsession
    run_script(s, "OK\nDOWN\nDOWN\nOK\nOK\nOK\nOK")        # Animal Inc, 2 players
    before = s.app.game.record()
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        for path in ("/", "/state.json", "/history.json"):
            status, _, _ = _get(s, path, method, b"x=1" if method != "DELETE" else None)
            assert status == 404, (method, path, status)
    for path in ("/settings.toml", "/../settings.toml", "/menagerie/table/www/table.js",
                 "/code.py", "/saves/guard.bin", "/state.json/x", "/favicon.ico"):
        assert _get(s, path)[0] == 404, path
    status, body, headers = _get(s, "/")
    assert status == 200 and body.startswith(b"<!doctype html>") and headers["cache-control"] == "no-store"
    assert s.app.game.record() == before


def test_state_answers_only_what_changed(wsession):
    s = wsession
    status, body, _ = _get(s, "/state.json?v=-1")
    v = json.loads(body)["v"]
    assert json.loads(_get(s, "/state.json?v=%d" % v)[1]) == {"v": v}   # nothing new
    run_script(s, "DOWN\nDOWN\nDOWN\nDOWN\nOK\nOK\nOK")         # a draw from the animals bowl
    full = json.loads(_get(s, "/state.json?v=%d" % v)[1])
    assert full["v"] == v + 1
    bowl = full["bowls"][0]
    assert bowl["pool"] == "maniacs" and bowl["remaining"] == 35
    assert bowl["last"] == "%s (%s)" % tuple(s.screen_text()[1:3])   # "Giraffe (red)"


def test_history_comes_in_chunks_to_the_end():
    s = Session(W, table_view=0)
    try:
        for i in range(40):
            s.app.store.add_history({"game": "panicozoo", "players": ["Ana", "Ben", "Cyd"],
                                     "scores": [i, 3, 5], "winners": [0 if i > 5 else 2],
                                     "rounds": [[1, 0, 0]] * 14})
        got, nxt, chunks = [], 0, 0
        while True:
            j = json.loads(_get(s, "/history.json?from=%d" % nxt)[1])
            assert j["count"] == 40 and j["from"] == nxt
            got += j["games"]
            chunks += 1
            if j["next"] >= j["count"]:
                break
            nxt = j["next"]
        assert [g["scores"][0] for g in got] == list(range(40))
        assert chunks > 3
    finally:
        s.close()


# -- the game first ----------------------------------------------------------------

def test_never_polled_while_a_panicozoo_race_is_open(wsession):
    s = wsession
    run_script(s, "DOWN\nDOWN\nDOWN\nOK\nOK\nOK\nOK\nOK")     # Panicozoo, 4 players, round 1 armed
    assert s.app.game.phase == "open"
    served = s.app.table.server.guard.served
    c = socket.create_connection(("127.0.0.1", s.app.table.server.port))
    c.sendall(b"GET /state.json HTTP/1.1\r\nHost: x\r\n\r\n")
    s.advance(2000)                                      # two seconds of an open race
    assert s.app.table.server.guard.served == served     # not even accepted
    run_script(s, "P2\nwait 200")                        # the slap decides the race
    assert s.app.game.phase != "open"
    s.advance(200)
    assert s.app.table.server.guard.served == served + 1
    c.settimeout(5)
    assert c.recv(12) == b"HTTP/1.1 200"
    c.close()


class _Clock:
    def __init__(self):
        self.t = 0

    def now(self):
        return self.t


class _Sock:
    """A client's socket as the server sees it: chunks to read, a clock that
    moves `step` ms on every read or write."""

    def __init__(self, clock, chunks, step=0):
        self.clock, self.chunks, self.step, self.sent = clock, list(chunks), step, b""

    def settimeout(self, v):
        pass

    def recv_into(self, buf, n):
        self.clock.t += self.step
        if not self.chunks:
            raise OSError(110)          # ETIMEDOUT: nothing more came
        c = self.chunks.pop(0)[:n]
        buf[:len(c)] = c
        return len(c)

    def send(self, data):
        self.clock.t += self.step
        self.sent += bytes(data)
        return len(data)

    def close(self):
        pass


def test_guard_cuts_a_slow_client_at_its_budget_and_a_huge_request_at_its_size():
    from menagerie.table import guard as G

    clock = _Clock()
    g = G.Guard(socket, clock)
    slow = G.Conn(g, _Sock(clock, [b"G", b"E", b"T"] * 50, step=7), G.BUDGET_MS)
    buf = bytearray(1024)
    with pytest.raises(G.Cut):
        while True:
            slow.recv_into(buf, 1024)
    assert clock.t <= G.BUDGET_MS + 7            # one read past the deadline at most
    clock.t = 0
    big = G.Conn(g, _Sock(clock, [b"X-Junk: " + b"a" * 1000] * 10), G.BUDGET_MS)
    with pytest.raises(G.Cut):
        for _ in range(10):
            big.recv_into(buf, 1024)
    assert big.got <= G.MAX_REQUEST + 1024


def test_guard_serves_at_most_max_clients_phones_then_lets_idle_ones_go():
    from menagerie.table import guard as G

    clock = _Clock()
    g = G.Guard(socket, clock)
    assert all(g.admit("10.0.0.%d" % i, 0) for i in range(G.MAX_CLIENTS))
    assert not g.admit("10.0.0.99", 1000)
    assert g.admit("10.0.0.3", 1000)                     # a known phone still is
    assert g.admit("10.0.0.99", G.IDLE_MS + 1001)        # the idle ones made room


NEED_CODE = """
import sys
del sys.argv[:]
sys.argv.extend(['x', '%d', %r])
sys.path.append(%r)
import app_harness
app_harness.QUIET = True
import table_harness as TH
TH.TableHarness.NEED = 100000      # KB: more than this heap has


class Refused(TH.TableHarness):
    def play(self, words):
        app_harness.Harness.play(self, words)   # no run failure: the game goes on


h = Refused(TH.ProfileW, True)
h.play(app_harness.FULL.split())
t = h.app.table
print("note", repr(t.note))
print("entry", t.entry(h.app))
print("server", t.server)
print("game", h.app.game_id)
print("modules", sorted(m for m in sys.modules if "http" in m or "table.server" in m))
"""


def test_without_the_free_heap_it_says_what_it_needs_and_the_games_go_on(tmp_path):
    # Under MicroPython (gc.mem_free): the switch-on checks the free heap
    # first; short of it, nothing loads, Settings says why, every game plays.
    libs = T.lib_dir(str(tmp_path / "lib"))
    out = run_micropython(NEED_CODE % (T.free_port(), T.WWW, T.MPY_APP), extra_path=T.harness_path(libs),
                          timeout=300)
    facts = dict(line.split(" ", 1) for line in out.splitlines())
    assert facts["note"].startswith("'Needs 100000 KB free\\nbeside the games\\n(")
    assert facts["entry"] == "Table view: no RAM"
    assert facts["server"] == "None" and facts["modules"] == "[]"
    assert facts["game"] == "panicozoo"
