"""Malformed settings.toml files through the firmware's own parser
(menagerie/settings.py load_with_source), issue 9 item 9: every kind of
mistake a person makes editing the file on the drive, mixed with good lines.

Invariants: load never raises; the settings always have their proper shape
(six printable names of at most 10 letters, players 2..6, sound a flag, the
bus speed in range); every warning names the line it is about, and exactly
the faulty lines are named; a good line's value is used, a setting whose
only lines are faulty keeps its default. The same files give the same
result under the real MicroPython interpreter. Counts are printed."""
import json
import os
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings as hsettings, strategies as hs

from menagerie import settings as S
from mpy_runner import ROOT

MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")
COUNTS = {"files": 0, "lines": 0, "faulty_lines": 0, "warnings": 0, "crashes": 0}

KEY = {"names": "MENAGERIE_PLAYER_NAMES", "players": "MENAGERIE_PLAYERS", "sound": "MENAGERIE_SOUND",
       "i2c_freq": "MENAGERIE_I2C_FREQ"}


def _good(rnd):
    # (line, setting, value) that must be taken as written.
    k = rnd.choice(sorted(KEY))
    if k == "names":
        names = ["".join(rnd.choice("abcdefghijklmnopqrstuvwxyzABCXYZ") for _ in range(rnd.randint(1, 10)))
                 for _ in range(rnd.randint(1, 6))]
        return '%s = "%s"' % (KEY[k], ",".join(names)), k, names
    if k == "players":
        v = rnd.randint(2, 6)
        return "%s = %d%s" % (KEY[k], v, rnd.choice(["", "  # seats", "\t"])), k, v
    if k == "sound":
        v = rnd.choice([0, 1, True, False])
        text = {0: "0", 1: "1", True: "true", False: "false"}[v] if not isinstance(v, bool) else \
            ("true" if v else "false")
        return "%s = %s" % (KEY[k], text), k, v == 1 or v is True
    v = rnd.randint(100000, 1000000)
    return "%s = %s" % (KEY[k], rnd.choice([str(v), "0x%x" % v, "{:_}".format(v)])), k, v


def _bad(rnd):
    # A line with one mistake: it must be reported, with its line number.
    k = KEY[rnd.choice(sorted(KEY))]
    return rnd.choice([
        "%s" % k,                                     # no '='
        "%s = " % k,                                  # no value
        '%s = "Ann,Bob' % k,                          # no closing quote
        "%s = 'Ann,Bob'" % k,                         # single quotes
        '%s = "A\\qB"' % k,                           # unknown escape
        '%s = "A\\u12"' % k,                          # short \\u escape
        '%s = "Ann" Bob' % k,                         # text after the string
        "MENAGERIE_PLAYRES = 3",                      # typo
        "MENAGERIE_SOUDN = 1",
        "WIFI_PASSWORD = 5",                          # not ours
        "MENAGERIE PLAYERS = 3",                      # space in the key
        "MENAGERIE_PLAYERS = 9",                      # out of range
        "MENAGERIE_PLAYERS = 1",
        'MENAGERIE_PLAYERS = "four"',                 # text for a number
        "MENAGERIE_PLAYERS = four",                   # bare word
        "MENAGERIE_PLAYERS = 3.5",                    # a float
        "MENAGERIE_SOUND = 2",
        "MENAGERIE_SOUND = yes",
        "MENAGERIE_I2C_FREQ = 5",
        "MENAGERIE_I2C_FREQ = 0xZZ",
        "MENAGERIE_PLAYER_NAMES = 5",                 # a number for names
        'MENAGERIE_PLAYER_NAMES = "a,b,c,d,e,f,g"',   # seven names
        'MENAGERIE_PLAYER_NAMES = "Bartholomew"',     # cut to 10
        'MENAGERIE_PLAYER_NAMES = "Zo\u00eb"',        # not plain ASCII
        "= 4",                                        # no key
        "\u00e9t\u00e9 = 1",                          # a key the board cannot have
        "MENAGERIE_PLAYERS = 3 = 4",
        "MENAGERIE_PLAYERS == 3",
    ])


def _filler(rnd):
    return rnd.choice(["", "   ", "# a comment", "  # indented comment", "\t"])


def make_file(rnd):
    # -> (text, {line: "ok"|"bad"|"blank"}, {setting: value a good line set})
    out, kinds, taken = [], {}, {}
    seen = set()
    in_table = False
    for n in range(1, rnd.randint(1, 14) + 1):
        r = rnd.random()
        if r < 0.2:
            line, kind = _filler(rnd), "blank"
        elif r < 0.5:
            line, k, v = _good(rnd)
            kind = "ok"
            key = KEY[k]
            if in_table or key in seen:
                kind = "bad"        # inside a table, or set twice: reported
            else:
                taken[k] = v
            seen.add(key)
        elif r < 0.55 and not in_table:
            line, kind = rnd.choice(["[wifi]", "[menagerie]"]), "blank"   # a table starts
            in_table = True
        else:
            line, kind = _bad(rnd), "bad"
            if not in_table:
                # A line whose value parses (a range or type mistake) still
                # counts as the key's first setting: a later one is "twice".
                try:
                    seen.update(S.parse(line))
                except ValueError:
                    pass
        out.append(line)
        kinds[n] = kind
    sep = rnd.choice(["\n", "\n", "\r\n"])
    return sep.join(out) + rnd.choice(["", sep]), kinds, taken


def _line_of(w):
    assert w.startswith("line "), "a warning without its line: %r" % w
    return int(w[5:w.index(":")])


def check_file(text, kinds, taken):
    COUNTS["files"] += 1
    COUNTS["lines"] += len(kinds)
    try:
        st, warnings, src = S.load_with_source(getenv=lambda k: None, text=text)
    except Exception:
        COUNTS["crashes"] += 1
        raise
    COUNTS["warnings"] += len(warnings)
    # The shape the app relies on, whatever the file said.
    names = st["names"]
    assert isinstance(names, list) and len(names) == 6
    assert all(isinstance(n, str) and 0 < len(n) <= 10 and all(" " <= c <= "~" for c in n) for n in names)
    assert type(st["players"]) is int and 2 <= st["players"] <= 6
    assert isinstance(st["sound"], bool)
    assert type(st["i2c_freq"]) is int and 100000 <= st["i2c_freq"] <= 1000000
    assert src is not None
    # Line-numbered, and exactly the faulty lines (a bad value after a good
    # one for the same key is "set twice": that line too is faulty).
    named = set(_line_of(w) for w in warnings)
    bad = set(n for n in kinds if kinds[n] == "bad")
    COUNTS["faulty_lines"] += len(bad)
    assert named <= set(kinds), (text, warnings)
    for n in named:
        assert kinds[n] != "ok" and kinds[n] != "blank", (n, text, warnings)
    missing = bad - named
    assert not missing, ("faulty lines not reported", missing, text, warnings)
    # Good values are used; a setting with no good line keeps its default.
    for k in KEY:
        if k in taken:
            want = taken[k]
            if k == "names":
                assert st["names"][:len(want)] == want
            else:
                assert st[k] == want, (k, text, st)
    return st, warnings


@hsettings(max_examples=400, deadline=None)
@given(hs.integers(0, 2 ** 32 - 1))
def test_malformed_settings_files_give_line_numbers_and_defaults(seed):
    check_file(*make_file(random.Random(seed)))


def test_whole_file_mistakes():
    # Mistakes of the whole file, not of a line.
    for text in ("", "\ufeff" + 'MENAGERIE_PLAYERS = 3\n', "\x00\x01\x02", "MENAGERIE_PLAYERS = 3" * 500,
                 "\n" * 5000, '"' * 100, "[" * 50, "=" * 50, "MENAGERIE_PLAYER_NAMES = \"" + "a," * 4000 + "\""):
        COUNTS["files"] += 1
        st, w, src = S.load_with_source(getenv=lambda k: None, text=text)
        assert 2 <= st["players"] <= 6 and len(st["names"]) == 6
        assert all(x.startswith("line ") for x in w), w


MPY_SCRIPT = r"""
import sys, json
sys.path.insert(0, %(fw)r)
from menagerie import settings as S
with open(%(path)r) as f:
    texts = json.load(f)
for t in texts:
    st, w, src = S.load_with_source(getenv=lambda k: None, text=t)
    print(json.dumps([sorted([k, st[k]] for k in st), w, src]))
"""


@pytest.mark.skipif(not os.path.exists(MICROPYTHON), reason="no micropython")
def test_the_same_files_under_micropython(tmp_path):
    rnd = random.Random(7)
    texts = [make_file(rnd)[0] for _ in range(150)]
    path = tmp_path / "texts.json"
    path.write_text(json.dumps(texts))
    script = MPY_SCRIPT % {"fw": os.path.join(ROOT, "firmware"), "path": str(path)}
    mp = subprocess.run([MICROPYTHON, "-c", script], capture_output=True, text=True, timeout=120)
    cp = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert mp.returncode == 0, mp.stderr[-2000:]
    assert cp.returncode == 0, cp.stderr[-2000:]
    assert len(mp.stdout.splitlines()) == len(texts)
    for a, b, t in zip(mp.stdout.splitlines(), cp.stdout.splitlines(), texts):
        assert json.loads(a) == json.loads(b), t
    COUNTS["files"] += len(texts)


def test_zz_counts():
    print("settings.toml fuzz: %(files)d files, %(lines)d lines, %(faulty_lines)d faulty lines, "
          "%(warnings)d warnings (each with its line), %(crashes)d crashes" % COUNTS)
    assert COUNTS["crashes"] == 0 and COUNTS["files"] >= 400
