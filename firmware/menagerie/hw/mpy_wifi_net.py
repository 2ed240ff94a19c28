# The table view's network on MicroPython (RPI_PICO_W, RPI_PICO2_W builds):
# network.WLAN as the board's own access point, or joining the home network
# that settings.toml names, and MicroPython's socket as the server's socket
# pool. What CircuitPython's wifi_net.py is on that side; the same keys in
# the same settings.toml (docs/table-view.md, docs/micropython.md):
#   CIRCUITPY_WIFI_SSID / CIRCUITPY_WIFI_PASSWORD: join that network (here
#     the firmware joins it when the table view starts: MicroPython joins
#     nothing by itself);
#   MENAGERIE_TABLE_VIEW_PASSWORD: the access point's own password (else the
#     one the device made and keeps).
# Imported only when the table view is switched on.
import socket
import time

import network
from menagerie.hw import mpy_httpshim

ROOT = "/menagerie/table/www"     # the page's files on the board
SETTINGS = "/settings.toml"
AP_PORT = 80
HOME_PORT = 80      # no web workflow on MicroPython: port 80 is free
JOIN_MS = 15000     # as CircuitPython's connect(timeout=15)
# cyw43's CYW43_AUTH_WPA2_AES_PSK: a WPA2 access point (an AP given only a
# password may come up open on some releases: micropython issue 8858).
WPA2 = 0x00400004


class Net:
    def __init__(self, password):
        # password: the access point's (8-63 characters), made on the device
        # and kept, or settings.toml's.
        mpy_httpshim.load()   # the server's library, before the radio is up
        self.root = ROOT
        self.pool = Pool()
        self.wlan = None
        env = read_env()
        home = env.get("CIRCUITPY_WIFI_SSID")
        if home:
            self.ssid = home
            self.password = None   # the players' phones know their network
            self.port = HOME_PORT
            self.host = self._join(home, env.get("CIRCUITPY_WIFI_PASSWORD") or "")
        else:
            # One board's network apart from another's: its chip's serial.
            import machine

            uid = machine.unique_id()
            self.ssid = "Menagerie-%02X%02X" % (uid[-2], uid[-1])
            self.password = password
            self.port = AP_PORT
            ap = network.WLAN(network.AP_IF)
            self.wlan = ap
            # Set before active(True): the AP comes up with what is set then
            # (else with the port's default name: micropython issue 10794).
            ap.config(ssid=self.ssid, key=password, security=WPA2)
            ap.active(True)
            self.host = address(ap)

    def _join(self, ssid, key):
        sta = network.WLAN(network.STA_IF)
        sta.active(True)
        self.wlan = sta
        sta.connect(ssid, key)
        # WLAN.status() while joining: what the port's STAT_* name (cyw43's
        # link status: -3, -2, -1 on rp2).
        failed = ((getattr(network, "STAT_WRONG_PASSWORD", -3), "wrong password"),
                  (getattr(network, "STAT_NO_AP_FOUND", -2), "network not found"),
                  (getattr(network, "STAT_CONNECT_FAIL", -1), "join failed"))
        t = time.ticks_ms()
        why = None
        while why is None:
            s = sta.status()
            for code, text in failed:
                if s == code:
                    why = text
            if why is not None:
                break
            if sta.isconnected():
                return address(sta)
            if time.ticks_diff(time.ticks_ms(), t) > JOIN_MS:
                why = "no answer"
            else:
                time.sleep_ms(100)
        self.stop()
        raise OSError("%s: %s" % (ssid[:12], why))

    def stop(self):
        # The radio goes off, access point or home network: MicroPython
        # joined it for the table view only.
        w = self.wlan
        self.wlan = None
        if w is None:
            return
        try:
            if self.password is None:
                w.disconnect()
            w.active(False)
        except Exception:
            pass


def address(wlan):
    # The interface's IPv4 address: ipconfig() from MicroPython 1.24 on,
    # ifconfig() before it.
    try:
        return wlan.ipconfig("addr4")[0]
    except (AttributeError, ValueError, TypeError):
        return wlan.ifconfig()[0]


class Pool:
    # MicroPython's socket module as adafruit_httpserver's socket pool.
    AF_INET = socket.AF_INET
    SOCK_STREAM = socket.SOCK_STREAM
    SOL_SOCKET = socket.SOL_SOCKET
    SO_REUSEADDR = socket.SO_REUSEADDR

    def getaddrinfo(self, host, port, *a):
        return socket.getaddrinfo(host, port)

    def socket(self, *a):
        return Sock(socket.socket(*a))


class Sock:
    # bind() takes (host, port) as the library gives it; MicroPython wants
    # what getaddrinfo returns (a tuple on the board, packed bytes on unix).
    def __init__(self, s):
        self.s = s

    def bind(self, addr):
        self.s.bind(socket.getaddrinfo(addr[0], addr[1])[0][-1])

    def __getattr__(self, name):
        return getattr(self.s, name)


def read_env():
    # settings.toml's text values (MicroPython has no os.getenv): {key: str}.
    from menagerie import games, settings

    out = {}
    try:
        with open(SETTINGS) as f:
            text = f.read()
        got = settings.parse(text, [])
        text = None
        for k in got:
            if isinstance(got[k], str):
                out[k] = got[k]
    except OSError:
        pass   # no file: nothing set
    games.drop(("menagerie.settings",))   # the parser is boot-only
    return out


def getenv(key):
    return read_env().get(key)
