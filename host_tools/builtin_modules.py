# Modules a board provides without any file on the drive. The CircuitPython
# lists come from circuitpython-stubs 10.3.1 (each board stub's "Included
# modules"); tests/test_host_imports.py re-checks them against the installed
# stubs. gc and micropython exist in every build but are not listed there.

_PICO = (
    "_asyncio _bleio _eve _pixelmap adafruit_bus_device adafruit_pixelbuf aesio alarm "
    "analogbufio analogio array atexit audiobusio audiocore audiodelays audiofilewriter "
    "audiofilters audiofreeverb audioi2sin audiomixer audiomp3 audiopwmio audiospeed "
    "binascii bitbangio bitmapfilter bitmaptools bitops board builtins busdisplay busio "
    "codeop collections countio digitalio displayio epaperdisplay errno floppyio fontio "
    "fourwire framebufferio getpass gifio hashlib i2cdisplaybus i2ctarget imagecapture io "
    "jpegio json keypad keypad_demux locale lvfontio math memorymap microcontroller msgpack "
    "neopixel_write nvm onewireio os paralleldisplaybus picodvi pulseio pwmio qrio rainbowio "
    "random re rgbmatrix rotaryio rp2pio rtc sdcardio select sharpdisplay storage struct "
    "supervisor synthio sys terminalio tilepalettemapper time touchio traceback ulab usb "
    "usb_audio usb_cdc usb_hid usb_host usb_midi usb_video vectorio warnings watchdog zlib"
).split()

ALWAYS = ["gc", "micropython"]

# The wireless boards add the network stack; the Pico W build drops USB host
# and picodvi to make room, the RP2350 builds have no alarm yet.
_WIRELESS = ["cyw43", "ipaddress", "mdns", "socketpool", "ssl", "wifi"]

CIRCUITPYTHON = {
    "raspberry_pi_pico": sorted(set(_PICO + ALWAYS)),
    "adafruit_feather_rp2040": sorted(set(_PICO + ALWAYS) - {"_eve", "picodvi"}),
    "raspberry_pi_pico_w": sorted(set(_PICO + ALWAYS + _WIRELESS) - {"picodvi", "usb", "usb_host"}),
    "raspberry_pi_pico2": sorted(set(_PICO + ALWAYS) - {"alarm"}),
    "raspberry_pi_pico2_w": sorted(set(_PICO + ALWAYS + _WIRELESS) - {"alarm"}),
}

# MicroPython 1.2x rp2 port (RPI_PICO build), built-in and frozen modules. The
# RPI_PICO_W, RPI_PICO2 and RPI_PICO2_W builds have all of these too (the W
# ones add network, below: only the table view imports it).
MICROPYTHON = sorted(set((
    "array asyncio binascii builtins cmath collections cryptolib deflate dht ds18x20 errno "
    "framebuf gc hashlib heapq io json machine math micropython neopixel onewire os platform "
    "random re rp2 select struct sys time uctypes vfs"
).split()))


# The W builds add the network stack (network, socket, and ssl over tls).
MICROPYTHON_WIRELESS = ["network", "socket", "ssl", "tls"]
_MPY_W = ("raspberry_pi_pico_w", "raspberry_pi_pico2_w")


def for_board(board_id, micropython=False):
    if micropython:
        if board_id in _MPY_W:
            return set(MICROPYTHON + MICROPYTHON_WIRELESS)
        return set(MICROPYTHON)
    # A new board without a list gets the Pico's, the common RP2040 build.
    return set(CIRCUITPYTHON.get(board_id, CIRCUITPYTHON["raspberry_pi_pico"]))
