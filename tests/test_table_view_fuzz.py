"""A bounded fuzz of malformed requests against the simulated board's table
view on the loopback (docs/table-view.md, "What it never does"): partial
lines, huge headers and bodies, slow clients, binary junk, many idle
connections at once, all while a game is played on the device's buttons.
Nothing crashes, every press is answered as it would be without the
phones, the save survives a power cut, and the server still serves."""
import random
import socket
import threading
import time

from sim.runner import Session, run_script
from tests import table_view_helpers as T

# Animal Inc, 2 players, three rounds entered (tests/test_table_view_page.py)
GAME = "OK DOWN DOWN OK OK OK P1 P2 RIGHT UP UP OK OK P1 RIGHT UP OK OK P2 RIGHT UP OK OK".split()
SEED = 5


def _attack(port, rng, stop, log):
    """One abusive phone: a random kind of bad request, again and again."""
    kinds = ["partial", "huge_header", "huge_body", "slow", "junk", "idle", "bad_method",
             "long_path", "no_crlf", "valid"]
    while not stop.is_set():
        kind = rng.choice(kinds)
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=3)
        except OSError:
            log.append(("refused", kind))
            time.sleep(0.02)
            continue
        try:
            if kind == "partial":
                s.sendall(b"GET /sta"[:rng.randint(1, 8)])
                time.sleep(rng.uniform(0, 0.3))
            elif kind == "huge_header":
                s.sendall(b"GET /state.json HTTP/1.1\r\nX-Junk: " + b"a" * rng.randint(3000, 20000) + b"\r\n\r\n")
            elif kind == "huge_body":
                s.sendall(b"GET /state.json HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n" + b"b" * 4000)
            elif kind == "slow":
                for ch in b"GET /state.json HTTP/1.1\r\n\r\n":
                    s.sendall(bytes([ch]))
                    time.sleep(0.015)
                    if stop.is_set():
                        break
            elif kind == "junk":
                s.sendall(bytes(rng.randrange(256) for _ in range(rng.randint(1, 3000))))
            elif kind == "idle":
                time.sleep(rng.uniform(0.1, 1.0))     # connected, says nothing
            elif kind == "bad_method":
                s.sendall(b"BREW /state.json HTTP/1.1\r\n\r\n")
            elif kind == "long_path":
                s.sendall(b"GET /" + b"x/" * 1500 + b" HTTP/1.1\r\n\r\n")
            elif kind == "no_crlf":
                s.sendall(b"GET / HTTP/1.1\nHost: x\n\n")
            else:
                s.sendall(b"GET /state.json?v=-1 HTTP/1.1\r\nHost: x\r\n\r\n")
            s.settimeout(1.5)
            head = s.recv(12)
            log.append((kind, head))
        except OSError as e:
            log.append((kind, type(e).__name__))
        finally:
            s.close()


def _reference():
    s = Session("raspberry_pi_pico2_w", seed=SEED)
    run_script(s, "\n".join(GAME))
    return s.app.game.record()


def test_malformed_requests_cost_the_game_nothing():
    want = _reference()
    d = T.LiveDevice(seed=SEED)
    port = d.do(lambda s: s.app.table.server.port)
    stop = threading.Event()
    log = []
    idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(20)]   # many at once
    threads = [threading.Thread(target=_attack, args=(port, random.Random(k), stop, log), daemon=True)
               for k in range(6)]
    try:
        for t in threads:
            t.start()
        for word in GAME:                        # the game goes on meanwhile, press by press
            d.play([word])
            time.sleep(0.05)
        time.sleep(1.0)
        stop.set()
        for t in threads:
            t.join(10)
        for c in idle:
            c.close()
        assert d.errors == []
        assert d.do(lambda s: s.app.game.record()) == want          # every press answered
        guard = d.do(lambda s: s.app.table.server.guard)
        assert guard.cuts > 0                                        # the caps did act
        kinds = {k for k, _ in log}
        assert {"partial", "huge_header", "slow", "junk", "valid"} <= kinds
        answered = [h for k, h in log if k == "valid" and h == b"HTTP/1.1 200"]
        assert answered                          # a well-behaved phone is still served
        assert not [h for k, h in log if k != "valid" and h == b"HTTP/1.1 200" and k not in ("no_crlf",)]
        # the save: a power cut now resumes the very same game
        d.do(lambda s: s.powercut())
        assert d.do(lambda s: s.app.game.record()) == want
    finally:
        stop.set()
        d.close()
