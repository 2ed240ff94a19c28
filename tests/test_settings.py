import os
import subprocess
import sys

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from menagerie import settings as S

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")


def test_parse_subset():
    text = (
        "# comment\n"
        "\n"
        'NAMES = "a,b # not a comment"  # trailing\n'
        "N = 1_000\n"
        "H = 0x10\n"
        "NEG = -3\n"
        "T = true\n"
        'ESC = "q\\"\\u00e9\\n"\n'
    )
    v = S.parse(text)
    assert v == {"NAMES": "a,b # not a comment", "N": 1000, "H": 16, "NEG": -3,
                 "T": True, "ESC": 'q"\u00e9\n'}


@pytest.mark.parametrize("line,msg", [
    ("just words", "line 2: expected KEY = value"),
    ("A = 'x'", "line 2: use double quotes"),
    ('A = "open', "line 2: string has no closing quote"),
    ("A =", "line 2: no value"),
    ("A = maybe", "line 2: maybe is not"),
    ('A = "x" y', "line 2: unexpected text"),
    ("B C = 1", "line 2: bad key name"),
])
def test_parse_errors_name_the_line(line, msg):
    with pytest.raises(ValueError) as e:
        S.parse("OK = 1\n" + line + "\n")
    assert str(e.value).startswith(msg)
    warnings = []
    assert S.parse("OK = 1\n" + line + "\n", warnings) == {"OK": 1}
    assert len(warnings) == 1 and warnings[0].startswith(msg)


def test_tables_and_duplicates_are_reported():
    w = []
    v = S.parse("A = 1\nA = 2\n[wifi]\nB = 3\n", w)
    assert v == {"A": 1}
    assert w[0].startswith("line 2: A is set twice")
    assert w[1].startswith("line 4: B is inside [wifi]")


def test_validate_defaults_and_warnings():
    s, w = S.validate({
        "MENAGERIE_PLAYER_NAMES": "Ann, Bob ,,Dee,VeryLongName12,F,G",
        "MENAGERIE_SOUND": 2,
        "MENAGERIE_I2C_FREQ": "100000",
        "MENAGERIE_PLAYERS": True,
        "MENAGERIE_SOUDN": 0,
        "CIRCUITPY_WIFI_SSID": "x",
    })
    assert s["names"] == ["Ann", "Bob", "P3", "Dee", "VeryLongNa", "F"]
    assert s["sound"] is True and s["players"] == 4 and s["i2c_freq"] == 100000
    joined = "\n".join(w)
    assert "only 6 player names" in joined
    assert "name 5 cut to 10" in joined
    assert "MENAGERIE_SOUND must be 0..1" in joined
    assert "MENAGERIE_PLAYERS must be a number" in joined
    assert "did you mean MENAGERIE_SOUND?" in joined
    assert "CIRCUITPY" not in joined


def test_load_prefers_getenv_and_still_reports_typos():
    text = "MENAGERIE_SOUND = 1\nMENAGERIE_PLAYRES = 3\n"
    env = {"MENAGERIE_SOUND": "0"}  # CircuitPython 10 hands back text
    s, w = S.load(getenv=env.get, text=text)
    assert s["sound"] is False
    assert w == ["line 2: unknown key MENAGERIE_PLAYRES (did you mean MENAGERIE_PLAYERS?)"]


def test_load_never_raises(tmp_path):
    def broken(key):
        raise RuntimeError("boom")
    s, w = S.load(getenv=broken, text="MENAGERIE_PLAYERS = 5\n")
    assert s["players"] == 5 and w == []
    s, w = S.load(getenv=lambda k: None, path=str(tmp_path / "missing.toml"))
    assert s == S.DEFAULTS and w == []
    p = tmp_path / "settings.toml"
    p.write_text('MENAGERIE_PLAYERS = "x\n')
    s, w = S.load(getenv=lambda k: None, path=str(p))
    assert s["players"] == 4 and w == ["line 1: string has no closing quote"]


names = st.lists(st.text(alphabet="abcdefghijklmnopqrstuvwxyzABC -", min_size=1, max_size=10)
                 .map(str.strip).filter(lambda n: n and "," not in n), min_size=6, max_size=6)


@hsettings(max_examples=60, deadline=None)
@given(names, st.booleans(), st.integers(100000, 1000000), st.integers(2, 6))
def test_to_toml_round_trips(names, sound, freq, players):
    want = {"names": names, "sound": sound, "i2c_freq": freq, "players": players}
    got, w = S.validate(S.parse(S.to_toml(want)))
    assert w == [] and got == want


SCRIPT = """
import sys
sys.path.insert(0, %r)
from menagerie import settings as S
w = []
v = S.parse('MENAGERIE_PLAYER_NAMES = "Ann,B\\\\u00f6b"\\nMENAGERIE_SOUND = false\\nX\\nMENAGERIE_SUOND = 1\\n', w)
s, w2 = S.validate(v)
for k in sorted(s):
    print(k, s[k])
for m in w + w2:
    print(m)
"""


@pytest.mark.skipif(not os.path.exists(MICROPYTHON), reason="no micropython")
def test_same_result_under_micropython():
    script = SCRIPT % os.path.join(ROOT, "firmware")
    mp = subprocess.run([MICROPYTHON, "-c", script], capture_output=True, text=True, timeout=30)
    cp = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=30)
    assert mp.returncode == 0, mp.stderr
    assert mp.stdout == cp.stdout
    assert "names ['Ann', 'B?b', 'P3', 'P4', 'P5', 'P6']" in mp.stdout
    assert "sound False" in mp.stdout
    assert "line 3: expected KEY = value" in mp.stdout
