"""The piezo's tune sequencer (hw/tune.py), shared by both ports' buzzers."""
from menagerie.hw.tune import Tune
from menagerie.ui.sounds import TUNES
from mpy_runner import run_micropython


def play(notes, until, step=5):
    heard = []
    t = Tune(lambda f: heard.append((now[0], f)))
    now = [0]
    t.play(notes, 0)
    while now[0] < until:
        now[0] += step
        t.update(now[0])
    return heard, t


def test_notes_and_rests_in_order_then_silence():
    heard, t = play(((440, 100), (0, 50), (880, 100)), 400)
    assert heard == [(0, 440), (100, 0), (150, 880), (250, 0)]
    assert not t.busy()


def test_a_new_tune_replaces_the_one_playing():
    heard = []
    t = Tune(heard.append)
    t.play(((440, 1000),), 0)
    t.play(((220, 10),), 5)
    t.update(20)
    assert heard == [440, 220, 0]


def test_every_app_tune_is_well_formed():
    for name in TUNES:
        for freq, ms in TUNES[name]:
            assert isinstance(freq, int) and 0 <= freq <= 20000, name
            assert isinstance(ms, int) and 0 < ms <= 1000, name


def test_same_under_micropython():
    out = run_micropython(
        "from menagerie.hw.tune import Tune\n"
        "h = []\nt = Tune(h.append)\nt.play(((440, 100), (0, 50), (880, 100)), 0)\n"
        "for n in range(0, 400, 5):\n    t.update(n)\nprint(h)\n")
    assert out.strip() == "[440, 0, 880, 0]"
