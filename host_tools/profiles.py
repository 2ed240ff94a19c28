# Load board profiles on the host. Profiles do `import board` and use
# board.GP4 etc. (so mypy checks them against the real board stubs); here a
# stand-in `board` module answers every attribute with its own name.
import importlib.util
import os
import sys
import types

from host_tools.paths import BOARDS


class Pin(str):
    # A pin is just its name on the host.
    pass


class _StandInBoard(types.ModuleType):
    def __init__(self, board_id):
        super().__init__("board")
        self.board_id = board_id

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return Pin(name)


def board_ids():
    return sorted(f[:-3] for f in os.listdir(BOARDS)
                  if f.endswith(".py") and not f.startswith("_"))


def profile_path(board_id):
    return os.path.join(BOARDS, board_id + ".py")


def load(board_id):
    # Returns the profile module, loaded in isolation (never cached in
    # sys.modules, never touching the real `board` of Blinka on the host).
    path = profile_path(board_id)
    if not os.path.exists(path):
        raise KeyError("no board profile %r (known: %s)" % (board_id, ", ".join(board_ids())))
    saved = sys.modules.get("board")
    sys.modules["board"] = _StandInBoard(board_id)
    try:
        spec = importlib.util.spec_from_file_location("_menagerie_profile_" + board_id, path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
    finally:
        if saved is None:
            del sys.modules["board"]
        else:
            sys.modules["board"] = saved
    return mod


def connections(profile):
    # Every pin the profile uses, as (pin, part, role) in a stable order.
    out = [(str(profile.SDA), "OLED", "SDA"), (str(profile.SCL), "OLED", "SCL")]
    for name, pin in getattr(profile, "NAV", ()):
        out.append((str(pin), "button", name))
    for name, pin in getattr(profile, "PLAYERS", ()):
        out.append((str(pin), "player button", name))
    piezo = getattr(profile, "PIEZO", None)
    if piezo is not None:
        out.append((str(piezo), "piezo", "+"))
    return out


def pin_lookup(board_id):
    # The board's pin names as menagerie/pins.py needs them on the host:
    # (lookup, gpio, ident). Names come from the stub-checked tables of
    # mpy_board_shim (circuitpython-stubs' board definitions), so doctor and
    # docs judge a settings.toml as the board's `dir(board)` would; two names
    # of one GPIO (A0, GP26) are the same pin.
    from host_tools.boardinfo import info
    from host_tools.mpy_board_shim import PINS
    table = PINS.get(board_id)
    header = info(board_id)["left"] + info(board_id)["right"]

    def lookup(name):
        # A pin known by another name on the header (A0 is GP26) is drawn
        # and listed under the header's name.
        if table is None:
            return Pin(name)
        if name not in table:
            return None
        if name not in header:
            for h in header:
                if table.get(h) == table[name]:
                    return Pin(h)
        return Pin(name)

    def gpio(pin):
        return None if table is None else table.get(str(pin))

    def ident(pin):
        g = gpio(pin)
        return str(pin) if g is None else g
    return lookup, gpio, ident


def own_wiring(board_id, text, profile=None):
    # settings.toml text -> (profile to draw/check, wiring problems, other
    # settings warnings). The profile is the board's own when the file names
    # no pins or a problem makes the firmware fall back to it.
    from host_tools.paths import ensure_firmware_importable
    ensure_firmware_importable()
    from menagerie import pins, settings
    profile = profile or load(board_id)
    wiring = {}
    _, warnings = settings.load(getenv=lambda k: None, text=text, wiring=wiring)
    if not wiring:
        return profile, [], warnings
    lookup, gpio, ident = pin_lookup(board_id)
    changes, problems = pins.check(profile, wiring, lookup, gpio, ident)
    if problems:
        return profile, problems, warnings
    return pins.wired(profile, changes), [], warnings


def button_pin(profile, name):
    for n, pin in tuple(getattr(profile, "NAV", ())) + tuple(getattr(profile, "PLAYERS", ())):
        if n == name:
            return str(pin)
    return None
