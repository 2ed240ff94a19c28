"""Contact bounce and lost events, through the headless runner as a person
would press the buttons (issue 9, item 7).

The simulator's buttons bounce like real contacts (sim/hardware.py: every
change followed by N open/close pairs over a few ms, each on its own 1 ms
keypad scan) and feed the firmware's debouncer (menagerie/hw/debounce.py), as
hw/buttons.py does on the board. An overflowing event queue releases every
key in the app's key mapper."""
import pytest

from menagerie.hw.debounce import Debouncer, WINDOW_MS
from sim.runner import Session, run_script

BOUNCY = (2, 4)      # one press: down, up, down, up, down within 4 ms
WORST = (5, 10)      # the 10 ms a worn microswitch can take


# -- the debouncer itself ---------------------------------------------------

def _feed(edges, window=WINDOW_MS, settle_at=None):
    d = Debouncer(2, window)
    out = []
    for k, down, t in edges:
        d.feed(k, down, t, out)
    if settle_at is not None:
        d.settle(settle_at, out)
    return out


def test_first_edge_is_reported_with_its_own_time_and_bounces_are_dropped():
    edges = [(0, True, 100), (0, False, 101), (0, True, 102), (0, False, 103), (0, True, 104),
             (0, False, 300), (0, True, 302), (0, False, 305)]
    assert _feed(edges, settle_at=400) == [(0, True, 100), (0, False, 300)]


def test_a_tap_shorter_than_the_window_is_reported_at_its_edges():
    # Down at 0, up for good at 12 (inside the window): the release is
    # reported once the window is over, stamped 12, not lost.
    assert _feed([(0, True, 0), (0, False, 12)], settle_at=15) == [(0, True, 0)]
    assert _feed([(0, True, 0), (0, False, 12)], settle_at=20) == [(0, True, 0), (0, False, 12)]


def test_keys_are_independent():
    # Two players 1 ms apart, both bouncing: both first edges, exact.
    edges = [(0, True, 50), (1, True, 51), (0, False, 52), (1, False, 53), (0, True, 54), (1, True, 55)]
    assert _feed(edges, settle_at=60) == [(0, True, 50), (1, True, 51)]


def test_reset_releases_every_key():
    d = Debouncer(1)
    out = []
    d.feed(0, True, 0, out)
    d.reset()
    assert not d.pressed(0)
    d.feed(0, False, 5, out)        # the release of the key held across the reset
    d.settle(100, out)
    assert out == [(0, True, 0)]


# -- through the app --------------------------------------------------------

@pytest.mark.parametrize("bounce", [BOUNCY, WORST])
def test_one_bouncy_up_moves_the_menu_by_one(bounce):
    for board in ("raspberry_pi_pico", "adafruit_feather_rp2040"):
        s = Session(board, seed=2, bounce=bounce)
        run_script(s, "screen main_menu\nDOWN\nDOWN\nUP\n")
        clean = Session(board, seed=2)
        run_script(clean, "DOWN\n")
        assert s.screen_text() == clean.screen_text(), board
        assert s.hw.buttons.raw_edges == 3 * 2 * (1 + 2 * bounce[0])


def test_bounce_off_shows_what_bounce_does_to_a_scan_without_debounce():
    # Proof the bounce model bites: with the debouncer disabled (window 0)
    # one DOWN bouncing twice on press and twice on release moves five places.
    s = Session("raspberry_pi_pico", seed=2, bounce=BOUNCY)
    s.hw.buttons._deb.window = 0
    run_script(s, "DOWN\n")
    five = Session("raspberry_pi_pico", seed=2)
    run_script(five, "DOWN 5\n")
    assert s.screen_text() == five.screen_text()


def _pz_round(board, bounce):
    s = Session(board, seed=3, bounce=bounce)
    # Main menu -> Panicozoo -> players -> options -> start: the round.
    script = "DOWN 3\nOK\n" + ("DOWN\n" if board != "raspberry_pi_pico" else "") + "OK\nOK\nOK\nscreen pz_ready\n"
    run_script(s, script)
    return s


@pytest.mark.parametrize("board", ["raspberry_pi_pico", "adafruit_feather_rp2040"])
def test_one_ok_with_two_bounces_is_exactly_one_ok(board):
    # The case: an OK that bounced twice opened the next step, then
    # answered a question nobody saw. One OK = one action.
    s = _pz_round(board, BOUNCY)
    n = len(s.app.game.actions)
    run_script(s, "OK\nscreen pz_open\n")
    assert len(s.app.game.actions) == n + 1
    assert s.app.game.actions[-1][0] == "open"


def test_a_bouncy_slap_is_decided_at_its_first_edge():
    s = _pz_round("raspberry_pi_pico", WORST)
    run_script(s, "OK\nscreen pz_open\n")
    t = s.now + 50
    s.at(t + 1, "P1")     # 1 ms after P4's first edge
    s.at(t, "P4")         # both contacts bounce for 10 ms
    s.advance_to(t + 1)
    assert s.app.game.phase == "open"   # not yet: first press + 1 + 1 ms
    s.advance_to(t + 2)
    assert s.app.game.phase == "answering"
    r = s.app.game.race
    assert r is not None and r.winner == 3 and r.first_ms == t and r.gap_ms == 1
    # The bounces (P4 again at t+2, t+4, ...) are not even seen as repeats.
    assert [p for p in s.app.game.actions[-1][3::2]].count(3) == 1


# -- lost events --------------------------------------------------------------

def _flood(s, t, keep=None):
    # One more than keypad's 64 queued events, all already due: the queue
    # overflows on the last one and every due event is lost.
    names = [n for n in s.hw.buttons.names if n != keep]
    for i in range(65 - len(s.hw.buttons._pending)):
        s.hw.buttons.schedule(names[i % len(names)], i % 2 == 0, t)


def test_a_release_lost_in_an_overflow_does_not_repeat_forever():
    s = Session("raspberry_pi_pico", seed=2)
    run_script(s, "OK\n")               # a menu with room to scroll
    s.hw.buttons.schedule("DOWN", True, s.now)
    s.advance(100)                      # DOWN seen, held
    t = s.now
    s.advance(20)
    s.hw.buttons.schedule("DOWN", False, t)   # its release ...
    _flood(s, t, keep="DOWN")                 # ... lost with 64 others
    s.advance(20)
    shown = s.screen_text()
    s.advance(3000)                     # no finger on DOWN: nothing moves
    assert s.screen_text() == shown
    assert not s.app.keys.any_held()
    assert s.app.overflows == 1


def test_a_lost_ok_release_fires_no_long_press_later():
    # On the Feather a long OK is BACK: it must not fire 600 ms after an
    # overflow ate the release of a short OK.
    s = Session("adafruit_feather_rp2040", seed=2)
    run_script(s, "OK\n")
    screen = s.app.top().name
    s.hw.buttons.schedule("OK", True, s.now)
    s.advance(30)
    t = s.now
    s.advance(10)
    s.hw.buttons.schedule("OK", False, t)
    _flood(s, t, keep="OK")
    s.advance(2000)
    assert s.app.top().name == screen
    assert not s.app.keys.any_held()


def test_a_race_is_void_when_the_queue_overflowed_with_bounce_on():
    s = _pz_round("raspberry_pi_pico", BOUNCY)
    run_script(s, "OK\nscreen pz_open\n")
    t = s.now
    for i in range(8):          # 8 bouncy presses and releases: 80 raw edges
        s.hw.buttons.schedule("P%d" % (i % 4 + 1), True, t - 30 + i)
        s.hw.buttons.schedule("P%d" % (i % 4 + 1), False, t - 20 + i)
    s.advance(20)
    g = s.app.game
    assert g.race.void and g.actions[-1][2] == 1
    run_script(s, "P3\nexpect P3!\n")


# -- hw/buttons.py (CircuitPython) over a fake keypad -----------------------

class _FakeQueue:
    def __init__(self):
        self.items = []
        self.overflowed = False

    def get_into(self, ev):
        if not self.items:
            return False
        ev.key_number, ev.pressed, ev.timestamp = self.items.pop(0)
        return True

    def clear(self):
        self.items = []
        self.overflowed = False


class _FakeKeypad:
    class Event:
        key_number = 0
        pressed = False
        timestamp = 0

    class Keys:
        def __init__(self, pins, **kw):
            self.kw = kw
            self.events = _FakeQueue()


class _Clock:
    t = 0

    def now(self):
        return self.t

    def unwrap(self, raw):
        return raw


def _cp_buttons(monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "keypad", _FakeKeypad)
    sys.modules.pop("menagerie.hw.buttons", None)
    from menagerie.hw.buttons import Buttons

    class Prof:
        NAV = (("UP", 1), ("OK", 2))
        PLAYERS = (("P1", 3),)
    clock = _Clock()
    b = Buttons(Prof, clock)
    sys.modules.pop("menagerie.hw.buttons", None)
    return b, clock


def test_circuitpython_buttons_debounce_keypad_edges(monkeypatch):
    b, clock = _cp_buttons(monkeypatch)
    assert b._keys.kw["interval"] == 0.001
    q = b._keys.events
    # OK pressed at 100 bouncing twice, P1 at 101; OK released at 200 bouncing.
    q.items = [(1, True, 100), (2, True, 101), (1, False, 101), (1, True, 102), (1, False, 103),
               (1, True, 104)]
    clock.t = 105
    assert b.events() == [("OK", True, 100), ("P1", True, 101)]
    q.items = [(1, False, 200), (1, True, 201), (1, False, 202)]
    clock.t = 230
    assert b.events() == [("OK", False, 200)]
    assert not b.pressed("OK")


def test_circuitpython_buttons_overflow_starts_clean(monkeypatch):
    b, clock = _cp_buttons(monkeypatch)
    q = b._keys.events
    q.items = [(0, True, 10)]
    clock.t = 11
    assert b.events() == [("UP", True, 10)]
    q.items = [(0, False, 50)] * 3
    q.overflowed = True
    clock.t = 60
    assert b.events() == [] and q.items == [] and not q.overflowed
    assert b.overflowed() and not b.overflowed()
    assert not b.pressed("UP")           # held keys count as released
    q.items = [(0, True, 100)]
    clock.t = 101
    assert b.events() == [("UP", True, 100)]
