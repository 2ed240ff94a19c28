# Leaving the boot for the main menu, at once (nothing to read) or after the
# boot screen's notes: then reopening what the players were doing when the
# power went. Boot-only (games.TRANSIENT): dropped on the way out.

from menagerie import games
from menagerie.ui.menus import MainMenu, labels

# The write policy as a message over the menu when it is not the usual
# "Saves: on" (USB write mode, a boot.py error): long enough to read, and
# any key hides it and still does its job.
_POLICY_MS = 4000


def leave_boot(app):
    app.stack = []
    # Boot-only code (this module, the settings parser, the store migration,
    # the boot screen if it was shown) is no longer needed: give its RAM to
    # the game that may reopen now.
    games.drop(games.TRANSIENT)
    app.push(MainMenu(app))
    said = None
    w = app.where or ""
    if w.startswith("bowl:") and w[5:] in app.bowls_in():
        from menagerie.ui import bowl

        bowl.reopen(app, w[5:])
        said = "Resumed bowl"
    elif w[:5] == "menu:" and app.game is None:
        # A restart at rest (App.restart): the same menu row, nothing said.
        try:
            app.stack[0].index = int(w[5:]) % len(labels)
        except ValueError:
            pass
    elif w[:4] == "new:" and app.game is None and games.entry(w[4:]):
        # A restart after an abandon: the new game's setup, on a fresh heap.
        from menagerie.ui.menus import start_new

        app.stack[0].index = labels.index(games.title(w[4:]))
        start_new(app, w[4:])
        said = "Kept in the history\nas abandoned"
    elif app.game is not None:
        app.open_game()
        said = "Resumed " + games.title(app.game_id)
        if len(said) > 21:
            said = said.replace(" ", "\n", 1)  # whole words, on two lines
    # What the app's restart at rest compares with is taken at the next
    # frame, on what the players now see (App._at_rest): a game or bowl
    # reopened here counts as open, not the menu drawn before the save.
    app.rest0 = None
    info = app.boot_info
    if info and not info.startswith("Saves: on"):
        app.toast(info, _POLICY_MS)
    elif said:
        app.toast(said)
