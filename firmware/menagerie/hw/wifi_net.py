# The table view's network on CircuitPython (Pico W, Pico 2 W): the board's
# own access point, or the home network CircuitPython already joined from
# settings.toml's CIRCUITPY_WIFI_SSID / CIRCUITPY_WIFI_PASSWORD. Imported
# only when the table view is switched on, on a board with Wi-Fi
# (docs/table-view.md); the simulator has its own (sim/table_net.py).
import os

import microcontroller
import socketpool
import wifi

ROOT = "/menagerie/table/www"   # the page's files on the drive
AP_PORT = 80
# With CIRCUITPY_WIFI_SSID set, CircuitPython's web workflow serves port 80
# (CIRCUITPY_WEB_API_PORT): the table view takes the next free usual one.
HOME_PORT = 8080


class Net:
    def __init__(self, password):
        # password: the access point's (8-63 characters), made on the device
        # and kept, or the one settings.toml gives.
        radio = wifi.radio
        self.root = ROOT
        home = os.getenv("CIRCUITPY_WIFI_SSID")
        if home:
            if not radio.connected:
                radio.connect(home, os.getenv("CIRCUITPY_WIFI_PASSWORD") or "", timeout=15)
            self.ssid = home
            self.password = None   # the players' phones know their network
            self.host = str(radio.ipv4_address)
            self.port = HOME_PORT
        else:
            # One board's network apart from another's: its chip's serial.
            uid = microcontroller.cpu.uid
            self.ssid = "Menagerie-%02X%02X" % (uid[-2], uid[-1])
            self.password = password
            radio.start_ap(self.ssid, password)
            self.host = str(radio.ipv4_address_ap)
            self.port = AP_PORT
        self.pool = socketpool.SocketPool(radio)

    def stop(self):
        # The access point goes (on a Pico W it cannot start again before a
        # reset: docs/table-view.md); a home network stays joined, as
        # CircuitPython joined it.
        if self.password is not None:
            try:
                wifi.radio.stop_ap()
            except Exception:
                pass


def getenv(key):
    return os.getenv(key)
