# CircuitPython's time as adafruit_httpserver uses it, over MicroPython's
# utime (the unix port has no monotonic): the harness's table view only.
from utime import *  # noqa: F401,F403
import utime


def monotonic():
    return utime.ticks_ms() / 1000


def monotonic_ns():
    return utime.time_ns()
