# Animal Maniacs (Advanced Rules) as the device referees it. The players keep
# their real cards; the device is the bowl of animals, the referee of every
# contest and the ledger of zoos, trophy walls, the endangered and the
# borrowed. Rules as implemented and every choice where the rulebook is
# silent: docs/games/animal-maniacs.md. Animals are ids 0..35 (species
# a // 3, core/animal_maniacs_data.py); seats 0..n-1; colours 0 red, 1 black.
#
# Actions (legal() lists them; a tuple ending early is a template whose card
# fields the UI fills from card_values()/draw_values()/king_choices()/
# trade_pairs()):
#   setup   ("zoo", seat, z)  ("objective", seat, mask)
#   a turn  ("capture", a) ("hunt", a) ("borrow", a) ("ehunt", s)
#           ("ecapture", s) ("trade"|"btrade"|"wtrade", give, take) ("pass",)
#   contest ("card", seat, value, colour) ("draw", value, colour) or ("draw",)
#           ("jack", seat) ("king", seat, cat, prey[, cat value, prey value])
#           ("resolve",)
#   any time ("queen", seat) ("refill", seat) ("redraw", seat) ("stop",)

from menagerie.core.game import RuleError, is_int
from menagerie.core import animal_maniacs_data as D
from menagerie.core import animal_maniacs_contest as K
from menagerie.core.animal_maniacs_board import Board

_TURN_KINDS = ("capture", "hunt", "borrow", "ehunt", "ecapture", "trade", "btrade", "wtrade", "pass")
_CONTEST_KINDS = ("card", "draw", "jack", "king", "resolve")
_ANY_KINDS = ("queen", "refill", "redraw", "stop")


def _seat_ok(g, v):
    return is_int(v) and 0 <= v < g.n


def _animal_ok(v):
    return is_int(v) and 0 <= v < D.N_ANIMALS


def _opt(o, key, lo, hi, msg):
    v = o[key]
    if not is_int(v) or v < lo or v > hi:
        raise RuleError(msg)
    return v


class AnimalManiacsGame(Board):
    GAME_ID = "animal_maniacs"
    TITLE = "Animal Maniacs"
    # zoos: 0 plain, 1 random special zoos, 2 chosen; limited: 0 = all three
    # objectives, 1 or 2 each; colour: 0 off, 1 matching colour doubles, 2
    # only matching counts; deck: 1 = the device draws the wild's cards.
    DEFAULTS = {"players": 3, "start": 0, "wild": 6, "hand": 5, "colour": 1,
                "zoos": 0, "limited": 0, "obj_choose": 0, "obj_secret": 0,
                "deck": 0, "end": 0, "hunt_loss": 1, "noisy": 0}

    def _setup(self):
        o = self.options
        n = _opt(o, "players", 2, 5, "2 to 5 players")
        self.n = n
        _opt(o, "start", 0, n - 1, "no such player")
        self.wild_size = _opt(o, "wild", 1, 12, "wild: 1 to 12")
        self.hand_size = _opt(o, "hand", 4, 5, "hand: 4 or 5 cards")
        self.colour_rule = _opt(o, "colour", 0, 2, "colour: 0 to 2")
        for k in ("zoos", "limited"):
            _opt(o, k, 0, 2, k + ": 0 to 2")
        for k in ("obj_choose", "obj_secret", "deck", "end", "hunt_loss", "noisy"):
            _opt(o, k, 0, 1, k + ": 0 or 1")
        self.play_on = o["end"] == 1
        self.loc = [D.BOWL] * D.N_ANIMALS
        self.zoos = [0] * n
        self.objs = [D.ALL_OBJECTIVES] * n
        self.hand = [0] * n
        self.lost = [0] * n
        self.turns = [0] * n
        self.endangered = [0] * 12  # 1 on its Ace, 2 killed while endangered
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
        if lim and o["obj_choose"]:
            for p in range(n):
                self.pending.append(("objective", p))
        elif lim:
            for p in range(n):
                m = 1 << self.rng.below(3)
                self.objs[p] = m if lim == 1 else D.ALL_OBJECTIVES - m
        if not self.pending:
            self._start()

    def _start(self):
        if self.options["deck"]:
            self.deck = list(range(54))
            self.rng.shuffle(self.deck)
            self.deck_pos = 0
        for p in range(self.n):
            self.refill(p)
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

    def others_zoos(self, seat):
        out = []
        for a in range(D.N_ANIMALS):
            p = self.loc[a]
            if D.ZOO <= p < D.WALL and p != D.ZOO + seat:
                out.append(a)
        return out

    def trade_pairs(self, kind):
        # (give, take) pairs the current player may trade.
        t = self.turn
        out = []
        mine = self.zoo(t)
        for take in self.others_zoos(t):
            if kind == "wtrade" and take // 3 not in D.HEAVY:
                continue
            for give in mine:
                out.append((give, take))
        return out

    def king_choices(self):
        # (cat, prey) pairs a King may set loose now.
        c = self.c
        if c is None or c.kind not in K.WILD_KINDS:
            return []
        busy = c.engaged()
        preys = busy
        out = []
        for cat in self.wild():
            if cat // 3 in D.BIG_CATS and cat not in busy:
                for prey in preys:
                    out.append((cat, prey))
        return out

    def endangered_species(self):
        out = []
        for s in range(12):
            if self.endangered[s] == 1 and self.on_ace(s):
                out.append(s)
        return out

    def ready(self):
        c = self.c
        if c is None or c.count(c.attacker) < 1:
            return False
        return c.kind not in K.WILD_KINDS or c.draw is not None

    def may_card(self, seat):
        c = self.c
        if c is None or self.hand[seat] <= 0 or c.count(seat) >= c.allowance(seat):
            return False
        # The attacker's cards go down before the wild animal draws.
        return not (seat == c.attacker and c.draw is not None)

    def may_refill(self, seat):
        # "Play what you got": no refill once you have cards in this contest.
        return self.c is None or self.c.count(seat) == 0

    # -- contract ----------------------------------------------------------------
    def legal(self):
        if self.win:
            return []
        out = []
        if self.pending:
            what, p = self.pending[0]
            if what == "zoo":
                for z in range(1, 13):
                    if z not in self.zoos:
                        out.append(("zoo", p, z))
            else:
                for m in range(1, 8):
                    if D.popcount(m) == self.options["limited"]:
                        out.append(("objective", p, m))
            return out
        c = self.c
        t = self.turn
        z = self.zoos[t]
        if c is None:
            for a in self.wild():
                out.append(("capture", a))
                if z != D.BERKELEY:
                    out.append(("hunt", a))
            for a in self.others_zoos(t):
                out.append(("borrow", a))
            for s in self.endangered_species():
                if z != D.BERKELEY:
                    out.append(("ehunt", s))
                if z == D.NAIROBI:
                    out.append(("ecapture", s))
            kinds = ["trade"]
            if z == D.BEIJING:
                kinds.append("btrade")
            if z == D.WEIGHT_WATCHERS:
                kinds.append("wtrade")
            for k in kinds:
                if self.trade_pairs(k) and (k != "trade" or self.hand[t] > 0):
                    out.append((k,))
            out.append(("pass",))
        else:
            for p in range(self.n):
                if self.may_card(p):
                    out.append(("card", p))
            if c.kind in K.WILD_KINDS and c.draw is None and c.count(c.attacker):
                out.append(("draw",))
            for p in range(self.n):
                if p != c.attacker and self.hand[p] > 0 and p not in c.jacks:
                    out.append(("jack", p))
            if self.king_choices():
                for p in range(self.n):
                    if self.hand[p] > 0:
                        out.append(("king", p))
            if self.ready():
                out.append(("resolve",))
        for p in range(self.n):
            if self.hand[p] > 0 and self.may_refill(p):
                out.append(("queen", p))
            if self.hand[p] < self.hand_size and self.may_refill(p):
                out.append(("refill", p))
            if self.hand[p] == self.hand_size and self.may_refill(p):
                out.append(("redraw", p))
        out.append(("stop",))
        return out

    def _check(self, a):
        from menagerie.core.animal_maniacs_check import check
        check(self, a)

    def _do(self, a):
        from menagerie.core.animal_maniacs_do import do
        self.log = []
        do(self, a)

    def summary(self):
        return {
            "players": self.n, "phase": self.phase(), "turn": self.turn,
            "zoos": list(self.zoos), "hands": list(self.hand), "lost": list(self.lost),
            "wild": self.wild(), "zoo": [len(self.zoo(p)) for p in range(self.n)],
            "wall": [len(self.wall(p)) for p in range(self.n)],
            "over": self.over(), "winners": self.winners(), "log": list(self.log),
        }

    def dump(self):
        from menagerie.core.animal_maniacs_dump import dump_lines
        return dump_lines(self)
