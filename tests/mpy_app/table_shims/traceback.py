# CircuitPython's traceback.print_exception, which adafruit_httpserver
# imports, on MicroPython's sys.print_exception.
import sys


def print_exception(e, *args, **kw):
    sys.print_exception(e)
