# A stand-in for MicroPython's `network` module as the rp2 port's cyw43
# driver gives it (RPI_PICO_W, RPI_PICO2_W), for running
# firmware/menagerie/hw/mpy_wifi_net.py under the unix port: the radio is
# pretend, the addresses are the loopback's, so the firmware's server (on
# the real `socket`) is reached there. Only on MICROPYPATH in tests.
#
# What it checks as the real driver would: config keys it knows (ssid/essid,
# key/password, security, channel; anything else ValueError "unknown config
# param"), a WPA2 key of 8-63 characters; and it records what the firmware
# did, in order (LOG), so a test can see the access point configured before
# it came up. HOME says which networks are in range and their passwords;
# JOIN_POLLS how many status() calls a join stays CONNECTING.

STA_IF = 0
AP_IF = 1
STAT_IDLE = 0
STAT_CONNECTING = 1
STAT_NOIP = 2
STAT_GOT_IP = 3
STAT_CONNECT_FAIL = -1
STAT_NO_AP_FOUND = -2
STAT_WRONG_PASSWORD = -3

LOG = []
HOME = {}          # ssid -> password of the networks in range
JOIN_POLLS = 3
ADDRESS = "127.0.0.1"
_IFS = {}


class WLAN:
    def __new__(cls, itf=STA_IF):
        # One object per interface, as the driver's.
        w = _IFS.get(itf)
        if w is None:
            w = object.__new__(cls)
            w.itf = itf
            w.up = False
            w.conf = {"ssid": "PICO" + "W123", "key": "picoW123", "security": 0, "channel": 1}
            w.stat = STAT_IDLE
            w.polls = 0
            _IFS[itf] = w
        return w

    def __init__(self, itf=STA_IF):
        pass

    def _name(self):
        return "AP" if self.itf == AP_IF else "STA"

    def active(self, on=None):
        if on is None:
            return self.up
        self.up = bool(on)
        LOG.append((self._name(), "active", self.up))
        if self.itf == AP_IF and self.up:
            sec = self.conf["security"]
            if sec and not 8 <= len(self.conf["key"]) <= 63:
                raise OSError(-1, "bad key")
        if not self.up:
            self.stat = STAT_IDLE

    def config(self, *args, **kw):
        if args:
            key = args[0]
            key = "ssid" if key == "essid" else key
            if key not in self.conf:
                raise ValueError("unknown config param")
            return self.conf[key]
        for k in kw:
            name = {"essid": "ssid", "password": "key"}.get(k, k)
            if name not in self.conf:
                raise ValueError("unknown config param")
            self.conf[name] = kw[k]
            LOG.append((self._name(), "config", name, kw[k]))

    def connect(self, ssid, key=None):
        if self.itf != STA_IF or not self.up:
            raise OSError(1, "EPERM")
        LOG.append(("STA", "connect", ssid))
        self.joining = (ssid, key or "")
        self.stat = STAT_CONNECTING
        self.polls = 0

    def status(self):
        if self.stat == STAT_CONNECTING:
            self.polls += 1
            if self.polls >= JOIN_POLLS:
                ssid, key = self.joining
                if ssid not in HOME:
                    self.stat = STAT_NO_AP_FOUND
                elif HOME[ssid] != key:
                    self.stat = STAT_WRONG_PASSWORD
                else:
                    self.stat = STAT_GOT_IP
        return self.stat

    def isconnected(self):
        return self.itf == STA_IF and self.stat == STAT_GOT_IP

    def disconnect(self):
        LOG.append((self._name(), "disconnect"))
        self.stat = STAT_IDLE

    def ifconfig(self):
        up = self.up and (self.itf == AP_IF or self.stat == STAT_GOT_IP)
        ip = ADDRESS if up else "0.0.0.0"
        return (ip, "255.255.255.0", ip, ip)

    def ipconfig(self, key):
        if key != "addr4":
            raise ValueError("unexpected key")
        return (self.ifconfig()[0], "255.255.255.0")
