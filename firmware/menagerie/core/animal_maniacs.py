# Animal Maniacs (Advanced Rules) as the device referees it. The players keep
# their real cards; the device is the bowl of animals, the referee of every
# contest and the ledger of zoos, trophy walls, the endangered and the
# borrowed. Rules as implemented and every choice where the rulebook is
# silent: docs/games/animal-maniacs.md (with the action tuples). Animals are
# ids 0..35 (species a // 3, core/animal_maniacs_data.py), seats 0..n-1.
# legal() and the refusals are in animal_maniacs_legal.py, the effects in
# _do.py: small modules compile in less RAM on the board.

from menagerie.core.game import RuleError, is_int
from menagerie.core import animal_maniacs_data as D
from menagerie.core.animal_maniacs_board import Board

# option, lowest, highest value, ... (one flat tuple: less RAM than twelve)
_RANGE = ("players", 2, 5, "wild", 1, 12, "hand", 4, 5, "colour", 0, 2,
          "zoos", 0, 2, "limited", 0, 2, "obj_choose", 0, 1, "obj_secret", 0, 1,
          "deck", 0, 1, "end", 0, 1, "hunt_loss", 0, 1, "noisy", 0, 1, "edition", 0, 1)


class AnimalManiacsGame(Board):
    GAME_ID = "animal_maniacs"
    TITLE = "Animal Maniacs"
    # zoos: 0 plain, 1 random special zoos, 2 chosen; limited: 0 = all three
    # objectives, 1 or 2 each; colour: 0 off, 1 matching colour doubles, 2
    # only matching counts; deck: 1 = the device draws the wild's cards.
    # edition: 1 = issue 23's rules (every game the device starts); 0 = as
    # firmware before them played, so that a game saved then (no edition in
    # its options) replays and goes on exactly as it was played.
    DEFAULTS = {"players": 3, "start": 0, "wild": 6, "hand": 5, "colour": 1,
                "zoos": 0, "limited": 0, "obj_choose": 0, "obj_secret": 0,
                "deck": 0, "end": 0, "hunt_loss": 1, "noisy": 0, "edition": 0}

    def _setup(self):
        o = self.options
        for i in range(0, len(_RANGE), 3):
            k, lo, hi = _RANGE[i:i + 3]
            if not is_int(o[k]) or o[k] < lo or o[k] > hi:
                raise RuleError("%s: %d to %d" % (k, lo, hi))
        n = o["players"]
        if not is_int(o["start"]) or not 0 <= o["start"] < n:
            raise RuleError("no such player")
        self.n = n
        self.wild_size = o["wild"]
        self.hand_size = o["hand"]
        self.play_on = o["end"] == 1
        self.loc = bytearray(D.N_ANIMALS)  # all in the bowl (0)
        self.zoos = [0] * n
        self.objs = [7] * n  # all three objectives
        self.hand = [0] * n
        self.lost = [0] * n
        self.turns = [0] * n
        self.endangered = bytearray(12)  # 1 on its Ace, 2 killed while endangered
        self.borrowed = []
        self.turn = o["start"]
        self.c = None
        self.win = []
        self.win_by = []
        self.ended = False
        self.final = -1
        self.log = []
        self.deck = None
        self.pending = []  # setup choices still to make: ("zoo"|"objective", seat)
        if o["zoos"] == 1:
            z = list(range(1, 13))
            self.rng.shuffle(z)
            self.zoos = z[:n]
        elif o["zoos"] == 2:
            for p in range(n):
                self.pending.append(("zoo", p))
        lim = o["limited"]
        for p in range(n):
            if lim and o["obj_choose"]:
                self.pending.append(("objective", p))
            elif lim:
                m = 1 << self.rng.below(3)
                self.objs[p] = m if lim == 1 else 7 - m
        if not self.pending:
            self.start()

    def start(self):
        if self.options["deck"]:
            self.deck = list(range(54))
            self.rng.shuffle(self.deck)
            self.deck_pos = 0
        for p in range(self.n):
            self.hand[p] = self.hand_size
        self.refill_wild()
        self.begin_turn(self.turn)

    # -- helpers for the UI ------------------------------------------------------
    def phase(self):
        if self.win:
            return "over"
        if self.pending:
            return "setup"
        return "contest" if self.c else "turn"

    def card_values(self):
        return list(range(1, 11))  # 1 = an Ace played as a point card

    def draw_values(self):
        return list(range(1, 12))  # Ace (endangers), 2-10, 11 = Jack

    def trade_pairs(self, kind):
        # (give, take) pairs the current player may trade.
        t = self.turn
        out = []
        for take in range(D.N_ANIMALS):
            p = self.loc[take]
            if D.ZOO <= p < D.WALL and p != D.ZOO + t and (kind != "wtrade" or take // 3 in D.HEAVY):
                for give in self.zoo(t):
                    out.append((give, take))
        return out

    def king_choices(self):
        # (cat, prey) pairs a King may set loose now.
        c = self.c
        out = []
        if c is not None and c.kind in ("capture", "hunt"):
            busy = c.engaged()
            for cat in self.wild():
                if cat // 3 in D.BIG_CATS and cat not in busy:
                    for prey in busy:
                        out.append((cat, prey))
        return out

    def endangered_species(self):
        return [s for s in range(12) if self.endangered[s] == 1 and self.on_ace(s)]

    def ready(self):
        # The cards may be turned over once the attack is down and the
        # defence determined: the wild animal's draw, or the zookeeper's own
        # face-down card in a borrow (a zookeeper always has one: refills;
        # edition 0 turned a borrow over on the borrower's cards alone).
        c = self.c
        if c is None or c.count(c.attacker) == 0:
            return False
        if c.kind in ("capture", "hunt"):
            return c.draw is not None
        return c.owner < 0 or c.count(c.owner) > 0 or not self.options["edition"]

    def may_card(self, seat):
        c = self.c
        if c is None or self.hand[seat] <= 0 or c.count(seat) >= c.allowance(seat):
            return False
        att = c.count(c.attacker)
        if c.owner >= 0 and self.options["edition"]:
            # A borrow: the borrower's cards go down, then the defence.
            return len(c.cards) == att if seat == c.attacker else att > 0
        # The attacker's cards go down before the wild animal draws.
        return not (seat == c.attacker and c.draw is not None)

    def may_refill(self, seat):
        # "Play what you got": no refill once you have cards in this contest.
        return self.c is None or self.c.count(seat) == 0

    # -- contract ----------------------------------------------------------------
    def legal(self):
        from menagerie.core import animal_maniacs_legal as L
        return L.legal(self)

    def _check(self, a):
        from menagerie.core import animal_maniacs_legal as L
        L.check(self, a)

    def _do(self, a):
        self.log = []
        from menagerie.core import animal_maniacs_do as X
        X.do(self, a)

    def summary(self):
        return {"players": self.n, "phase": self.phase(), "turn": self.turn,
                "hands": list(self.hand), "over": self.over(), "winners": self.winners()}

    def dump(self):
        from menagerie.core.animal_maniacs_dump import dump_lines
        return dump_lines(self)
