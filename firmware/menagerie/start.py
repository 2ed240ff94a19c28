# The start of Menagerie, called by code.py: pick the board profile from
# board.board_id, build the hardware, run the app. Here and not in code.py:
# CircuitPython compiles code.py at every start (its 139 lines took about
# 0.17 s of an RP2040 by the bench's proxy, bench/b_presses.py), where a
# build ships this module compiled (.mpy). code.py keeps the last-resort
# handlers.
import sys

import board


def load_profile(board_id):
    try:
        pkg = __import__("boards." + board_id)
        return getattr(pkg, board_id)
    except ImportError:
        # A tree built for another board (a build ships only its own
        # profile): use the profile that is there; the Picos share a wiring.
        import os

        name = "raspberry_pi_pico"
        try:
            for f in os.listdir("boards"):
                if f[:1] != "_" and (f.endswith(".py") or f.endswith(".mpy")):
                    name = f[:f.rfind(".")]
        except OSError:
            pass
        print("No profile for board", board_id, "- using", name)
        pkg = __import__("boards." + name)
        return getattr(pkg, name)


def load_settings():
    # Imported in here, not kept global: the parser is dropped after boot
    # (games.TRANSIENT) and a reference would keep its RAM.
    from menagerie import settings

    wiring = {}
    values, warnings, toml = settings.load_with_source(wiring=wiring)
    return values, warnings, wiring, toml


def own_wiring(profile, wiring, warnings):
    # settings.toml's MENAGERIE_PIN_* / MENAGERIE_OLED_* (menagerie/pins.py):
    # checked against this board; on any problem the profile stays and the
    # boot screen says so. Nothing is loaded when the file names no pins.
    if not wiring:
        return profile
    try:
        from menagerie import games, pins
    except ImportError as e:  # a tree without pins.py: still boot
        warnings.insert(0, "Own wiring ignored:\n%s" % e)
        return profile
    profile = pins.apply(profile, wiring, warnings)
    del pins
    games.drop(("menagerie.pins",))  # its RAM back before the app compiles
    return profile


def hardware_class():
    try:
        from menagerie.hw.board_hw import BoardHardware
        return BoardHardware
    except ImportError:
        # MicroPython (a `menagerie build --mpy` tree ships hw/mpy_* instead)
        if sys.implementation.name != "micropython":
            raise
        from menagerie.hw.mpy_board import MpyHardware
        return MpyHardware


def main():
    board_profile = load_profile(board.board_id)
    settings, warnings, wiring, toml = load_settings()
    profile = own_wiring(board_profile, wiring, warnings)
    wiring = None
    from menagerie.app import App

    # The display tried again for a few seconds, then said missing (console,
    # piezo) until it answers; own wiring that fails falls back to the
    # board's pins and says why, rather than reset forever.
    from menagerie.hw import display_wait

    hw = display_wait.start(hardware_class(), profile, board_profile, settings, warnings)
    # Boot-only: forgotten at once, its RAM back at restore's first collection.
    del display_wait
    from menagerie import games

    games.forget(("menagerie.hw.display_wait",))
    try:
        from menagerie.hw.regions import policy  # who may write the drive

        info = policy()
    except Exception:
        info = None
    try:
        app = App(hw, settings, warnings, info, toml)
        app.boot()
        # One line on the console: `menagerie deploy --mpremote` waits for it
        # (mpremote_deploy.STARTED) to say the firmware came up.
        print("Menagerie running on", board.board_id)
        app.run()
    except BaseException:
        hw.release()    # the bus and pins free for the reload after a crash
        raise
