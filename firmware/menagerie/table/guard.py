# The table view's sockets, with the caps that keep a phone from costing
# the game anything (docs/table-view.md, "What it never does").
#
# adafruit_httpserver takes any socket pool (CircuitPython's socketpool, the
# host's socket module) and handles one connection per poll(): it reads the
# whole request and sends the whole answer before it returns, waiting up to
# its socket timeout on each read and looping on a full send buffer. This
# pool hands it sockets that stop that at our limits instead: every
# connection has a deadline (BUDGET_MS from its accept), reads stop at
# MAX_REQUEST bytes, and at most MAX_CLIENTS phones are served. Past a
# limit a call raises Cut, which the server does not catch: poll() closes
# the connection and re-raises, and the controller counts it and goes on.
from errno import EAGAIN, ETIMEDOUT

BUDGET_MS = 40       # one request, accept to last byte sent
FILE_MS = 150        # one of the page's files (a phone loads them once)
MAX_REQUEST = 2048   # a request line and headers; GET has no body
MAX_CLIENTS = 8      # phones served (by address) in the last IDLE_MS
IDLE_MS = 60000


class Cut(Exception):
    # A connection over one of its caps (its text says which).
    pass


class Guard:
    def __init__(self, pool, clock):
        self.pool = pool
        self.clock = clock        # .now() in ms
        self.seen = {}            # client address -> last request time
        self.cuts = 0
        self.served = 0
        self.current = None
        # What adafruit_httpserver looks up on a pool.
        self.AF_INET = pool.AF_INET
        self.SOCK_STREAM = pool.SOCK_STREAM
        self.SOL_SOCKET = pool.SOL_SOCKET
        self.SO_REUSEADDR = pool.SO_REUSEADDR

    def getaddrinfo(self, host, port, *a):
        return self.pool.getaddrinfo(host, port, *a)

    def socket(self, *a):
        return Listener(self, self.pool.socket(*a))

    def admit(self, addr, now):
        # True when the phone at addr may be served now.
        seen = self.seen
        if addr not in seen and len(seen) >= MAX_CLIENTS:
            for a in list(seen):
                if now - seen[a] > IDLE_MS:
                    del seen[a]
            if len(seen) >= MAX_CLIENTS:
                return False
        seen[addr] = now
        return True


class Listener:
    def __init__(self, guard, sock):
        self.g = guard
        self.s = sock

    def setsockopt(self, *a):
        self.s.setsockopt(*a)

    def bind(self, addr):
        self.s.bind(addr)

    def listen(self, backlog):
        # Connections waiting their turn: each is served in its own poll.
        self.s.listen(min(backlog, 4))

    def setblocking(self, flag):
        self.s.setblocking(flag)

    def getsockname(self):
        return self.s.getsockname()

    def close(self):
        self.s.close()

    def accept(self):
        conn, addr = self.s.accept()
        g = self.g
        now = g.clock.now()
        if not g.admit(addr[0], now):
            conn.close()
            g.cuts += 1
            # What the server takes for "no request": try again later.
            raise OSError(EAGAIN)
        c = Conn(g, conn, now + BUDGET_MS)
        g.current = c   # closed after poll() whatever happened in it
        return c, addr


class Conn:
    def __init__(self, guard, sock, deadline):
        self.g = guard
        self.s = sock
        self.deadline = deadline
        self.got = 0

    def _left(self):
        left = self.deadline - self.g.clock.now()
        if left <= 0:
            raise Cut("too slow")
        return left

    def settimeout(self, value):
        # The server asks for its own timeout (1 s); the deadline wins.
        self.s.settimeout(min(value, self._left() / 1000))

    def setblocking(self, flag):
        self.s.setblocking(flag)

    def recv_into(self, buf, n=0):
        self.s.settimeout(self._left() / 1000)
        n = n or len(buf)
        try:
            if hasattr(self.s, "recv_into"):
                got = self.s.recv_into(buf, n)
            else:  # MicroPython's socket (its readinto waits for n bytes)
                data = self.s.recv(n)
                got = len(data)
                buf[:got] = data
        except OSError as e:
            if e.args and e.args[0] == EAGAIN:
                # A timed-out read on MicroPython: what the server takes for
                # "the request ends here" (it would leak the socket on EAGAIN).
                raise OSError(ETIMEDOUT)
            raise
        self.got += got
        if self.got > MAX_REQUEST:
            raise Cut("request too big")
        return got

    def send(self, data):
        self.s.settimeout(self._left() / 1000)
        return self.s.send(data)

    def close(self):
        if self.s is not None:
            self.g.served += 1
            try:
                self.s.close()
            except OSError:
                pass
            self.s = None
