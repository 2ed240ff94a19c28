# When Animals Attack: config.ini on the drive (format and example in
# docs/games/when-animals-attack.md). CircuitPython has no configparser, so
# this small reader runs on the board and on the host (`menagerie
# check-config`), from the file's bytes: read(data) -> (options, None) with
# the game options the file sets, or (None, "line N: what is wrong") for the
# first mistake; the game then starts with the defaults. Both interpreters
# give the same verdict (core/when_animals_attack_config_text.py: only
# ASCII counts). Imported only while a game is set up.
from menagerie.core import when_animals_attack_roster as R
from menagerie.core import when_animals_attack_map as M
from menagerie.core.when_animals_attack_config_text import Bad as _Bad, SPACE, digits, letters, lines, low, show, text

# [game] key -> (option, lowest, highest); highest -1 = yes/no
_GAME = (
    ("settlement_health", "town_hp", 1, 50), ("base_population", "pop", 1, 20),
    ("population_per_water", "pop_water", 0, 10), ("width", "w", 8, 16),
    ("height", "h", 5, 8), ("settlements", "towns", 1, 8), ("heal", "heal", 0, 10),
    ("ruin_tiles", "ruin_tiles", 0, 5), ("round_limit", "rounds", 0, 500),
    ("claim_path", "claim_path", 0, -1), ("pass_own", "pass_own", 0, -1),
    ("conquer", "conquer", 0, -1), ("finish_round", "finish_round", 0, 4),
    ("slow_start", "slow_start", 0, -1),
)
# animal key -> (field, lowest, highest)
_ANIMAL = (("requires", R.REQUIRES, 0, 100), ("build", R.BUILD, 1, 20),
           ("attack", R.ATTACK, 1, 20), ("health", R.HEALTH, 1, 30), ("move", R.MOVE, 1, 6))


def _int(key, v, lo, hi):
    if hi < 0:
        w = low(v)
        if w in ("yes", "on", "true", "1"):
            return 1
        if w in ("no", "off", "false", "0"):
            return 0
        raise _Bad("%s must be yes or no, not '%s'" % (key, show(v)))
    s = v[:-1] if v.endswith("%") else v
    neg = s[:1] == "-"
    if not digits(s[1:] if neg else s):
        raise _Bad("%s must be a whole number, not '%s'" % (key, show(v)))
    if len(s.lstrip("-0")) > 6:
        # thousands of digits: out of range, said without making the number
        raise _Bad("%s must be %d to %d, not '%s'" % (key, lo, hi, show(v)))
    n = int(s)
    if n < lo or n > hi:
        raise _Bad("%s must be %d to %d, not %d" % (key, lo, hi, n))
    return n


def _terrain(v):
    t = low(v)
    if t not in R.TERRAINS:
        raise _Bad("unknown terrain '%s' (%s)" % (show(v), " ".join(R.TERRAINS)))
    return R.TERRAINS.index(t)


def _value(line):
    # strip an inline comment and quotes
    for c in ";#":
        k = line.find(c)
        if k >= 0:
            line = line[:k]
    line = line.strip(SPACE)
    if len(line) >= 2 and line[0] == line[-1] and line[0] in "\"'":
        line = line[1:-1].strip(SPACE)
    return line


def read(data):
    # data: config.ini's bytes (the board reads at most MAX_BYTES + 1; text
    # is taken too, as the simulator's drive hands it over)
    if isinstance(data, str):
        data = data.encode()
    try:
        return _parse(lines(data)), None
    except _Bad as e:
        return None, str(e)


def _parse(raws):
    opts = {}
    roster = R.roster_lists()
    names = [low(a[R.NAME]) for a in roster]
    seen = {}          # section (lower case) -> its line
    sec = None
    keys = None
    new = None         # a new animal's section line, to check it is complete
    gkeys = {}         # [game] key -> its line
    for no in range(1, len(raws) + 1):
        try:
            raw = text(raws[no - 1]).strip(SPACE)
            if not raw or raw[0] in ";#":
                continue
            if raw[0] == "[":
                if new is not None:
                    _complete(new, keys)
                    new = None
                sec, keys, new = _section(raw, no, seen, roster, names)
                if sec == "game":
                    gkeys = keys
                continue
            if sec is None:
                raise _Bad("'%s' is outside any [section]" % show(raw))
            k = raw.find("=")
            if k < 0:
                k = raw.find(":")
            if k < 0:
                raise _Bad("expected 'key = value', got '%s'" % show(raw))
            key = low(raw[:k].strip(SPACE))
            v = _value(raw[k + 1:])
            if not key:
                raise _Bad("a value without a key")
            if new is not None:
                _typo(new, key)
            if key in keys:
                raise _Bad("'%s' is given twice (line %d)" % (show(key), keys[key]))
            keys[key] = no
            if not v:
                raise _Bad("'%s' has no value" % show(key))
            if sec == "game":
                _game(opts, key, v)
            else:
                _animal(roster, names, sec, key, v)
        except _Bad as e:
            m = str(e)
            # a check about another line (a section) names that one
            raise _Bad(m if m[:5] == "line " else "line %d: %s" % (no, m))
    if new is not None:
        _complete(new, keys)
    _whole(opts, roster, seen, gkeys)
    opts["roster"] = roster
    return opts


def _section(raw, no, seen, roster, names):
    end = raw.find("]")
    if end < 0:
        raise _Bad("']' missing in '%s'" % show(raw))
    if _value(raw[end + 1:]):
        raise _Bad("text after ']'")
    name = raw[1:end].strip(SPACE)
    low_ = low(name)
    if low_ != "game" and not (letters(name) and len(name) <= 8):
        raise _Bad("unknown section [%s]: not [game], nor an animal (1 to 8 letters)" % show(name))
    if low_ in seen:
        raise _Bad("[%s] appears twice (first on line %d)" % (name, seen[low_]))
    seen[low_] = no
    if low_ == "game":
        return "game", {}, None
    if low_ not in names:
        if len(roster) >= R.MAX_ANIMALS:
            raise _Bad("at most %d animals" % R.MAX_ANIMALS)
        # a new animal: zeros mark the values it must still give
        roster.append([name, -1, -1, 0, 0, 0, 0, 0])
        names.append(low_)
        return low_, {}, (no, name)
    return low_, {}, None


def _is_game_key(key):
    if key == "map":   # [game]'s one key outside _GAME
        return True
    for k in _GAME:
        if k[0] == key:
            return True
    return False


def _typo(new, key):
    # A [game] setting in a section no animal has: the section is the
    # mistake ([gmae]), not the setting.
    if _is_game_key(key):
        raise _Bad("line %d: unknown section [%s] ('%s' belongs in [game])" % (new[0], new[1], key))


def _complete(new, keys):
    no, name = new
    if "remove" in keys:
        raise _Bad("line %d: [%s] is not an animal, nothing to remove" % (no, name))
    need = [k for k in ("terrain", "requires", "build", "attack", "health", "move", "enters") if k not in keys]
    if need:
        raise _Bad("line %d: new animal [%s] needs %s" % (no, name, ", ".join(need)))


def _game(opts, key, v):
    if key == "map":
        for m in M.names():
            if low(m) == low(v):
                opts["map"] = m
                return
        raise _Bad("unknown map '%s' (%s)" % (show(v), ", ".join(M.names())))
    for k, opt, lo, hi in _GAME:
        if k == key:
            opts[opt] = _int(key, v, lo, hi)
            return
    raise _Bad("unknown setting '%s' in [game]" % show(key))


def _animal(roster, names, sec, key, v):
    a = roster[names.index(sec)]
    if key == "terrain":
        a[R.TERRAIN] = _terrain(v)
    elif key == "enters":
        m = 0
        for t in v.replace(",", " ").replace("\t", " ").split(" "):
            if t:
                m |= 1 << _terrain(t)
        a[R.ENTERS] = m
    elif key == "remove":
        if _int(key, v, 0, -1):
            a[R.NAME] = ""   # dropped at the end
    else:
        for k, f, lo, hi in _ANIMAL:
            if k == key:
                a[f] = _int(key, v, lo, hi)
                return
        if _is_game_key(key):
            raise _Bad("'%s' belongs in [game], not in an animal's section" % key)
        raise _Bad("unknown key '%s' (terrain requires build attack health move enters remove)" % show(key))


def _whole(opts, roster, seen, gkeys):
    # Checks across the file, named by the section's line.
    if not roster[0][R.NAME]:
        raise _Bad("line %d: the %s cannot be removed: everyone starts with one"
                   % (seen[low(R.ROSTER[0][R.NAME])], R.ROSTER[0][R.NAME]))
    keep = [a for a in roster if a[R.NAME]]
    del roster[:]
    roster.extend(keep)
    letters = {}
    for a in roster:
        no = seen.get(low(a[R.NAME]), 0)
        where = ("line %d: " % no) if no else ""
        if not (a[R.ENTERS] >> a[R.TERRAIN]) & 1:
            raise _Bad("%s[%s] cannot enter its own terrain (%s)" % (where, a[R.NAME], R.TERRAINS[a[R.TERRAIN]]))
        c = a[R.NAME][0].upper()
        if c in letters:
            raise _Bad("%s[%s] and [%s] start with the same letter (the map shows it)"
                       % (where, letters[c], a[R.NAME]))
        letters[c] = a[R.NAME]
    w = opts.get("w", 16)
    h = opts.get("h", 8)
    t = opts.get("towns", 4)
    if t * 10 > w * h:
        no = gkeys.get("settlements") or gkeys.get("width") or gkeys.get("height")
        raise _Bad("line %d: %d settlements do not fit a %dx%d island (at most %d)" % (no, t, w, h, w * h // 10))
    name = opts.get("map", "random")
    first = roster[0]
    if name == "random" and first[R.ENTERS] & R.LAND != R.LAND:
        # a random island's land is any mix of the four: otherwise whether
        # a game can start would hang on the seed
        raise _Bad("line %d: on a random island the %s must enter all land (grass forest hills sand)"
                   % (seen[low(first[R.NAME])], first[R.NAME]))
    if name != "random":
        b = M.builtin(name)
        if M.measure(b[2], b[0], b[3], b[4], roster[0][R.ENTERS]) is None:
            raise _Bad("line %d: on map %s the %s cannot reach every settlement"
                       % (gkeys["map"], name, roster[0][R.NAME]))
