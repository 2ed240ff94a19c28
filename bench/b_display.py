# Bytes on the I2C bus per frame: partial Flusher.flush() vs the driver's
# stock show(), over a scripted sequence of typical frames, on both panels.
# Also CPU time per flush under CPython (a relative figure, not the board's).
import time

from menagerie.ui.canvas import Canvas
from menagerie.ui.flush import Flusher
from sim.fake_i2c import make_oled

MENU = ("Animal Inc", "Animal Maniacs", "When Animals Attack", "Panicozoo", "Draw bowl",
        "Settings", "History")


def menu(c, cursor):
    c.clear()
    c.fill_row(0)
    c.center(0, "MENAGERIE", invert=True)
    n = c.rows - 1
    top = max(0, cursor - n + 1)
    for i in range(n):
        k = top + i
        if k >= len(MENU):
            break
        if k == cursor:
            c.fill_row(1 + i)
            c.text(1 + i, 6, MENU[k], invert=True)
        else:
            c.text(1 + i, 6, MENU[k])


def score(c, seat, points, rnd):
    c.clear()
    c.text(0, 0, "Round %d" % rnd)
    c.right(0, "P%d" % seat)
    c.big_center(1 if c.rows == 4 else 2, str(points))
    if c.rows > 4:
        c.progress(6, 20, 107, rnd, 5)
        c.center(7, "OK=next  BACK=undo")


def script():
    # (label, draw function) in the order a player would see them
    frames = []
    frames.append(("full change", lambda c: menu(c, 0)))  # from a blank screen
    for cur in range(1, len(MENU)):
        frames.append(("menu cursor", lambda c, cur=cur: menu(c, cur)))
    frames.append(("full change", lambda c: score(c, 1, 198, 2)))
    for pts in (199, 200, 205, 206, 210, 211):
        frames.append(("score digit", lambda c, pts=pts: score(c, 1, pts, 2)))
    frames.append(("full change", lambda c: score(c, 2, 87, 3)))
    frames.append(("full change", lambda c: menu(c, 0)))
    return frames


def median(xs):
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) // 2


def run(height):
    drv, emu, bus = make_oled(128, height)
    c = Canvas(drv)
    f = Flusher(drv)
    f.flush()
    ref, ref_emu, ref_bus = make_oled(128, height)
    by_kind = {}
    rows = []
    for label, draw in script():
        draw(c)
        before = bus.bytes_total
        f.flush()
        part = bus.bytes_total - before
        ref.buffer[:] = drv.buffer
        ref_bus.reset_counters()
        ref.show()
        full = ref_bus.bytes_total
        assert emu.image() == ref_emu.image(), "partial flush diverged"
        by_kind.setdefault(label, []).append((part, full))
        rows.append(part)
    print("128x%d: bytes on the bus per frame (incl. address bytes)" % height)
    print("  %-12s %6s %8s %8s %8s" % ("frames", "count", "flush", "flush", "show()"))
    print("  %-12s %6s %8s %8s %8s" % ("", "", "median", "max", "each"))
    for label in sorted(by_kind):
        parts = [p for p, _ in by_kind[label]]
        print("  %-12s %6d %8d %8d %8d" % (label, len(parts), median(parts), max(parts),
                                          by_kind[label][0][1]))
    full = by_kind["menu cursor"][0][1]
    print("  %-12s %6d %8d %8d %8d   (%.1f%% of show(); %.1f ms vs %.1f ms/frame at 400 kHz)" % (
        "all", len(rows), median(rows), max(rows), full, 100.0 * sum(rows) / (full * len(rows)),
        9.0 * median(rows) / 400.0, 9.0 * full / 400.0))


def cpu(height, reps=300):
    drv, emu, bus = make_oled(128, height)
    # the bus is a no-op here so the figure is the Flusher's own work
    drv.i2c_device.write = lambda buf, start=0, end=None: None
    c = Canvas(drv)
    f = Flusher(drv)
    f.flush()
    t0 = time.perf_counter()
    for i in range(reps):
        c.big(2 if height == 64 else 1, 40, "%03d" % (i % 1000))
        f.flush()
    t_digit = (time.perf_counter() - t0) / reps
    t0 = time.perf_counter()
    for i in range(reps):
        f.flush()
    t_idle = (time.perf_counter() - t0) / reps
    t0 = time.perf_counter()
    for i in range(reps):
        menu(c, i % len(MENU))
        f.flush()
    t_menu = (time.perf_counter() - t0) / reps
    print("128x%d CPython CPU per call: draw+flush score %.0f us, draw+flush menu %.0f us,"
          " flush with nothing changed %.1f us" % (height, t_digit * 1e6, t_menu * 1e6, t_idle * 1e6))


def main():
    for h in (64, 32):
        run(h)
        print()
    for h in (64, 32):
        cpu(h)


if __name__ == "__main__":
    main()
