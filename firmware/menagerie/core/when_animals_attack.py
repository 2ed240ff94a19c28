# When Animals Attack: the rules (docs/games/when-animals-attack.md).
#
# A turn is the rulebook's three phases in order: BUILD (start one animal),
# MOVE (one animal), PLACE (completed animals). Actions are short tuples of
# small ints, so a long game's save stays small:
#   (0,)              pass: end this phase
#   (1, kind)         start building roster[kind]
#   (2, frm, to)      move the animal on tile frm to tile to (attacks there)
#   (3, kind, tile)   place a completed kind on an owned empty native tile
# A phase with nothing to choose is passed by itself. The map is bytearrays
# indexed by tile (y * w + x); a unit always stands on a tile its owner owns,
# so the tile's owner is the unit's owner.
from menagerie.core.game import Game, RuleError, is_int
from menagerie.core import when_animals_attack_map as M
from menagerie.core import when_animals_attack_roster as R

BUILD = 1
MOVE = 2
PLACE = 3
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


class WhenAnimalsAttackGame(Game):
    GAME_ID = "when_animals_attack"
    TITLE = "When Animals Attack"
    DEFAULTS = {
        "players": 2, "bots": 0, "map": "random", "w": 16, "h": 8, "towns": 4,
        "town_hp": R.TOWN_HEALTH, "pop": R.BASE_POP, "pop_water": R.POP_PER_WATER,
        "roster": R.roster_lists(), "claim_path": 1, "pass_own": 1, "conquer": 1,
        "heal": 0, "ruin_tiles": 1, "rounds": 150, "finish_round": 4, "slow_start": 0,
    }

    def _setup(self):
        o = self.options
        n = o["players"]
        if not is_int(n) or n < 2 or n > 4:
            raise RuleError("2 to 4 players")
        ros = []
        for a in o["roster"]:
            if len(a) != 8 or a[R.HEALTH] < 1 or a[R.MOVE] < 1 or a[R.BUILD] < 1:
                raise RuleError("bad animal in\nthe rules")
            ros.append(tuple(a))
        if not ros or len(ros) > R.MAX_ANIMALS:
            raise RuleError("1 to 12 animals")
        self.roster = ros
        first = ros[0]
        if o["map"] == "random":
            b = M.random_map(self.rng, o["w"], o["h"], o["towns"], n, first[R.TERRAIN], first[R.ENTERS])
        else:
            b = M.builtin(o["map"])
            if b is None:
                raise RuleError("unknown map")
        self.w, self.h, self.ter, towns, starts = b
        if o["map"] != "random":
            # Who sits in which corner is drawn: two players take opposite ones.
            order = self.rng.shuffle([0, 1, 2, 3])
            if n == 2:
                order = [order[0], order[0] ^ 1]
            starts = [starts[i] for i in order]
        if M.measure(self.ter, self.w, towns, starts[:n], first[R.ENTERS]) is None:
            raise RuleError("map unplayable\nwith these animals")
        size = self.w * self.h
        self.n = n
        self.own = bytearray(b"\xff" * size)
        self.unit = bytearray(b"\xff" * size)
        self.dmg = bytearray(size)
        self.town = bytearray(size)
        for t in towns:
            self.town[t] = o["town_hp"]
        self.tcount = bytearray(5)
        for t in self.ter:
            self.tcount[t] += 1
        for p in range(n):
            s = starts[p]
            self.own[s] = p
            self.unit[s] = 0
        self.builds = [[] for p in range(n)]   # [kind, turns left] each
        self.cur = 0
        self.round = 1
        self.turn_first = 0   # index of the current turn's first action
        self.done = False
        self.phase = BUILD
        self.ticked = False
        self._settle(BUILD)
        self.turn_first = 0

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

    # -- contract ----------------------------------------------------------------
    def legal(self):
        if self.done:
            return []
        out = [(0,)]
        if self.phase == BUILD:
            for k in self.buildable(self.cur):
                out.append((1, k))
        elif self.phase == MOVE:
            for f in self.movers():
                for t in self.reach(f)[0]:
                    out.append((2, f, t))
        else:
            for k in self.ready():
                for t in self.spots(k):
                    out.append((3, k, t))
        return out

    def _check(self, a):
        if self.done:
            raise RuleError("the game is over")
        for v in a:
            if not is_int(v):
                raise RuleError("malformed action")
        c = a[0]
        size = len(self.ter)
        if c == 0 and len(a) == 1:
            return
        if c == 1 and len(a) == 2:
            if self.phase != BUILD:
                raise RuleError("not the build\nphase")
            if a[1] not in self.buildable(self.cur):
                raise RuleError("cannot build\nthat now")
            return
        if c == 2 and len(a) == 3:
            if self.phase != MOVE:
                raise RuleError("not the move\nphase")
            f, t = a[1], a[2]
            if not (0 <= f < size and 0 <= t < size) or self.unit[f] == NONE or self.own[f] != self.cur:
                raise RuleError("not your animal")
            if t not in self.reach(f)[0]:
                raise RuleError("cannot go there")
            return
        if c == 3 and len(a) == 3:
            if self.phase != PLACE:
                raise RuleError("not the place\nphase")
            if a[1] not in self.ready() or a[2] not in self.spots(a[1]):
                raise RuleError("cannot place\nthat there")
            return
        raise RuleError("malformed action")

    def _do(self, a):
        c = a[0]
        p = self.cur
        if c == 0:
            self._settle(self.phase + 1)
        elif c == 1:
            self.builds[p].append([a[1], self.roster[a[1]][R.BUILD]])
            self._settle(MOVE)
        elif c == 2:
            self._move(a[1], a[2])
            if not self.alive_towns() and not self.finishing():
                self.done = True
            else:
                self._settle(PLACE)
        else:
            self.unit[a[2]] = a[1]
            self.dmg[a[2]] = 0
            b = self.builds[p]
            for i in range(len(b)):
                if b[i][0] == a[1] and b[i][1] == 0:
                    b.pop(i)
                    break
            self._settle(PLACE)

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

    def _settle(self, phase):
        # Go to `phase` of the current turn, passing phases with nothing to
        # choose, and on to the next player's turn when the turn is over.
        # Entering PLACE counts a turn off every build, once a turn.
        idle = 0
        while True:
            p = self.cur
            # slow_start: in a two-player game the first seat builds nothing
            # in its first turn (moving first is worth about that)
            slow = self.round == 1 and p == 0 and self.n == 2 and self.options["slow_start"]
            if phase == BUILD and not slow and self.buildable(p):
                break
            if phase <= MOVE and self.movers(p, True):
                phase = MOVE
                break
            if not self.ticked:
                self.ticked = True
                for b in self.builds[p]:
                    if b[1] > 0:
                        b[1] -= 1
            if self.ready(p):
                phase = PLACE
                break
            # the turn is over: next player
            idle += 1
            self.cur = (p + 1) % self.n
            if self.cur == 0:
                self.round += 1
            self.turn_first = len(self.actions) + 1
            self.ticked = False
            r = self.options["rounds"]
            if (r and self.round > r) or idle > 25 * self.n or (self.cur == 0 and not self.alive_towns()):
                self.done = True   # turn limit, or nobody can ever act again
                return
            self._heal(self.cur)
            phase = BUILD
        self.phase = phase

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

    def over(self):
        return self.done

    def winners(self):
        if not self.done:
            return []
        t = [self.tiles(p) for p in range(self.n)]
        best = max(t)
        return [p for p in range(self.n) if t[p] == best]

    def summary(self):
        from menagerie.core.when_animals_attack_dump import summary

        return summary(self)

    def dump(self):
        from menagerie.core.when_animals_attack_dump import dump

        return dump(self)
