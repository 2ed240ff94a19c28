# The rule-core contract every game follows (see docs/architecture.md).
#
# A game is fully described by (options, seed, actions). Subclasses implement
# _setup(), legal(), _check(action), _do(action), over(), winners(), summary()
# and dump(). _check must raise RuleError for an impossible action *before*
# anything changes, so a refused entry loses nothing.

from menagerie.core.rng import Rng


class RuleError(Exception):
    # The message is shown to players as is: keep it within 21 characters
    # per line (two lines at most, split with "\n").
    pass


def is_int(v):
    # A whole number but not a bool: bool is an int on CPython and not on
    # MicroPython, so refusing it everywhere keeps replays identical.
    return isinstance(v, int) and not isinstance(v, bool)


def as_action(action):
    # Save files are JSON, so actions come back as lists; the core uses tuples.
    if isinstance(action, list):
        return tuple(as_action(a) if isinstance(a, list) else a for a in action)
    return action


class Game:
    GAME_ID = "game"
    TITLE = "Game"
    DEFAULTS = {}

    def __init__(self, options=None, seed=0):
        opts = {}
        for k in self.DEFAULTS:
            opts[k] = self.DEFAULTS[k]
        if options:
            for k in options:
                if k not in self.DEFAULTS:
                    raise RuleError("unknown option\n" + str(k))
                opts[k] = options[k]
        self.options = opts
        self.seed = seed
        self.rng = Rng(seed)
        self.actions = []
        self._setup()

    # -- contract -------------------------------------------------------
    def _setup(self):
        pass

    def legal(self):
        return []

    def _check(self, action):
        raise RuleError("not possible now")

    def _do(self, action):
        raise NotImplementedError

    def over(self):
        return False

    def winners(self):
        return []

    def summary(self):
        # A short dict for the app/state JSON: plain values only.
        return {}

    def dump(self):
        # Deterministic text lines for golden replays (never depends on dict order).
        return []

    # -- shared machinery -------------------------------------------------
    def apply(self, action):
        action = as_action(action)
        if not isinstance(action, tuple) or not action:
            raise RuleError("malformed action")
        # Part of the contract, not each game's duty: a finished game takes
        # nothing more (a game's own over() decides; undo replays to before).
        if self.over():
            raise RuleError("Game over")
        self._check(action)
        self._do(action)
        self.actions.append(action)

    def record(self):
        # What a save file holds: enough to rebuild this game exactly.
        return {
            "game": self.GAME_ID,
            "options": self.options,
            "seed": self.seed,
            "actions": [list(a) for a in self.actions],
        }

    @classmethod
    def replay(cls, options, seed, actions):
        g = cls(options, seed)
        for a in actions:
            g.apply(a)
        return g

    def undo(self):
        # Undo is replay without the last action: no inverse operations to get wrong.
        if not self.actions:
            raise RuleError("nothing to undo")
        return self.replay(self.options, self.seed, self.actions[:-1])
