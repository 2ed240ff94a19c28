# What can go into the draw bowl. Each pool is a list of labels (item i is
# labels[i]) plus a colour per item where the game cares. Labels fit a
# 21-character OLED line with room for a number in front.

# Animal Maniacs: 12 species, three animals each. The advanced rules split
# them into red and black species; the hippo is drawn grey-red but the rules
# count it with the black half.
MANIACS_RED = ("Tiger", "Cheetah", "Lion", "Giraffe", "Camel", "Moose")
MANIACS_BLACK = ("Gorilla", "Elephant", "Rhino", "Zebra", "Polar bear", "Hippo")
MANIACS_COPIES = 3

# Panicozoo's 15 animals. The rulebook names only the snake, the giraffe and
# the monkey; the other twelve are our choice (docs/games/draw-bowl.md): well
# known zoo animals with 15 different initials, so a one-letter tag is unique.
# A settings list may replace it.
PANICOZOO_ANIMALS = (
    "Snake", "Giraffe", "Monkey", "Elephant", "Lion", "Zebra", "Hippo",
    "Crocodile", "Penguin", "Tortoise", "Kangaroo", "Flamingo", "Bear",
    "Owl", "Rhino",
)

SUITS = ("hearts", "diamonds", "spades", "clubs")
SUIT_COLOURS = ("red", "red", "black", "black")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKERS = 2

MIN_PLAYERS = 2
MAX_PLAYERS = 6
MAX_NAME = 16
MAX_ANIMALS = 40

# Pool ids, in menu order. Dice are rolled (with replacement), the rest drawn.
POOLS = ("maniacs", "cards", "panicozoo", "start", "d6", "d20")
DICE = ("d6", "d20")
POOL_TITLES = {
    "maniacs": "Animal Maniacs",
    "cards": "Cards (54)",
    "panicozoo": "Panicozoo",
    "start": "Start player",
    "d6": "Die d6",
    "d20": "Die d20",
}

# Short pool names: the bowl's title bar and the counts in the pool list.
SHORT = {
    "maniacs": "Animals",
    "cards": "Cards",
    "panicozoo": "Panicozoo",
    "start": "Start player",
    "d6": "d6",
    "d20": "d20",
}


class PoolError(ValueError):
    # Raised for a bad pool option; the message fits a 21-character line.
    pass


def maniacs():
    labels = []
    colours = []
    for names, colour in ((MANIACS_RED, "red"), (MANIACS_BLACK, "black")):
        for name in names:
            for _ in range(MANIACS_COPIES):
                labels.append(name)
                colours.append(colour)
    return labels, colours


def cards():
    # Suit by suit, ace to king, then the jokers ("Joker 1", "Joker 2"), which
    # have no colour in Animal Maniacs.
    labels = []
    colours = []
    for s in range(len(SUITS)):
        for rank in RANKS:
            labels.append(rank + " " + SUITS[s])
            colours.append(SUIT_COLOURS[s])
    for j in range(JOKERS):
        labels.append("Joker " + str(j + 1))
        colours.append(None)
    return labels, colours


def _check_names(names, lo, hi, what):
    if not isinstance(names, (list, tuple)):
        raise PoolError(what + ": not a list")
    if len(names) < lo or len(names) > hi:
        raise PoolError("%s: %d to %d" % (what, lo, hi))
    seen = []
    for n in names:
        if not isinstance(n, str) or not n.strip():
            raise PoolError(what + ": empty name")
        if len(n) > MAX_NAME:
            raise PoolError("Name too long\n" + n[:MAX_NAME])
        if n in seen:
            raise PoolError("Duplicate name\n" + n[:MAX_NAME])
        seen.append(n)


def panicozoo(animals=None):
    if animals is None:
        return list(PANICOZOO_ANIMALS), None
    _check_names(animals, 2, MAX_ANIMALS, "Animals")
    return list(animals), None


def start(players, names=None):
    # Who begins: one slip per player. Drawing on gives a whole seat order.
    if isinstance(players, bool) or not isinstance(players, int) \
            or players < MIN_PLAYERS or players > MAX_PLAYERS:
        raise PoolError("Players: %d to %d" % (MIN_PLAYERS, MAX_PLAYERS))
    labels = []
    for i in range(players):
        if names and i < len(names) and names[i]:
            labels.append(str(names[i])[:MAX_NAME])
        else:
            labels.append("Player " + str(i + 1))
    _check_names(labels, MIN_PLAYERS, MAX_PLAYERS, "Players")
    return labels, None


def die(sides):
    return [str(v) for v in range(1, sides + 1)], None


def build(pool, players=4, names=None, animals=None):
    # -> (labels, colours or None, with_replacement)
    if pool == "maniacs":
        labels, colours = maniacs()
    elif pool == "cards":
        labels, colours = cards()
    elif pool == "panicozoo":
        labels, colours = panicozoo(animals)
    elif pool == "start":
        labels, colours = start(players, names)
    elif pool == "d6":
        labels, colours = die(6)
    elif pool == "d20":
        labels, colours = die(20)
    else:
        raise PoolError("Unknown pool\n" + str(pool)[:21])
    return labels, colours, pool in DICE
