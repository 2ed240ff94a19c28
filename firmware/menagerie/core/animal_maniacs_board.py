# Animal Maniacs: the ledger. Where every animal is (one int each, so an
# animal is always in exactly one place), the hands' card counts, lost
# turns, the borrowed animals, the turn order and the end of the game. The
# actions and their checks are in core/animal_maniacs.py.

from menagerie.core.game import Game
from menagerie.core import animal_maniacs_data as D

_N = D.N_ANIMALS


class Board(Game):
    # -- where the animals are ------------------------------------------------
    def where(self, place):
        out = []
        for a in range(_N):
            if self.loc[a] == place:
                out.append(a)
        return out

    def wild(self):
        return self.where(D.WILD)

    def zoo(self, seat):
        return self.where(D.ZOO + seat)

    def wall(self, seat):
        return self.where(D.WALL + seat)

    def on_ace(self, s):
        out = []
        for a in range(s * 3, s * 3 + 3):
            if self.loc[a] == D.ACE:
                out.append(a)
        return out

    def move(self, a, place):
        # Any move ends a loan: the ledger only holds animals still sitting
        # in the zoo that borrowed them.
        self.loc[a] = place
        i = 0
        while i < len(self.borrowed):
            if self.borrowed[i][0] == a:
                self.borrowed.pop(i)
            else:
                i += 1

    def loan(self, a):
        # The ledger entry of animal a: [animal, from seat, to seat, due turn
        # (-1: until taken back)] or None.
        for b in self.borrowed:
            if b[0] == a:
                return b
        return None

    def refill_wild(self):
        # Animals that left the wild are replaced from the bowl; one of an
        # endangered species joins its Ace instead, and the next is drawn.
        while len(self.wild()) < self.wild_size:
            bowl = self.where(D.BOWL)
            if not bowl:
                return
            a = bowl[self.rng.below(len(bowl))]
            if self.endangered[a // 3] == 1:
                self.loc[a] = D.ACE
                self.log.append(D.name(a) + " to its Ace")
            else:
                self.loc[a] = D.WILD

    def endanger(self, s):
        self.endangered[s] = 1
        for a in range(s * 3, s * 3 + 3):
            p = self.loc[a]
            if p == D.WILD or (p >= D.ZOO and p < D.WALL):
                self.move(a, D.ACE)
        self.refill_wild()

    # -- turns and the end -------------------------------------------------------
    def begin_turn(self, seat):
        self.turn = seat
        self.turns[seat] += 1
        h = self.hand_size
        if self.zoos[seat] == D.KUWAIT and self.hand[seat] < h:
            self.hand[seat] = h
            self.log.append("P%d tops up to %d" % (seat + 1, h))
        elif self.hand[seat] == 0:
            self.hand[seat] = h
            self.log.append("P%d must refill" % (seat + 1))

    def check_win(self):
        if self.win:
            return True
        for p in range(self.n):
            m = D.met(self.loc, p, self.objs[p], self.n)
            if m:
                self.win.append(p)
                self.win_by.append(m)
        return bool(self.win)

    def end_turn(self):
        t = self.turn
        self.c = None
        if self.zoos[t] == D.CENTRAL_AM:
            for b in list(self.borrowed):
                if b[2] == t and b[3] >= 0 and self.turns[t] >= b[3]:
                    self.move(b[0], D.ZOO + b[1])
                    self.log.append(D.name(b[0]) + " back to P%d" % (b[1] + 1))
        if self.check_win():
            return
        n = self.n
        t = (t + 1) % n
        while True:
            if not self._count_final():
                return
            if self.lost[t] == 0:
                break
            self.lost[t] -= 1
            self.log.append("P%d loses a turn" % (t + 1))
            t = (t + 1) % n
        self.begin_turn(t)

    def _count_final(self):
        # The suggested end: once the wild is empty, every player has one
        # more turn. -> False when the game just ended.
        if self.final >= 0:
            if self.final == 0:
                self.finish()
                return False
            self.final -= 1
        elif not self.play_on and not self.wild():
            self.final = self.n - 1
            self.log.append("Wild empty: last round")
        return True

    def finish(self):
        # Most animals in zoo and on trophy wall wins; equal counts share.
        best = -1
        for p in range(self.n):
            k = len(self.zoo(p)) + len(self.wall(p))
            if k > best:
                best = k
                self.win = [p]
            elif k == best:
                self.win.append(p)
        self.win_by = [0] * len(self.win)
        self.ended = True
        self.log.append("Most animals: %d" % best)

    def over(self):
        return bool(self.win)

    def winners(self):
        return list(self.win)
