# Animal Maniacs (Advanced Rules): the fixed facts. 12 species x 3 animals
# (animal id a is species a // 3), their colours, the 12 special zoos and
# the objectives. Rules as implemented: docs/games/animal-maniacs.md.
# The names are those of the draw bowl's pool (core/pools.py, a test checks);
# not imported from there, so a game does not load every pool.

SPECIES = ("Tiger", "Cheetah", "Lion", "Giraffe", "Camel", "Moose",
           "Gorilla", "Elephant", "Rhino", "Zebra", "Polar bear", "Hippo")
N_ANIMALS = 36

# The rulebook never says which animals are the "big cats" a King sets
# loose; of its twelve species these three are the cats.
BIG_CATS = (0, 1, 2)  # tiger, cheetah, lion

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
AFRICA = (1, 2, 3, 9)   # cheetah, lion, giraffe, zebra: Nigeria doubles
ASIA = (4, 7, 6, 0)     # camel, elephant, gorilla, tiger: New Delhi doubles
NORTH = (10, 5)         # polar bear, moose: Siberia plays two cards
HEAVY = (11, 8)         # hippo, rhino: Weight Watchers
CA_TURNS = 3  # Central American returns a borrowed animal 3 of its turns later

# Objectives: bit masks, so a player's set is one int.
PAIRS = 1
KINDS = 2
KILLS = 4
OBJ_NAMES = ("pairs", "kinds", "kills")

# Card values as the core takes them: 1 = an Ace (a low point card from a
# hand; drawn by a wild animal it endangers the species), 2-10 point cards,
# 11 = Jack (only as a wild animal's draw).
JACK = 11


def colour(s):
    return 0 if s < 6 else 1  # red, black


def name(a):
    return SPECIES[a // 3]


def thresholds(players):
    # (pairs, kinds, kills) needed to win.
    return (3, 7, 7) if players <= 3 else (2, 5, 5)


def progress(loc, seat):
    # (pairs, kinds, kills) of a seat: species with 2+ in the zoo, species
    # in the zoo, animals on the trophy wall.
    count = bytearray(12)
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
    return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1)
