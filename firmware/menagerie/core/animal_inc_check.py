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

LOW_TIERS = 8 + 7 + 6 + 5


def top_fits(pyramid_sum, claimed, max_top):
    # Is there a set of 1..max_top deck cards adding up to pyramid_sum that
    # leaves a card for every claim? claimed[v] = players claiming value v.
    # can[k] = bitmask of the sums reachable with k cards (ints only).
    can = [0] * (max_top + 1)
    can[0] = 1
    for v in CARD_VALUES:
        free = VALUE_COUNT[v] - (claimed[v] if v else 0)
        if free < 0:
            return False
        for _ in range(free):
            for k in range(max_top, 0, -1):
                can[k] |= can[k - 1] << v
    for k in range(1, max_top + 1):
        if (can[k] >> pyramid_sum) & 1:
            return True
    return False


def hand_room(highest, players):
    # The most cards the hands can hold, given each hand's highest card.
    size = hand_size(players) - discard_count(players)
    zeros = VALUE_COUNT[0]
    room = 0
    for h in highest:
        if h == 0:
            continue
        upto = 0
        for v in CARD_VALUES:
            if 0 < v <= h:
                upto += VALUE_COUNT[v]
        room += min(size, upto)
    # The two 0-valued cards may sit in any hand (one entered as 0 too):
    # counted once, so this stays an upper bound that never refuses a
    # possible entry.
    return room + zeros


def check(reached, pyramid_sum, highest, last, max_top):
    # RuleError when the entry as a whole cannot come from a real table.
    n = len(highest)
    claimed = [0] * len(VALUE_COUNT)
    for i in range(n):
        if not (reached and i == last):
            claimed[highest[i]] += 1
    if reached:
        if not top_fits(pyramid_sum, claimed, max_top):
            raise RuleError("Sum and highest cards\ncan't all be true")
        return
    in_play = DECK_SIZE - n * discard_count(n)
    if hand_room(highest, n) < in_play - LOW_TIERS:
        raise RuleError("Too few cards left in\nhands for no 5th tier")
