# The app harness (app_harness.py) on a board with Wi-Fi, the table view
# switched on: the firmware's own server (menagerie/table) on MicroPython's
# socket module over the loopback, and PHONES phones in this same process
# that load the page and then ask for the state every POLL_MS, as the
# page's script does. Single-threaded: a phone's request waits in the
# kernel's socket buffer until the app's loop serves it. Run with
# MICROPYPATH = table_shims, the libraries' folder, firmware/.
#
# argv: PORT WWW [--phones N] [--off] then app_harness words/flags.
import builtins
import socket
import sys

import app_harness as H
import utime

if not hasattr(builtins, "TimeoutError"):
    # CircuitPython has it (a timed-out socket read); the unix port does not.
    class TimeoutError(OSError):
        pass

    builtins.TimeoutError = TimeoutError

POLL_MS = 500
PAGE = ("/", "/table.css", "/table.js", "/history.json?from=0")


class Pool:
    # MicroPython's socket module as a socketpool: addresses as tuples.
    AF_INET = socket.AF_INET
    SOCK_STREAM = socket.SOCK_STREAM
    SOL_SOCKET = socket.SOL_SOCKET
    SO_REUSEADDR = socket.SO_REUSEADDR

    def getaddrinfo(self, host, port, *a):
        return socket.getaddrinfo(host, port)

    def socket(self, *a):
        return Sock(socket.socket(*a))


class Sock:
    def __init__(self, s):
        self.s = s

    def bind(self, addr):
        self.s.bind(socket.getaddrinfo(addr[0], addr[1])[0][-1])

    def __getattr__(self, name):
        return getattr(self.s, name)


class WallClock:
    def now(self):
        return utime.ticks_ms()


class Net:
    def __init__(self, password):
        self.pool = Pool()
        self.host = "127.0.0.1"
        self.port = PORT
        self.root = WWW
        self.ssid = "Menagerie-HARN"
        self.password = password
        self.clock = WallClock()

    def stop(self):
        pass


class WHW(H.HW):
    def __init__(self, profile, regions, boot):
        H.HW.__init__(self, profile, regions, boot)
        self.table_net = Net

    def getenv(self, key):
        return None


class ProfileW(H.Profile):
    WIFI = True


class Phone:
    # A phone's browser: one request at a time over the loopback, never
    # blocking the harness (the device's loop runs in this same thread).
    def __init__(self):
        self.s = None
        self.out = None     # request bytes not sent yet
        self.todo = list(PAGE)
        self.v = -1
        self.got = 0
        self.fails = 0
        self.bytes = 0
        self.next = 0

    def tick(self, now):
        if self.s is not None and now - self.t > 4000:
            # no answer in 4 s: the page's fetch gives up (and asks again)
            self.s.close()
            self.s = None
            self.fails += 1
            self.next = now
        if self.s is not None:
            if self.out is not None:
                self.send()
            else:
                self.collect()
        if self.s is None and now >= self.next:
            path = self.todo.pop(0) if self.todo else "/state.json?v=%d" % self.v
            if not self.todo:
                self.next = now + POLL_MS
            s = socket.socket()
            s.setblocking(False)
            try:
                s.connect(socket.getaddrinfo("127.0.0.1", PORT)[0][-1])
            except OSError:
                pass   # in progress
            self.s = s
            self.out = b"GET " + path.encode() + b" HTTP/1.1\r\nHost: menagerie\r\n\r\n"
            self.t = now
            self.buf = b""
            self.n = 0
            # at once: a server that accepts waits for these bytes, and this
            # thread is the server's too
            self.send()

    def send(self):
        try:
            self.s.send(self.out)
            self.out = None
        except OSError:
            pass   # not connected yet: at the next tick

    def collect(self):
        try:
            part = self.s.recv(1024)
        except OSError as e:
            if e.args[0] == 11:
                return   # EAGAIN: not answered yet
            part = b""   # reset (the board restarted): as a closed answer
        if part:
            # the head only (status, the state's version): a phone's memory
            # is not the board's, and this heap is the board's
            if len(self.buf) < 512:
                self.buf += part[:512]
            self.n += len(part)
            return
        self.s.close()
        self.s = None
        if self.buf.startswith(b"HTTP/1.1 200"):
            self.got += 1
            self.bytes += self.n
            at = self.buf.find(b'{"v": ')
            n = 6
            if at < 0:
                at = self.buf.find(b'{"v":')
                n = 5
            if at >= 0:
                end = at + n
                while self.buf[end:end + 1].isdigit():
                    end += 1
                self.v = int(self.buf[at + n:end])
        else:
            self.fails += 1
        self.buf = b""


class TableHarness(H.Harness):
    HW = WHW
    SETTINGS_TEXT = "MENAGERIE_TABLE_VIEW = 1"
    # The free-heap check at switch-on is in a board's KB; the bench measures
    # what the table view really takes, so it is off here (NEED=... to set).
    NEED = 0

    def __init__(self, profile, quiet=False):
        import menagerie.table.control as C

        C.NEED_KB = self.NEED
        H.Harness.__init__(self, profile, quiet)

    def boot(self):
        # A board's power cut takes its sockets down with it: the harness's
        # old app must let its port go before the new one listens.
        app = getattr(self, "app", None)
        if app is not None and app.table is not None:
            app.table.stop()
        H.Harness.boot(self)

    phone_t = 0   # the phones' own clock: a power cut restarts only the board's

    def run_for(self, ms):
        end = self.hw.clock.t + ms
        while self.hw.clock.t < end:
            self.hw.clock.t += 10
            self.phone_t += 10
            self.step()   # (the app's restart makes a new hw: its clock read anew)
            t = self.app.table
            if t is None or t.server is None:
                continue   # not started yet (or gave up: play() says so)
            for p in PHONES:
                p.tick(self.phone_t)

    def play(self, words):
        H.Harness.play(self, words)
        if not self.SETTINGS_TEXT:
            return
        t = self.app.table
        if t is None or t.server is None:
            # The table view gave up (no RAM for a request): no run either.
            raise MemoryError("table view: %s" % (t.note if t else "none"))


class TimedHarness(TableHarness):
    # The same session on the wall clock, as App.run turns on the board
    # (a step, then 1 ms of sleep), the presses due at their times whatever
    # the loop is doing: press-to-screen = from a key's event time to the
    # end of the frame its step drew (the flush), a server poll in between
    # or not. TimedOff: the same without the table view.
    GAP_MS = 250

    def boot(self):
        if not hasattr(self, "lat"):   # kept across the session's power cut
            self.t0 = utime.ticks_ms()
            self.lat = []
            self.polls = []
        self.flushed = None
        TableHarness.boot(self)
        f = self.app.flusher
        real = f.flush

        def flush():
            real()
            self.flushed = utime.ticks_diff(utime.ticks_ms(), self.t0)

        f.flush = flush
        t = self.app.table
        if t is not None:
            tick = t.tick

            def timed(app, now):
                a = utime.ticks_us()
                tick(app, now)
                self.polls.append(utime.ticks_diff(utime.ticks_us(), a))

            t.tick = timed

    def run_for(self, ms):
        end = utime.ticks_diff(utime.ticks_ms(), self.t0) + ms
        while True:
            now = utime.ticks_diff(utime.ticks_ms(), self.t0)
            if now >= end:
                break
            # (hw anew after the app's restart: its clock and keys too)
            self.hw.clock.t = now
            taken = [e for e in self.hw.buttons.pending if e[2] <= now]
            self.flushed = None
            self.step()
            if self.flushed is not None:
                for e in taken:
                    self.lat.append(self.flushed - e[2])
            t = self.app.table
            if t is not None and t.server is not None:
                for p in PHONES:
                    p.tick(now)
            utime.sleep_ms(1)

    def press(self, name, hold=60):
        t = utime.ticks_diff(utime.ticks_ms(), self.t0) + 5
        self.hw.buttons.pending.extend([(name, True, t), (name, False, t + hold)])
        self.run_for(hold + self.GAP_MS)


class TimedOff(TimedHarness):
    SETTINGS_TEXT = ""


PHONES = []
PORT = int(sys.argv[1])
WWW = sys.argv[2]


def main(argv):
    n = 4
    if "--phones" in argv:
        n = int(argv[argv.index("--phones") + 1])
        argv = argv[:argv.index("--phones")] + argv[argv.index("--phones") + 2:]
    for _ in range(n):
        PHONES.append(Phone())
    words = [a for a in argv if not a.startswith("--")] or H.SCRIPT.split()
    if "--full" in argv:
        words = H.FULL.split()
    if "--maniacs" in argv:
        words = H.MANIACS.split()
    for a in argv:
        if a.startswith("--need="):
            TableHarness.NEED = int(a[7:])
    if "--timed" in argv:
        cls = TimedOff if "--off" in argv else TimedHarness
    else:
        cls = H.Harness if "--off" in argv else TableHarness
    h = cls(ProfileW, H.QUIET)
    h.play(words)
    if "--timed" in argv:
        lat = sorted(h.lat)
        print("latency", len(lat), lat[len(lat) // 2], lat[len(lat) * 95 // 100], lat[-1])
        busy = sorted(h.polls)
        if busy:
            print("poll_us", len(busy), busy[len(busy) // 2], busy[len(busy) * 99 // 100], busy[-1])
    print("phones", sum(p.got for p in PHONES), "answers", sum(p.bytes for p in PHONES), "bytes",
          sum(p.fails for p in PHONES), "refused")
    t = h.app.table
    if t is not None and t.server is not None:
        g = t.server.guard
        print("served", g.served, "cuts", g.cuts, "(since the last boot)")


if __name__ == "__main__":
    main(sys.argv[3:])
