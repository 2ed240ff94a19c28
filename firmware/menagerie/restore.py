# App.boot's body: read the save, check its shapes, restore the game and
# the bowls, then the boot screen or the menu. Boot-only (games.TRANSIENT):
# dropped on the way to the menu with the other boot-only modules, so a
# session keeps none of this code in RAM.

from menagerie import games


def boot(app):
    # A board's power cut restarts the interpreter: nothing is loaded yet.
    # An interpreter that boots the app again (the MicroPython harness's
    # power cut) would keep the last game's modules under the store's load
    # and the checker's compile: they go first, and the restored game
    # loads afresh, as on the board. (CPython frees nothing by this.)
    import sys

    if sys.implementation.name != "cpython":
        games.release_others(None)
    # The main menu loads first (with the code that leaves the boot for
    # it), before the store reads the save: it stays resident anyway, and
    # compiling it late lands on a fragmented heap.
    from menagerie.ui.after_boot import leave_boot, MainMenu

    # The menu on the display now, before the save is read (code.py start
    # to the menu, issue 25): the store, the checks and the resumed game or
    # the boot screen's notes come behind it. (Drawn before the restore
    # module loaded, or before the collection, it moved the every-game
    # session's harness peak 1-3 KB up: layout, the draw keeps nothing.)
    app.stack = [MainMenu(app)]
    if not getattr(app.hw, "restarted", False):
        # (after the app's own restart the panel still shows its menu, at
        # the row the save holds, or the screen an abandon left: a menu at
        # row 0 now would flash)
        app.draw()
    games.collect()
    if getattr(app.profile, "WIFI", False):
        # The table view's switch and keys, before the save is read
        # (docs/table-view.md). Boards without Wi-Fi load nothing of it (and
        # the name is a long string, which a compile does not intern); a
        # tree built without it (no room on the drive) boots as before.
        try:
            games.import_module("menagerie.table.control").boot(app)
        except ImportError as e:
            print("table view:", e)
    # A toast given now (a resumed game) counts from now, not from 0.
    app.now = app.hw.clock.now()
    notes = []
    record = None
    try:
        from menagerie.store import Store

        app.store = Store(app.hw.regions)
        record, msg = app.store.load()
        if msg:
            notes.append(msg)
    except Exception as e:  # a broken store must never stop the boot
        app.store = None
        app.store_error = "Store: " + str(e)
        notes.append("Saving is off:\n" + str(e)[:40])
    edited = _check_shapes(app, record, notes)
    if record:
        _restore(app, record, notes)
        if edited:
            app.save()  # the edited file's values and hash are now the saved ones
    record = None
    w = app.where or ""
    if not (getattr(app.hw, "restarted", False) and (w[:5] == "menu:" or w[:4] == "new:")):
        # (after the app's own restart the players saw these at power-up)
        notes.extend(app.warnings)
    app.stack = []
    notes = [n for n in notes if n]
    if notes:
        # Something the players must read: the boot screen waits for OK.
        try:
            from menagerie.ui.boot_screen import BootScreen

            from menagerie.ui.screen import btn

            app.push(BootScreen(notes, app.boot_info, btn(app, "OK")))
            return
        except Exception as e:
            # It loads last, on the heap the store just used: when even
            # that fails (no RAM), the menu comes up and says the note.
            print("boot screen:", repr(e))
    # Nothing to read: straight to the menu (or the resumed game).
    leave_boot(app)
    if notes:
        app.toast(notes[0], 6000)


def _check_shapes(app, record, notes):
    # The record's and the history's shapes, and which settings win
    # (menagerie/record_check.py), before anything is restored; then
    # the checker goes, so that the game's replay gets its RAM.
    # -> True when an edited settings.toml changed a setting.
    hist = []
    if app.store is not None:
        try:
            # What the History screen lists (ui/history_menu.SHOWN), not
            # all the store keeps: each entry is parsed into RAM.
            hist = app.store.history(16)
        except Exception:
            hist = []
    if not record and not hist:
        return False
    games.collect()  # the compile below wants contiguous blocks
    from menagerie import record_check

    edited = record_check.boot(app, record, hist, notes)
    record_check = None
    games.drop(("menagerie.record_check",))
    import sys

    if sys.implementation.name != "cpython":
        # and the rule core's helpers it loaded: a menu with no game or bowl
        # in play holds none of it, as on a boot with nothing saved (CPython,
        # the simulator, frees nothing by this and keeps its classes)
        games.drop(("menagerie.core",))
    return edited


def _restore(app, record, notes):
    # The bowls are replayed when first wanted (App.bowls_in); their shapes
    # were checked (record_check).
    for b in record.get("bowls") or ():
        try:
            app.saved_bowls[b["options"]["pool"]] = b
        except Exception as e:
            notes.append("A saved bowl was\nunreadable, reset")
    w = record.get("screen")
    # "menu:<row>", "new:<game>": the app restarted itself (App.restart)
    if isinstance(w, str) and (w == "game" or w[:5] in ("bowl:", "menu:") or w[:4] == "new:"):
        app.where = w
    g = record.get("game")
    if not g:
        return
    try:
        cls = games.game_class(g["game"])
        app.game = cls.replay(g["options"], g["seed"], g["actions"])
        app.game_id = g["game"]
    except Exception as e:
        app.game = None
        app.game_id = None
        notes.append("Saved game unreadable\n(" + str(e)[:30] + ")")
