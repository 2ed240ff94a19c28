# The table view's screens: its menu (from Settings) and the QR codes a
# phone's camera reads, "join this network" then "open the page", with the
# same in text beside them. Dark modules on a lit square, as printed codes
# are; 2 pixels a module on a 64-pixel panel, 1 on a 32-pixel one.
from menagerie.ui.screen import Screen, btn
from menagerie.ui.widgets import Menu, Message


class TableMenu(Menu):
    def __init__(self, app, tv):
        Menu.__init__(self, "Table view", self.entries, self.pick, name="table_view")
        self.tv = tv

    def entries(self):
        tv = self.tv
        if tv.server is not None:
            return ["Show the codes", "Switch off"]
        out = ["Switch on"]
        if tv.note:
            out.append("Why it is off")
        return out

    def pick(self, app, i):
        tv = self.tv
        if tv.server is not None:
            if i == 0:
                app.push(CodeScreen(app, tv))
            else:
                tv.switch(app, False)
                app.toast("Table view off")
            return
        if i == 0:
            # the codes say the address beside them: no note over a code
            # a phone's camera is reading
            tv.said = True
            tv.switch(app, True)
            if tv.server is not None:
                self.index = 0
                app.push(CodeScreen(app, tv))
        else:
            app.push(Message("Table view", tv.note, name="table_note"))


def wifi_text(ssid, password):
    # The "join this network" payload phone cameras read (WPA2).
    def esc(s):
        out = ""
        for ch in s:
            out += "\\" + ch if ch in '\\;,":' else ch
        return out

    return "WIFI:T:WPA;S:%s;P:%s;;" % (esc(ssid), esc(password))


class CodeScreen(Screen):
    name = "table_codes"

    def __init__(self, app, tv):
        net = tv.net
        url = tv.address()
        host = url[7:-1]
        small = app.canvas.rows <= 4   # a 128x32 panel: fewer words
        self.pages = []
        if net.password is not None:
            join = [net.ssid, "pw " + net.password] if small else ["Join", net.ssid, "Password", net.password]
            self.pages.append((wifi_text(net.ssid, net.password), join))
            self.pages.append((url, [host] if small else ["Then open", host]))
        else:
            # 128x32: the address first, then which network if a row is left
            self.pages.append((url, [host, "on " + net.ssid] if small else ["On " + net.ssid, "open", host]))
        self.page = 0
        self.ok = btn(app, "OK")
        self.cols = None
        self.side = 0

    def _make(self, c):
        # The code's columns as page bytes, made once per page shown.
        import adafruit_miniqr as Q

        qr = Q.QRCode(error_correct=Q.L)
        qr.add_data(self.pages[self.page][0].encode())
        qr.make()
        m = qr.matrix
        n = m.width
        side = 64 if c.height >= 64 else 32
        scale = 2 if 2 * n + 4 <= side else 1
        pad = (side - n * scale) // 2
        cols = bytearray(side * (side // 8))
        for x in range(side):
            mx = (x - pad) // scale
            for p in range(side // 8):
                b = 0
                for bit in range(8):
                    my = (p * 8 + bit - pad) // scale
                    if not (0 <= mx < n and 0 <= my < n and m[mx, my]):
                        b |= 1 << bit
                cols[p * side + x] = b
        self.cols = cols
        self.side = side
        qr = m = Q = None
        from menagerie import games

        games.drop(("adafruit_miniqr",))   # its RAM back: the code is made

    def draw(self, c):
        if self.cols is None:
            self._make(c)
        side = self.side
        w = c.width
        buf = c.buf
        for p in range(side // 8):
            buf[1 + p * w:1 + p * w + side] = self.cols[p * side:(p + 1) * side]
        lines = self.pages[self.page][1]
        x = side + 2
        room = (w - x) // 6
        last = self.page == len(self.pages) - 1
        hint = "%s:%s" % (self.ok, "done" if last else "next")
        rows = c.rows
        r = 0
        for s in lines:
            while s and r < rows - 1:
                cut = room
                if len(s) > room:
                    # an address breaks after its second dot (192.168. 4.1),
                    # else a name at its last space that fits (the space
                    # dropped), else after its last dash, dot or colon
                    two = s.find(".", s.find(".") + 1) + 1
                    sp = s.rfind(" ", 0, room + 1)
                    if 0 < two <= room:
                        cut = two
                    elif sp > 0:
                        c.text(r, x, s[:sp])
                        s = s[sp + 1:]
                        r += 1
                        continue
                    else:
                        for i in range(room - 1, 0, -1):
                            if s[i] in ".:-":
                                cut = i + 1
                                break
                c.text(r, x, s[:cut])
                s = s[cut:]
                r += 1
        c.text(rows - 1, x, hint[:room])

    def key(self, app, k, t):
        if k == "OK" and self.page < len(self.pages) - 1:
            self.page += 1
            self.cols = None
        elif k == "OK" or k == "BACK":
            app.pop()
        elif k == "UP" and self.page > 0:
            self.page -= 1
            self.cols = None
        elif k == "DOWN" and self.page < len(self.pages) - 1:
            self.page += 1
            self.cols = None
