# adafruit_httpserver on MicroPython (Pico W, Pico 2 W): the few names it
# takes from CircuitPython's time, traceback and ssl that MicroPython's rp2
# port does not have (time.monotonic, traceback.print_exception, ssl's
# SSLError and create_default_context). load() imports the library with this
# module standing in for those three, then puts the real ones back: the
# library keeps the names it took, nothing else in the firmware sees this
# module. The library itself ships as it is (docs/table-view.md).
import sys
import time as _time

from time import sleep  # noqa: F401  (the server's serve_forever; never called)

# The modules this one stands in for while the library loads; the build's
# import check counts them as there (host_tools/build.py).
STANDS_IN = ("time", "traceback", "ssl")
CERT_NONE = 0


_T0 = _time.ticks_ms()


def monotonic():
    # Seconds since this module loaded; the library times only its debug
    # lines with it.
    return _time.ticks_diff(_time.ticks_ms(), _T0) / 1000


def monotonic_ns():
    # Its server-sent events and websockets only (never served here).
    return _time.ticks_diff(_time.ticks_ms(), _T0) * 1000000


def print_exception(e, *a, **kw):
    sys.print_exception(e)


class SSLError(OSError):
    # Named in the server's error path off CircuitPython; never raised: the
    # table view serves plain HTTP.
    pass


class SSLContext:
    pass


class Purpose:
    CLIENT_AUTH = None


def create_default_context(*a, **kw):
    raise OSError("no HTTPS here")


def load():
    # -> True once adafruit_httpserver is imported (again after the table
    # view dropped it).
    mods = sys.modules
    if "adafruit_httpserver" in mods:
        return True
    me = mods[__name__]
    kept = {}
    for name in STANDS_IN:
        if name in mods:
            kept[name] = mods[name]   # a Python-level module (rp2's frozen ssl)
        mods[name] = me
    try:
        import adafruit_httpserver  # noqa: F401
    finally:
        for name in STANDS_IN:
            if name in kept:
                mods[name] = kept[name]
            else:
                del mods[name]
    return True
