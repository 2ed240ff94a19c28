# The physical Panicozoo deck, modelled so the device's round bookkeeping can
# be checked against what the table would really show. The device never sees
# the cards (players shuffle them by hand); tests and the simulator use these
# tables, with their own Rng, to play consistent games.
#
# 15 animals, 15 cards of one colour. Card c shows every animal except animal
# c (14 animals a card), so a card is named by the animal it lacks.
# Classic: the cards in play are dealt 1 face down + the rest face up. Each
# visible card lacks a different animal, so the animals on ALL visible cards
# are those lacked by no visible card: the face-down card's missing animal
# (the answer) plus the animals of cards already won (the found ones, which
# players must not call). The winner keeps the face-down card and re-deals
# the visible ones, so round r has 16 - r cards; round 14 has 2 and its
# winner takes both: 13 + 2 = 15 cards.

N_ANIMALS = 15
CLASSIC_ROUNDS = 14


def card_animals(card):
    return [a for a in range(N_ANIMALS) if a != card]


def cards_in_round(rnd):
    # Classic: cards on the table in round rnd (1-based).
    return N_ANIMALS + 1 - rnd


class ClassicTable:
    def __init__(self, rng):
        self.rng = rng
        self.in_play = list(range(N_ANIMALS))
        self.face_down = None
        self.visible = []
        self.won = []          # cards taken so far, in order
        self.round = 0

    def deal(self):
        cards = self.rng.shuffle(list(self.in_play))
        self.face_down = cards[0]
        self.visible = cards[1:]
        self.round += 1

    def common(self):
        # Animals printed on every visible card, sorted.
        return [a for a in range(N_ANIMALS) if a not in self.visible]

    def found(self):
        # Animals already found: those of the cards won (the final round's
        # face-up card is won too, but its animal is never called).
        return sorted(self.won)

    def answer(self):
        cands = [a for a in self.common() if a not in self.won]
        if len(cands) != 1:
            raise ValueError("deck inconsistent")
        return cands[0]

    def is_right(self, animal):
        # A call is right when the animal is missing from the face-down card.
        return animal == self.face_down

    def take(self):
        # The round's winner takes the face-down card; in the final round the
        # last visible card goes too. -> the cards taken.
        taken = [self.face_down]
        if len(self.in_play) == 2:
            taken = taken + self.visible
        for c in taken:
            self.in_play.remove(c)
            self.won.append(c)
        self.face_down = None
        self.visible = []
        return taken


class YoungTable:
    # All 15 cards lie face up; the device draws the animal. The card to slap
    # is the only one lacking the drawn animal.
    def __init__(self):
        self.cards = list(range(N_ANIMALS))

    def target(self, animal):
        hits = [c for c in self.cards if animal not in card_animals(c)]
        if len(hits) != 1:
            raise ValueError("deck inconsistent")
        return hits[0]
