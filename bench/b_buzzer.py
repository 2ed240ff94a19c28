"""Panicozoo slap-to-screen latency: from a player's press to the last byte of
the "P3!" frame on the display.

1. In the simulator (real app, real adafruit_ssd1306 driver, SSD1306 emulator
   behind the counting fake I2C bus), with the loop stepping every 1 ms as
   on the board: the bytes on the bus from the press to the P3! frame, their
   time on a 400 kHz bus, and when the decision falls (first press + 1 ms
   resolution + 1 ms margin).
2. Under the real MicroPython interpreter, the CPU time of the code path
   from the press event to the flush: the loop step that takes the press, the
   idle step, and the step that decides, saves and draws. The display is a
   minimal fake (buffer, width, height, write_cmd, an i2c_device counting
   bytes): no bus wait is included. Figures are host-CPU microseconds, far
   below an RP2040's; compare them with each other, not with the board.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TESTS = os.path.join(ROOT, "tests")

RUNS = 300


def sim_latency(board, key, players, bounce=None):
    from sim.runner import Session, run_script

    s = Session(board, seed=4, bounce=bounce)
    start = "DOWN 3\nOK\n" + ("DOWN\n" if players == 3 else "") + "OK\nOK\nOK\nscreen pz_ready\nOK\nscreen pz_open\n"
    run_script(s, start)
    s.advance(50)
    i2c = s.hw.i2c
    b0, bits0, tr0 = i2c.bytes_total, i2c.bit_times, i2c.transactions
    t = s.now + 1
    s.hw.buttons.schedule(key, True, t)
    s.hw.buttons.schedule(key, False, t + 60)
    while "P3!" not in s.screen_text():
        s.advance(1)  # the board's loop runs about every millisecond
        if s.now > t + 50:
            raise RuntimeError("no P3! frame")
    n = i2c.bytes_total - b0
    bits = i2c.bit_times - bits0
    return {
        "bytes": n,
        "transactions": i2c.transactions - tr0,
        "bus_us": bits * 1000000 // 400000,
        "frame_at": s.now - t,
    }


HARNESS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests", "mpy_app")

MPY_PATH = r'''
import time
from menagerie.app import App
from menagerie import settings as settings_mod
from menagerie.ui import panicozoo

RUNS = %(runs)d
STORE = %(store)d


import sys
sys.path.append(%(harness)r)
from app_harness import HW, Profile  # the same fake board the app tests use

hw = HW(Profile, [bytearray(b"\xff" * 4096), bytearray(b"\xff" * 4096)], 1)
settings, warnings = settings_mod.load(getenv=lambda k: None, text="")
app = App(hw, settings, warnings)
app.strict = True
app.boot()
if not STORE:
    app.store = None


def step(t):
    hw.clock.t = t
    app.step(t)


t = 0
while t < 1700:
    t += 10
    step(t)
dev = hw.display.i2c_device
press = idle = decide = 0
nbytes = 0
games = 0
for i in range(RUNS):
    g = app.game
    if g is None or g.over() or g.round >= 13:
        app.new_game("panicozoo", {"players": 4})
        app.home(panicozoo.round_screen(app))
        games += 1
        t += 10
        step(t)
    app.act(("open",))
    t += 10
    step(t)  # the screen arms the buttons
    t += 10
    hw.buttons.pending.append(("P3", True, t))
    b0 = dev.bytes
    a = time.ticks_us()
    step(t)
    b = time.ticks_us()
    step(t + 1)
    c = time.ticks_us()
    step(t + 2)
    d = time.ticks_us()
    if app.game.answering != 2 or app.top().name != "pz_answering":
        raise SystemExit("the race was not decided at press + 2 ms")
    press += time.ticks_diff(b, a)
    idle += time.ticks_diff(c, b)
    decide += time.ticks_diff(d, c)
    nbytes += dev.bytes - b0
    hw.buttons.pending.append(("P3", False, t + 60))
    t += 60
    step(t)
    app.act(("right",))  # straight back to the round (no RoundWon screen)
    t += 10
    step(t)
print("runs", RUNS)
print("games", games)
print("press_us", press // RUNS)
print("idle_us", idle // RUNS)
print("decide_us", decide // RUNS)
print("bytes", nbytes // RUNS)
'''


def mpy_latency(store):
    from mpy_runner import run_micropython

    out = run_micropython(MPY_PATH % {"runs": RUNS, "store": 1 if store else 0, "harness": HARNESS}, timeout=300)
    res = {}
    for line in out.splitlines():
        k, v = line.split()[0], line.split()[1:]
        res[k] = [int(x) for x in v]
    return res


def _window():
    from menagerie.hw.debounce import QUIET_MS, WINDOW_MS
    return WINDOW_MS, QUIET_MS


def _label(bounce):
    n, ms = bounce
    if not n:
        return "none"
    if isinstance(ms, tuple):
        return "%dx %d-%dms" % (n, ms[0], ms[1])
    return "%dx in %dms" % bounce


def main():
    if TESTS not in sys.path:
        sys.path.insert(0, TESTS)
    print("Slap to screen: a press on P3 until the last byte of the 'P3!' frame")
    print("%-26s %-10s %6s %6s %10s %12s" % ("board (simulator)", "bounce", "bytes", "writes", "bus @400k",
                                             "frame at"))
    for board, key, players in (("raspberry_pi_pico", "P3", 4), ("adafruit_feather_rp2040", "DOWN", 3)):
        # clean; 2 and 5 bounces in 4 and 10 ms; 2 bounces 8 ms apart (a
        # train longer than the window); 3 bounces 1-10 ms apart at random
        for bounce in ((0, 0), (2, 4), (5, 10), (2, 32), (3, (1, 10))):
            r = sim_latency(board, key, players, bounce)
            label = _label(bounce)
            print("%-26s %-10s %6d %6d %8d us  press+%d ms" % (board, label, r["bytes"], r["transactions"],
                                                             r["bus_us"], r["frame_at"]))
    print("(the decision waits for first press + 1 ms resolution + 1 ms margin; a bouncing contact")
    print(" is taken at its first edge, its bounces ignored until %d ms after it and %d ms quiet:"
          % _window())
    print(" hw/debounce.py)")
    print()
    print("CPU time under MicroPython (unix, host CPU), press event -> flush, mean of %d races:" % RUNS)
    print("%-22s %10s %10s %12s %10s %8s" % ("", "press step", "idle step", "decide step", "total", "bytes"))
    for label, store in (("with save (2x4 KB)", True), ("without save", False)):
        r = mpy_latency(store)
        p, i, d = r["press_us"][0], r["idle_us"][0], r["decide_us"][0]
        print("%-22s %7d us %7d us %9d us %7d us %8d" % (label, p, i, d, p + i + d, r["bytes"][0]))
    print("decide step = race action applied + game saved + screen drawn + changed bytes flushed")


if __name__ == "__main__":
    for p in (os.path.join(ROOT, "firmware"), ROOT):
        if p not in sys.path:
            sys.path.insert(0, p)
    main()
