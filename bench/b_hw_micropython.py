# The MicroPython hardware layer (hw/mpy_*) under the unix port with the fake
# machine module (tests/mpy_fakes): CPU per button edge in the IRQ handler and
# per events() call, heap of the button state, peak heap of booting the app
# from a `menagerie build --mpy` tree, and the layer's .mpy size. Unix x86-64
# times are far below an RP2040's (125 MHz Cortex-M0+, roughly 20-50x slower):
# read them as relative costs. Prints figures; asserts nothing.
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tests.mpy_runner import peak_heap, run_micropython  # noqa: E402

FAKES = os.path.join(ROOT, "tests", "mpy_fakes")

TIMING = r"""
import sys
sys.path.insert(0, %r)
import time, gc, machine
from menagerie.hw.mpy_clock import Clock
from menagerie.hw.mpy_buttons import Buttons

class Prof:
    NAV = (("UP", 10), ("DOWN", 11), ("LEFT", 12), ("RIGHT", 13), ("OK", 14), ("BACK", 15))
    PLAYERS = (("P1", 16), ("P2", 17), ("P3", 18), ("P4", 19), ("P5", 20), ("P6", 21))

gc.collect()
before = gc.mem_alloc()
b = Buttons(Prof, Clock())
gc.collect()
print("buttons object (12 keys, 64-slot ring): %%d bytes retained" %% (gc.mem_alloc() - before))
pin = machine.PINS[16]
h = pin.handler
N = 20000
t0 = time.ticks_us()
for i in range(N):
    h(pin)           # an edge inside the debounce window (a bounce)
t1 = time.ticks_us()
print("IRQ handler, bounce edge: %%.2f us" %% (time.ticks_diff(t1, t0) / N))
n = 0
t0 = time.ticks_us()
for i in range(2000):
    b._lock[6] = time.ticks_add(time.ticks_us(), -20000)   # window over
    b._state[6] = 1 - b._state[6]
    h(pin)           # a reported edge
    n += 1
    if b._ix[0] == 63:
        b._ix[0] = b._ix[1] = 0
t1 = time.ticks_us()
print("IRQ handler, reported edge: %%.2f us" %% (time.ticks_diff(t1, t0) / n))
b._ix[0] = b._ix[1] = 0
b.events()
t0 = time.ticks_us()
for i in range(2000):
    b.events()
t1 = time.ticks_us()
print("events(), nothing pending: %%.2f us" %% (time.ticks_diff(t1, t0) / 2000))
tot = 0
for i in range(500):
    for k in range(8):
        b._report(k, 1 - b._state[k], time.ticks_us())
    t0 = time.ticks_us()
    b.events()
    tot += time.ticks_diff(time.ticks_us(), t0)
print("events(), 8 pending: %%.2f us" %% (tot / 500))
"""

BOOT = r"""
import sys
sys.path[:0] = [%r, %r, %r]
import menagerie.hw.mpy_board as mb
mb.SAVE_DIR = %r
import menagerie.app as A
def run(self):
    for i in range(200):
        self.step(self.hw.clock.now())
    raise SystemExit(0)
A.App.run = run
import main
"""


def main():
    print(run_micropython(TIMING % FAKES).rstrip())
    from host_tools import build as B
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "tree")
        B.build("raspberry_pi_pico", out, mpy=True)
        hw = os.path.join(out, "menagerie", "hw")
        size = sum(os.path.getsize(os.path.join(hw, f)) for f in os.listdir(hw))
        print("menagerie/hw in the --mpy tree: %d bytes of .mpy" % size)
        board = os.path.getsize(os.path.join(out, "board.mpy"))
        print("board shim (board.mpy): %d bytes" % board)
        saves = os.path.join(tmp, "saves")
        os.makedirs(saves)
        code = BOOT % (FAKES, out, out + "/lib", saves)
        print("peak heap, main.py boot + 200 loop steps (--mpy tree, 64-bit unix): %d bytes"
              % peak_heap(code))


if __name__ == "__main__":
    main()
