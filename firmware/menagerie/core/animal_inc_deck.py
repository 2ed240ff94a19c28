# Animal Inc: the deck and the scoring sheet's drafting schedule. Shared by the
# scorekeeper (animal_inc.py) and the card-level simulation
# (animal_inc_pyramid.py, animal_inc_sim.py). Rules as implemented:
# docs/games/animal-inc.md.
#
# Seats are numbered 0..n-1 clockwise around the table. "Left" is the next
# seat clockwise (seat + 1): play goes clockwise and the sheet passes left.

COMPANIES = ("Quackazon", "Ooober", "Bollywood", "Bamboost", "Zzz")
# Two letters each: Bollywood and Bamboost share an initial.
COMPANY_CODES = ("Qu", "Oo", "Bo", "Ba", "Zz")
QUACKAZON = 0
OOOBER = 1
BOLLYWOOD = 2
BAMBOOST = 3
ZZZ = 4

_PRINTED = (
    (0, 2, 6, 7, 8, 9, 10),
    (2, 3, 4, 5, 6, 10, 12),
    (0, 2, 4, 6, 8, 10, 12),
    (3, 4, 5, 6, 7, 8, 9),
    (6, 6, 6, 6, 6, 6, 6, 6),
)


def _build():
    comp = []
    val = []
    for c in range(len(_PRINTED)):
        for v in _PRINTED[c]:
            comp.append(c)
            val.append(v)
    return tuple(comp), tuple(val)


# A card is an int 0..35 indexing these two parallel tuples (grouped by company
# in the order above, values ascending within a company).
CARD_COMPANY, CARD_VALUE = _build()
DECK_SIZE = len(CARD_VALUE)
START_SCORE = 200
PASS_COUNT = 4

# The distinct values printed on cards, ascending. 0 is a card value, and it is
# also what an empty hand counts as its highest card.
CARD_VALUES = sorted(set(CARD_VALUE))
# How many cards carry each value, indexed by value (0..12).
VALUE_COUNT = [0] * (CARD_VALUES[-1] + 1)
for _v in CARD_VALUE:
    VALUE_COUNT[_v] += 1

PLAYER_COUNTS = (2, 3, 4)

# The drafting directions of the sheet's blocks, in sheet order. A block has
# one round per player, so every seat starts exactly once per direction.
# Three players have no opposite seat; for two players left, opposite and right
# are all the other player, so the 2-player game keeps the 4-player sheet's
# four blocks (which is also why both share the sheet's front side).
_BLOCKS = {
    2: ("none", "left", "opposite", "right"),
    3: ("none", "left", "right"),
    4: ("none", "left", "opposite", "right"),
}
DIRECTIONS = ("none", "left", "opposite", "right")


def card_name(card):
    return COMPANY_CODES[CARD_COMPANY[card]] + str(CARD_VALUE[card])


def card_names(cards):
    return " ".join(card_name(c) for c in cards)


def hand_size(players):
    return DECK_SIZE // players


def discard_count(players):
    # 3, 2, 1 for 2, 3, 4 players: 30, 30 and 32 cards stay in play.
    return 5 - players


def standard_rounds(players):
    # 8, 9, 16: one block per direction, one round per player in a block.
    return players * len(_BLOCKS[players])


def direction(players, round_index):
    # round_index counts from 0. Past the printed sheet the sheet starts over
    # from its top (a custom length = as many rows of the sheet as agreed).
    blocks = _BLOCKS[players]
    return blocks[(round_index // players) % len(blocks)]


def schedule(players, rounds):
    return [direction(players, r) for r in range(rounds)]


def starter(players, start, round_index):
    # The sheet passes left after every round.
    return (start + round_index) % players


def receiver(players, seat, way):
    # Who gets the cards `seat` passes; -1 when nothing is passed.
    if way == "none":
        return -1
    if way == "left":
        return (seat + 1) % players
    if way == "right":
        return (seat - 1) % players
    if way == "opposite" and players % 2 == 0:
        return (seat + players // 2) % players
    raise ValueError("no such direction")


def receivers(players, way):
    return [receiver(players, s, way) for s in range(players)]
