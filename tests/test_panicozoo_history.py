# The Panicozoo history entry (ui/panicozoo_history.py): cards won per round,
# the two-card final round and the tie-breaker marked, no start player; the
# same entry under CPython and MicroPython.
from mpy_runner import run_cpython, run_micropython

GAMES = r"""
from menagerie.core.panicozoo import PanicozooGame
from menagerie.ui.panicozoo_history import entry


def win(g, p, wrong=()):
    g.apply(("open",))
    for q in wrong:
        g.apply(("slap", q))
        g.apply(("wrong",))
    g.apply(("slap", p))
    g.apply(("right",))


def show(e):
    for k in sorted(e):
        print(k, repr(e[k] if not isinstance(e[k], dict) else sorted(e[k].items())))


# Classic, 3 players, first-timers aid: P1 and P2 tie on 6 after the
# two-card round 14, P3 wins round 5 after both others were wrong (an
# automatic award), P2 wins the tie-breaker; the aid's animal is recorded
# after every round.
g = PanicozooGame({"players": 3, "first_timers": 1}, 7)
for r in range(14):
    if r == 4:
        g.apply(("open",))
        g.apply(("slap", 0))
        g.apply(("wrong",))
        g.apply(("slap", 1))
        g.apply(("wrong",))
    else:
        win(g, [0, 1, 0, 1, 2, 0, 1, 0, 1, 0, 0, 2, 2, 1][r])
    g.apply(("found", r))
win(g, 1)
show(entry(g, ["Ann", "Bob", "Cy"]))
print("--")
# Classic without a tie, first-timers aid on: no animal is recorded after
# the final (the game is over), and the history has 14 rounds.
g = PanicozooGame({"players": 2, "first_timers": 1}, 8)
for r in range(14):
    win(g, 0 if r < 9 else 1)
    if not g.over():
        g.apply(("found", r))
show(entry(g, ["Ann", "Bob"]))
print("--")
# Young players: a wrong slapper hands the top card of their pile over.
g = PanicozooGame({"players": 3, "mode": "young"}, 9)
win(g, 0)
win(g, 1, wrong=(0,))
for r in range(13):
    win(g, 2)
show(entry(g, ["Ann", "Bob", "Cy"]))
"""


def _entries(out):
    parts = []
    for block in out.strip().split("--"):
        d = {}
        for line in block.strip().splitlines():
            k, v = line.split(" ", 1)
            d[k] = eval(v)
        parts.append(d)
    return parts


def test_entry_rounds_marks_and_start():
    out = run_cpython(GAMES)
    tie, plain, young = _entries(out)
    assert tie["scores"] == [6, 6, 3] and tie["winners"] == [1] and tie["start"] is None
    assert len(tie["rounds"]) == 15 and tie["two_cards"] == 14
    assert tie["rounds"][4] == [0, 0, 1]          # the automatic award
    assert tie["rounds"][13] == [0, 2, 0]         # two cards in the final round
    assert tie["rounds"][14] == [0, 0, 0]         # the tie-breaker's card is not counted
    assert tie["tiebreak"] == [("between", [0, 1]), ("round", 15)]
    for e in (tie, plain, young):
        assert [sum(r[p] for r in e["rounds"]) for p in range(len(e["players"]))] == e["scores"]
    assert len(plain["rounds"]) == 14 and "tiebreak" not in plain
    assert plain["rounds"][13] == [0, 2] and plain["winners"] == [0]
    assert len(young["rounds"]) == 15 and "two_cards" not in young
    assert young["rounds"][1] == [-1, 2, 0] and young["scores"] == [0, 2, 13]


def test_same_entry_under_micropython():
    assert run_micropython(GAMES) == run_cpython(GAMES)
