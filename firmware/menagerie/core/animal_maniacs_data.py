# Animal Maniacs (Advanced Rules): the fixed facts. 12 species x 3 animals
# (animal id a is species a // 3), their colours, the 12 special zoos and
# the objectives. Rules as implemented: docs/games/animal-maniacs.md.

from menagerie.core.pools import MANIACS_RED, MANIACS_BLACK

SPECIES = MANIACS_RED + MANIACS_BLACK
N_ANIMALS = 36
RED = 0
BLACK = 1

# The rulebook never says which animals are the "big cats" a King sets
# loose; of its twelve species these three are the cats.
BIG_CATS = (0, 1, 2)  # tiger, cheetah, lion
TIGER, CHEETAH, LION, GIRAFFE, CAMEL, MOOSE = 0, 1, 2, 3, 4, 5
GORILLA, ELEPHANT, RHINO, ZEBRA, POLAR, HIPPO = 6, 7, 8, 9, 10, 11

# Where an animal is: one int per animal (so it is always in exactly one place).
BOWL = 0
WILD = 1
ACE = 2    # on the Ace of its endangered species
DEAD = 3   # eaten by a loose cat or died of Beijing's disease
ZOO = 10   # + seat
WALL = 20  # + seat: the trophy wall

# Special zoos, numbered as in the rulebook's directory (0 = a plain zoo).
ZOOS = ("Plain", "Berkeley", "Nairobi", "Paris", "San Diego", "Tokyo",
        "Central Am", "Beijing", "Kuwait", "Nigeria", "New Delhi",
        "Siberia", "Wt Watchers")
BERKELEY, NAIROBI, PARIS, SAN_DIEGO, TOKYO, CENTRAL_AM = 1, 2, 3, 4, 5, 6
BEIJING, KUWAIT, NIGERIA, NEW_DELHI, SIBERIA, WEIGHT_WATCHERS = 7, 8, 9, 10, 11, 12
AFRICA = (CHEETAH, LION, GIRAFFE, ZEBRA)        # Nigeria doubles these
ASIA = (CAMEL, ELEPHANT, GORILLA, TIGER)        # New Delhi doubles these
NORTH = (POLAR, MOOSE)                          # Siberia plays two cards
HEAVY = (HIPPO, RHINO)                          # Weight Watchers
CA_TURNS = 3  # Central American returns a borrowed animal 3 of its turns later

# Objectives: bit masks, so a player's set is one int.
PAIRS = 1
KINDS = 2
KILLS = 4
ALL_OBJECTIVES = 7
OBJ_NAMES = ("pairs", "kinds", "kills")

# Card values as the core takes them: 1 = an Ace played from a hand (a low
# point card), 2-10 point cards, 11 = Jack (only as a wild animal's draw).
ACE_VALUE = 1
JACK = 11


def species(a):
    return a // 3


def colour(s):
    return RED if s < 6 else BLACK


def name(a):
    return SPECIES[a // 3]


def thresholds(players):
    # (pairs, kinds, kills) needed to win.
    return (3, 7, 7) if players <= 3 else (2, 5, 5)


def progress(loc, seat):
    # (pairs, kinds, kills) of a seat: species with 2+ in the zoo, species
    # in the zoo, animals on the trophy wall.
    count = [0] * 12
    kills = 0
    for a in range(N_ANIMALS):
        if loc[a] == ZOO + seat:
            count[a // 3] += 1
        elif loc[a] == WALL + seat:
            kills += 1
    pairs = 0
    kinds = 0
    for c in count:
        if c:
            kinds += 1
        if c >= 2:
            pairs += 1
    return pairs, kinds, kills


def met(loc, seat, mask, players):
    # The objectives of mask that seat has reached (a mask).
    got = progress(loc, seat)
    need = thresholds(players)
    out = 0
    for i in range(3):
        if mask & (1 << i) and got[i] >= need[i]:
            out |= 1 << i
    return out


def popcount(m):
    n = 0
    while m:
        n += m & 1
        m >>= 1
    return n
