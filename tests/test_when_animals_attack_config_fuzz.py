# config.ini: the host and the board give one verdict. 240 generated files
# (good ones, and the mistakes people and editors make: misspelt sections
# and keys, numbers of thousands of digits, digits and spaces from outside
# ASCII, long lines, control bytes, broken and overlong UTF-8, other line
# endings, a byte-order mark, files too long) go through `menagerie
# check-config` (CPython) and through the board's own setup screen code
# under MicroPython. Both must say the same: fine with the same rules, or
# the same single line that starts with the line it names, fits the screen
# beside "Playing with the default rules." and quotes nothing unprintable.
import json
import os
import random
import re

from host_tools import cli
from mpy_runner import run_micropython

from menagerie.core.when_animals_attack_config import read
from menagerie.core.when_animals_attack_config_text import MAX_BYTES
from menagerie.ui.screen import wrap

FILES = 240

GAME_KEYS = ("map", "width", "height", "settlements", "settlement_health", "base_population",
             "population_per_water", "conquer", "claim_path", "pass_own", "heal", "ruin_tiles",
             "round_limit", "finish_round", "slow_start")
ANIMAL_KEYS = ("terrain", "requires", "build", "attack", "health", "move", "enters", "remove")
# digits CPython's isdigit() takes and MicroPython's does not
FOREIGN_DIGITS = ("\u0660", "\u0667", "\u06f5", "\u0966", "\uff10", "\uff11", "\uff19", "\u00b2", "\U0001d7d8")
# spaces CPython's strip() and split() take and MicroPython's do not
FOREIGN_SPACES = ("\u00a0", "\u3000", "\u2003", "\x1c", "\x1f", "\x85", "\u2028")
BAD_UTF8 = (b"\xff", b"\xfe", b"\xc0\x80", b"\xc1\xbf", b"\xe0\x80\xaf", b"\xed\xa0\x80", b"\xed\xbf\xbf",
            b"\xf4\x90\x80\x80", b"\xf5\x80\x80\x80", b"\xe2\x82", b"\x80", b"\xf0\x9f\xa6")


# in range for every key: what a clean file gives
SAFE = {"width": (8, 16), "height": (5, 8), "settlements": (1, 3), "settlement_health": (1, 50),
        "base_population": (1, 20), "population_per_water": (0, 10), "heal": (0, 10), "ruin_tiles": (0, 5),
        "round_limit": (0, 500), "finish_round": (0, 4), "requires": (0, 100), "build": (1, 20),
        "attack": (1, 20), "health": (1, 30), "move": (1, 6)}


def _value(r, key, clean):
    pick = r.random()
    if clean and key in SAFE:
        return str(r.randint(*SAFE[key])) + ("%" if key == "requires" and pick < 0.3 else "")
    if clean and key in ("map", "terrain", "enters"):
        return {"map": "Twin isles", "terrain": "hills", "enters": "grass forest hills sand"}[key]
    if key == "map":
        v = r.choice(("random", "Atoll", "twin ISLES", "Ridge", "Moon", "Atol"))
    elif key in ("conquer", "claim_path", "pass_own", "slow_start", "remove"):
        v = r.choice(("yes", "no", "On", "OFF", "true", "1", "0", "yess", "nein"))
    elif key == "terrain":
        v = r.choice(("grass", "Forest", "hills", "sand", "water", "jungle"))
    elif key == "enters":
        v = ", ".join(r.sample(("grass", "forest", "hills", "sand", "water"), r.randint(1, 5)))
    else:
        v = str(r.choice((0, 1, 2, 3, 5, 8, 12, 16, 20, 99, -1)))
        if pick < 0.1:
            v = "1" + "0" * r.choice((7, 20, 4300, 5000))
        elif pick < 0.25:
            v = "".join(r.choice(FOREIGN_DIGITS + ("1", "2")) for _ in range(r.randint(1, 3)))
        elif pick < 0.3:
            v = r.choice(("1.5", "five", "12%", "%", "-", "--3", "0x10", "1e3", "+4", "007"))
    if r.random() < 0.1:
        v = '"' + v + '"'
    return v


def _line(r, section, clean):
    # one line of the file, as text
    pick = r.random()
    if clean:
        pick = 0.2 if pick > 0.06 else pick
    if pick < 0.06:
        return r.choice(("; a comment", "# L\u00f6we \u0661 \U0001f981", "", "   ", "\t"))
    if pick < 0.09:
        return r.choice(("no equals here", "= 5", "width =", "[game", "[game] extra"))
    keys = GAME_KEYS if section == "game" else ANIMAL_KEYS
    if pick < 0.14:
        keys = GAME_KEYS + ANIMAL_KEYS + ("colour", "atack", "widht", "H\u00c9ALTH")
    key = r.choice(keys)
    if r.random() < 0.2:
        key = key.upper()
    sep = r.choice((" = ", "=", ": ", " =\t"))
    return key + sep + _value(r, key, clean) + (r.choice(("", " ; why", " # note")) if r.random() < 0.2 else "")


def _section(r, clean):
    if clean:
        name = r.choice(("game", "GAME", "Lion", "bear", "Croc"))
        return name, "[" + name + "]"
    name = r.choice(("game", "game", "game", "GAME", "gmae", "Game ", "Lion", "lion", "Hawk", "Monkey",
                     "Wolf", "Yak", "L\u00f6we", "\u00c9lan", "Sabre tooth", "Hippopotamus", "", "g@me"))
    return name, "[" + name + "]"


def generate(seed):
    # -> the bytes of one config.ini
    r = random.Random(seed)
    clean = r.random() < 0.3   # no mistake meant (each section once, keys once)
    out = []
    sec = None
    secs = set()
    keys = set()
    for _ in range(r.randint(1, 12)):
        if sec is None or r.random() < 0.25:
            sec, line = _section(r, clean)
            sec = sec.strip().lower()
            if clean and sec in secs:
                continue
            secs.add(sec)
        else:
            line = _line(r, sec, clean)
            k = (sec, line.split("=")[0].split(":")[0].strip().lower())
            if clean and k in keys:
                continue
            keys.add(k)
        if clean:
            out.append(line)
            continue
        if r.random() < 0.08:
            # a space from outside ASCII, at an end or inside
            sp = r.choice(FOREIGN_SPACES)
            k = r.choice((0, len(line), r.randint(0, len(line))))
            line = line[:k] + sp + line[k:]
        out.append(line)
    text = r.choice(("\n", "\r\n", "\r")).join(out) + r.choice(("\n", "", "\r\n"))
    if r.random() < 0.05:
        text = "\ufeff" + text
    data = text.encode("utf-8")
    pick = 1 if clean else r.random()
    if pick < 0.1:
        # a byte that is no text (or broken UTF-8) somewhere
        k = r.randint(0, len(data))
        data = data[:k] + r.choice(BAD_UTF8 + (bytes([r.randint(0, 31)]), b"\x7f")) + data[k:]
    elif pick < 0.14:
        # a very long line: a value, a key or a comment
        long = r.choice((b"x", b"9", b"\xd9\xa1", b"\x01")) * r.choice((300, 5000, 20000, 100000))
        data += r.choice((b"[game]\nmap = ", b"[game]\nwidth = ", b"; ", b"[Lion]\n")) + long + b"\n"
    elif pick < 0.16:
        data = b"; x\n" * r.choice((299, 300, 301, 400)) + data
    elif pick < 0.18:
        data = b";" + b"y" * (MAX_BYTES + r.randint(-40, 40)) + b"\n" + data
    return data


def _plain(opts):
    return json.dumps(opts, sort_keys=True)


BOARD = """
import sys
sys.path.append(%r)
from menagerie.ui.when_animals_attack_setup import Setup

class HW:
    data = None

    def read_file(self, name):
        return self.data

class App:
    hw = HW()

app = App()
for i in range(%d):
    with open("%%s/%%d.ini" %% (%r, i), "rb") as f:
        app.hw.data = f.read()
    s = Setup(app, None)
    if s.error:
        print("%%d|%%s" %% (i, s.error))
    else:
        r = s.rules
        print("%%d|ok|%%s" %% (i, " ".join("%%s=%%s" %% (k, r[k]) for k in sorted(r))))
"""


def _board_line(opts):
    return " ".join("%s=%s" % (k, opts[k]) for k in sorted(opts))


def test_the_host_and_the_board_agree_on_generated_files(tmp_path, capsys):
    here = os.path.dirname(os.path.abspath(__file__))
    host = []
    kinds = {"ok": 0, "bad": 0}
    for i in range(FILES):
        data = generate(i)
        path = tmp_path / ("%d.ini" % i)
        path.write_bytes(data)
        rc = cli.main(["check-config", str(path)])
        cap = capsys.readouterr()
        assert "Traceback" not in cap.out + cap.err
        opts, err = read(data)
        if rc == 0:
            assert err is None and cap.err == "" and len(cap.out.splitlines()) == 1, (i, cap)
            host.append("%d|ok|%s" % (i, _board_line(opts)))
            kinds["ok"] += 1
            continue
        lines = cap.err.splitlines()
        assert len(lines) == 2 and lines[1] == "The device would play the default rules instead.", (i, lines)
        said = lines[0][len(str(path)) + 2:]
        assert said == err, (i, said, err)
        assert re.match(r"line \d+: \S", err), (i, err)
        assert "\n" not in err and all(" " <= c <= "~" for c in err), (i, err)
        # the screen: the message and what follows it in 7 rows of 21
        assert len(wrap(err + "\nPlaying with the default rules.", 21)) <= 7, (i, err)
        host.append("%d|%s" % (i, err))
        kinds["bad"] += 1
    # both kinds well represented (a generator that makes only mistakes
    # proves little about the good files)
    assert kinds["ok"] >= 30 and kinds["bad"] >= 100, kinds
    board = run_micropython(BOARD % (os.path.join(os.path.dirname(here), "firmware"), FILES, str(tmp_path)),
                            timeout=120).splitlines()
    assert len(board) == FILES
    for h, b in zip(host, board):
        assert h == b, "host: %s\nboard: %s" % (h, b)


def test_every_kind_of_trouble_is_generated():
    # the generator reaches each thing the issue names
    seen = set()
    for i in range(FILES):
        err = read(generate(i))[1] or "fine"
        for word, what in (("must be a whole number, not '\\u", "foreign digits"),
                           ("must be", "number"), ("unknown section", "section"),
                           ("over 16 KB", "size"), ("not UTF-8", "utf-8"), ("...'", "cut"),
                           ("\\x", "escape"), ("belongs in [game]", "misspelt section"), ("fine", "fine")):
            if word in err:
                seen.add(what)
    assert len(seen) == 9, seen


def test_the_simulated_board_shows_the_same_line(tmp_path):
    # A few of those files on the whole app under MicroPython (the fake
    # board of tests/mpy_app, config.ini on its drive): the new game's first
    # screen says what check-config says, and that the defaults are played;
    # a good file goes straight to the players question.
    picked = []
    kinds = set()
    for i in range(FILES):
        data = generate(i)
        err = read(data)[1]
        kind = ("fine" if err is None else "cut" if "...'" in err else "escape" if "\\" in err
                else "size" if "KB" in err else "other")
        if kind not in kinds or (kind == "other" and len(picked) < 6):
            kinds.add(kind)
            picked.append((i, data, err))
    assert kinds == {"fine", "cut", "escape", "size", "other"}
    here = os.path.dirname(os.path.abspath(__file__))
    for i, data, err in picked:
        path = tmp_path / ("%d.ini" % i)
        path.write_bytes(data)
        code = ("import sys\nsys.path.append(%r)\nimport app_harness\n"
                "app_harness.main(['DOWN', 'DOWN', 'OK', '--config=%s'])\n"
                % (os.path.join(here, "mpy_app"), path))
        out = run_micropython(code, timeout=120).splitlines()
        screen = out[-2]   # after the last press; the harness's byte count follows
        assert screen.startswith("[OK] ")
        if err is None:
            assert "Players" in screen, (i, screen)
        else:
            text = screen[5:].split(" | ")
            assert text[0].strip() == "config.ini", (i, text)
            assert err.replace(" ", "") in "".join(text[1:]).replace(" ", ""), (i, err, text)
            assert "Playing with the" in screen and "default rules." in screen, (i, text)
