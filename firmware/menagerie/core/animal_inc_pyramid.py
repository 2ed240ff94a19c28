# Animal Inc at card level: the pyramid and one round of play. The device does
# not need this (the cards are physical); it exists so tests can play
# thousands of legal rounds and check the scorekeeper against them, and so a
# future "teach me" screen could show legal placements.
#
# Positions are absolute: the first card of a round sits at tier 0, x = 0; the
# bottom tier grows to x = lo-1 or hi+1, so nothing already placed ever moves.
# Tier t, slot x rests on tier t-1, slots x and x+1. Tier index 4 is the
# rulebook's "5th tier".

from menagerie.core.game import RuleError
from menagerie.core.animal_inc_deck import (
    CARD_COMPANY, CARD_VALUE, DECK_SIZE, PASS_COUNT, card_name, card_names, discard_count)

WIDTH = 8        # the bottom tier holds at most 8 cards
TIERS = 8
TOP_TIER = 4     # 0-based index of the 5th tier
_OFF = WIDTH - 1           # x runs from -7 to 7
_SPAN = 2 * WIDTH - 1
ANY = 31         # company mask: every company fits (bottom tier)


class Pyramid:
    def __init__(self):
        self.cells = [-1] * (TIERS * _SPAN)
        self.lo = 0
        self.hi = -1     # bottom tier occupies lo..hi (empty when hi < lo)
        self.count = 0
        # Open slots above the bottom, (t, x, mask): both supports placed, slot
        # empty; mask has bit k set when company k may go there.
        self.upper = []

    def at(self, t, x):
        if t < 0 or t >= TIERS or x < -_OFF or x > _OFF:
            return -1
        return self.cells[t * _SPAN + x + _OFF]

    def bottom_width(self):
        return self.hi - self.lo + 1

    def open_slots(self):
        # [(t, x, company mask)]: bottom ends first (left, right), then the
        # upper slots in the order they opened.
        w = self.hi - self.lo + 1
        if w == 0:
            return [(0, 0, ANY)]
        if w < WIDTH:
            return [(0, self.lo - 1, ANY), (0, self.hi + 1, ANY)] + self.upper
        return list(self.upper)

    def slot_mask(self, t, x):
        for st, sx, m in self.open_slots():
            if st == t and sx == x:
                return m
        return 0

    def fits(self, card, t, x):
        return (self.slot_mask(t, x) >> CARD_COMPANY[card]) & 1 == 1

    def place(self, card, t, x):
        m = self.slot_mask(t, x)
        if not m:
            raise RuleError("no room there")
        if not (m >> CARD_COMPANY[card]) & 1:
            raise RuleError("company must match\na card below")
        self._put(card, t, x)

    def _put(self, card, t, x):
        # No checks: callers have validated (t, x) against open_slots().
        self.cells[t * _SPAN + x + _OFF] = card
        self.count += 1
        if t == 0:
            if self.hi < self.lo:
                self.lo = self.hi = x
            elif x < self.lo:
                self.lo = x
            else:
                self.hi = x
        else:
            for i in range(len(self.upper)):
                u = self.upper[i]
                if u[0] == t and u[1] == x:
                    self.upper.pop(i)
                    break
        if t + 1 < TIERS:
            # The new card can complete the support of the slots above-left
            # and above-right (x stays within -7..7 since the bottom is <= 8).
            cells = self.cells
            row = t * _SPAN + _OFF
            for nx in (x - 1, x):
                if nx < -_OFF or nx + 1 > _OFF:
                    continue
                a = cells[row + nx]
                b = cells[row + nx + 1]
                if a >= 0 and b >= 0 and cells[row + _SPAN + nx] < 0:
                    m = (1 << CARD_COMPANY[a]) | (1 << CARD_COMPANY[b])
                    self.upper.append((t + 1, nx, m))

    def cards(self):
        # [(t, x, card)] sorted by tier then x.
        out = []
        for t in range(TIERS):
            for x in range(-_OFF, _OFF + 1):
                c = self.cells[t * _SPAN + x + _OFF]
                if c >= 0:
                    out.append((t, x, c))
        return out

    def height(self):
        # Number of tiers holding at least one card.
        h = 0
        for t, x, c in self.cards():
            h = t + 1
        return h

    def reached(self):
        return self.height() > TOP_TIER

    def top_sum(self):
        s = 0
        for t, x, c in self.cards():
            if t >= TOP_TIER:
                s += CARD_VALUE[c]
        return s

    def rows(self):
        # Text picture, top tier first; each card is 5 columns wide and each
        # tier is shifted half a card to sit between its supports.
        lines = []
        for t in range(self.height() - 1, -1, -1):
            line = "  " * t
            for x in range(self.lo, self.hi + 1 - t):
                c = self.at(t, x)
                name = card_name(c) if c >= 0 else "."
                line += name + " " * (5 - len(name))
            lines.append(line.rstrip())
        return lines


class PyramidRound:
    # One round with every card: deal, discard, drafting, then the pyramid.
    # Actions (tuples, like the game contract):
    #   ("discard", seat, card)   phase "discard", until each seat has discarded
    #   ("pass", seat, card)      phase "pass": choose PASS_COUNT cards; once all
    #                             seats have chosen they all move at once
    #   ("play", card, t, x)      phase "play", by seat self.turn
    # A seat without a legal card when its turn comes drops out for the round
    # (automatically: there is nothing to choose). Phase "over" when nobody
    # is left; self.last is the seat that played the last card.

    def __init__(self, players, first, to, deck):
        # first: the starting seat; to: receiving seat per seat (-1 = no
        # drafting); deck: the 36 cards in shuffled order, dealt one at a time
        # from the seat left of the starter.
        if len(deck) != DECK_SIZE:
            raise ValueError("need the whole deck")
        n = players
        self.players = n
        self.first = first
        self.to = list(to)
        self.hands = [[] for _ in range(n)]
        for i in range(DECK_SIZE):
            self.hands[(first + 1 + i) % n].append(deck[i])
        self.discards = [[] for _ in range(n)]
        self.passing = [[] for _ in range(n)]
        self.need = discard_count(n)
        self.pyramid = Pyramid()
        self.out = [False] * n
        self.dropped = []   # (seat, cards in the pyramid when it dropped out)
        self.turn = first
        self.last = -1
        self.phase = "discard"

    # -- queries ------------------------------------------------------------
    def accounted(self):
        # Every card is somewhere: hands, pyramid, discards or in transit.
        n = self.pyramid.count
        for s in range(self.players):
            n += len(self.hands[s]) + len(self.discards[s]) + len(self.passing[s])
        return n

    def highest(self, seat):
        h = 0
        for c in self.hands[seat]:
            if CARD_VALUE[c] > h:
                h = CARD_VALUE[c]
        return h

    def moves(self, seat):
        # Legal ("play", card, t, x) for `seat` in the current pyramid.
        out = []
        hand = self.hands[seat]
        for t, x, m in self.pyramid.open_slots():
            for c in hand:
                if (m >> CARD_COMPANY[c]) & 1:
                    out.append(("play", c, t, x))
        return out

    def can_play(self, seat):
        hand = self.hands[seat]
        if not hand:
            return False
        if self.pyramid.bottom_width() < WIDTH:
            return True
        have = 0
        for c in hand:
            have |= 1 << CARD_COMPANY[c]
        for t, x, m in self.pyramid.open_slots():
            if m & have:
                return True
        return False

    def legal(self):
        if self.phase == "discard":
            return [("discard", s, c) for s in range(self.players)
                    if len(self.discards[s]) < self.need for c in self.hands[s]]
        if self.phase == "pass":
            return [("pass", s, c) for s in range(self.players)
                    if len(self.passing[s]) < PASS_COUNT for c in self.hands[s]]
        if self.phase == "play":
            return self.moves(self.turn)
        return []

    def over(self):
        return self.phase == "over"

    def entry(self):
        # The scorekeeper's action for this finished round.
        p = self.pyramid
        reached = p.reached()
        return (("round", 1 if reached else 0, self.last, p.top_sum() if reached else 0)
                + tuple(self.highest(s) for s in range(self.players)))

    def dump(self):
        # Text lines for golden replays: discards, the pyramid, who dropped
        # out when (cards in the pyramid at that moment), what is left in hand.
        n = self.players
        lines = ["phase " + self.phase + " start P" + str(self.first + 1)
                 + " cards " + str(self.pyramid.count)]
        lines.append("discards " + " | ".join(card_names(self.discards[s]) for s in range(n)))
        for row in self.pyramid.rows():
            lines.append("  " + row)
        lines.append("out " + " ".join("P" + str(s + 1) + "@" + str(k) for s, k in self.dropped))
        for s in range(n):
            lines.append("P" + str(s + 1) + " high " + str(self.highest(s)) + ": "
                         + card_names(sorted(self.hands[s])))
        if self.phase == "over":
            lines.append("entry " + " ".join(str(v) for v in self.entry()))
        return lines

    # -- changes --------------------------------------------------------------
    def apply(self, action):
        kind = action[0]
        if kind != self.phase:
            raise RuleError("not now")
        if kind == "play":
            card, t, x = action[1], action[2], action[3]
            hand = self.hands[self.turn]
            if card not in hand:
                raise RuleError("not in your hand")
            self.pyramid.place(card, t, x)
            hand.remove(card)
            self.last = self.turn
            self.turn = (self.turn + 1) % self.players
            self._settle()
            return
        seat, card = action[1], action[2]
        if seat < 0 or seat >= self.players or card not in self.hands[seat]:
            raise RuleError("not in that hand")
        pile = self.discards if kind == "discard" else self.passing
        if len(pile[seat]) >= (self.need if kind == "discard" else PASS_COUNT):
            raise RuleError("already done")
        self.hands[seat].remove(card)
        pile[seat].append(card)
        if kind == "discard" and self._all_done(self.discards, self.need):
            if self.to[0] < 0:
                self._start_play()
            else:
                self.phase = "pass"
        elif kind == "pass" and self._all_done(self.passing, PASS_COUNT):
            for s in range(self.players):
                self.hands[self.to[s]].extend(self.passing[s])
            for s in range(self.players):
                self.passing[s] = []
            self._start_play()

    def _all_done(self, piles, k):
        for p in piles:
            if len(p) < k:
                return False
        return True

    def _start_play(self):
        self.phase = "play"
        self.turn = self.first
        self._settle()

    def _settle(self):
        # Move the turn to the next seat that can play, dropping out on the way
        # every seat that cannot; "over" when none is left.
        n = self.players
        for _ in range(n):
            s = self.turn
            if not self.out[s]:
                if self.can_play(s):
                    return
                self.out[s] = True
                self.dropped.append((s, self.pyramid.count))
            self.turn = (s + 1) % n
        self.phase = "over"
