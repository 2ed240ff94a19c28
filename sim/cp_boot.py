"""What CircuitPython does at power-up before code.py, for the drive model
(sim/drive.py Drive.power_up): the text it builds for boot_out.txt, and the
drive's boot.py run on stand-in modules with a button held or not.

From CircuitPython's main.c (run_boot_py): the text is the version line,
"Board ID:<id>", "UID:<16 hex digits>" (ports with a unique id: the
RP2040s), the port's boot info (the Pico W's and Pico 2 W's "MAC:..."
line), then, when boot.py exists, "boot.py output:" and whatever boot.py
prints; capped at 512 bytes. CircuitPython reads boot_out.txt and, only if
its bytes differ, waits 1 s, then opens it create-always, writes, closes
and flushes the drive: host_tools/bootout.py predicts that text so that
`menagerie deploy` can write it first and the board writes nothing.
"""
import builtins
import io

from host_tools.boardinfo import info

VERSION = "10.2.1"
DATE = "2025-12-01"
UID = "E66038B7133A4C2F"
MAC = "28:CD:C1:0A:4B:7E"
WIRELESS = ("raspberry_pi_pico_w", "raspberry_pi_pico2_w")
CAP = 512


def header(board_id, version=VERSION, uid=UID):
    text = "Adafruit CircuitPython %s on %s; %s\nBoard ID:%s\nUID:%s\n" % (
        version, DATE, info(board_id)["boot"], board_id, uid)
    if board_id in WIRELESS:
        text += "MAC:%s\n" % MAC
    return text


def boot_text(board_id, boot_py, held=False, version=VERSION, uid=UID):
    # (text for boot_out.txt, code may write the drive) at one power-up;
    # boot_py: the drive's boot.py as bytes, or None when there is none.
    text = header(board_id, version, uid)
    writable = False
    if boot_py is not None:
        out, writable = run_boot_py(boot_py, board_id, held)
        text += "boot.py output:\n" + out
    if len(text) > CAP - 26:
        text = text[:CAP - 26] + "[truncated due to length]\n"
    return text, writable


class _Pin(str):
    pass


def run_boot_py(source, board_id, held):
    # Runs boot.py's text with stand-ins for board, digitalio, storage and
    # time; the USB_WRITE_BUTTON of the board's profile reads pressed when
    # `held`. -> (what it printed, whether it made the drive writable for code).
    from sim import boardstub

    profile = boardstub.load_profile(board_id)
    want = getattr(profile, "USB_WRITE_BUTTON", None)
    held_pin = dict(profile.NAV).get(want)
    state = {"writable": False}
    out = io.StringIO()

    class Board:
        pass
    board = Board()
    board.board_id = board_id
    for name, pin in profile.NAV:
        setattr(board, str(pin), _Pin(pin))

    class DigitalInOut:
        def __init__(self, pin):
            self.pin = pin

        def switch_to_input(self, pull=None):
            pass

        @property
        def value(self):
            return not (held and self.pin == held_pin)

        def deinit(self):
            pass

    class Pull:
        UP = 1
        DOWN = 2

    class Digitalio:
        pass
    digitalio = Digitalio()
    digitalio.DigitalInOut = DigitalInOut
    digitalio.Pull = Pull

    class Storage:
        @staticmethod
        def remount(path, readonly=False, disable_concurrent_write_protection=False):
            state["writable"] = not readonly
    storage = Storage()

    class Time:
        @staticmethod
        def sleep(s):
            pass

    class Os:
        @staticmethod
        def getenv(name, default=None):
            return default

    fakes = {"board": board, "digitalio": digitalio, "storage": storage, "time": Time(),
             "os": Os()}

    def imp(name, globals=None, locals=None, fromlist=(), level=0):
        if name in fakes:
            return fakes[name]
        if name.startswith("boards."):
            if name != "boards." + board_id:
                raise ImportError("no module named %r" % name)
            return profile
        return builtins.__import__(name, globals, locals, fromlist, level)

    def say(*args, sep=" ", end="\n", file=None):
        out.write(sep.join(str(a) for a in args) + end)

    env = dict(vars(builtins))
    env["__import__"] = imp
    env["print"] = say
    try:
        text = source.decode("utf-8") if isinstance(source, bytes) else source
        exec(compile(text, "boot.py", "exec"), {"__builtins__": env, "__name__": "__main__"})
    except Exception as e:  # what CircuitPython would print as a traceback
        out.write("Traceback (most recent call last):\n%s: %s\n" % (type(e).__name__, e))
    return out.getvalue(), state["writable"]
