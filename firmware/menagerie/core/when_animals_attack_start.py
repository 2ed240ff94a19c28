# When Animals Attack: the options and a new game's setup (map, towns,
# starting animals), between core/when_animals_attack_board.py's queries and
# core/when_animals_attack.py's contract (see there why three modules).
from menagerie.core.game import RuleError, is_int
from menagerie.core import when_animals_attack_roster as R
from menagerie.core.when_animals_attack_board import Board, BUILD

# The last island made (key, map): undo and the history replay the game, and
# find it here without compiling core/when_animals_attack_map.py again. The
# game's rng serves only the island, so a game made from this is the same.
_last = [None, None]
# An island being made ahead of its game, a slice at a time (make_step):
# (key, the generator of core/when_animals_attack_map.island_steps).
_making = [None, None]


def _key(seed, o, first):
    return (seed, o["map"], o["w"], o["h"], o["towns"], o["players"], o["deal"], first[R.TERRAIN], first[R.ENTERS])


def make_step(seed, options):
    # One slice of the island of the game (options, seed) before the game
    # is made (the setup questions ask meanwhile): False once it is in
    # _last, where _setup finds it. The same draws from the same seed as
    # _setup's own, so the same island.
    o = {}
    for k in Start.DEFAULTS:
        o[k] = Start.DEFAULTS[k]
    for k in options:
        o[k] = options[k]
    ros = R.ROSTER if o["roster"] == 0 else o["roster"]
    key = _key(seed, o, ros[0])
    if _last[0] == key:
        return False
    if _making[0] != key:
        from menagerie.core.when_animals_attack_map import island_steps
        from menagerie.core.rng import Rng

        _making[0] = None
        _making[1] = island_steps(Rng(seed), o, o["players"], tuple(ros[0]))
        _making[0] = key
    b = next(_making[1])
    if b is None:
        return True
    _making[0] = _making[1] = None
    _last[0] = None
    _last[1] = b
    _last[0] = key
    return False


class Start(Board):
    GAME_ID = "when_animals_attack"
    TITLE = "When Animals Attack"
    DEFAULTS = {
        "players": 2, "bots": 0, "map": "random", "w": 16, "h": 8, "towns": 4,
        "town_hp": R.TOWN_HEALTH, "pop": R.BASE_POP, "pop_water": R.POP_PER_WATER,
        # roster 0: this firmware's animals (R.ROSTER), so a save does not
        # carry them; config.ini's animals are stored in full
        "roster": 0, "claim_path": 1, "pass_own": 1, "conquer": 1,
        "heal": 0, "ruin_tiles": 1, "rounds": 150, "finish_round": 4, "slow_start": 0,
        # 1: a random island deals its start spots with 3-4 players (the
        # device's new games); 0: as older firmware made it, so a game saved
        # then replays on the same island (core/when_animals_attack_map.py)
        "deal": 0,
        # 1: passing the place phase ends the turn, the completed animals
        # waiting (the device's new games); 0: as older firmware, where that
        # pass did nothing (the turn stayed in the place phase), so a game
        # saved then replays as it was played
        "wait": 0,
    }

    def _setup(self):
        o = self.options
        n = o["players"]
        if not is_int(n) or n < 2 or n > 4:
            raise RuleError("2 to 4 players")
        ros = []
        for a in R.ROSTER if o["roster"] == 0 else o["roster"]:
            if len(a) != 8 or a[R.HEALTH] < 1 or a[R.MOVE] < 1 or a[R.BUILD] < 1:
                raise RuleError("bad animal in\nthe rules")
            ros.append(tuple(a))
        if not ros or len(ros) > R.MAX_ANIMALS:
            raise RuleError("1 to 12 animals")
        self.roster = ros
        first = ros[0]
        key = _key(self.seed, o, first)
        while _making[0] == key and make_step(self.seed, o):
            pass   # made ahead and not quite done: its last slices
        _making[0] = _making[1] = None
        if _last[0] != key:
            from menagerie.core.when_animals_attack_map import island

            _last[0] = None
            _last[1] = island(self.rng, o, n, first)
            _last[0] = key
        self.w, self.h, ter, towns, starts = _last[1]
        self.ter = bytearray(ter)
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
