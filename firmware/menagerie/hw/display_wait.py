# Bringing the display up at power-up (issue 25). A panel slow to wake, a
# loose wire or a missing pull-up: the hardware is tried again for a few
# seconds before anything is said (a display that answers at once costs
# nothing more). Then the board says what is wrong where it still can: a
# console line (`menagerie doctor` reads it, host_tools/console.py) and a
# piezo pattern (docs/boards/*.md), and it keeps trying every few seconds,
# so pushing the wire back in starts the game without unplugging power.
# make_hw (board_hw.BoardHardware, mpy_board.MpyHardware) releases the bus
# and pins it took whenever it fails, so every try builds them afresh.
# Platform-free: the board's own classes do the I/O.
import time

NO_ANSWER = "no answer"     # lines pulled up, nobody acknowledges the address
NO_PULLUPS = "no pull-ups"  # SDA or SCL low: nothing pulls the lines up
# What a console line starts with; host_tools/console.py looks for it.
LINE = "menagerie display:"
# (Hz, ms), 0 Hz a rest: 3 short high = no answer, 2 long low = no pull-ups.
PATTERNS = {
    NO_ANSWER: ((2600, 120), (0, 150), (2600, 120), (0, 150), (2600, 120)),
    NO_PULLUPS: ((330, 700), (0, 300), (330, 700)),
}
ADVICE = {
    NO_ANSWER: "check its address and that it has power",
    NO_PULLUPS: "check the SDA and SCL wires and the display's power",
}
BOOT_TRIES = 12     # at power-up: 12 tries 250 ms apart (about 3 s)
BOOT_GAP_MS = 250
WAIT_GAP_MS = 3000  # then one try, and the console line, every 3 s
BEEP_EVERY = 10     # the piezo pattern on the first and every 10th (about 30 s)


def nap(ms):
    # The one wait; tests replace it.
    time.sleep(ms / 1000)


def kind_of(e):
    # What a failure of make_hw says about the display, or None when the
    # display is not what failed (a pin in use, a bad profile: not retried).
    text = str(e)
    if "pull up" in text or "pull-up" in text:
        return NO_PULLUPS   # busio.I2C: "No pull up found on SDA or SCL"
    if "No I2C device" in text or isinstance(e, OSError):
        return NO_ANSWER    # adafruit_bus_device's probe, or a write not acknowledged
    return None


def _pin(p):
    # CircuitPython prints board.GP4; the board guides say GP4.
    s = str(p)
    return s[6:] if s.startswith("board.") else s


def line(kind, profile, e):
    return "%s %s at 0x%02X on SDA %s, SCL %s (%s): %s; trying again every %d s" % (
        LINE, kind, profile.I2C_ADDR, _pin(profile.SDA), _pin(profile.SCL), e, ADVICE[kind],
        WAIT_GAP_MS // 1000)


def beep(make_hw, profile, kind):
    # The pattern on the piezo, then the pin is free again.
    try:
        bz = make_hw.piezo(profile)
    except Exception as e:  # no piezo to be had: the console still says it
        print("piezo:", e)
        return
    try:
        bz.sound(PATTERNS[kind], nap)
    finally:
        bz.deinit()


def start(make_hw, profile, board_profile, settings, warnings):
    # -> the hardware, its display up. profile: the one to use (settings.toml
    # own wiring, or board_profile itself). Own wiring whose display does not
    # answer while the board's own pins have one falls back to those and says
    # so (warnings); own wiring that fails otherwise is dropped at once.
    own = profile if profile is not board_profile else None
    own_err = None
    tries = 0
    while True:
        first = None    # the failure to report: own wiring's, else the board's
        for p in (own, board_profile):
            if p is None:
                continue
            try:
                hw = make_hw(p, settings)
            except Exception as e:
                kind = kind_of(e)
                if p is own:
                    if own_err is None:
                        print("own wiring failed:", e)
                    own_err = e
                    if kind is None:
                        own = None
                        continue
                elif kind is None:
                    raise
                if first is None:
                    first = (kind, p, e)
                continue
            if own_err is not None and p is board_profile:
                warnings.insert(0, "Own wiring failed:\n%s\nBoard's pins in use."
                                % str(own_err)[:42])
            if tries >= BOOT_TRIES:
                print(LINE, "answered, starting")
            return hw
        tries += 1
        if tries < BOOT_TRIES:
            nap(BOOT_GAP_MS)
            continue
        if first is None:   # not reached: every candidate failed on its display
            nap(WAIT_GAP_MS)
            continue
        kind, at, err = first
        print(line(kind, at, err))
        if (tries - BOOT_TRIES) % BEEP_EVERY == 0:
            beep(make_hw, at, kind)
        nap(WAIT_GAP_MS)
