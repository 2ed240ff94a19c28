"""firmware/menagerie/hw/mpy_*.py (the MicroPython hardware layer) under the
real MicroPython unix interpreter, with tests/mpy_fakes/machine.py standing
in for the rp2 `machine` module. Presses are simulated by driving fake pins,
which calls the registered IRQ handlers; ticks are scripted."""
import os
import re
import shutil

import pytest

from host_tools import build as B
from host_tools.mpy_board_shim import PINS, shim_text
from mpy_runner import ROOT, run_micropython

FAKES = os.path.join(ROOT, "tests", "mpy_fakes")

# A scripted clock (near the ticks wrap, so every test crosses it) and a
# four-button profile.
PRELUDE = r"""
import time, machine, micropython
from menagerie.hw.mpy_clock import Clock
from menagerie.hw.mpy_buttons import Buttons

class Ticks:
    def __init__(self, start_us):
        self.start = start_us
        self.e = 0
    def us(self):
        return time.ticks_add(self.start, self.e)
    def ms(self):
        return time.ticks_add(self.start // 1000, self.e // 1000)

class Prof:
    NAV = (("UP", 10), ("OK", 14))
    PLAYERS = (("P1", 16), ("P2", 17))

T = Ticks(time.ticks_add(0, -2500000))
C = Clock(T.us, T.ms)
BT = Buttons(Prof, C)

def at(us, pin, level):
    T.e = us
    machine.PINS[pin].drive(level)

def poll(us):
    T.e = us
    return BT.events()
"""


def mpy(code, extra=()):
    return run_micropython(PRELUDE + code, extra_path=[FAKES] + list(extra))


def result(out):
    # the last line the snippet printed, evaluated (lists of tuples)
    return eval(out.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def libdir(tmp_path_factory):
    # The pinned Adafruit libraries, as `menagerie build` ships them.
    from host_tools import libs
    d = tmp_path_factory.mktemp("lib")
    for top in ("adafruit_ssd1306", "adafruit_framebuf", "adafruit_bus_device"):
        for rel, src in libs.available()[top][2]:
            os.makedirs(os.path.dirname(os.path.join(d, rel)) or str(d), exist_ok=True)
            shutil.copyfile(src, os.path.join(d, rel))
    return str(d)


def test_presses_come_out_in_time_order_with_their_ms():
    out = mpy(r"""
at(5000, 16, 0)      # P1 down at 5 ms
at(7400, 17, 0)      # P2 down at 7.4 ms
at(9000, 14, 0)      # OK down
at(40000, 16, 1)     # P1 up
at(41999, 17, 1)
print(poll(60000))
""")
    assert result(out) == [("P1", True, 5), ("P2", True, 7), ("OK", True, 9),
                           ("P1", False, 40), ("P2", False, 41)]


def test_a_settled_release_is_sorted_before_a_later_press():
    # P2's quick release (inside its debounce window) is only reported when
    # the window ends, stamped at its edge: it still comes out before P1.
    out = mpy(r"""
at(1000, 17, 0)
at(4000, 17, 1)      # inside P2's window: judged later
at(25000, 16, 0)     # P1's handler runs; P2's window is over by now
print(poll(25500))
""")
    assert result(out) == [("P2", True, 1), ("P2", False, 4), ("P1", True, 25)]


def test_debounce_swallows_bounces():
    out = mpy(r"""
t = 1000
for lvl in (0, 1, 0, 1, 0, 1, 0):     # press: 7 edges within 1.2 ms
    at(t, 16, lvl); t += 200
for lvl in (1, 0, 1, 0, 1):           # release 100 ms later, bouncing
    at(t + 100000, 16, lvl); t += 300
print(poll(300000))
""")
    assert result(out) == [("P1", True, 1), ("P1", False, 102)]


def test_a_ten_ms_bounce_on_press_and_release_is_one_press():
    # The worst contact (issue 9): 5 extra open/close pairs over 10 ms, on
    # press and on release, one edge per ms. Exactly one press, stamped at
    # its first edge, and one release, stamped at its first edge.
    out = mpy(r"""
t = 2000
at(t, 14, 0)
for i in range(1, 11):
    at(t + i * 1000, 14, i % 2)      # up, down, ... ends down at 10 ms
r = 80000
at(r, 14, 1)
for i in range(1, 11):
    at(r + i * 1000, 14, 1 - i % 2)  # down, up, ... ends up
print(poll(200000))
""")
    assert result(out) == [("OK", True, 2), ("OK", False, 80)]


def test_a_long_train_of_bounces_8_ms_apart_is_one_press():
    # Issue 22 item 5: edges 8 ms apart, a train (64 ms) far longer than
    # the 20 ms window, on press and on release: one press and one release,
    # each at its first edge (a window alone let the late edges through).
    out = mpy(r"""
t = 2000
at(t, 17, 0)
for i in range(1, 9):
    at(t + i * 8000, 17, i % 2)      # up, down, ... ends down at 64 ms
r = 200000
at(r, 17, 1)
for i in range(1, 9):
    at(r + i * 8000, 17, 1 - i % 2)  # down, up, ... ends up
print(poll(400000))
""")
    assert result(out) == [("P2", True, 2), ("P2", False, 200)]


def test_next_press_recovers_a_release_lost_in_the_window():
    # Tap released within the window, no poll in between (the loop is busy
    # flushing the display), pressed again: release then press, both stamped.
    out = mpy(r"""
at(0, 16, 0)
at(3000, 16, 1)
at(30000, 16, 0)
at(90000, 16, 1)
print(poll(200000))
""")
    assert result(out) == [("P1", True, 0), ("P1", False, 3), ("P1", True, 30),
                           ("P1", False, 90)]


def test_a_lost_edge_is_repaired_from_the_pin_level():
    out = mpy(r"""
machine.PINS[14].level = 0          # the pin went low, but no IRQ came
print(poll(20000))
print(poll(40000))
""")
    assert result(out) == []
    assert out.strip().splitlines()[0] == "[('OK', True, 20)]"


def test_a_button_held_at_boot_is_a_press():
    out = run_micropython(PRELUDE.replace("BT = Buttons(Prof, C)", r"""
machine.Pin(14, machine.Pin.IN, machine.Pin.PULL_UP).level = 0
BT = Buttons(Prof, C)""") + "print(poll(0))\n", extra_path=[FAKES])
    assert result(out) == [("OK", True, 0)]


def test_overflow_is_reported_once_and_the_queue_restarts():
    out = mpy(r"""
t = 0
for i in range(40):                 # 80 events for 64 slots
    at(t, 16, 0); at(t + 25000, 16, 1); t += 50000
print(BT.events() == [], BT.overflowed(), BT.overflowed())
at(t + 50000, 17, 0)
print(poll(t + 60000))
""")
    lines = out.strip().splitlines()
    assert lines[0] == "True True False"
    assert result(out) == [("P2", True, (2000000 + 50000) // 1000)]


def test_irq_handler_allocates_nothing():
    # Hard IRQ handlers run with the heap locked on the rp2: a reported edge,
    # a bounce and a settle-on-next-edge must all work with it locked here too.
    out = mpy(r"""
BT.events()
micropython.heap_lock()
try:
    at(1000, 16, 0)
    at(1200, 16, 1)
    at(1500, 16, 0)
    at(9000, 17, 0)
    at(9100, 17, 1)
    at(30000, 17, 0)
finally:
    micropython.heap_unlock()
print(poll(40000))
""")
    assert result(out) == [("P1", True, 1), ("P2", True, 9), ("P2", False, 9), ("P2", True, 30)]


def test_handlers_are_hard_irqs_on_both_edges_with_pull_ups():
    out = mpy(r"""
p = machine.PINS[16]
print(p.hard, p.trigger == machine.Pin.IRQ_FALLING | machine.Pin.IRQ_RISING, p.pull == machine.Pin.PULL_UP)
""")
    assert out.strip() == "True True True"


def test_clock_is_monotonic_ms_across_the_ticks_wrap_and_long_gaps():
    out = mpy(r"""
seen = []
for e in (0, 999, 1000, 2500000, 2500001, 5000000):   # crosses the wrap at 2.5 s
    T.e = e
    seen.append(C.now())
T.e = 5000000 + 700 * 1000000    # 700 s without a reading: ticks_ms decides
seen.append(C.now())
print(seen)
""")
    assert result(out) == [0, 0, 1, 2500, 2500, 5000, 705000]


def test_buzzer_plays_notes_on_pwm_without_blocking():
    out = run_micropython(r"""
import machine
from menagerie.hw.mpy_buzzer import Buzzer
b = Buzzer(22)
pwm = b._pwm
pwm.log[:] = []
b.play(((880, 50), (0, 30), (440, 20)), now=100)
b.update(120); b.update(150); b.update(180); b.update(200)
print(pwm.log, b.busy(), pwm.pin.id)
""", extra_path=[FAKES])
    assert out.strip() == ("[('freq', 880), ('duty', 32768), ('duty', 0), ('freq', 440), "
                           "('duty', 32768), ('duty', 0)] False 22")


def test_real_ssd1306_driver_runs_through_the_i2c_adapter(libdir):
    out = run_micropython(r"""
import machine
from menagerie.hw.mpy_i2c import make_i2c, bus_id
bus = make_i2c(4, 5, 400000)
raw = bus.i2c
import adafruit_ssd1306
d = adafruit_ssd1306.SSD1306_I2C(128, 64, bus, addr=0x3C)
print("fb", type(d).__bases__[0].__bases__[0].__name__)
init = raw.writes[:]
# the bus-device probe (an empty write), (0x80, command) pairs, a blank frame
cmds = [w for _, w in init[1:-1]]
print("init", len(cmds), all(a == 0x3C for a, _ in init), init[0][1] == b"",
      all(len(w) == 2 and w[0] == 0x80 for w in cmds), init[-1][1] == b"\x40" + bytes(1024))
raw.writes[:] = []
d.fill(0); d.pixel(0, 0, 1); d.show()
last = raw.writes[-1][1]
print("show", len(last), last[0], last[1])
raw.writes[:] = []
with d.i2c_device:
    d.i2c_device.write(d.buffer, start=1, end=4)
print("slice", raw.writes[0][1] == bytes(d.buffer[1:4]))
print("bus", bus_id(4), bus_id(2), bus_id(26), raw.id, raw.freq)
try:
    adafruit_ssd1306.SSD1306_I2C(128, 32, bus, addr=0x3D)
    print("probe none")
except ValueError as e:
    print("probe", e)
print("locked", bus.try_lock(), bus.try_lock()); bus.unlock()
""", extra_path=[FAKES, libdir])
    lines = out.strip().splitlines()
    assert lines[0] == "fb FrameBuffer"          # the built-in framebuf, not adafruit_framebuf
    assert lines[1].startswith("init ") and lines[1].endswith("True True True True")
    assert int(lines[1].split()[1]) >= 20        # the whole init sequence went out
    assert lines[2] == "show 1025 64 1"          # 0x40 then the frame, pixel (0,0) set
    assert lines[3] == "slice True"
    assert lines[4] == "bus 0 1 1 0 400000"
    assert lines[5] == "probe No I2C device at address: 0x3d"
    assert lines[6] == "locked True False"


def test_file_regions_persist_and_carry_the_store(tmp_path):
    d = str(tmp_path)
    code = r"""
from menagerie.hw.mpy_regions import file_regions
from menagerie.store import Store
rs = file_regions([%r + "/a.sav", %r + "/b.sav"], 4096)
print(len(rs[0]), rs[0][0:4] == b"\xff" * 4, rs[1][4095], rs[0].appendable)
rs[0][10:13] = b"abc"
print(rs[0][9:14])
try:
    rs[0][0:2] = b"x"
except ValueError:
    print("refused")
rs[0].erase()
st = Store(rs)
print(st.load())
st.save({"v": 1, "settings": {"sound": False}, "game": None, "screen": None})
for r in rs:
    r.close()
rs = file_regions([%r + "/a.sav", %r + "/b.sav"], 4096)
rec, msg = Store(rs).load()
print(rec["settings"], msg)
""" % (d, d, d, d)
    out = run_micropython(code, extra_path=[FAKES])
    lines = out.strip().splitlines()
    assert lines[0] == "4096 True 255 True"
    assert lines[1] == "b'\\xffabc\\xff'"
    assert lines[2] == "refused"
    assert lines[3] == "(None, None)"
    assert lines[4] == "{'sound': False} None"
    assert os.path.getsize(os.path.join(d, "a.sav")) == 4096
    # A file of the wrong size (another build's) starts blank, never misread.
    with open(os.path.join(d, "b.sav"), "wb") as f:
        f.write(b"junk")
    out = run_micropython("from menagerie.hw.mpy_regions import FileRegion\n"
                          "r = FileRegion(%r, 4096)\nprint(len(r), r[0:4])\n"
                          % os.path.join(d, "b.sav"), extra_path=[FAKES])
    assert out.strip() == "4096 b'\\xff\\xff\\xff\\xff'"


def test_the_app_boots_to_the_main_menu_and_takes_presses(tmp_path, libdir):
    # MpyHardware on the real Pico profile (through the board shim), the real
    # display driver, file regions; a DOWN press moves the menu cursor.
    shim = tmp_path / "shim"
    shim.mkdir()
    (shim / "board.py").write_text(shim_text("raspberry_pi_pico"))
    code = PRELUDE + r"""
import sys
sys.path.append(%r)
import board
from boards import raspberry_pi_pico as prof
import menagerie.hw.mpy_board as mb
mb.SAVE_DIR = %r
from menagerie import settings as S
from menagerie.app import App
settings, warnings = S.load(text="")
hw = mb.MpyHardware(prof, settings, clock=C)
app = App(hw, settings, warnings)
app.canvas.log = []
app.strict = True
app.boot()
def run(us):
    while T.e < us:
        T.e += 10000
        app.step(hw.clock.now())
run(2000000)
print(app.top().name, "|", " | ".join(app.canvas.lines()))
at(2100000, 11, 0)
at(2160000, 11, 1)
run(2400000)
print(app.top().name, "|", " | ".join(app.canvas.lines()))
print(hw.buttons.names, len(hw.i2c.i2c.writes) > 10, len(hw.regions),
      [r.path for r in hw.regions] == list(mb.region_files()), mb.region_files()[0].startswith(%r))
""" % (ROOT, str(tmp_path), str(tmp_path) + "/")
    out = run_micropython(code, extra_path=[str(shim), FAKES, libdir])
    lines = out.strip().splitlines()
    first, second = lines[-3], lines[-2]
    assert first.startswith("main_menu | ") and "Menagerie" in first
    assert second.startswith("main_menu | ") and second != first
    assert "('UP', 'DOWN', 'LEFT', 'RIGHT', 'OK', 'BACK', 'P1'" in lines[-1]
    assert lines[-1].endswith("True 2 True True")


@pytest.fixture(scope="module")
def mpy_tree(tmp_path_factory):
    root = str(tmp_path_factory.mktemp("mpytree") / "out")
    return root, B.build("raspberry_pi_pico", root, mpy=True)


def test_mpy_build_passes_the_micropython_import_check(mpy_tree):
    root, r = mpy_tree
    assert r.errors == []
    files = set(B.tree.walk(root))
    assert "board.mpy" in files and "main.py" in files
    assert "menagerie/hw/mpy_board.mpy" in files
    # CircuitPython's glue stays out of a MicroPython tree, and the reverse.
    assert "menagerie/hw/buttons.mpy" not in files and "menagerie/hw/board_hw.mpy" not in files


def test_circuitpython_trees_never_get_a_board_module_or_mpy_glue(tmp_path):
    root = str(tmp_path / "cp")
    r = B.build("raspberry_pi_pico", root)
    files = B.tree.walk(root)
    assert r.errors == []
    assert not [f for f in files if f.split("/")[-1].startswith(("board.", "mpy_"))]
    assert "menagerie/hw/board_hw.py" in files


def test_built_tree_runs_main_py_under_micropython(mpy_tree, tmp_path):
    # The compiled tree itself: main.py picks MpyHardware and the menu shows.
    root, _ = mpy_tree
    code = r"""
import sys
sys.path[:0] = [%r, %r]
import menagerie.hw.mpy_board as mb
mb.SAVE_DIR = %r
import menagerie.app as A
boot = A.App.boot
def logged_boot(self):
    self.canvas.log = []
    boot(self)
def run(self):
    # real ticks here: step until the boot splash gives way (or 5 s)
    while self.hw.clock.now() < 5000:
        self.step(self.hw.clock.now())
        if self.top().name == "main_menu" and not self.dirty:
            break
        self.hw.sleep_ms(10)
    print(len(self.hw.regions), [r.path for r in self.hw.regions] == list(mb.region_files()))
    print(type(self.hw).__name__, "|", " | ".join(self.canvas.lines()))
    raise SystemExit(0)
A.App.boot = logged_boot
A.App.run = run
import main
""" % (root, root + "/lib", str(tmp_path))
    out = run_micropython(code, extra_path=[FAKES])
    assert out.strip().splitlines()[-1].startswith("MpyHardware | ")
    assert "Menagerie" in out.strip().splitlines()[-1]
    assert out.strip().splitlines()[-2] == "2 True"
    assert len(os.listdir(tmp_path)) == 2   # the two region files, nothing else


@pytest.mark.parametrize("board_id", sorted(PINS))
def test_board_shim_pins_match_the_circuitpython_board_stubs(board_id):
    import board_definitions
    stub = os.path.join(list(board_definitions.__path__)[0], board_id, "__init__.pyi")
    with open(stub) as f:
        doc = dict((n, int(g)) for n, g in re.findall(
            r"^(\w+): microcontroller\.Pin\s*#\s*GPIO(\d+)", f.read(), re.M))
    assert PINS[board_id] == doc
    ns = {}
    exec(shim_text(board_id), ns)
    assert ns["board_id"] == board_id
    # every pin a profile uses exists in the shim
    with open(os.path.join(ROOT, "boards", board_id + ".py")) as f:
        used = set(re.findall(r"board\.(\w+)", f.read()))
    assert used and used <= set(ns)
