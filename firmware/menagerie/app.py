# The loop: button events -> keys -> screen -> core action -> save -> draw.
# Every confirmed action is saved before the screen that shows it is sent.

from menagerie import games
from menagerie.ui.canvas import Canvas
from menagerie.ui.flush import Flusher
from menagerie.ui.keys import KeyMapper
from menagerie.ui import sounds

RECORD_VERSION = 1
_TOAST_MS = 2200


class App:
    # The table view on a board with Wi-Fi (menagerie/table/control.py,
    # attached at boot); None elsewhere, where nothing of it is loaded.
    table = None

    def __init__(self, hw, settings, warnings=None, boot_info=None, toml=None):
        self.hw = hw
        # settings.toml as read at boot: (hash of its text, the settings keys
        # it sets), from settings.load_with_source; None if unknown.
        self.toml = toml
        self.profile = hw.profile
        self.canvas = Canvas(hw.display)
        self.flusher = Flusher(hw.display)
        self.keys = KeyMapper(self.profile.LONG_PRESS_BACK)
        self.settings = settings
        self.warnings = list(warnings or ())
        # Shown on the boot screen without waiting for OK (the write policy).
        self.boot_info = boot_info
        self.stack = []
        self.game = None
        self.game_id = None
        # Draw bowls live beside the game (a die roll must not end a game):
        # pool id -> BowlGame, each saved with its own seed and actions.
        self.bowls = {}
        # Bowls as saved, replayed only when a bowl screen (or the table
        # view) wants them: till then none of their code is in RAM, and a
        # restart (App.restart) leaves the menu as light as a first boot.
        # pool -> the saved record.
        self.saved_bowls = {}
        # What to reopen after a power cut: "game", "bowl:<pool>", None, or
        # "menu:<row>" (the main menu's row at a restart, App.restart).
        self.where = None
        self.store = None
        self.store_error = None
        self.toast_text = None
        self.toast_until = 0
        self.dirty = True
        self.now = 0
        # Times the button queue lost events (keypad overflow): a screen
        # timing a race compares it with the count when the race opened.
        self.overflows = 0
        # Finished-games entries of an odd shape, found at boot (record_check).
        self.odd_history = []
        self._keys_out = []
        # The action the last undo took back (a game's screens may offer it
        # again: Animal Inc re-enters a round from its values).
        self.undone = None
        # On the board a bug in one screen must not take the game down: it is
        # reported and the loop goes on. Tests set strict to see it raised.
        self.strict = False
        # Restart at rest (issue 25): games.opened when the bare main menu
        # was first drawn after the boot (-1: a game or the bowl was open
        # then); None until then.
        self.rest0 = None
        self.restart_due = False
        # Work between presses (schedule()): functions app -> True while
        # they have more to do, each call a slice of a few tens of ms on a
        # board.
        self.idle = []

    # -- boot and persistence -------------------------------------------
    def boot(self):
        # Reading the save and restoring it is boot-only code (restore.py,
        # games.TRANSIENT): a session does not keep it in RAM. restore.boot
        # puts the main menu on the display before it reads the save.
        from menagerie import restore

        restore.boot(self)
        restore = None

    def record(self):
        rec = {
            "v": RECORD_VERSION,
            "settings": self.settings,
            "game": self.game.record() if self.game else None,
            "bowls": self._bowl_records(),
            # "screen": the store saves a change of it as a tiny delta.
            "screen": self.where,
        }
        if self.toml is not None:
            rec["toml"] = self.toml[0]
        return rec

    def _bowl_records(self):
        recs = dict(self.saved_bowls)
        for k in self.bowls:
            recs[k] = self.bowls[k].record()
        return [recs[k] for k in sorted(recs)]

    def bowls_in(self):
        # The saved bowls replayed (their code loads now) -> self.bowls. Not
        # an opening of a bowl (games.opened: the table view's polls read
        # them too); App.bowl is.
        saved = self.saved_bowls
        if saved:
            self.saved_bowls = {}
            n = games.opened
            cls = games.game_class("bowl")
            games.opened = n
            for pool in sorted(saved):
                b = saved[pool]
                try:
                    self.bowls[pool] = cls.replay(b["options"], b["seed"], b["actions"])
                except Exception:
                    self.toast("A saved bowl was\nunreadable, reset")
        return self.bowls

    def save(self):
        # True when the record is durable (or there is no store to write).
        if self.store is None:
            return True
        try:
            self.store.save(self.record())
            return True
        except Exception as e:
            self.toast("Not saved!\n" + str(e)[:40])
            return False

    # -- games ------------------------------------------------------------
    def new_game(self, game_id, options, seed=None):
        # seed: drawn ahead by a setup that made part of the game between
        # presses (When Animals Attack's island); else drawn now.
        games.release_others(game_id)
        cls = games.game_class(game_id)
        # Imported where needed, not at the top: the boot and the menus never
        # need the rule core; it comes with the first game (just loaded).
        from menagerie.core.game import RuleError

        try:
            game = cls(options, self.hw.new_seed() if seed is None else seed)
        except RuleError as e:
            self.toast(str(e))
            return None
        self.game = game
        self.game_id = game_id
        self.undone = None
        self.where = "game"
        self.save()
        return game

    def bowl(self, pool):
        games.opened += 1   # a bowl opened: leaving it restarts (App.restart)
        b = self.bowls_in().get(pool)
        if b is None:
            s = self.settings
            b = games.game_class("bowl")(
                {"pool": pool, "players": s["players"], "names": s["names"][: s["players"]]},
                self.hw.new_seed(),
            )
            self.bowls[pool] = b
        return b

    def act(self, action, game=None):
        # Apply, save, then let the screen show it. A refused action changes
        # nothing and explains itself.
        from menagerie.core.game import RuleError  # loaded with the game

        g = game or self.game
        try:
            g.apply(action)
        except RuleError as e:
            self.toast(str(e))
            self.sound("error")
            return False
        where = self.where
        self.where = "bowl:" + g.options["pool"] if g.GAME_ID == "bowl" else "game"
        if not self.save():
            # Never show what could not be saved (a full store): take it back.
            self.where = where
            if g is self.game:
                self.game = g.undo()
            else:
                self.bowls[g.options["pool"]] = g.undo()
            self.sound("error")
            return False
        self.dirty = True
        return True

    def undo(self, pool=None):
        from menagerie.core.game import RuleError  # loaded with the game

        try:
            if pool is None:
                g = self.game
                self.game = g.undo()
                self.undone = g.actions[-1]
            else:
                self.bowls[pool] = self.bowls[pool].undo()
        except RuleError as e:
            self.toast(str(e))
            return False
        self.save()
        self.toast("Undone")
        return True

    def finish_game(self, entry=None):
        # The players left the final standings: file the game, clear the slot.
        if entry is not None and self.store is not None:
            try:
                self.store.add_history(entry)
            except Exception as e:
                self.toast("History not saved\n" + str(e)[:30])
        self.game = None
        self.game_id = None
        if self.where == "game":
            self.where = None
        self.save()

    def open_game(self):
        games.ui_module(self.game_id).open(self, self.game)

    # -- screens ------------------------------------------------------------
    def push(self, screen):
        self.stack.append(screen)
        self.dirty = True

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
        self.dirty = True

    def replace(self, screen):
        if self.stack:
            self.stack.pop()
        self.push(screen)

    def home(self, screen=None):
        # Back to the bottom screen (the main menu), optionally pushing one.
        del self.stack[1:]
        if screen is not None:
            self.stack.append(screen)
        self.dirty = True

    def top(self):
        return self.stack[-1]

    def schedule(self, task):
        # Run task(app) in a step with no button event, again while it
        # returns True. Never while a screen times presses (slap_keys: the
        # Panicozoo round) and never before a press's screen is out; a task
        # keeps nothing a power cut could lose (it saves like a press does).
        # (Names already interned: the every-game session has 3 qstrs left
        # before its next pool, bench/b_app.py.)
        self.idle.append(task)

    def toast(self, text, ms=_TOAST_MS):
        self.toast_text = text
        self.toast_until = self.now + ms
        self.dirty = True

    def sound(self, name):
        if self.settings.get("sound", 1):
            notes = sounds.TUNES.get(name)
            if notes:
                self.hw.buzzer.play(notes, self.now)

    def state(self):
        # For the simulator's --state JSON and tests: plain values only.
        from menagerie import rest

        return {
            "screen": self.top().name if self.stack else None,
            "stack": [s.name for s in self.stack],
            "game_id": self.game_id,
            "game": self.game.summary() if self.game else None,
            "bowls": rest.bowl_summaries(self),
            "settings": self.settings,
            "toast": self.toast_text,
            "store_error": self.store_error,
        }

    # -- loop -------------------------------------------------------------
    def step(self, now):
        self.now = now
        out = self._keys_out
        # A screen timing slaps on the nav buttons (a board without player
        # buttons) maps them to P1..: raw presses with their timestamps, no
        # long press or repeat (slap_keys: button name -> key name, or None).
        slap = getattr(self.top(), "slap_keys", None) if self.stack else None
        self.keys.releases = getattr(self.top(), "player_releases", False) if self.stack else False
        buttons = self.hw.buttons
        events = buttons.events()
        if buttons.overflowed():
            # A lost release must not leave a key held: no endless repeat, no
            # long press firing later. Every key counts as released; a key
            # still under a finger acts again when pressed again.
            self.keys.reset()
            self.overflows += 1
            if self.keys.releases:
                # A screen shown while a player's button is held hides again.
                for name in buttons.names:
                    if name[0] == "P":
                        out.append(("REL_" + name, now))
        for name, down, t in events:
            if slap is not None and name in slap:
                if down:
                    out.append((slap[name], t))
                continue
            self.keys.feed(name, down, t, out)
        if slap is not None and self.keys.any_held():
            self.keys.reset()
        self.keys.tick(now, out)
        if out:
            top = self.top()
            for k, t in out:
                # A key hides the message and still does its job: a button
                # never goes dead because something was said.
                self.toast_text = None
                try:
                    self.top().key(self, k, t)
                except Exception as e:
                    self._oops(e)
                self.dirty = True
            del out[:]
            if self.top() is not top:
                # A press opened a screen: it is on the display before the
                # screen's first tick runs (a busy screen's work starts
                # there, ui/screen.Busy).
                self.draw()
        try:
            if self.top().tick(self, now):
                self.dirty = True
        except Exception as e:
            self._oops(e)
        if self.toast_text and now >= self.toast_until:
            self.toast_text = None
            self.dirty = True
        self.hw.buzzer.update(now)
        if self.dirty:
            self.draw()
        if self.restart_due and not self.toast_text and not self.keys.any_held():
            self.restart()
        if self.idle and not events and slap is None and not hasattr(self.top(), "slap_keys"):
            task = self.idle[0]
            try:
                more = task(self)
            except Exception as e:
                more = False
                self._oops(e)
            if not more and self.idle and self.idle[0] is task:
                self.idle.pop(0)
        if self.table:
            # Serves a phone at most one request, within its budget, after
            # the frame is out (docs/table-view.md).
            self.table.tick(self, now)

    # -- restart at rest ----------------------------------------------------
    # Leaving a game does not give all its RAM back: its names stay interned
    # (qstrs are never freed), and the heap is left in pieces. A restart of
    # the interpreter on the bare main menu, once a game or the bowl was
    # left, gives the next game the heap of a fresh boot (docs/architecture.md,
    # Memory). The saved record carries the menu's row: the restarted app
    # draws the same menu, on a screen that kept it.
    def _at_rest(self):
        st = self.stack
        if not st or st[0].name != "main_menu":
            return  # the boot screen
        bare = len(st) == 1 and self.game is None
        if self.rest0 is None:
            self.rest0 = games.opened if bare else -1
        elif bare and games.opened > self.rest0:
            self.restart_due = True

    def restart(self, where=None):
        # where: what the restarted app opens ("new:<game>", a game's setup
        # after an abandon); else the main menu at its row. Returns False
        # when it cannot (then the session goes on as it is). Its code loads
        # only now (menagerie/rest.py): the session never holds it.
        from menagerie import rest

        return rest.restart(self, where)

    def _oops(self, e):
        if self.strict:
            raise e
        print("error:", repr(e))
        self.toast("Oops: " + str(e)[:30])

    def draw(self):
        c = self.canvas
        c.clear()
        self.top().draw(c)
        if self.toast_text:
            self._draw_toast(c)
        self.flusher.flush()
        self.dirty = False
        self._at_rest()

    def _draw_toast(self, c):
        # At the bottom, else at the top, wherever it hides no part of tall
        # type (a banner over the bottom of the totals misreads them); when
        # both would, alone on the screen.
        lines = self.toast_text.split("\n")[:2]
        n = len(lines)
        first = c.rows - n
        if c.tall >> first:
            first = 0
            if c.tall & ((1 << n) - 1):
                c.fill_row(0, c.rows, False)
                first = (c.rows - n) // 2
        for i in range(n):
            c.fill_row(first + i)
            c.center(first + i, lines[i], invert=True)

    def run(self):
        clock = self.hw.clock
        while True:
            self.step(clock.now())
            self.hw.sleep_ms(1)

