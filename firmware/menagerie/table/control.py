# The table view's switch and its turn in the app loop (docs/table-view.md).
#
# Only boards with Wi-Fi get one (restore.boot calls boot() here when the board
# profile says WIFI): elsewhere app.table stays None and nothing of the
# table view is imported. Switched on, it starts the network and the server
# at the next loop turn (never holding a screen back), then polls the
# server every POLL_MS for at most one request within the guard's budget,
# and not at all while a Panicozoo race is open (arming to decision): the
# buzzer keeps its millisecond.
SETTING = "table_view_on"     # kept with the settings (W boards only)
PASSWORD = "table_view_pw"    # the access point's, made on the device
POLL_MS = 50
# Free heap wanted before the server starts, on the board: the every-game
# session's peak with the table view on, less what the main menu keeps, so
# that every game still fits beside it (`make bench ARGS=table_view`, .mpy
# as deploy ships; docs/table-view.md). A Pico 2 W has it; a Pico W not.
NEED_KB = 131
_LETTERS = "abcdefghijkmnpqrstuvwxyz23456789"   # no l, o, 0, 1 to misread


def boot(app):
    # Before the save is read: the saved values of these keys are kept only
    # if the settings have them (record_check).
    s = app.settings
    if SETTING not in s:
        s[SETTING] = False
    if PASSWORD not in s:
        s[PASSWORD] = ""
    app.table = TableView()


def free_kb():
    # Free heap after a collection on the board; None on CPython.
    import gc

    f = getattr(gc, "mem_free", None)
    if f is None:
        return None
    gc.collect()
    return f() // 1024


class TableView:
    def __init__(self):
        self.server = None
        self.net = None
        self.note = None     # why it is off although switched on
        self.next = 0
        self.said = False    # the address was toasted once after a start

    # -- the loop -----------------------------------------------------------
    def tick(self, app, now):
        srv = self.server
        on = app.settings[SETTING]
        if srv is None:
            if on and self.note is None:
                self.start(app)
            return
        if not on:
            self.stop()
            return
        if now < self.next:
            return
        g = app.game
        if g is not None and app.game_id == "panicozoo" and g.phase == "open":
            return
        # Nobody asking: look again in POLL_MS. A phone served: the next one
        # may be waiting, at the next loop turn (one request a turn at most).
        self.next = now if srv.poll() else now + POLL_MS
        if srv.errors:
            # Out of memory answering a phone: the game comes first.
            self.stop()
            self.note = "Stopped: no RAM\nneeds %d KB free" % NEED_KB
            app.toast("Table view off:\nnot enough RAM")

    def start(self, app):
        kb = free_kb()
        if kb is not None and kb < NEED_KB:
            self.note = "Needs %d KB free\nbeside the games\n(%d KB now)" % (NEED_KB, kb)
            return False
        s = app.settings
        if not s[PASSWORD]:
            s[PASSWORD] = make_password(app.hw)
            app.save()
        net = None
        try:
            make = getattr(app.hw, "table_net", None)
            if make is None:
                make = radio().Net
            # The radio first: on MicroPython it loads the server's library
            # under its shims (hw/mpy_httpshim.py).
            net = make(own_password(app) or s[PASSWORD])
            from menagerie.table.server import TableServer

            self.server = TableServer(app, net)
            self.net = net
        except Exception as e:
            if net is not None:
                net.stop()
            self.note = "Not started:\n" + str(e)[:30]
            print("table view:", repr(e))
            return False
        self.note = None
        if not self.said:
            self.said = True
            app.toast("Table view on:\n" + self.address()[7:-1], 4000)
        return True

    def stop(self):
        if self.server is not None:
            self.server.stop()
            self.server = None
        if self.net is not None:
            self.net.stop()
            self.net = None
        # The server's code and the libraries go too: their RAM back to the
        # game (switched off, or out of memory).
        from menagerie import games

        games.drop(("menagerie.table.server", "menagerie.table.guard", "menagerie.table.state",
                    "menagerie.table.view_", "adafruit_httpserver"))

    def address(self):
        srv = self.server
        if srv is None:
            return ""
        port = srv.port
        return "http://%s%s/" % (self.net.host, "" if port == 80 else ":%d" % port)

    # -- the Settings item --------------------------------------------------
    def entry(self, app):
        if not app.settings[SETTING]:
            return "Table view: off"
        if self.server is not None:
            return "Table view: on"
        note = self.note or ""
        return "Table view: no RAM" if "KB" in note else "Table view: failed"

    def pick(self, app):
        from menagerie.table.screen import TableMenu

        app.push(TableMenu(app, self))

    def switch(self, app, on):
        app.settings[SETTING] = on
        self.note = None
        if not on:
            self.stop()
        app.save()
        if on:
            self.start(app)


def make_password(hw):
    # 10 letters from the hardware's random bytes (os.urandom; the simulator
    # gives its own stream, which leaves the games' seeds as they were): 50
    # bits, and easy to read off the screen and type.
    rnd = getattr(hw, "urandom", None)
    if rnd is None:
        import os

        rnd = os.urandom
    out = ""
    for b in rnd(10):
        out += _LETTERS[b & 31]
    return out


def radio():
    # The board's Wi-Fi glue, as its build ships it: CircuitPython's wifi
    # (hw/wifi_net.py) or MicroPython's network (hw/mpy_wifi_net.py).
    import sys

    if sys.implementation.name == "micropython":
        from menagerie.hw import mpy_wifi_net as m
    else:
        from menagerie.hw import wifi_net as m
    return m


def own_password(app):
    # settings.toml's MENAGERIE_TABLE_VIEW_PASSWORD, if usable (WPA2: 8-63):
    # os.getenv on CircuitPython, the file itself on MicroPython.
    get = getattr(app.hw, "getenv", None)
    if get is None:
        get = radio().getenv
    p = get("MENAGERIE_TABLE_VIEW_PASSWORD")
    if isinstance(p, str) and 8 <= len(p) <= 63:
        return p
    return None
