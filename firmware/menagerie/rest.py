# The app's restart at rest (App.restart, docs/architecture.md "Restart at
# rest"): leaving a game does not give all of its RAM back (its names stay
# interned, the heap in pieces), so the interpreter starts afresh once the
# players are done with it. Loaded only then: the session never holds it.

from menagerie import games


def restart(app, where=None):
    app.restart_due = False
    hw = app.hw
    if not hasattr(hw, "restart"):
        return False   # a hardware object that cannot restart: run on
    busy = getattr(hw.buzzer, "busy", None)
    if where is None and busy and busy():
        app.restart_due = True   # after the tune: a reload would cut it
        return False
    app.where = where or "menu:%d" % app.stack[0].index
    # The record is on the flash before the restart (a save is written
    # through, as before a power cut): nothing confirmed is lost.
    if not app.save():
        # A store that cannot take the record keeps this session going (the
        # save said so); no restart is tried again.
        app.where = None
        app.rest0 = 1 << 30
        return False
    hw.restart()
    app.rest0 = 1 << 30   # (a restart that came back: never try again)
    return False

def bowl_summaries(app):
    # For App.state() (the simulator, tests): the saved bowls too, replayed aside: asking must not
    # count as opening them (games.opened), nor change what the app holds.
    out = dict((k, app.bowls[k].summary()) for k in app.bowls)
    if app.saved_bowls:
        n = games.opened
        cls = games.game_class("bowl")
        games.opened = n
        for k in app.saved_bowls:
            b = app.saved_bowls[k]
            out[k] = cls.replay(b["options"], b["seed"], b["actions"]).summary()
    return out
