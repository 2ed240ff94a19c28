# One contest of Animal Maniacs: who may play how many cards on which side,
# and what each card is worth. The game (core/animal_maniacs.py) owns the
# animals; this only counts. Every choice the rulebook leaves open is in
# docs/games/animal-maniacs.md ("Contests").

from menagerie.core import animal_maniacs_data as D

# Contest kinds (the action that opened it).
CAPTURE = "capture"
HUNT = "hunt"
BORROW = "borrow"
BTRADE = "btrade"    # Beijing's trade, fought like a borrow
EHUNT = "ehunt"      # hunting an endangered species
ECAPTURE = "ecapture"  # Nairobi capturing one

WILD_KINDS = (CAPTURE, HUNT)
ZOO_KINDS = (BORROW, BTRADE)
ACE_KINDS = (EHUNT, ECAPTURE)


class Contest:
    def __init__(self, kind, attacker, target, owner, zoos, players, give=-1, edition=1):
        # target: animal id (species for the endangered kinds); owner: the
        # defending zookeeper (-1 for the wild and the endangered); edition:
        # the game's option (0 gave Berkeley's Jack one card in a borrow).
        self.kind = kind
        self.attacker = attacker
        self.target = target
        self.owner = owner
        self.give = give
        self.zoos = zoos
        self.players = players
        self.edition = edition
        self.species = target if kind in ACE_KINDS else target // 3
        self.cards = []   # (seat, value, colour): the attacker's attack, others defend
        self.jacks = []   # seats that played a Jack
        self.draw = None  # the wild animal's card (value, colour); value 11 = Jack
        self.cats = []    # [cat, prey, cat card, prey card] in the order sent
        self.mate = False  # San Diego: a mate of the target already in its zoo

    def count(self, seat):
        n = 0
        for c in self.cards:
            if c[0] == seat:
                n += 1
        return n

    def allowance(self, seat):
        # How many point cards seat may play in this contest.
        z = self.zoos[seat]
        s = self.species
        k = self.kind
        if seat == self.attacker:
            if k in ACE_KINDS:
                return self.players - 1
            if k == CAPTURE:
                if (z == D.SAN_DIEGO and self.mate) or (z == D.SIBERIA and s in D.NORTH) \
                        or (z == D.WEIGHT_WATCHERS and s in D.HEAVY):
                    return 2
            elif k == BORROW:
                if z == D.TOKYO or (z == D.WEIGHT_WATCHERS and s in D.HEAVY):
                    return 2
            return 1
        if k in ZOO_KINDS:
            base = 0
            if seat == self.owner:
                base = 2 if z == D.SIBERIA and s in D.NORTH else 1
        elif k in ACE_KINDS:
            base = 1
        else:
            base = 1 if z == D.BERKELEY else 0
            if self.draw is not None and self.draw[0] == D.JACK:
                base += 1
        if seat in self.jacks:
            base += 1
            if z == D.BERKELEY and base < 2 and self.edition:
                base = 2  # Berkeley's Jack always brings two defence cards
        return base

    def worth(self, seat, value, col, rule):
        # A card's points against this contest's animal. rule: 0 colour does
        # not matter, 1 a card of the animal's colour counts double, 2 only
        # cards of the animal's colour count.
        s = self.species
        ac = D.colour(s)
        z = self.zoos[seat] if seat >= 0 else 0
        attack = seat == self.attacker
        if attack and z == D.PARIS and self.kind == HUNT:
            col = ac
        if value == D.JACK:
            value = 0
        if rule == 1 and col == ac:
            value *= 2
        elif rule == 2 and col != ac:
            value = 0
        if attack and self.kind == CAPTURE and ((z == D.NIGERIA and s in D.AFRICA)
                                                or (z == D.NEW_DELHI and s in D.ASIA)):
            value *= 2
        return value

    def totals(self, rule):
        att = 0
        dfn = 0
        for seat, v, col in self.cards:
            w = self.worth(seat, v, col, rule)
            if seat == self.attacker:
                att += w
            else:
                dfn += w
        if self.draw is not None:
            dfn += self.worth(-1, self.draw[0], self.draw[1], rule)
        return att, dfn

    def engaged(self):
        # Animals that may not be sent as a loose cat: the target and every
        # cat already attacking or defending.
        out = [self.target] if self.kind in WILD_KINDS else []
        for c in self.cats:
            out.append(c[0])
        return out


