# When Animals Attack: the board's queries (what a player has, where an
# animal can go, what a move would do, where a completed animal can be
# placed), the base of core/when_animals_attack.py's game: apart so that no
# compile needs a name table over 97 slots (docs/architecture.md, Memory).
from menagerie.core.game import Game
from menagerie.core import when_animals_attack_roster as R

BUILD = 1
MOVE = 2
PLACE = 3
END = 9             # _settle(END): the turn is over, completed animals wait
NONE = 255
RUIN = 255          # town[] of a destroyed settlement; 0 = no settlement
# predict() codes: what a move does
GO = 0              # moves (and claims)
WIN = 1             # the defender dies, the attacker takes the tile
LOSE = 2            # the attacker dies
BOTH = 3            # both die, the tile keeps its owner
BOUNCE = 4          # neither dies, the attacker stays where it attacked from
HIT = 5             # the settlement is hurt
RAZE = 6            # the settlement is destroyed



class Board(Game):
    # -- what a player has ---------------------------------------------------
    def count(self, p, terrain=-1):
        own = self.own
        ter = self.ter
        c = 0
        for i in range(len(own)):
            if own[i] == p and (terrain < 0 or ter[i] == terrain):
                c += 1
        return c

    def ruins(self, p):
        c = 0
        for i in range(len(self.town)):
            if self.town[i] == RUIN and self.own[i] == p:
                c += 1
        return c

    def tiles(self, p):
        return self.count(p) + (self.options["ruin_tiles"] - 1) * self.ruins(p)

    def units(self, p):
        c = 0
        for i in range(len(self.unit)):
            if self.unit[i] != NONE and self.own[i] == p:
                c += 1
        return c

    def limit(self, p):
        return self.options["pop"] + self.options["pop_water"] * self.count(p, R.WATER)

    def slots(self, p):
        return 1 + self.ruins(p)

    def available(self, p):
        # Kinds p may start: enough of the native terrain owned.
        out = []
        for k in range(len(self.roster)):
            a = self.roster[k]
            t = a[R.TERRAIN]
            if self.count(p, t) * 100 >= a[R.REQUIRES] * self.tcount[t]:
                out.append(k)
        return out

    def buildable(self, p):
        b = self.builds[p]
        if len(b) >= self.slots(p) or self.units(p) + len(b) >= self.limit(p):
            return []
        return self.available(p)

    def alive_towns(self):
        return [i for i in range(len(self.town)) if self.town[i] and self.town[i] != RUIN]

    # -- moves ------------------------------------------------------------------
    def reach(self, frm):
        # -> (destinations, parent): the tiles the animal on frm can move to or
        # attack, and each one's previous tile on its (first shortest) path.
        # Attacks go from the start or an empty tile: the attacker must be
        # able to stand where it attacked from.
        ter, unit, own, town = self.ter, self.unit, self.own, self.town
        a = self.roster[unit[frm]]
        mask = a[R.ENTERS]
        mv = a[R.MOVE]
        p = own[frm]
        w = self.w
        n = len(ter)
        through = self.options["pass_own"]
        d = bytearray(b"\xff" * n)
        par = bytearray(b"\xff" * n)
        d[frm] = 0
        q = [frm]
        out = []
        i = 0
        while i < len(q):
            u = q[i]
            i += 1
            if d[u] >= mv:
                continue
            stand = u == frm or unit[u] == NONE
            x = u % w
            for v in (u - w, u + w, u - 1 if x else -1, u + 1 if x < w - 1 else -1):
                if v < 0 or v >= n or d[v] != NONE or not (mask >> ter[v]) & 1:
                    continue
                busy = unit[v] != NONE or (town[v] and town[v] != RUIN)
                if busy and (unit[v] == NONE or own[v] != p):
                    if stand:
                        d[v] = d[u] + 1
                        par[v] = u
                        out.append(v)
                    continue
                if busy and not through:
                    continue
                d[v] = d[u] + 1
                par[v] = u
                q.append(v)
                if not busy:
                    out.append(v)
        return out, par

    def movers(self, p=None, first=False):
        if p is None:
            p = self.cur
        out = []
        for i in range(len(self.unit)):
            if self.unit[i] != NONE and self.own[i] == p and self.reach(i)[0]:
                out.append(i)
                if first:
                    break
        return out

    def path(self, frm, to, par=None):
        # Tiles from frm (excluded) to to (included), in walking order.
        if par is None:
            par = self.reach(frm)[1]
        out = []
        while to != frm:
            out.append(to)
            to = par[to]
        out.reverse()
        return out

    def predict(self, frm, to):
        # -> (code, attacker's health after, defender's or settlement's after)
        a = self.roster[self.unit[frm]]
        ah = a[R.HEALTH] - self.dmg[frm]
        t = self.town[to]
        if t and t != RUIN:
            left = t - a[R.ATTACK]
            return (RAZE if left <= 0 else HIT), ah, max(left, 0)
        k = self.unit[to]
        if k == NONE:
            return GO, ah, 0
        b = self.roster[k]
        dh = b[R.HEALTH] - self.dmg[to] - a[R.ATTACK]
        ah -= b[R.ATTACK]
        if dh <= 0:
            return (BOTH if ah <= 0 else WIN), max(ah, 0), 0
        return (LOSE if ah <= 0 else BOUNCE), max(ah, 0), dh

    # -- placing ------------------------------------------------------------------
    def spots(self, kind, p=None):
        # Owned empty tiles of kind's native terrain.
        if p is None:
            p = self.cur
        t = self.roster[kind][R.TERRAIN]
        out = []
        for i in range(len(self.own)):
            if self.own[i] == p and self.unit[i] == NONE and self.ter[i] == t:
                out.append(i)
        return out

    def ready(self, p=None):
        # Completed kinds of p that can be placed now (each kind once).
        if p is None:
            p = self.cur
        if self.units(p) >= self.limit(p):
            return []
        out = []
        for b in self.builds[p]:
            if b[1] == 0 and b[0] not in out and self.spots(b[0], p):
                out.append(b[0])
        return out

    # -- a move's effects, and healing (the game's _do and _settle call these)
    def _move(self, frm, to):
        p = self.cur
        dests, par = self.reach(frm)
        steps = self.path(frm, to, par)
        code, ah, dh = self.predict(frm, to)
        kind = self.unit[frm]
        hp = self.roster[kind][R.HEALTH]
        self.unit[frm] = NONE
        self.dmg[frm] = 0
        if code == LOSE or code == BOTH:
            end = NONE
        elif code == GO or code == WIN or (code == RAZE and self.options["conquer"]):
            end = to
        else:
            end = par[to]
        # the tiles walked (up to where it attacked from) are claimed, or
        # only the one it stops on
        if self.options["claim_path"]:
            walked = steps if code == GO else steps[:-1]
            for t in walked:
                self.own[t] = p
        if code == HIT or code == RAZE:
            self.town[to] = dh if code == HIT else RUIN
        elif code != GO:
            if code == WIN or code == BOTH:
                self.unit[to] = NONE
                self.dmg[to] = 0
            else:
                self.dmg[to] = self.roster[self.unit[to]][R.HEALTH] - dh
        if end != NONE:
            self.own[end] = p
            self.unit[end] = kind
            self.dmg[end] = hp - ah

    def _heal(self, p):
        h = self.options["heal"]
        if h:
            for i in range(len(self.unit)):
                if self.unit[i] != NONE and self.own[i] == p:
                    self.dmg[i] = max(0, self.dmg[i] - h)

    def finishing(self):
        # finish_round: from this many players on, the round in which the
        # last settlement falls is played out (0: never)
        f = self.options["finish_round"]
        return f and self.n >= f
