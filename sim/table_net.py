"""The table view's network in the simulator: the host's own `socket` module
as the socket pool (adafruit_httpserver takes it as it takes CircuitPython's
socketpool), on the loopback, and the page's files straight from
firmware/menagerie/table/www. The same firmware server, guard and routes run
on it; only the radio is left out."""
import os
import socket
import time

from sim.boardstub import FIRMWARE

ROOT = os.path.join(FIRMWARE, "menagerie", "table", "www")


class SimNet:
    """What menagerie/hw/wifi_net.py's Net gives the table view: pool, host,
    port, the page folder, and what the QR codes say (ssid, password: the
    access point a board would open; None on a home network)."""

    def __init__(self, password, port=0, host="127.0.0.1", ssid="Menagerie-51AA", home=False):
        self.pool = socket
        self.host = host
        self.port = port          # 0: a free port, picked by the system
        self.root = ROOT
        self.ssid = ssid
        self.password = None if home else password
        self.stopped = False
        # The guard's budget is wall-clock time, as on the board: the
        # simulator's app clock is virtual and stands still during a poll.
        self.clock = WallClock()

    def stop(self):
        self.stopped = True


class WallClock:
    def now(self):
        return int(time.monotonic() * 1000)


class _QuietSocket:
    """A listening socket no phone ever reaches (accept: nothing yet)."""

    def setsockopt(self, *a):
        pass

    def bind(self, addr):
        pass

    def listen(self, n):
        pass

    def setblocking(self, flag):
        pass

    def close(self):
        pass

    def accept(self):
        raise OSError(11, "no phone")   # EAGAIN


class _QuietPool:
    AF_INET = socket.AF_INET
    SOCK_STREAM = socket.SOCK_STREAM
    SOL_SOCKET = socket.SOL_SOCKET
    SO_REUSEADDR = socket.SO_REUSEADDR

    def getaddrinfo(self, host, port, *a):
        return [(socket.AF_INET, socket.SOCK_STREAM, 0, "", (host, port))]

    def socket(self, *a):
        return _QuietSocket()


class QuietNet(SimNet):
    """The board's own access point as its screens show it (192.168.4.1,
    port 80), with nothing bound on this machine: for pictures (make docs)."""

    def __init__(self, password):
        SimNet.__init__(self, password, port=80, host="192.168.4.1")
        self.pool = _QuietPool()
