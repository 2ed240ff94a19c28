# Partial flush: the chip must end up showing exactly what a full show() would,
# for any sequence of frames, while sending far fewer bytes for small changes.
import pytest
from hypothesis import given, settings, strategies as st

from menagerie.ui.canvas import Canvas
from menagerie.ui.flush import Flusher
from sim.fake_i2c import make_oled


def frame_ram(driver):
    # the driver's frame laid out like the emulator's column_ram()
    return bytes(driver.buffer[1:])


def setup(height):
    d, emu, bus = make_oled(128, height)
    f = Flusher(d)
    f.flush()  # first flush resyncs with a full frame
    bus.reset_counters()
    return d, emu, bus, f, Canvas(d)


op = st.one_of(
    st.tuples(st.just("text"), st.integers(-1, 8), st.integers(-10, 130),
              st.text(alphabet="AZaz09 !?:+-\u00e9", max_size=8), st.integers(1, 3), st.booleans()),
    st.tuples(st.just("big"), st.integers(-1, 7), st.integers(-20, 130), st.text(alphabet="0123456789P!: ", max_size=4)),
    st.tuples(st.just("fill"), st.integers(0, 7), st.integers(1, 3), st.booleans()),
    st.tuples(st.just("poke"), st.integers(0, 1023), st.integers(0, 255)),
    st.tuples(st.just("progress"), st.integers(0, 7), st.integers(0, 60), st.integers(61, 127), st.integers(0, 9)),
    st.tuples(st.just("clear"),),
)


def apply(c, d, o):
    kind = o[0]
    if kind == "text":
        c.text(o[1], o[2], o[3], scale=o[4], invert=o[5])
    elif kind == "big":
        c.big(o[1], o[2], o[3])
    elif kind == "fill":
        c.fill_row(o[1], o[2], o[3])
    elif kind == "poke":
        i = o[1] % (len(d.buffer) - 1)
        d.buffer[1 + i] = o[2]
    elif kind == "progress":
        c.progress(o[1], o[2], o[3], o[4], 9)
    else:
        c.clear()


@pytest.mark.parametrize("height", [64, 32])
@settings(max_examples=40, deadline=None)
@given(frames=st.lists(st.lists(op, max_size=5), min_size=1, max_size=6))
def test_partial_flush_equals_full_show(height, frames):
    d, emu, bus, f, c = setup(height)
    ref_d, ref_emu, _ = make_oled(128, height)
    for ops in frames:
        for o in ops:
            apply(c, d, o)
        before = bus.bytes_total
        sent = f.flush()
        assert sent == bus.bytes_total - before  # the return value is the bus figure
        assert d.buffer[0] == 0x40  # the borrowed control byte is put back
        ref_d.buffer[:] = d.buffer
        ref_d.show()
        assert emu.image() == ref_emu.image()
        assert emu.column_ram()[: len(d.buffer) - 1] == frame_ram(d)
        assert bytes(f.shadow[1:]) == frame_ram(d)
    assert emu.warnings == []


@pytest.mark.parametrize("height,full", [(64, 1044), (32, 532)])
def test_small_change_costs_a_few_bytes(height, full):
    d, emu, bus, f, c = setup(height)
    c.big(1, 40, "205")
    f.flush()
    bus.reset_counters()
    c.big(1, 40, "206")  # one digit changes
    sent = f.flush()
    # one window (3 pages x the digit's 16 columns) is the most it may cost;
    # here two narrower windows are cheaper (pages differ in changed columns)
    assert sent <= 8 + 2 + 3 * 16
    assert bus.transactions in (2, 4)
    assert sent * 10 < full
    n = bus.transactions
    assert f.flush() == 0 and bus.transactions == n  # nothing new: nothing sent


def test_full_and_invalidate_use_the_stock_path():
    d, emu, bus, f, c = setup(64)
    c.text(0, 0, "x")
    assert f.full() == 1044 == bus.bytes_total
    bus.reset_counters()
    f.invalidate()
    assert f.flush() == 1044 == bus.bytes_total


def test_adjacent_pages_merge_distant_pages_do_not():
    d, emu, bus, f, c = setup(64)
    c.text(2, 30, "ab")
    c.text(3, 30, "cd")
    f.flush()
    assert bus.transactions == 2  # one window over pages 2-3
    bus.reset_counters()
    c.text(0, 0, "A")
    c.text(7, 100, "B")
    f.flush()
    assert bus.transactions == 4  # two windows: merging would resend 6 pages
    assert emu.column_ram()[:1024] == frame_ram(d)


def test_narrow_multi_page_window_goes_through_scratch():
    d, emu, bus, f, c = setup(64)
    d.buffer[1 + 1 * 128 + 50] = 0xAA
    d.buffer[1 + 2 * 128 + 52] = 0x55
    sent = f.flush()
    assert sent == 10 + 2 * 3 and bus.transactions == 2
    assert emu.column_ram()[:1024] == frame_ram(d)
