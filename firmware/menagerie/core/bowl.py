# The draw bowl: draw without replacement from a pool (Animal Maniacs animals,
# a 54-card deck, Panicozoo animals, a starting-player pick), or roll a die.
#
# Actions:
#   ("draw",)          take one item out, uniformly among those still in
#   ("return", item)   put a drawn item back; item is its pool index
#   ("reshuffle",)     put every drawn item back
#   ("roll",)          dice only: a roll leaves the die as it was
# Undo is the contract's replay without the last action.
#
# A bowl used all evening would grow its action list without end and starve
# the game's saves, so the bowl screen compacts it (core/bowl_compact.py): option
# "start" = [items out in draw order, the draws the history still lists,
# how many draws before those, the rng's exact state], the last 16 actions.

from menagerie.core.game import Game, RuleError
from menagerie.core.pools import PoolError, build


class BowlGame(Game):
    GAME_ID = "bowl"
    TITLE = "Draw bowl"
    # names: start-player labels from the app; animals: Panicozoo list setting.
    DEFAULTS = {"pool": "maniacs", "players": 4, "names": None, "animals": None, "start": None}

    def _setup(self):
        o = self.options
        try:
            labels, colours, dice = build(o["pool"], o["players"], o["names"], o["animals"])
        except PoolError as e:
            raise RuleError(str(e))
        self.labels = labels
        self.colours = colours
        self.dice = dice
        # The bowl is kept sorted by pool index so a draw depends only on the
        # seed and the actions, never on the order items were put back.
        self.bowl = list(range(len(labels)))
        self.out = []      # items out of the bowl, in the order drawn
        self.log = []      # ("draw", i) ("return", i) ("reshuffle", n) ("roll", i)
        self.earlier = 0   # draws compacted away: counted, no longer listed
        if o["start"] is not None:
            # Only a compacted bowl needs this code: not compiled otherwise.
            from menagerie.core.bowl_compact import start

            start(self, o["start"])

    # -- queries ------------------------------------------------------------
    def size(self):
        return len(self.labels)

    def remaining(self):
        return len(self.bowl)

    def draws(self):
        # The items drawn (or faces rolled) the history lists, in order,
        # returns included; self.earlier more came before them.
        return [e[1] for e in self.log if e[0] == "draw" or e[0] == "roll"]

    def last(self):
        # The latest draw or roll, or None.
        for k in range(len(self.log) - 1, -1, -1):
            if self.log[k][0] == "draw" or self.log[k][0] == "roll":
                return self.log[k][1]
        return None

    def label(self, item):
        return self.labels[item]

    def colour(self, item):
        return self.colours[item] if self.colours else None

    def text(self, item):
        # What the screen shows. Animal Maniacs names the colour (it decides
        # which cards score); a card's suit already says it.
        if self.options["pool"] == "maniacs":
            return self.labels[item] + " (" + self.colours[item] + ")"
        return self.labels[item]

    # -- contract -----------------------------------------------------------
    def legal(self):
        if self.dice:
            return [("roll",)]
        acts = []
        if self.bowl:
            acts.append(("draw",))
        # Most recent first: putting back the last draw is the common case.
        for k in range(len(self.out) - 1, -1, -1):
            acts.append(("return", self.out[k]))
        if self.out:
            acts.append(("reshuffle",))
        return acts

    def _check(self, action):
        kind = action[0]
        if self.dice:
            if kind != "roll" or len(action) != 1:
                raise RuleError("Dice: roll only")
            return
        if kind == "roll":
            raise RuleError("Not a die: draw")
        if kind == "draw" and len(action) == 1:
            if not self.bowl:
                raise RuleError("Bowl is empty")
        elif kind == "return" and len(action) == 2:
            item = action[1]
            ok = isinstance(item, int) and not isinstance(item, bool)
            if not ok or item < 0 or item >= len(self.labels):
                raise RuleError("No such item")
            if item not in self.out:
                raise RuleError("Not drawn: already\nin the bowl")
        elif kind == "reshuffle" and len(action) == 1:
            if not self.out:
                raise RuleError("Bowl is already full")
        else:
            raise RuleError("Unknown action")

    def _do(self, action):
        kind = action[0]
        if kind == "roll":
            # Temporaries rather than nested calls: a deeply nested expression
            # grows the compiler's rule stack, one more contiguous block to
            # find when the bowl compiles beside a live game.
            face = self.rng.below(len(self.labels))
            self.log.append(("roll", face))
        elif kind == "draw":
            # Uniform among what is left: below() on the remaining count.
            k = self.rng.below(len(self.bowl))
            item = self.bowl.pop(k)
            self.out.append(item)
            self.log.append(("draw", item))
        elif kind == "return":
            item = action[1]
            self.out.remove(item)
            self._put_back(item)
            self.log.append(("return", item))
        else:
            n = len(self.out)
            while self.out:
                self._put_back(self.out.pop())
            self.log.append(("reshuffle", n))

    def _put_back(self, item):
        k = 0
        while k < len(self.bowl) and self.bowl[k] < item:
            k += 1
        self.bowl.insert(k, item)

    # The simulator's state and the golden dumps: never on the board, so
    # kept in core/bowl_dump.py (fewer names to compile beside a live game).
    def summary(self):
        from menagerie.core.bowl_dump import summary

        return summary(self)

    def dump(self):
        from menagerie.core.bowl_dump import dump_lines

        return dump_lines(self)
