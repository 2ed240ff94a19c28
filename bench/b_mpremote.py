# `menagerie deploy/doctor --mpremote` against the unix MicroPython behind a
# TCP serial line (tests/mpy_wire.py): bytes each way, scripts run on the
# board (raw-REPL round trips) and wall time for a first deploy, a second
# (nothing to copy), one changed file, and doctor; then the smallest
# MicroPython heap (-X heapsize) in which the board-side scripts (the probe,
# a 3 KB chunk write) still run. The link here has no baud limit and no USB
# latency: read times as a floor, bytes and round trips as what a real link
# carries. Prints figures; asserts nothing.
import contextlib
import io
import os
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for p in (ROOT, os.path.join(ROOT, "tests")):
    if p not in sys.path:
        sys.path.insert(0, p)

from host_tools import build as B, cli, mpremote_board as MB  # noqa: E402
from host_tools.mpremote_link import LinkError, open_link  # noqa: E402
from mpy_wire import WireBoard  # noqa: E402

BOARD = "raspberry_pi_pico"


def _traffic(board, since):
    log = board.log[since:]
    sent = sum(len(d) for w, d in log if w == "in")
    got = sum(len(d) for w, d in log if w == "out")
    scripts = sum(d.count(b"\x05A\x01") for w, d in log if w == "in")
    return sent, got, scripts


def _run(board, argv):
    mark = len(board.log)
    t = time.monotonic()
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = cli.main(argv)
    dt = time.monotonic() - t
    return (rc, dt) + _traffic(board, mark)


def _row(what, r):
    rc, dt, sent, got, scripts = r
    print("%-34s rc=%d %6.2f s  host->board %7.1f KiB  board->host %6.1f KiB  scripts %4d"
          % (what, rc, dt, sent / 1024.0, got / 1024.0, scripts))


def _heap_ok(heapsize, tmp, deployed):
    # A copy of the deployed board without main.py: the app is not measured
    # here (bench/b_memory.py does that), only our scripts.
    fs = os.path.join(tmp, "heap-%d" % heapsize)
    shutil.copytree(deployed, fs)
    os.remove(os.path.join(fs, "main.py"))
    b = WireBoard(fs, heapsize=heapsize)
    try:
        with open_link(b.url) as link:
            MB.probe(link)
            link.write_file("x.bin", bytes(range(256)) * 12)
        return os.path.getsize(os.path.join(fs, "x.bin")) == 3072
    except LinkError:
        return False
    finally:
        b.stop()


def main():
    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.join(tmp, "out")
        r = B.build(BOARD, root, mpy=True)
        print("tree: %s" % r.size_line())
        fs = os.path.join(tmp, "fs")
        os.makedirs(fs)
        board = WireBoard(fs)
        try:
            base = ["deploy", "--board", BOARD, "--mpremote", board.url, "--from", root, "--force"]
            _row("first deploy (no watch)", _run(board, base + ["--no-watch"]))
            _row("second deploy (no watch)", _run(board, base + ["--no-watch"]))
            with open(os.path.join(fs, "menagerie", "app.mpy"), "ab") as f:
                f.write(b"!")
            _row("one changed file (no watch)", _run(board, base + ["--no-watch"]))
            _row("second deploy + restart, boot", _run(board, base))
            _row("doctor (builds its own tree)", _run(board, ["doctor", "--board", BOARD,
                                                               "--mpremote", board.url]))
        finally:
            board.stop()
        sizes = [8, 12, 16, 24, 32, 48, 64]
        ok = [k for k in sizes if _heap_ok(k * 1024, tmp, fs)]
        print("smallest -X heapsize (64-bit unix) in which the probe of the deployed board and a "
              "3 KiB chunk write run: %s KiB (tried %s KiB)" % (ok[0] if ok else "none", sizes))


if __name__ == "__main__":
    main()
