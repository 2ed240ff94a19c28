# When Animals Attack: terrains and the default animals (our Appendix A; the
# rulebook leaves it to us). docs/games/when-animals-attack.md says why these
# numbers make a fair game; bench/b_when_animals_attack.py measures it.
#
# An animal is a tuple of small ints after its name, in this order (the
# config.ini keys in brackets):
#   name, native terrain [terrain], share of that terrain a player must own
#   before it can be built, in percent [requires], build turns [build],
#   attack [attack], health [health], move [move], terrains it may enter as a
#   bit mask [enters].
# The first animal is the one every player starts with (the monkey).

WATER = 0
GRASS = 1
FOREST = 2
HILLS = 3
SAND = 4
TERRAINS = ("water", "grass", "forest", "hills", "sand")

# Fields of an animal tuple.
NAME = 0
TERRAIN = 1
REQUIRES = 2
BUILD = 3
ATTACK = 4
HEALTH = 5
MOVE = 6
ENTERS = 7

_W = 1
_G = 2
_F = 4
_H = 8
_S = 16
LAND = _G | _F | _H | _S
ALL = LAND | _W

ROSTER = (
    ("Monkey", FOREST, 0, 1, 1, 3, 2, LAND),
    ("Bear", HILLS, 10, 2, 3, 6, 2, _G | _F | _H),
    ("Lion", GRASS, 10, 2, 4, 4, 2, _G | _F | _S),
    ("Croc", SAND, 15, 2, 3, 5, 2, _W | _G | _S),
    ("Shark", WATER, 20, 3, 4, 3, 3, _W),
    ("Hawk", HILLS, 15, 3, 2, 3, 3, ALL),
    ("Gorilla", FOREST, 25, 3, 5, 6, 1, LAND),
    ("Elephant", GRASS, 30, 4, 6, 8, 1, _G | _F | _S),
)

# Game constants (config.ini [game] keys in brackets).
TOWN_HEALTH = 5       # [settlement_health]
BASE_POP = 3          # [base_population]
POP_PER_WATER = 2     # [population_per_water]
MAX_ANIMALS = 12      # a roster the menus and the map letters can show

# The built-in maps' names (drawn in core/when_animals_attack_map.py, in this
# order): here, so the island menu lists them without compiling the map
# module.
MAPS = ("Atoll", "Twin isles", "Ridge")


def roster_lists(roster=ROSTER):
    # The form options hold (JSON gives lists back, so lists from the start).
    return [list(a) for a in roster]
