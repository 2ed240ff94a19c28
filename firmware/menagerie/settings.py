# User settings from CIRCUITPY/settings.toml.
#
# CircuitPython reads that file itself and hands values out through
# os.getenv; MicroPython has no getenv, so we parse the same file here.
# Either way the file is also parsed to catch typos (an unknown key is
# invisible to getenv). Nothing in here may crash the boot: every problem
# becomes a default value plus a warning line the boot screen can show.
# Runs unchanged on CircuitPython, MicroPython and CPython (host tools).

PREFIX = "MENAGERIE_"
MAX_PLAYERS = 6
MAX_NAME = 10

# Seat names default to the label on each player's button.
DEFAULTS = {
    "names": ["P1", "P2", "P3", "P4", "P5", "P6"],
    "sound": True,
    "i2c_freq": 400000,
    "players": 4,
}

# settings.toml key -> (settings key, kind, low, high)
KEYS = {
    "MENAGERIE_PLAYER_NAMES": ("names", "names", 0, 0),
    "MENAGERIE_SOUND": ("sound", "flag", 0, 1),
    "MENAGERIE_I2C_FREQ": ("i2c_freq", "int", 100000, 1000000),
    "MENAGERIE_PLAYERS": ("players", "int", 2, MAX_PLAYERS),
    # Boards with Wi-Fi: the table view on at power-up (docs/table-view.md).
    # No default: the key exists only where the board or the file gives it.
    "MENAGERIE_TABLE_VIEW": ("table_view_on", "flag", 0, 1),
}

# Your own wiring (MENAGERIE_PIN_UP = "GP2", MENAGERIE_OLED_ADDRESS = 0x3D,
# ...): checked by menagerie/pins.py against the board, not here.
WIRING = ("MENAGERIE_PIN_", "MENAGERIE_OLED_")

_ESC = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "b": "\b", "f": "\f"}


def _string(s, i, lineno):
    # s[i] is the opening quote; returns (text, index after closing quote).
    out = []
    n = len(s)
    i += 1
    while i < n:
        c = s[i]
        if c == '"':
            return "".join(out), i + 1
        if c == "\\":
            if i + 1 >= n:
                break
            e = s[i + 1]
            if e in _ESC:
                out.append(_ESC[e])
                i += 2
                continue
            if e == "u" or e == "U":
                width = 4 if e == "u" else 8
                digits = s[i + 2:i + 2 + width]
                try:
                    out.append(chr(int(digits, 16)))
                except ValueError:
                    raise ValueError("line %d: bad \\%s escape" % (lineno, e))
                i += 2 + width
                continue
            raise ValueError("line %d: unknown escape \\%s" % (lineno, e))
        out.append(c)
        i += 1
    raise ValueError("line %d: string has no closing quote" % lineno)


def _value(raw, lineno):
    # raw: everything after '='. Returns a str, int or bool.
    raw = raw.strip()
    if raw.startswith('"'):
        text, end = _string(raw, 0, lineno)
        rest = raw[end:].strip()
        if rest and not rest.startswith("#"):
            raise ValueError("line %d: unexpected text after the string" % lineno)
        return text
    hash_at = raw.find("#")
    if hash_at >= 0:
        raw = raw[:hash_at].strip()
    if raw == "true":
        return True
    if raw == "false":
        return False
    if raw == "":
        raise ValueError("line %d: no value after '='" % lineno)
    digits = raw.replace("_", "")
    try:
        low = digits.lower()
        if low.startswith("0x"):
            return int(digits[2:], 16)
        return int(digits)
    except ValueError:
        pass
    if raw.startswith("'"):
        raise ValueError("line %d: use double quotes for text" % lineno)
    raise ValueError("line %d: %s is not \"text\", a number, true or false" % (lineno, raw))


def parse(text, warnings=None, lines=None, used=None):
    # The settings.toml subset CircuitPython reads: key = "string" | int |
    # true/false, comments, blank lines. Returns {key: value}. A malformed
    # line raises ValueError("line N: ...") unless a warnings list is given,
    # then it is reported there and skipped. lines, when given, gets
    # {key: line number} for every key line, malformed values included;
    # used, the line of the value each key gets (warnings name it).
    values = {}
    table = None
    lineno = 0
    for line in text.split("\n"):
        lineno += 1
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        try:
            if s.startswith("["):
                # CircuitPython's getenv does not look inside tables.
                table = s
                continue
            eq = s.find("=")
            if eq < 0:
                raise ValueError("line %d: expected KEY = value" % lineno)
            key = s[:eq].strip()
            if not key or not _is_key(key):
                raise ValueError("line %d: bad key name '%s'" % (lineno, key))
            if lines is not None and key not in lines:
                lines[key] = lineno
            value = _value(s[eq + 1:], lineno)
            if table is not None:
                raise ValueError("line %d: %s is inside %s and will not be read" % (lineno, key, table))
            if key in values:
                raise ValueError("line %d: %s is set twice (the first one is used)" % (lineno, key))
            values[key] = value
            if used is not None:
                used[key] = lineno
        except ValueError as e:
            if warnings is None:
                raise
            warnings.append(str(e))
    return values


def _is_key(key):
    # ASCII only: str.isalpha() says yes to "é" on CPython, no on MicroPython.
    for c in key:
        if not ("A" <= c <= "Z" or "a" <= c <= "z" or "0" <= c <= "9" or c == "_" or c == "-"):
            return False
    return True


def _near(a, b):
    # Edit distance <= 2, enough to spot a typo in a key name.
    if abs(len(a) - len(b)) > 2:
        return False
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
        prev = cur
    return prev[len(b)] <= 2


def unknown_key_warning(key):
    # None when the key is ours or CircuitPython's own.
    if key in KEYS or key.startswith("CIRCUITPY_") or key.startswith(WIRING[0]) \
            or key.startswith(WIRING[1]) or key == "MENAGERIE_TABLE_VIEW_PASSWORD":
        # (the last one is read by the table view itself: menagerie/table/control.py)
        return None
    for known in sorted(KEYS):
        if _near(key.upper(), known):
            return "unknown key %s (did you mean %s?)" % (key, known)
    return "unknown key %s" % key


def _names(value, warnings):
    names = list(DEFAULTS["names"])
    if not isinstance(value, str):
        warnings.append("MENAGERIE_PLAYER_NAMES must be text like \"Ann,Bob\"")
        return names
    parts = value.split(",")
    if len(parts) > MAX_PLAYERS:
        warnings.append("only %d player names are used" % MAX_PLAYERS)
    for i in range(min(len(parts), MAX_PLAYERS)):
        name = parts[i].strip()
        clean = ""
        for c in name:
            clean += c if " " <= c <= "~" else "?"
        if clean != name:
            warnings.append("name %d: only plain letters show" % (i + 1))
        if len(clean) > MAX_NAME:
            warnings.append("name %d cut to %d letters" % (i + 1, MAX_NAME))
            clean = clean[:MAX_NAME]
        if clean:
            names[i] = clean
    return names


def _number(key, value, kind, low, high, warnings):
    # getenv may hand integers back as text (CircuitPython 10), so accept both.
    if isinstance(value, str):
        try:
            value = int(value.strip())
        except ValueError:
            pass
    if kind == "flag" and isinstance(value, bool):
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        warnings.append("%s must be a number" % key)
        return None
    if value < low or value > high:
        warnings.append("%s must be %d..%d" % (key, low, high))
        return None
    return value == 1 if kind == "flag" else value


def validate(values):
    # {settings.toml key: raw value} -> (settings dict, warnings)
    warnings = []
    settings = {}
    for k in DEFAULTS:
        settings[k] = DEFAULTS[k]
    settings["names"] = list(DEFAULTS["names"])
    for key in sorted(values):
        w = unknown_key_warning(key)
        if w:
            warnings.append(w)
            continue
        if key not in KEYS:
            continue
        name, kind, low, high = KEYS[key]
        if kind == "names":
            settings[name] = _names(values[key], warnings)
        else:
            v = _number(key, values[key], kind, low, high, warnings)
            if v is not None:
                settings[name] = v
    return settings, warnings


def _read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def load(getenv=None, text=None, path="/settings.toml", wiring=None):
    # Returns (settings, warnings); never raises. getenv: os.getenv on
    # CircuitPython (looked up when None); text: the file's content if the
    # caller already has it (hw.settings_text), else read from path.
    # wiring, when given, gets {key: (line number, value or None when the
    # line is malformed)} for the wiring keys, for menagerie/pins.py.
    settings, warnings, _ = load_with_source(getenv, text, path, wiring)
    return settings, warnings


def load_with_source(getenv=None, text=None, path="/settings.toml", wiring=None):
    # load() plus where the values came from: (hash of the file's text, the
    # settings keys the file sets to a usable value). The app saves the hash
    # with the record; when it differs at the next boot the file was edited
    # (on the drive) and those keys win over the saved ones
    # (docs/persistence.md, Settings). Every warning names its line.
    warnings = []
    try:
        if getenv is None:
            import os
            getenv = getattr(os, "getenv", None)
        if text is None:
            text = _read(path)
        lines = {}
        used = {}
        values = parse(text, warnings, lines, used) if text else {}
        if wiring is not None:
            for key in lines:
                if key.startswith(WIRING[0]) or key.startswith(WIRING[1]):
                    wiring[key] = (lines[key], values.get(key))
        if getenv is not None:
            for key in KEYS:
                try:
                    v = getenv(key)
                except Exception:
                    v = None
                if v is not None:
                    values[key] = v
        settings, more = validate(values)
        keys = _from_file(values, more, used)
        return settings, _by_line(warnings + more), (text_hash(text or ""), keys)
    except Exception as e:
        settings, _ = validate({})
        return settings, warnings + ["settings unreadable: %s" % e], None


def _by_line(warnings):
    # In file order (the boot screen reads top to bottom); others last.
    def line(w):
        if w.startswith("line "):
            end = w.find(":")
            try:
                return int(w[5:end])
            except ValueError:
                pass
        return 1 << 30
    return sorted(warnings, key=line)


def text_hash(text):
    # FNV-1a over the characters, 30 bits (a small int on MicroPython).
    h = 0x811C9DC5
    for c in text:
        h = ((h ^ ord(c)) * 16777619) & 0xFFFFFFFF
    return h & 0x3FFFFFFF


def _from_file(values, warnings, lines):
    # Settings keys whose file value is used (a value refused with a
    # warning falls back to the default and does not count). Also puts the
    # key's line number in front of each of validate()'s warnings about it.
    keys = []
    for key in sorted(values):
        one, w = validate({key: values[key]})
        if key in KEYS:
            name = KEYS[key][0]
            if not w or one[name] != DEFAULTS.get(name):
                keys.append(name)
        n = lines.get(key)
        if n is not None:
            for m in w:
                if m in warnings:
                    warnings[warnings.index(m)] = "line %d: %s" % (n, m)
    return keys


def to_toml(settings):
    # The settings.toml the host tools write for a fresh board.
    sound = 1 if settings["sound"] else 0
    return "\n".join([
        "# Menagerie settings. Edit on the CIRCUITPY drive, then reset the board.",
        "# Up to 6 names separated by commas (seat order P1..P6), %d letters each." % MAX_NAME,
        'MENAGERIE_PLAYER_NAMES = "%s"' % ",".join(settings["names"]),
        "# Number of players offered first when a game starts (2..6).",
        "MENAGERIE_PLAYERS = %d" % settings["players"],
        "# 1 = beeps on, 0 = silent.",
        "MENAGERIE_SOUND = %d" % sound,
        "# OLED bus speed in Hz (100000..1000000); lower it if the screen glitches.",
        "MENAGERIE_I2C_FREQ = %d" % settings["i2c_freq"],
        "",
    ])
