"""The app as a whole: I2C bytes per button press in a scripted session (our
partial flush vs the stock show() of adafruit_ssd1306), and the peak heap of
the whole app under MicroPython."""
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TESTS = os.path.join(ROOT, "tests")

SESSION = """
DOWN 4
OK
OK
OK 6
DOWN
OK
UP
DOWN 3
BACK
BACK
BACK
DOWN 2
OK
OK
UP
OK
DOWN 2
OK
OK
BACK
"""


def per_press(board, stock):
    from sim.runner import Session, run_script

    s = Session(board, seed=3)
    if stock:
        app = s.app
        d = s.hw.display

        def show_all():
            d.show()
            return 0

        app.flusher.flush = show_all
    s.press_bytes = []
    script = SESSION
    if "BACK" not in s.hw.buttons.names:
        script = script.replace("BACK", "hold OK 800")  # long B on the Feather
    run_script(s, script)
    return s.press_bytes


# A session's qstrs (every identifier and short string its compiles saw,
# every one-character str it made) are kept until the interpreter
# restarts, in pools that double in size: the next pool opens at once when
# the last is full, ~14 KB here for the seventh. Where the pools' edges are
# on this port: intern new names one at a time and watch the pool count.
_EDGES = """
import micropython
for i in range(3000):
    getattr(None, "zq%d" % i, None)
    micropython.qstr_info()
"""


def _qstr_info(line):
    # "qstr pool: n_pool=6, n_qstr=1251, ..., n_total_bytes=26952" -> dict
    return dict((k.strip(), int(v)) for k, v in (f.split("=") for f in line.split(":", 1)[1].split(",")))


def pool_edges():
    # -> {pools: (qstrs they hold, bytes the next pool adds)}
    from mpy_runner import run_micropython

    edges = {}
    last = None
    for line in run_micropython(_EDGES).splitlines():
        q = _qstr_info(line)
        if last is not None and q["n_pool"] > last["n_pool"]:
            edges[last["n_pool"]] = (last["n_qstr"], q["n_total_bytes"] - last["n_total_bytes"])
        last = q
    return edges


def main():
    if TESTS not in sys.path:
        sys.path.insert(0, TESTS)
    print("I2C bytes on the bus per button press (scripted session: menus, bowl draws, history, settings)")
    print("%-26s %8s %8s %8s %8s" % ("board", "flush med", "max", "show med", "max"))
    for board in ("raspberry_pi_pico", "adafruit_feather_rp2040"):
        ours = per_press(board, False)
        stock = per_press(board, True)
        print("%-26s %8d %8d %8d %8d" % (board, statistics.median(ours), max(ours),
                                        statistics.median(stock), max(stock)))
    from mpy_runner import peak_heap, run_chain

    edges = pool_edges()

    mpy_app = os.path.join(TESTS, "mpy_app")
    # Every power cut and every restart of the app (App.restart, after a game
    # is left) is a new interpreter, as on a board: in one process the
    # harness's reboots would keep the earlier runs' interned names and
    # modules, which no board keeps (bench/b_memory does the same).
    print("(every power cut and restart a new process, as on a board; the qstrs are the last one's)")
    for label, args in (("bowl + settings session", "['--chain={state}']"),
                        ("every game (Animal Inc, Panicozoo, bowl, power cut)", "['--full','--chain={state}']"),
                        ("feather session", "['DOWN','OK','OK','OK','--small','--chain={state}']")):
        code = ("import sys\nsys.path.append(%r)\nimport app_harness\napp_harness.QUIET = True\n"
                "try:\n    app_harness.main(%s)\nfinally:\n"
                "    import micropython\n    micropython.qstr_info()\n" % (mpy_app, args))
        print("MicroPython peak heap, whole app, %s: %d bytes (64-bit unix; roughly 1.5x an RP2040's)"
              % (label, peak_heap(code, chain=True)))
        q = _qstr_info([x for x in run_chain(code)[1].splitlines() if x.startswith("qstr pool:")][-1])
        held, cost = edges.get(q["n_pool"], (0, 0))
        print("  qstrs at its end: %d in %d pools, room for %d more before the next pool (+%d bytes)"
              % (q["n_qstr"], q["n_pool"], held - q["n_qstr"], cost))
