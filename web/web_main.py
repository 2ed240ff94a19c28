# The browser's code.py: what firmware/code.py does on a board (profile,
# settings, hardware, App, boot), except the loop. A page cannot block in
# `while True`, so app.run() is not called: the page calls step() from its
# animation frames with the clock's now, which is all app.run() does.
import sys

import menagerie_bridge as bridge

app = None
hw = None


def _board_module(board_id):
    # The profiles name pins as board.GP4; in a browser a pin is its name.
    class Board:
        pass

    mod = Board()
    mod.board_id = board_id
    for n in range(30):
        setattr(mod, "GP%d" % n, "GP%d" % n)
    for n in range(4):
        setattr(mod, "A%d" % n, "A%d" % n)
    for n in range(14):
        setattr(mod, "D%d" % n, "D%d" % n)
    for name in ("SDA", "SCL", "NEOPIXEL", "LED", "SMPS_MODE", "VBUS_SENSE",
                 "VOLTAGE_MONITOR", "SCK", "MOSI", "MISO", "TX", "RX"):
        setattr(mod, name, name)
    sys.modules["board"] = mod


def _profile(board_id):
    _board_module(board_id)
    pkg = __import__("boards." + board_id)
    return getattr(pkg, board_id)


def start(board_id, seed=-1):
    # seed < 0: fresh seeds from the browser's crypto RNG, like os.urandom.
    global app, hw
    from menagerie import settings as settings_mod
    from menagerie.app import App
    from hw_web import WebHardware

    profile = _profile(board_id)
    settings, warnings = settings_mod.load(getenv=lambda k: None, text="")
    del settings_mod
    hw = WebHardware(profile, bridge, None if seed < 0 else seed)
    app = App(hw, settings, warnings, "Saves: this browser")
    app.canvas.log = []  # the text on screen, for the page's screen reader
    app.boot()
    return step(hw.clock.now())


def step(now):
    # One turn of the board's main loop. Returns the display RAM as hex when
    # it changed since the last call ("" while the panel is off), else None.
    app.step(now)
    d = hw.display
    if d.changed:
        return d.frame_hex()
    return None


def screen_text():
    return "\n".join(app.canvas.lines())


def screen_name():
    return app.top().name if app.stack else ""


def state_json():
    import json

    return json.dumps(app.state())


def button_names():
    return " ".join(hw.buttons.names)


def board_name():
    return hw.profile.NAME


def display_height():
    return hw.display.height
