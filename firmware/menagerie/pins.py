# Your own wiring from settings.toml, checked at boot against the board.
#
#   MENAGERIE_PIN_UP = "GP2"          any button the board's profile has
#   MENAGERIE_PIN_P1 = "GP6"          (UP DOWN LEFT RIGHT OK BACK P1..P6 on
#   MENAGERIE_PIN_PIEZO = "GP15"       a Pico), the piezo,
#   MENAGERIE_PIN_SDA = "GP0"          the display's I2C pins,
#   MENAGERIE_PIN_SCL = "GP1"
#   MENAGERIE_OLED_ADDRESS = 0x3D     0x3C or 0x3D
#   MENAGERIE_OLED_SIZE = "128x32"    "128x64" or "128x32"
#
# Anything not named keeps the profile's pin. One problem anywhere (a pin the
# board lacks, one used inside the board, a pin given twice, SDA/SCL that are
# no I2C pair, a malformed line) and none of it is used: the board boots on
# its profile's wiring and the boot screen says why. Loaded only when
# settings.toml has such keys, and dropped after boot (games.TRANSIENT).
# Runs on CircuitPython, MicroPython (board is the build's shim: pins are
# GPIO numbers) and CPython (host tools and the simulator pass their own
# lookup). The host's `menagerie doctor` runs the same check().

PIN = "MENAGERIE_PIN_"
ADDRESS = "MENAGERIE_OLED_ADDRESS"
SIZE = "MENAGERIE_OLED_SIZE"
ADDRESSES = (0x3C, 0x3D)
SIZES = ("128x64", "128x32")


class Wiring:
    # The profile with your pins: the same attribute names as boards/<id>.py.
    pass


def roles(profile):
    # [(role, pin)] in a fixed order: buttons, piezo, display.
    out = []
    for e in tuple(profile.NAV) + tuple(profile.PLAYERS):
        out.append((e[0], e[1]))
    out.append(("PIEZO", profile.PIEZO))
    out.append(("SDA", profile.SDA))
    out.append(("SCL", profile.SCL))
    return out


def board_lookup(name):
    # The board's pin called name, or None (CircuitPython's `board`, or the
    # MicroPython build's shim). Only pins count, not board_id or I2C().
    import board

    p = getattr(board, name, None)
    if p is None or isinstance(p, str) or callable(p):
        return None
    return p


def board_gpio(pin):
    # GPIO number of a pin: the shim's pins are numbers; CircuitPython's are
    # the objects microcontroller.pin.GPIOn.
    if isinstance(pin, int) and not isinstance(pin, bool):
        return pin
    try:
        import microcontroller

        for n in dir(microcontroller.pin):
            if n[:4] == "GPIO" and getattr(microcontroller.pin, n) is pin:
                return int(n[4:])
    except Exception:
        pass
    return None


def _pin_name(value):
    if not isinstance(value, str):
        return None
    return value.strip().upper()


def check(profile, wiring, lookup=None, gpio=None, ident=None):
    # wiring: {settings key: (line number, value or None if malformed)}.
    # Returns (changes, problems): changes {role or attribute: value},
    # problems ["line N: ..."] in line order. lookup(name) -> pin or None;
    # gpio(pin) -> number or None; ident(pin) -> what makes two pins the same
    # (default: the pin itself; the host passes its GPIO number).
    lookup = lookup or board_lookup
    gpio = gpio or board_gpio
    known = roles(profile)
    names = [r[0] for r in known]
    internal = getattr(profile, "INTERNAL_PINS", "").split()
    why = getattr(profile, "INTERNAL_WHY", "used inside the board")
    changes = {}
    where = {}
    problems = []
    order = []
    for key in wiring:
        order.append((wiring[key][0], key))
    order.sort()
    for lineno, key in order:
        value = wiring[key][1]
        at = "line %d: " % lineno
        if value is None:
            problems.append(at + "%s is unreadable" % key)
            continue
        if key == ADDRESS:
            if isinstance(value, str):
                try:
                    value = int(value.strip(), 0)
                except ValueError:
                    pass
            if isinstance(value, bool) or value not in ADDRESSES:
                problems.append(at + "OLED address must be 0x3C or 0x3D")
            else:
                changes["I2C_ADDR"] = value
            continue
        if key == SIZE:
            if isinstance(value, str):
                value = value.strip().lower()
            if value not in SIZES:
                problems.append(at + 'OLED size must be "128x64" or "128x32"')
            else:
                changes["HEIGHT"] = 32 if value == "128x32" else 64
            continue
        role = key[len(PIN):] if key[:len(PIN)] == PIN else None
        if role is None:
            problems.append(at + "unknown key %s (%s or %s?)" % (key, ADDRESS, SIZE))
            continue
        if role not in names:
            problems.append(at + "unknown key %s (this board has %s)"
                            % (key, " ".join(names)))
            continue
        name = _pin_name(value)
        if not name:
            problems.append(at + '%s wants a pin name in quotes, like "GP10"' % key)
            continue
        if name in internal:
            problems.append(at + "%s is %s, not on the header" % (name, why))
            continue
        pin = lookup(name)
        if pin is None:
            problems.append(at + "no pin %s on this board" % name)
            continue
        changes[role] = pin
        where[role] = (lineno, name)
    _duplicates(known, changes, where, ident, problems)
    _i2c_pair(profile, changes, where, gpio, problems)
    problems.sort(key=_line_of)
    return changes, problems


def _line_of(text):
    # "line 12: ..." -> 12, for sorting problems into file order.
    i = 5
    while i < len(text) and text[i].isdigit():
        i += 1
    return int(text[5:i]) if i > 5 else 0


def _duplicates(known, changes, where, ident, problems):
    final = []
    for role, pin in known:
        p = changes.get(role, pin)
        final.append((role, ident(p) if ident else p))
    for i in range(len(final)):
        for j in range(i):
            if final[i][1] == final[j][1] and (final[i][0] in where or final[j][0] in where):
                a, b = final[j][0], final[i][0]
                mine = b if b in where else a
                other = a if mine == b else b
                lineno, name = where[mine]
                note = "" if other in where else " (move %s too)" % other
                problems.append("line %d: %s is already %s's pin%s" % (lineno, name, other, note))


def _i2c_pair(profile, changes, where, gpio, problems):
    # RP2040 and RP2350 alike: GPIO n is SDA (n even) or SCL (n odd) of I2C
    # bus (n // 2) % 2; busio.I2C refuses any other pair.
    if "SDA" not in where and "SCL" not in where:
        return
    sda = gpio(changes.get("SDA", profile.SDA))
    scl = gpio(changes.get("SCL", profile.SCL))
    if sda is None or scl is None:
        return
    if sda % 2 == 0 and scl % 2 == 1 and (sda >> 1) % 2 == (scl >> 1) % 2:
        return
    lineno = where["SDA"][0] if "SDA" in where else where["SCL"][0]
    problems.append("line %d: SDA GPIO%d + SCL GPIO%d are no I2C pair (e.g. GP4 + GP5)"
                    % (lineno, sda, scl))


def wired(profile, changes):
    # A new profile object with the changes; the module itself stays as is.
    w = Wiring()
    for name in dir(profile):
        if name[:1] != "_":
            setattr(w, name, getattr(profile, name))
    w.NAV = tuple((e[0], changes.get(e[0], e[1])) for e in profile.NAV)
    w.PLAYERS = tuple((e[0], changes.get(e[0], e[1])) for e in profile.PLAYERS)
    w.PIEZO = changes.get("PIEZO", profile.PIEZO)
    w.SDA = changes.get("SDA", profile.SDA)
    w.SCL = changes.get("SCL", profile.SCL)
    w.I2C_ADDR = changes.get("I2C_ADDR", profile.I2C_ADDR)
    w.HEIGHT = changes.get("HEIGHT", profile.HEIGHT)
    size = "%dx%d" % (profile.WIDTH, profile.HEIGHT)
    w.NAME = profile.NAME.replace(size, "%dx%d" % (profile.WIDTH, w.HEIGHT)) + " (own wiring)"
    w.OWN_WIRING = True
    return w


def boot_note(problems):
    # What the boot screen shows (first, before other notes): that the
    # board's own pins are in use, then the first problem; 4 lines at 128x64.
    text = "Own wiring ignored:\n" + problems[0]
    if len(problems) > 1:
        text += "\n+%d more: run doctor" % (len(problems) - 1)
    return text


def apply(profile, wiring, warnings, lookup=None, gpio=None, ident=None):
    # -> the profile to build the hardware from. Never raises: a bug in here
    # must not stop the boot either.
    try:
        changes, problems = check(profile, wiring, lookup, gpio, ident)
    except Exception as e:
        changes, problems = {}, ["line 0: wiring check failed: %s" % e]
    if problems:
        for p in problems:
            print("settings.toml", p)
        warnings.insert(0, boot_note(problems))
        return profile
    print("settings.toml: own wiring in use")
    return wired(profile, changes)
