# When Animals Attack: the new-game questions (players, who the device plays,
# the island) and config.ini. Asked once per game, so compiled only then and
# dropped when the game starts (games.TRANSIENT). The rules a game starts
# with, config.ini's included, go into its options: a game in progress keeps
# them whatever happens to the file.
from menagerie.ui.picker import Picker
from menagerie.ui.widgets import Menu, Message

GAME_ID = "when_animals_attack"


def read_config(app):
    # config.ini at the top of the drive, as bytes: None when there is none.
    # No more than the parser reads (a 100 KB file would not fit the heap).
    # The simulator hands its files over through hw.read_file.
    f = getattr(app.hw, "read_file", None)
    if f is not None:
        return f("config.ini")
    try:
        with open("/config.ini", "rb") as fh:
            from menagerie.core.when_animals_attack_config_text import MAX_BYTES

            return fh.read(MAX_BYTES + 1)
    except OSError:
        return None


class Setup:
    def __init__(self, app, begin):
        self.begin = begin   # ui/when_animals_attack.begin: makes the game
        self.rules = {}
        self.error = None
        text = read_config(app)
        if text:
            from menagerie.core.when_animals_attack_config import read

            try:
                rules, self.error = read(text)
            except Exception as e:   # never let a file stop a game
                rules, self.error = None, "unreadable: " + str(e)[:40]
            self.rules = rules or {}
        self.players = 2
        self.bots = 2
        self.map = self.rules.get("map")
        self.seed = None
        self.ahead = None   # the options of the island made ahead

    def ask_players(self, app):
        if self.error:
            # Say it once, then carry on with the defaults.
            app.push(Message("config.ini", self.error + "\nPlaying with the default rules.",
                             self._players, name="waa_config_error"))
            self.error = None
            return
        self._players(app)

    def _players(self, app):
        app.push(Picker("Players", [2, 3, 4], 0, self.got_players, name="waa_players", wrap_around=False, app=app))

    def got_players(self, app, n):
        self.players = n
        # The seed now, and the island it makes between the presses of the
        # questions left (it takes a board about a second): by Start it is
        # there, else the busy screen finishes it (ui/when_animals_attack.
        # begin). The same seed makes the same island either way.
        self.seed = app.hw.new_seed()
        self.ahead = self.options(self.map or "random")
        app.schedule(self._ahead)
        # By default P1 is a person and the others are the device.
        self.bots = ((1 << n) - 1) & ~1
        app.replace(Menu("Who plays?", self.seat_labels, self.got_seat, name="waa_seats"))

    def seat_labels(self):
        out = []
        for p in range(self.players):
            out.append("P%d: %s" % (p + 1, "device" if (self.bots >> p) & 1 else "person"))
        out.append("Start")
        return out

    def got_seat(self, app, i):
        if i < self.players:
            self.bots ^= 1 << i
            return
        if self.map is not None:
            app.pop()
            self.start(app)
            return
        from menagerie.core.when_animals_attack_roster import MAPS

        self.maps = ["random"] + list(MAPS)
        labels = ["Random island"] + list(MAPS)
        app.replace(Menu("Island", labels, self.got_map, name="waa_island"))

    def got_map(self, app, i):
        self.map = self.maps[i]
        app.pop()
        self.start(app)

    def _ahead(self, app):
        # A slice of the island (app.schedule): until it is made, the game
        # starts (Start pressed: the busy screen goes on with it) or the
        # questions are left.
        if self.ahead is None or len(app.stack) < 2:
            return False
        from menagerie.core.when_animals_attack_start import make_step, _making

        if _making[0] is None:
            # The island's code loads beside the questions': what they no
            # longer need goes first (the game's start would drop it).
            from menagerie import games

            games.drop(("menagerie.ui.picker", "menagerie.core.when_animals_attack_config"))

        try:
            return make_step(self.seed, self.ahead)
        except Exception:
            return False   # rules that make no island: the game's start says so

    def options(self, map):
        opts = {}
        for k in self.rules:
            opts[k] = self.rules[k]
        opts["players"] = self.players
        opts["bots"] = self.bots
        opts["map"] = map
        # the device's new games: random islands deal their spots, and a
        # pass in the place phase lets the completed animals wait
        opts["deal"] = 1
        opts["wait"] = 1
        return opts

    def start(self, app):
        self.ahead = None
        opts = self.options(self.map)
        fallback = None
        if self.rules:
            fallback = {"players": self.players, "bots": self.bots, "map": self.map, "deal": 1, "wait": 1}
        self.begin(app, opts, fallback, self.seed)
