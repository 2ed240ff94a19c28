# The table view of a `menagerie build --mpy` tree for a W board, under the
# unix MicroPython: the tree's own radio glue (menagerie/hw/mpy_wifi_net.py,
# which loads adafruit_httpserver under menagerie/hw/mpy_httpshim.py) over a
# pretend `network` (tests/mpy_fakes/network.py) whose addresses are the
# loopback's, the server on MicroPython's real socket, and the phones of
# table_harness.py. What differs from a board: the radio, and the path of
# the page and of settings.toml (the board's are absolute).
#
# MICROPYPATH: tests/mpy_fakes, a folder with only the unix port's missing
# re match groups (table_shims/re.py; the rp2 port has them), the tree's
# lib/, tests/mpy_app, the tree.
# argv: PORT WWW SETTINGS [--phones N] [--need=KB] [--may-fail]
#       [--serve=STOPFILE] [--home=NAME=PASSWORD] [--codes] then app_harness
#       words/flags.
import sys

import network
import table_harness as TH
import utime

import menagerie.hw.mpy_wifi_net as W

W.AP_PORT = W.HOME_PORT = TH.PORT
W.ROOT = TH.WWW
W.SETTINGS = sys.argv[3]
# The guard's budget on real time, as on the board (the harness's app clock
# is virtual and stands still during a poll).
W.Net.clock = TH.WallClock()


class MpyHW(TH.H.HW):
    # No table_net and no getenv: the table view finds MicroPython's radio
    # and reads settings.toml itself, as on the board.
    pass


class MpyNetHarness(TH.TableHarness):
    HW = MpyHW
    MAY_FAIL = False

    def play(self, words):
        if self.MAY_FAIL:
            TH.H.Harness.play(self, words)   # a start that fails: the game goes on
        else:
            TH.TableHarness.play(self, words)


def serve(h, stop):
    # Serve on the wall clock until the test's client is done (the file
    # appears) or 60 s have passed.
    print("serving", TH.PORT)
    t0 = utime.ticks_ms()
    while utime.ticks_diff(utime.ticks_ms(), t0) < 60000:
        h.run_for(50)
        try:
            open(stop).close()
            return
        except OSError:
            pass


def main(argv):
    with open(W.SETTINGS) as f:
        MpyNetHarness.SETTINGS_TEXT = f.read()
    n = 1
    if "--phones" in argv:
        i = argv.index("--phones")
        n = int(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    for _ in range(n):
        TH.PHONES.append(TH.Phone())
    stop = None
    for a in argv:
        if a.startswith("--need="):
            MpyNetHarness.NEED = int(a[7:])
        if a.startswith("--serve="):
            stop = a[8:]
        if a.startswith("--home="):
            # a network in range: --home=NAME=PASSWORD
            name, _, key = a[7:].partition("=")
            network.HOME[name] = key
    MpyNetHarness.MAY_FAIL = "--may-fail" in argv
    words = [a for a in argv if not a.startswith("--")] or TH.H.SCRIPT.split()
    if "--full" in argv:
        words = TH.H.FULL.split()
    h = MpyNetHarness(TH.ProfileW, True)
    h.play(words)
    t = h.app.table
    net = t.net
    print("note", repr(t.note))
    print("entry", t.entry(h.app))
    print("server", t.server is not None)
    print("game", h.app.game_id, getattr(h.app.game, "phase", None), h.app.state()["screen"])
    print("kept_pw", h.app.settings["table_view_pw"])
    if net is not None:
        print("net", net.ssid, net.password, net.host, net.port)
        print("address", t.address())
    print("log", repr(network.LOG))
    print("modules", sorted(m for m in sys.modules if "http" in m or "table.server" in m or "wifi" in m))
    # the shim's stand-ins are gone once the library is loaded
    import time

    print("shim_left", [m for m in ("traceback", "ssl") if m in sys.modules], hasattr(time, "monotonic"))
    print("phones", sum(p.got for p in TH.PHONES), sum(p.fails for p in TH.PHONES))
    if "--codes" in argv and t.server is not None:
        # The OLED's QR codes (adafruit_miniqr under MicroPython), page by
        # page, as the panel's bytes (the test reads them back).
        import ubinascii
        from menagerie.table.screen import CodeScreen

        h.app.push(CodeScreen(h.app, t))
        for _ in range(2):
            h.run_for(100)
            print("code", ubinascii.hexlify(h.app.canvas.buf[1:]).decode())
            h.press("OK")
    if stop is not None and t.server is not None:
        serve(h, stop)
        print("served", t.server.guard.served, "cuts", t.server.guard.cuts)


if __name__ == "__main__":
    main(sys.argv[4:])
