# What the device can run: id, menu title, core class, UI module. Modules are
# imported only when a game is opened, so only the game in use costs RAM.

GAMES = (
    ("animal_inc", "Animal Inc", "menagerie.core.animal_inc", "AnimalIncGame", "menagerie.ui.animal_inc"),
    ("panicozoo", "Panicozoo", "menagerie.core.panicozoo", "PanicozooGame", "menagerie.ui.panicozoo"),
    ("animal_maniacs", "Animal Maniacs", "menagerie.core.animal_maniacs", "AnimalManiacsGame", "menagerie.ui.animal_maniacs"),
    ("when_animals_attack", "When Animals Attack", "menagerie.core.when_animals_attack",
     "WhenAnimalsAttackGame", "menagerie.ui.when_animals_attack"),
    # Not a game slot of its own: bowls sit beside the game (app.bowls).
    ("bowl", "Draw bowl", "menagerie.core.bowl", "BowlGame", "menagerie.ui.bowl"),
)


# Module families of the scorekeeper games: when one game replaces another,
# the other's modules are dropped so that only one game's code takes RAM
# (each costs 15-20 KB of heap on an RP2040).
_FAMILIES = (
    # (the tall score digits go with Animal Inc, whose sheet lives on them;
    # Panicozoo loads them only for its standings, in a transient module)
    ("animal_inc", ("menagerie.core.animal_inc", "menagerie.ui.animal_inc", "menagerie.ui.scoregrid")),
    ("panicozoo", ("menagerie.core.panicozoo", "menagerie.core.buzzer", "menagerie.ui.panicozoo")),
    ("animal_maniacs", ("menagerie.core.animal_maniacs", "menagerie.ui.animal_maniacs")),
    ("when_animals_attack", ("menagerie.core.when_animals_attack", "menagerie.ui.when_animals_attack")),
)

# Needed only at boot or on a rarely visited screen (settings parser, store
# migration, boot screen, settings, history and bowl menus, the games' setup
# questions and their pickers, Panicozoo's final standings): dropped before
# a game's modules load, so the import peak of a game does not sit on top of
# them.
TRANSIENT = (
    "menagerie.settings", "menagerie.pins", "menagerie.store.migrate",
    "menagerie.store.loader", "menagerie.store.repair", "menagerie.restore", "menagerie.ui.boot_screen", "menagerie.ui.after_boot",
    "menagerie.ui.settings_menu", "menagerie.ui.history_menu", "menagerie.ui.bowl_menus",
    "menagerie.ui.panicozoo_final", "menagerie.ui.panicozoo_setup",
    "menagerie.ui.animal_inc_setup", "menagerie.record_check", "menagerie.ui.name_edit",
    "menagerie.ui.picker",
    "menagerie.ui.animal_maniacs_setup", "menagerie.ui.animal_maniacs_history",
    "menagerie.ui.when_animals_attack_setup", "menagerie.core.when_animals_attack_config",
    "menagerie.ui.when_animals_attack_history",
    "menagerie.core.season",
)


def drop(prefixes):
    # Forget the modules whose names start with one of prefixes; their RAM
    # comes back once nothing else refers to their functions or classes. A
    # later import loads them afresh. -> number of modules dropped.
    dropped = forget(prefixes)
    # Collect now so the next import finds the space; CPython (the simulator)
    # frees the modules by reference counting and a full collection there
    # only costs time.
    if dropped:
        collect()
    return dropped


def forget(prefixes):
    # drop() without its collection, for a caller that collects soon anyway
    # (the start: restore.boot's first step). -> number of modules forgotten.
    import sys

    dropped = 0
    for name in list(sys.modules):
        for p in prefixes:
            if name.startswith(p):
                del sys.modules[name]
                dot = name.rfind(".")  # str.rpartition is optional in some builds
                parent, leaf = name[:dot], name[dot + 1:]
                pkg = sys.modules.get(parent)
                if pkg is not None and hasattr(pkg, leaf):
                    delattr(pkg, leaf)  # the package keeps a reference too
                dropped += 1
                break
    return dropped


def collect():
    # A full collection on the board (MicroPython); CPython (the simulator)
    # frees by reference counting, and a collection there only costs time.
    import gc
    import sys

    if sys.implementation.name != "cpython":
        gc.collect()


def release_others(game_id):
    # Before game_id's modules load: keep only what that game and the menus need.
    prefixes = list(TRANSIENT)
    for gid, family in _FAMILIES:
        if gid != game_id:
            prefixes.extend(family)
    return drop(prefixes)


def import_module(name):
    mod = __import__(name)
    for part in name.split(".")[1:]:
        mod = getattr(mod, part)
    return mod


def entry(game_id):
    for e in GAMES:
        if e[0] == game_id:
            return e
    return None


def title(game_id):
    e = entry(game_id)
    return e[1] if e else game_id


# How many times a game's or the bowl's code was asked for: the app
# restarts when the players leave them for the main menu (App.restart).
opened = 0


def game_class(game_id):
    global opened
    opened += 1
    e = entry(game_id)
    if e is None:
        raise ValueError("unknown game " + str(game_id))
    return getattr(import_module(e[2]), e[3])


def ui_module(game_id):
    global opened
    opened += 1
    return import_module(entry(game_id)[4])
