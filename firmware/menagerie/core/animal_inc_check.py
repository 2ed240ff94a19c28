# Animal Inc: is a round entry possible as a whole, with one 36-card deck?
# score_round (core/animal_inc.py) checks each field; this checks them
# together (docs/games/animal-inc.md, "Checking an entry"):
#
# - Reached: the cards on the 5th tier and up (1 to MAX_TOP_CARDS of them,
#   adding up to the sum) and every entered highest card are different
#   cards, so together they must fit the deck's count of each value.
# - Not reached: the whole pyramid lies on the 4 tiers below the 5th, which
#   have 8+7+6+5 = 26 places, so at least (cards in play - 26) cards are
#   still in hands at the end. A hand whose highest card is h holds only
#   cards of h or less, at most a dealt hand of them; an entry of 0 means an
#   empty hand or a hand of the deck's two 0-valued cards.
#
# The last player's hand is not entered when the 5th tier is reached: it
# may hold anything, so it never makes an entry impossible.

from menagerie.core.game import RuleError
from menagerie.core.animal_inc_deck import (
    CARD_VALUES, DECK_SIZE, VALUE_COUNT, discard_count, hand_size)

# (Its names are ones the firmware already has: each new identifier is a
# qstr kept until the board restarts; docs/architecture.md, Memory.)


def _sums(pyramid_sum, counts, limit):
    # Is there a set of 1..limit deck cards adding up to pyramid_sum that
    # leaves a card for every claim? counts[v] = players claiming value v.
    # can[k] = bitmask of the sums reachable with k cards (ints only).
    can = [0] * (limit + 1)
    can[0] = 1
    for v in CARD_VALUES:
        left = VALUE_COUNT[v] - (counts[v] if v else 0)
        if left < 0:
            return False
        for _ in range(left):
            for k in range(limit, 0, -1):
                can[k] |= can[k - 1] << v
    for k in range(1, limit + 1):
        if (can[k] >> pyramid_sum) & 1:
            return True
    return False


def room(highest, players):
    # The most cards the hands can hold, given each hand's highest card.
    size = hand_size(players) - discard_count(players)
    n = 0
    for h in highest:
        if h == 0:
            continue
        upto = 0
        for v in CARD_VALUES:
            if 0 < v <= h:
                upto += VALUE_COUNT[v]
        n += min(size, upto)
    # The two 0-valued cards may sit in any hand (one entered as 0 too):
    # counted once, so this stays an upper bound that never refuses a
    # possible entry.
    return n + VALUE_COUNT[0]


def check(reached, pyramid_sum, highest, last, limit):
    # RuleError when the entry as a whole cannot come from a real table.
    n = len(highest)
    counts = [0] * len(VALUE_COUNT)
    for i in range(n):
        if not (reached and i == last):
            counts[highest[i]] += 1
    if reached:
        if not _sums(pyramid_sum, counts, limit):
            raise RuleError("Sum and highest cards\ncan't all be true")
        return
    # the 4 tiers below the 5th have 8+7+6+5 = 26 places: the rest of the
    # cards in play are still in hands
    used = DECK_SIZE - n * discard_count(n)
    if room(highest, n) < used - 26:
        raise RuleError("Too few cards left in\nhands for no 5th tier")
