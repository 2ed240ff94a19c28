# The main menu and starting a game. The boot screen, settings and history
# live in their own modules, loaded only when shown (ui/boot_screen.py,
# ui/settings_menu.py, ui/history_menu.py), so the menu that stays resident
# under every game is small.

from menagerie import games
from menagerie.ui.widgets import Menu, Message
from menagerie.ui.screen import Busy


# the main menu's items, in this order whatever is live
labels = ("Animal Inc", "Animal Maniacs", "When Animals Attack", "Panicozoo", "Draw bowl", "History", "Settings")


def _active(app):
    # The main menu item of the game in progress (its title in games.py).
    return games.title(app.game_id) if app.game is not None else None


class MainMenu(Menu):
    def __init__(self, app):
        Menu.__init__(self, "Menagerie", self.entries, self.pick, name="main_menu", on_back=lambda app: None)
        self._app = app

    def entries(self):
        # Fixed items, whatever is live: the game in progress is its own
        # item, relabelled, so nothing shifts when a game starts or ends (a
        # counted DOWN must never land on another game's abandon prompt).
        out = []
        cur = _active(self._app)
        for label in labels:
            out.append(label + ": continue" if label == cur else label)
        return out

    def pick(self, app, i):
        label = labels[i]
        if label == _active(app):
            app.open_game()
        elif label == "Animal Inc":
            start_new(app, "animal_inc")
        elif label == "Panicozoo":
            start_new(app, "panicozoo")
        elif label == "Draw bowl":
            from menagerie.ui import bowl

            app.push(bowl.PoolMenu(app))
        elif label == "Animal Maniacs":
            start_new(app, "animal_maniacs")
        elif label == "When Animals Attack":
            start_new(app, "when_animals_attack")
        elif label == "History":
            from menagerie.ui.history_menu import HistoryMenu

            app.push(HistoryMenu(app))
        elif label == "Settings":
            from menagerie.ui.settings_menu import SettingsMenu

            app.push(SettingsMenu(app))


def start_new(app, game_id, variant=None):
    # One game at a time: a game in progress is only replaced on purpose.
    # The work runs under a busy screen, a slice per loop step (ui/screen.
    # Busy): i == 1 ("Yes, abandon") files the old game first; a power cut
    # after that slice finds it filed (finish_game's save) and the menu.
    def go(app, i):
        if i == 1:
            # kept in the history, marked abandoned (a game's module may not
            # know how to file itself: then it goes as before)
            mod = games.ui_module(app.game_id)
            entry = None
            if hasattr(mod, "history_entry"):
                try:
                    entry = mod.history_entry(app, True)
                except Exception:
                    entry = None
            app.finish_game(entry)
            if entry is not None:
                app.toast("Kept in the history\nas abandoned")
            # Let go of the old game's module and summary before the new
            # game loads: a live reference here would keep the dropped
            # modules (~20 KB) in the heap through the new game's compile.
            mod = entry = None
            yield
            # The new game's setup opens on a fresh heap (App.restart):
            # leaving a game does not give all of its RAM back.
            if variant is None:
                app.restart("new:" + game_id)
        if app.game is None:
            # No other game is live: drop its modules (and boot-only ones)
            # before this game's load, the moment of the highest heap.
            games.release_others(game_id)
            yield
        # The game's core first: its compile needs the largest name table,
        # best found before the screens' code takes the heap's free runs.
        games.game_class(game_id)
        yield
        mod = games.ui_module(game_id)
        yield
        app.pop()   # the busy screen: the questions go where it was
        mod.new(app, variant)

    def answer(app, i):
        app.pop()
        if i != 1:
            app.toast(games.title(app.game_id) + "\ngoes on")
        else:
            app.push(Busy(games.title(game_id), "Getting ready...", go(app, i)))

    if app.game is None or app.game.over():
        app.push(Busy(games.title(game_id), "Getting ready...", go(app, 0)))
        return

    # the game's whole name when it fits the title bar (never a cut word)
    q = "Abandon " + games.title(app.game_id) + "?"
    app.push(Menu(q if len(q) <= 21 else "Abandon the game?", ["No, keep it", "Yes, abandon"], answer,
                  name="abandon"))
