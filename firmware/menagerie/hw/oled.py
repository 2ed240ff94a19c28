# The SSD1306 driver made without blanking the panel, for a boot that follows
# the app's own restart (App.restart): the chip kept its power and shows the
# main menu the restarted app is about to draw again. The driver's init is
# used as it is, minus its "display off" first command and its blank frame:
# every setting is sent again (the same values), the display stays on, and
# the app's first frame (a full one) replaces what is shown. On a chip that
# was never set up (a reload after a failed first boot) this still sets it
# up; it then shows its own RAM until that first frame.
import adafruit_ssd1306

_OFF = 0xAE


def make(width, height, i2c, addr, keep=False):
    cls = adafruit_ssd1306.SSD1306_I2C
    if not keep:
        return cls(width, height, i2c, addr=addr)
    init = cls.init_display
    cls.init_display = _quiet(init)
    try:
        return cls(width, height, i2c, addr=addr)
    finally:
        cls.init_display = init


def _quiet(init):
    def run(self):
        send = self.write_cmd
        skip = [_OFF]

        def cmd(c):
            if skip and c == skip[0]:
                skip.pop()
                return
            send(c)

        self.write_cmd = cmd
        self.show = _nothing
        try:
            init(self)
        finally:
            del self.write_cmd
            del self.show

    return run


def _nothing():
    pass
