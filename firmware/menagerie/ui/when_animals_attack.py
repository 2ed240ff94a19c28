# When Animals Attack on the device: the entry points games.py calls and the
# routing from the game's state to its screen (docs/games/when-animals-
# attack.md: what each ui/when_animals_attack_*.py holds, when it loads).
# Imports go one way, from here down: the screens are handed route() and
# menu() rather than import this module.
from menagerie import games
from menagerie.ui.screen import Screen, title_bar
from menagerie.ui import when_animals_attack_views as V

GAME_ID = "when_animals_attack"


def new(app, variant=None):
    from menagerie.ui.when_animals_attack_setup import Setup

    Setup(app, begin).ask_players(app)


def open(app, game):
    route(app, True)


def route(app, push=False):
    # The screen for the game as it stands: the final standings, the
    # device's turn, a hand-over between people, the build menu or the map.
    # The island is made: its generator goes (compiled again only for a
    # new game or a replay the start module has not kept), and so does the
    # status screen.
    games.drop(("menagerie.core.when_animals_attack_map", "menagerie.ui.when_animals_attack_final"))
    g = app.game
    if g.over():
        # The turns' code goes before the final standings (and the history
        # entry after them) compile.
        games.drop(("menagerie.core.when_animals_attack_bot", "menagerie.ui.when_animals_attack_map",
                    "menagerie.ui.when_animals_attack_bot_step", "menagerie.ui.when_animals_attack_draw"))
        _show(app, _Next("Final: tiles", _final), push)
        return
    if g.options["bots"]:
        # compiled here, with the map, rather than at the device's first
        # step: by then the heap lacks its name table's contiguous block
        from menagerie.core import when_animals_attack_bot  # noqa: F401
    from menagerie.ui.when_animals_attack_map import MapScreen

    if V.is_bot(g, g.cur):
        s = MapScreen(app, "bot", route, menu)
    elif V.needs_handover(g):
        from menagerie.ui.when_animals_attack_turn import HandOver

        s = HandOver(app, route, menu)
    elif g.phase == 1:
        from menagerie.ui.when_animals_attack_turn import BuildMenu

        s = BuildMenu(app, route, menu)
    else:
        s = MapScreen(app, "unit" if g.phase == 2 else "place", route, menu)
    _show(app, s, push)


def _show(app, s, push):
    if push:
        app.push(s)
    else:
        app.replace(s)


class _Next(Screen):
    # A screen for one tick: then(app) runs at its first tick, when the code
    # that pushed it (the setup questions, the map screen that ended the
    # game) is off the stack and its RAM free for what then() compiles.
    name = "waa_next"

    def __init__(self, title, then):
        self.title = title
        self.then = then

    def draw(self, c):
        title_bar(c, self.title)

    def tick(self, app, now):
        self.then(app)
        return True


def _final(app):
    from menagerie.ui.when_animals_attack_final import Final

    app.replace(Final(app))


def begin(app, opts, fallback, seed=None):
    # The setup's answers: the game starts under a busy screen (ui/screen.Busy),
    # a slice per loop step: the island's last slices (most of it was made
    # during the questions), the game, its screens. fallback: the options
    # without config.ini's rules, should those fail.
    from menagerie.ui.screen import Busy

    app.home(Busy("When Animals Attack", "Making the island...", _start(app, opts, fallback, seed)))


def _start(app, opts, fallback, seed):
    from menagerie.core.when_animals_attack_start import make_step

    try:
        while seed is not None and make_step(seed, opts):
            yield
    except Exception:
        pass   # no island from these rules: the game's setup says why
    yield
    g = app.new_game(GAME_ID, opts, seed)
    if g is None and fallback:
        # config.ini's rules cannot make this game (app.new_game said why)
        g = app.new_game(GAME_ID, fallback, seed)
    if g is None:
        app.pop()
        return
    yield
    # The code of the game's first screen, a module a slice (route() would
    # load it all at once).
    games.drop(("menagerie.core.when_animals_attack_map",))
    if app.game.options["bots"]:
        from menagerie.core import when_animals_attack_bot  # noqa: F401
        yield
    from menagerie.ui import when_animals_attack_draw  # noqa: F401
    yield
    from menagerie.ui import when_animals_attack_bot_step  # noqa: F401
    yield
    from menagerie.ui import when_animals_attack_map  # noqa: F401
    yield
    route(app)


def menu(app):
    # BACK from a game screen: the game menu.
    from menagerie.ui.when_animals_attack_turn import GameMenu

    app.push(GameMenu(app, route))
