# Animal Maniacs on the device: the entry points games.py calls and what
# every screen of the game shares. The turn screen and the game menu are in
# animal_maniacs_turn.py, contests in _contest.py (cards: _card.py), the
# zoos in _views.py, objectives in _objs.py, the end in _final.py, the
# new-game questions in _setup.py: small modules compile in less RAM.
# docs/games/animal-maniacs.md ("On the device").

from menagerie.core import animal_maniacs_data as D
from menagerie.ui import widgets as W

GAME_ID = "animal_maniacs"

# Screens opened now and then (the game menu and hands, the objectives, a
# King's cat, choosing a player):
# compiled when opened, dropped at the next confirmed step (the stack is
# rebuilt then, so no screen of theirs is left), so that they do not stay
# resident beside the live game (the zoos browser drops itself when left).
_OCCASIONAL = ("menagerie.ui.animal_maniacs_menu", "menagerie.ui.animal_maniacs_objs",
               "menagerie.ui.animal_maniacs_king", "menagerie.ui.animal_maniacs_seat")

def names_of(app, n):
    names = app.settings["names"]
    return [names[i] if i < len(names) else "P%d" % (i + 1) for i in range(n)]


def pname(app, p):
    return names_of(app, p + 1)[p][:8]


def where_label(app, a):
    # "Lion" in the wild, "Lion/Benjamin" in a zoo (a menu row's 20
    # characters hold "Polar bear/" and a whole 8-letter name).
    g = app.game
    p = g.loc[a]
    if D.ZOO <= p < D.WALL:
        return D.name(a) + "/" + pname(app, p - D.ZOO)
    return D.name(a)


def menu_rows(c, labels, index, top):
    # A menu's lines from screen row `top` down, the chosen one inverted.
    W.menu_rows(c, labels, index, top, c.rows - top)


def wild_rows(g, cols):
    # The wild in two-letter tags (unique among the twelve species).
    out = []
    line = "W:"
    for a in g.wild():
        tag = D.name(a)[:2]
        if len(line) + 3 > cols:
            out.append(line)
            line = "  "
        line += " " + tag if len(line) > 2 else tag
    out.append(line if g.wild() else "W: (empty)")
    return out


def load(name):
    # A module of the game, compiled (when not yet loaded) on a freshly
    # collected heap: a compile wants runs of contiguous KB, which the
    # garbage of play scatters (measured: bench/b_memory.py).
    import sys
    from menagerie import games
    if name not in sys.modules:
        games.collect()
    return games.import_module("menagerie." + name)


def new(app, variant=None):
    load("ui.animal_maniacs_setup").ask_players(app)


def open(app, game):
    app.push(screen_for(app))


def screen_for(app):
    g = app.game
    if g.over():
        return load("ui.animal_maniacs_final").Final(app)
    if g.phase() == "setup":
        return load("ui.animal_maniacs_setup").SetupChoice(app)
    # The rules' checks and effects (the core loads them when first used),
    # before the screens.
    load("core.animal_maniacs_legal")
    load("core.animal_maniacs_do")
    if g.c is not None:
        return load("ui.animal_maniacs_contest").ContestScreen(app)
    return load("ui.animal_maniacs_turn").TurnScreen(app)


def after(app):
    # After a confirmed step: say what happened, then the screen that fits.
    g = app.game
    # The turn screen of the Pico shows the resolution itself.
    if g.log and (app.canvas.rows < 8 or g.c is not None or g.over()):
        app.toast("\n".join(g.log[:2]))
    if g.over():
        app.sound("win")
    app.home()
    from menagerie import games
    if not games.drop(_OCCASIONAL):
        games.collect()
    app.home(screen_for(app))
    c = g.c
    if c is not None and not c.cards and c.draw is None and not c.cats \
            and g.may_card(c.attacker):
        # A contest just opened: its attacker's card comes first.
        from menagerie.ui.animal_maniacs_steps import card_step
        card_step(app, c.attacker)


def act(app, action):
    if app.act(action):
        after(app)
        return True
    return False

