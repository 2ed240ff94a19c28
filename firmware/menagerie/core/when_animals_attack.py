# When Animals Attack: the rules (docs/games/when-animals-attack.md).
#
# A turn is the rulebook's three phases in order: BUILD (start one animal),
# MOVE (one animal), PLACE (completed animals). Actions are short tuples of
# small ints, so a long game's save stays small:
#   (0,)              pass: end this phase
#   (1, kind)         start building roster[kind]
#   (2, frm, to)      move the animal on tile frm to tile to (attacks there)
#   (3, kind, tile)   place a completed kind on an owned empty native tile
# Kept as one small int each (code + 4 * first + 1024 * second: no heap
# object); record() writes the lists, apply() takes either. A phase with
# nothing to choose passes by itself. The map is bytearrays indexed by tile
# (y * w + x); a unit stands on a tile its owner owns.
#
# Three modules so that no compile needs a name table over 97 slots
# (docs/architecture.md, Memory): _board (queries, a move's effects),
# _start (options, _setup), here the contract (legal, checks, turns).
from menagerie.core.game import RuleError, is_int
# Board's constants (BUILD, MOVE, PLACE, NONE, RUIN, GO ... RAZE) are this
# module's too; a star import adds no names to this compile's table.
from menagerie.core.when_animals_attack_board import *  # noqa: F401,F403
from menagerie.core.when_animals_attack_start import Start


class WhenAnimalsAttackGame(Start):
    # -- actions kept as ints
    def apply(self, a):
        if is_int(a):
            a = self.action(a)
        Start.apply(self, a)
        a = self.actions[-1]
        self.actions[-1] = a[0] + (a[1] << 2 if len(a) > 1 else 0) + (a[2] << 10 if len(a) > 2 else 0)

    def action(self, v):
        # A kept action (an int) as its tuple.
        c = v & 3
        return (c,) if c == 0 else (c, (v >> 2) & 255) if c == 1 else (c, (v >> 2) & 255, v >> 10)

    def record(self):
        return {"game": self.GAME_ID, "options": self.options, "seed": self.seed,
                "actions": [list(self.action(v)) for v in self.actions]}

    # -- contract
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
            # passing the place phase lets every completed animal wait: the
            # turn ends (option wait; 0 kept a pass there from doing so)
            self._settle(END if self.phase == PLACE and self.options["wait"] else self.phase + 1)
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
            if phase != END and self.ready(p):
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
