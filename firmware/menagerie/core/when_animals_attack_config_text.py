# When Animals Attack: config.ini's bytes as text, read alike by the board's
# MicroPython and by CPython (`menagerie check-config`), so both give one
# verdict. Where they differ, only ASCII counts and the check is ours:
# CPython's isdigit() takes Arabic-Indic and fullwidth digits, its strip()
# and split() Unicode spaces, its lower() non-ASCII letters; MicroPython's
# decode() takes overlong and surrogate UTF-8 that CPython's refuses. What a
# message quotes is cut and shows anything but printable ASCII as an escape,
# so the screen (21 columns) always has room for the rest.

MAX_BYTES = 16384   # the board reads no more (a config.ini is a few KB)
MAX_LINES = 300
SPACE = " \t\f\v"   # what strip() takes off: ASCII only, on both
QUOTE = 16          # characters a message quotes of a value


class Bad(Exception):
    pass


def lines(data):
    # -> the file's lines as bytes (a byte-order mark and any line ending
    # gone). Bad("line N: ...") for a file too long.
    if data[:3] == b"\xef\xbb\xbf":
        data = data[3:]
    if len(data) > MAX_BYTES:
        # the line where the byte past the limit falls
        head = data[:MAX_BYTES].replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        raise Bad("line %d: the file is over %d KB" % (head.count(b"\n") + 1, MAX_BYTES // 1024))
    out = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")
    if out[-1] == b"":
        out.pop()   # the last line's own ending
    if len(out) > MAX_LINES:
        raise Bad("line %d: the file is over %d lines" % (MAX_LINES + 1, MAX_LINES))
    return out


def text(b):
    # One line's bytes as str: Bad when they are not UTF-8 as the standard
    # has it (no overlong forms, surrogates or code points past U+10FFFF).
    if not b or max(b) < 0x80:
        return b.decode()   # ASCII
    i = 0
    n = len(b)
    while i < n:
        c = b[i]
        if c < 0x80:
            i += 1
            continue
        lo = 0x80
        hi = 0xBF
        if 0xC2 <= c <= 0xDF:
            k = 1
        elif 0xE0 <= c <= 0xEF:
            k = 2
            if c == 0xE0:
                lo = 0xA0
            elif c == 0xED:
                hi = 0x9F
        elif 0xF0 <= c <= 0xF4:
            k = 3
            if c == 0xF0:
                lo = 0x90
            elif c == 0xF4:
                hi = 0x8F
        else:
            k = 0
        ok = k and i + k < n and lo <= b[i + 1] <= hi
        j = i + 2
        while ok and j <= i + k:
            ok = 0x80 <= b[j] <= 0xBF
            j += 1
        if not ok:
            raise Bad("byte %d is 0x%02x, not UTF-8 text: save the file as UTF-8" % (i + 1, c))
        i += k + 1
    return b.decode()


def low(s):
    # ASCII letters to lower case, nothing else (CPython's lower() changes
    # more than MicroPython's)
    return s.encode().lower().decode()   # bytes.lower() is ASCII's on both


def digits(s):
    if not s:
        return False
    for c in s:
        if c < "0" or c > "9":
            return False
    return True


def letters(s):
    for c in s:
        if not ("a" <= c <= "z" or "A" <= c <= "Z"):
            return False
    return len(s) > 0


def show(s):
    # s for a message: at most QUOTE characters of it, each outside
    # printable ASCII as an escape (\x01, \u0667), "..." if there is more
    out = ""
    for c in s:
        o = ord(c)
        if 32 <= o < 127:
            e = c
        elif o < 256:
            e = "\\x%02x" % o
        elif o < 65536:
            e = "\\u%04x" % o
        else:
            e = "\\U%08x" % o
        if len(out) + len(e) > QUOTE:
            return out + "..."
        out += e
    return out
