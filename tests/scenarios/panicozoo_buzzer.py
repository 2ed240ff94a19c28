# Race resolution (core/buzzer.py) on fixed presses: ties, resolution
# windows, ignored presses and voids must come out the same on CPython and
# MicroPython, including the Rng tie-break picks.
from menagerie.core import buzzer
from menagerie.core.rng import Rng


def show(label, r):
    print(label + ": " + r.message() + " | tied " + str(r.tied) + " gap " + str(r.gap_ms)
          + " first " + str(r.first_ms) + " order " + str(r.order))
    for p, t, why in r.ignored:
        print("   ignored P" + str(p + 1) + " @" + str(t) + " " + why)


rng = Rng(31337)
ALL = [0, 1, 2, 3, 4, 5]
show("clear", buzzer.resolve([(3, 120), (1, 121), (5, 300)], ALL, rng))
show("same tick", buzzer.resolve([(4, 77), (2, 77), (0, 78)], ALL, rng))
show("window 5", buzzer.resolve([(0, 10), (1, 14), (2, 15)], ALL, rng, resolution_ms=5))
show("reasons", buzzer.resolve([(0, 99), (1, 120), (2, 101), (3, 102), (4, 110), (1, 125), (5, 130)],
                               [0, 1, 4], rng, open_ms=100, locked=[2], answering=3))
show("void", buzzer.resolve([(0, 5), (1, 5)], ALL, rng, overflow=True))
show("nobody", buzzer.resolve([(0, 5)], [1], rng))

# Many six-way ties: the picks and their tally.
tally = [0] * 6
picks = []
for i in range(600):
    r = buzzer.resolve([(p, i) for p in (5, 3, 1, 0, 2, 4)], ALL, rng)
    tally[r.winner] += 1
    if i < 30:
        picks.append(r.winner)
print("picks " + str(picks))
print("tally " + str(tally))

race = buzzer.Race([0, 1, 2], 1000)
race.press(2, 990)
race.press(1, 1012)
print("ready at 1013 " + str(race.ready(1013)) + ", at 1014 " + str(race.ready(1014))
      + ", decide_at " + str(buzzer.decide_at(race.first_ms)))
race.press(0, 1012)
show("collector", race.resolve(rng))
