"""The screen gallery: every screen of every game, the bowl, History,
Settings and the boot and error screens, on the Pico's 128x64 and the
Feather's 128x32 panel, as one contact sheet per part and board in
docs/screens/ (each screen's name under it).

The tours are the UI tests' own scripts (tests/scripts/), which play every
flow with `expect` lines, plus a few of the gallery's own (sim/tours/). A
frame is kept the first time each screen shows in a part's tours, and at
each `shot LABEL` line. Every kept frame goes through the screen lint
(sim/screen_lint.py); tests/test_screen_gallery.py fails on any finding.

`make docs` writes the sheets (host_tools/docs.py); a test fails when a
screen changes without its picture. After a merge that changes screens,
`make docs` is all it takes."""
import io
import os

from sim import screen_lint
from sim.runner import Session, run_script

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPTS = os.path.join(ROOT, "tests", "scripts")
TOURS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tours")
OUT = "docs/screens"
PICO = "raspberry_pi_pico"
FEATHER = "adafruit_feather_rp2040"
BOARDS = ((PICO, "pico"), (FEATHER, "feather"))
# The table view's screens are only on the boards with Wi-Fi: the Pico 2 W's
# 128x64 panel, and a Pico W wired to a 128x32 one (settings.toml's
# MENAGERIE_OLED_SIZE), the size of the Feather's.
# A sheet of theirs is one panel size; each tour names its board (the Pico
# W, short of RAM for it, says so; the Pico 2 W runs it).
PICO2W = "raspberry_pi_pico2_w"
PICOW = "raspberry_pi_pico_w"
W64 = "pico_w_128x64"
W32 = "pico_w_128x32"
W_BOARDS = ((W64, "pico-w"), (W32, "pico-w-128x32"))
W_TITLES = {W64: "Pico W / Pico 2 W + SSD1306 (128x64)", W32: "Pico W / Pico 2 W + SSD1306 (128x32)"}


def _read(path):
    with open(path) as f:
        return f.read()


def _script(name):
    folder = TOURS if os.path.exists(os.path.join(TOURS, name)) else SCRIPTS
    return _read(os.path.join(folder, name))


def _settings(name):
    # a tour's file: the gallery's own (sim/tours/), else the UI tests'
    folder = TOURS if os.path.exists(os.path.join(TOURS, name)) else SCRIPTS
    return _read(os.path.join(folder, name))


# (part, title, tours: [(board, script, seed, settings file, {drive file:
# tests/scripts file}[, {session options}])]). A part keeps the screens
# whose names start with one of its PREFIXES (a tour through the History
# plays games first). Session options: table_net (the radio the table view
# gets, sim/table_net.py), heap_kb (the free heap gc.mem_free reports, as
# MicroPython would: CPython has no such figure).
PARTS = (
    ("system", "Boot, main menu and errors", (
        (PICO, "system_pico.txt", 1, "system_settings.toml", {}),
        (FEATHER, "system_feather.txt", 1, "system_settings.toml", {}),
        (PICO, "main_menu_live_pico.txt", 1, None, {}),
        (FEATHER, "main_menu_live_feather.txt", 1, None, {}),
    )),
    ("animal-inc", "Animal Inc", (
        (PICO, "animal_inc_4p.txt", 1, "animal_inc_settings.toml", {}),
        (PICO, "animal_inc_2p_pico.txt", 1, "animal_inc_settings.toml", {}),
        (PICO, "animal_inc_edit_pico.txt", 1, "animal_inc_settings.toml", {}),
        (FEATHER, "animal_inc_4p_feather.txt", 1, "animal_inc_settings.toml", {}),
        (FEATHER, "animal_inc_3p_feather.txt", 1, "animal_inc_settings.toml", {}),
        (FEATHER, "animal_inc_2p_feather.txt", 1, "animal_inc_settings.toml", {}),
        (FEATHER, "animal_inc_edit_feather.txt", 1, "animal_inc_settings.toml", {}),
        (PICO, "season_pico.txt", 1, "animal_inc_settings.toml", {}),
        (FEATHER, "season_feather.txt", 1, "animal_inc_settings.toml", {}),
    )),
    ("animal-maniacs", "Animal Maniacs", (
        (PICO, "animal_maniacs_pico.txt", 3, None, {}),
        (FEATHER, "animal_maniacs_feather.txt", 5, None, {}),
        (PICO, "maniacs_extra_pico.txt", 3, "animal_inc_settings.toml", {}),
        (FEATHER, "maniacs_extra_feather.txt", 5, "animal_inc_settings.toml", {}),
    )),
    ("when-animals-attack", "When Animals Attack", (
        (PICO, "when_animals_attack_pico.txt", 1, None, {"config.ini": "when_animals_attack.ini"}),
        (FEATHER, "when_animals_attack_feather.txt", 1, None, {"config.ini": "when_animals_attack_feather.ini"}),
        (PICO, "waa_extra_pico.txt", 1, None, {"config.ini": "waa_bad_config.ini"}),
        (FEATHER, "waa_extra_feather.txt", 1, None, {"config.ini": "waa_bad_config.ini"}),
    )),
    ("panicozoo", "Panicozoo", (
        (PICO, "panicozoo_game_pico.txt", 1, None, {}),
        (PICO, "panicozoo_young_pico.txt", 1, None, {}),
        (PICO, "panicozoo_6p_pico.txt", 1, None, {}),
        (FEATHER, "panicozoo_feather.txt", 1, None, {}),
        (FEATHER, "panicozoo_feather_4p.txt", 1, None, {}),
        (PICO, "panicozoo_extra_pico.txt", 1, None, {}),
        (FEATHER, "panicozoo_extra_feather.txt", 1, None, {}),
        (PICO, "season_pico.txt", 1, "animal_inc_settings.toml", {}),
        (FEATHER, "season_feather.txt", 1, "animal_inc_settings.toml", {}),
    )),
    ("bowl", "Draw bowl", (
        (PICO, "bowl_pico.txt", 1, None, {}),
        (PICO, "bowl_put_back_pico.txt", 1, None, {}),
        (FEATHER, "bowl_feather.txt", 1, None, {}),
        (FEATHER, "bowl_put_back_feather.txt", 1, None, {}),
        (FEATHER, "bowl_extra_feather.txt", 1, None, {}),
    )),
    ("history", "History", (
        (PICO, "season_pico.txt", 1, "animal_inc_settings.toml", {}),
        (FEATHER, "season_feather.txt", 1, "animal_inc_settings.toml", {}),
    )),
    ("settings", "Settings and names", (
        (PICO, "names_pico.txt", 1, "names_settings.toml", {}),
        (FEATHER, "names_feather.txt", 1, "names_settings.toml", {}),
        (PICO, "settings_extra.txt", 1, None, {}),
        (FEATHER, "settings_extra.txt", 1, None, {}),
    )),
    ("table-view", "Table view (boards with Wi-Fi)", (
        (W64, "table_view.txt", 1, None, {}, {"board": PICO2W, "table_net": "access point"}),
        (W64, "table_view_home.txt", 1, None, {}, {"board": PICO2W, "table_net": "home"}),
        (W64, "table_view_failed.txt", 1, None, {}, {"board": PICO2W, "table_net": "failing"}),
        (W64, "table_view_no_ram.txt", 1, None, {}, {"board": PICOW, "heap_kb": 92}),
        (W32, "table_view.txt", 1, "oled_128x32.toml", {}, {"board": PICO2W, "table_net": "access point"}),
        (W32, "table_view_home.txt", 1, "oled_128x32.toml", {}, {"board": PICO2W, "table_net": "home"}),
        (W32, "table_view_failed.txt", 1, "oled_128x32.toml", {}, {"board": PICO2W, "table_net": "failing"}),
        (W32, "table_view_no_ram.txt", 1, "oled_128x32.toml", {}, {"board": PICOW, "heap_kb": 92}),
    )),
)

# The boards of each part's sheets (BOARDS unless said here).
PART_BOARDS = {"table-view": W_BOARDS}

PREFIXES = {
    "system": ("boot", "main_menu", "abandon", "menu", "message", "confirm"),
    "animal-inc": ("ai_",),
    "animal-maniacs": ("am_",),
    "when-animals-attack": ("waa_",),
    "panicozoo": ("pz_",),
    "bowl": ("bowl",),
    "history": ("history",),
    "settings": ("settings", "names", "name_edit", "picker"),
    "table-view": ("table_", "settings"),
}


def boards_of(part):
    return PART_BOARDS.get(part, BOARDS)


def sheets():
    # -> [(part, board, short name)]: one contact sheet each
    return [(key, b, short) for key, _, _ in PARTS for b, short in boards_of(key)]


class Shot:
    __slots__ = ("label", "screen", "pixels", "findings", "tour")

    def __init__(self, label, screen, pixels, findings, tour):
        self.label = label
        self.screen = screen
        self.pixels = pixels
        self.findings = findings
        self.tour = tour


def key_words(profile):
    # The words a key hint of this board uses: its buttons' names (the
    # FeatherWing's A, B, C as printed on it), arrows, player buttons.
    out = set()
    for i in range(len(profile.NAV)):
        name = profile.NAV[i][0]
        out.add(name if profile.PLAYERS else chr(65 + i))
    for name, _ in profile.PLAYERS:
        out.add(name)
    if profile.PLAYERS:
        out.update(("<", ">", "</>"))
    return out


def takes_keys(screen):
    names = [k.__name__ for k in type(screen).__mro__]
    return not any(n in names for n in screen_lint.SELF_EVIDENT)


class GallerySession(Session):
    # A session that keeps frames: at each `shot` line and the first time
    # each screen shows (seen: screen names already kept by the part).
    def __init__(self, board, seen, tour, prefixes, **kw):
        self.shots = []
        self.keys_said = {}  # screen name -> named a key in some frame
        self.findings = []
        self.flagged = []  # a frame for each finding (to look at)
        self.seen = seen
        self.tour = tour
        self.prefixes = prefixes
        Session.__init__(self, board, record=True, **kw)

    def png(self, path, scale=4):
        pass  # a test script's screenshots are not the gallery's

    def shot(self, label):
        # A frame just kept unnamed for a new view is this one: name it.
        last = self.shots[-1] if self.shots else None
        if last is not None and not last.label and last.pixels == [list(r) for r in self.pixels()]:
            last.label = label
            return
        self._keep(label)

    def view(self):
        # What tells two views of a screen apart: its name and its first
        # line with the figures left out (an entry's steps share a screen).
        lines = self.app.canvas.lines()
        head = "".join("#" if ch.isdigit() else ch for ch in (lines[0] if lines else ""))
        return self.app.top().name, head

    def stepped(self):
        # After every line of a tour: the frame is linted (messages over a
        # screen included); a view not seen yet in this part is kept.
        if not self.app.stack:
            return
        findings = self.lint()
        if self.app.top().name.startswith(self.prefixes):
            for f in findings:
                if f not in self.findings:
                    self.findings.append(f)
                    self.flagged.append(Shot(f, self.app.top().name, [list(r) for r in self.pixels()], [f], self.tour))
        if self.app.toast_text:
            return
        v = self.view()
        if v[0].startswith(self.prefixes) and v not in self.seen:
            self.seen.add(v)
            self._keep("", findings)

    def lint(self):
        top = self.app.top()
        c = self.app.canvas
        words = set(self.app.settings.get("names") or ())
        net = self.app.table and self.app.table.net
        if net:
            words.update(net.ssid.split())   # the network's name, as written
        draws = c.frame()
        found = screen_lint.check(draws, c.width, c.height, covers=c.covers(), screen=top.name,
                                  extra_words=words)
        if takes_keys(top) and top.name not in screen_lint.KEYS_ELSEWHERE:
            said = self.keys_said.get(top.name, False)
            self.keys_said[top.name] = said or screen_lint.says_keys(draws, key_words(self.profile))
        return ["%s (%s, %s): %s" % (top.name, self.tour, self.profile.BOARD_ID, f) for f in found]

    def _keep(self, label, findings=None):
        top = self.app.top()
        if findings is None:
            findings = self.lint()
            self.findings.extend(f for f in findings if f not in self.findings)
        self.shots.append(Shot(label, top.name, [list(r) for r in self.pixels()], findings, self.tour))


_DONE = {}  # (part, board) -> (shots, flagged): `make docs` and the tests share a run


def tour(part, board, findings=None):
    # -> [Shot] of one part on one board; findings (a list) gets the lint's
    # findings over every frame of the tours, each a Shot of the frame
    # (label: the finding)
    if (part, board) not in _DONE:
        flagged = []
        _DONE[part, board] = (_tour(part, board, flagged), flagged)
    shots, flagged = _DONE[part, board]
    if findings is not None:
        findings.extend(flagged)
    return shots


def _net(kind):
    # The radio a table view tour gets: the board's own access point, a home
    # network (CircuitPython's web workflow holds port 80: the page is on
    # 8080), or one that fails to start; nothing is bound on this machine.
    from sim.table_net import QuietNet

    if kind == "access point":
        return QuietNet
    if kind == "home":
        def home(password):
            n = QuietNet(password)
            n.ssid, n.password, n.host, n.port = "Casa Rossi", None, "192.168.1.23", 8080
            return n
        return home

    def failing(password):
        raise OSError("No network with that name")
    return failing


class _Heap:
    # gc.mem_free as MicroPython has it, reporting kb free, for one tour
    def __init__(self, kb):
        self.kb = kb

    def __enter__(self):
        import gc

        self.had = getattr(gc, "mem_free", None)
        gc.mem_free = lambda: self.kb * 1024

    def __exit__(self, *exc):
        import gc

        if self.had is None:
            del gc.mem_free
        else:
            gc.mem_free = self.had


def _tour(part, board, findings):
    import contextlib

    for key, title, tours in PARTS:
        if key == part:
            break
    else:
        raise KeyError(part)
    seen = set()
    out = []
    for entry in tours:
        b, script, seed, settings, files = entry[:5]
        opts = dict(entry[5]) if len(entry) > 5 else {}
        if b != board:
            continue
        drive = dict((k, _settings(v)) for k, v in files.items())
        kw = {}
        if "table_net" in opts:
            kw["table_net"] = _net(opts["table_net"])
        heap = _Heap(opts["heap_kb"]) if "heap_kb" in opts else contextlib.nullcontext()
        with heap:
            s = GallerySession(opts.get("board", board), seen, script, PREFIXES[part], seed=seed, files=drive,
                               settings_text=_settings(settings) if settings else None, **kw)
            try:
                s.stepped()
                run_script(s, _script(script), script)
            finally:
                s.close()
        for name in sorted(s.keys_said):
            if not s.keys_said[name] and name.startswith(PREFIXES[part]):
                f = "%s (%s, %s): no keys: takes input and names none of its keys in any frame" % (
                    name, script, s.profile.BOARD_ID)
                s.findings.append(f)
                s.flagged.append(Shot(f, name, [list(r) for r in s.pixels()], [f], script))
        out.extend(s.shots)
        findings.extend(f for f in s.flagged if f.label not in [x.label for x in findings])
    return out


# -- the contact sheet ----------------------------------------------------
_SCALE = 2
_COLS = 4
_PAD = 10
_CAPTION = 2  # lines under a frame


def _caption_lines(shot, cols):
    from menagerie.ui.screen import wrap

    text = shot.screen + (": " + shot.label if shot.label else "")
    return wrap(text, cols)[:_CAPTION]


def _draw_text(img, x, y, s, scale, color):
    # The firmware's own 5x7 font (ui/font.py): the sheet reads like the panel.
    from menagerie.ui import font

    px = img.load()
    for ch in s:
        c = ord(ch)
        if c < 32 or c > 126:
            c = 63
        o = (c - 32) * 5
        for i in range(5):
            col = font.SMALL[o + i]
            for bit in range(8):
                if col >> bit & 1:
                    for dx in range(scale):
                        for dy in range(scale):
                            px[x + i * scale + dx, y + bit * scale + dy] = color
        x += 6 * scale


def sheet(title, shots):
    # -> PNG bytes: the frames in rows of _COLS, each with its name under it
    from PIL import Image

    from sim.render import to_image

    frames = [to_image(s.pixels, scale=_SCALE) for s in shots]
    fw = max(f.size[0] for f in frames)
    fh = max(f.size[1] for f in frames)
    cap = 16 * _CAPTION + 4
    cols = min(_COLS, len(frames))
    rows = (len(frames) + cols - 1) // cols
    head = 8 * 2 + 2 * _PAD
    W = max(cols * fw + (cols + 1) * _PAD, 2 * _PAD + 12 * len(title))
    H = head + rows * (fh + cap + _PAD) + _PAD
    img = Image.new("RGB", (W, H), (250, 250, 247))
    _draw_text(img, _PAD, _PAD, title, 2, (20, 20, 20))
    chars = fw // 12
    for i in range(len(frames)):
        r, k = divmod(i, cols)
        x = _PAD + k * (fw + _PAD)
        y = head + r * (fh + cap + _PAD)
        img.paste(frames[i], (x, y))
        for j, line in enumerate(_caption_lines(shots[i], chars)):
            _draw_text(img, x, y + fh + 2 + 16 * j, line, 2, (20, 20, 20))
    out = io.BytesIO()
    img.save(out, format="PNG", optimize=True)
    return out.getvalue()


def board_title(board):
    from sim.boardstub import load_profile

    if board in W_TITLES:
        return W_TITLES[board]
    p = load_profile(board)
    return "%s (%dx%d)" % (p.NAME, p.WIDTH, p.HEIGHT)


def generate():
    files = {}
    for key, title, _ in PARTS:
        for board, short in boards_of(key):
            shots = tour(key, board)
            files["%s/%s-%s.png" % (OUT, key, short)] = sheet("%s on %s" % (title, board_title(board)), shots)
    return files
