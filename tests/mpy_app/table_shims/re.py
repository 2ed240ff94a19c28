# CircuitPython's re as adafruit_httpserver's routes use it (match.groups),
# over the unix port's re, built without match groups(): the harness only.
import ure as _re


class _Match:
    def __init__(self, m, n):
        self.m = m
        self.n = n

    def group(self, i=0):
        return self.m.group(i)

    def groups(self):
        return tuple(self.m.group(i) for i in range(1, self.n + 1))


class _Pattern:
    def __init__(self, pattern):
        self.p = _re.compile(pattern)
        self.n = pattern.count("(") - pattern.count("\\(")

    def match(self, s):
        m = self.p.match(s)
        return None if m is None else _Match(m, self.n)

    def split(self, s):
        return self.p.split(s)


def compile(pattern, *a):
    return _Pattern(pattern)


def sub(*a, **kw):
    return _re.sub(*a, **kw)


def search(pattern, s):
    return _re.search(pattern, s)


def match(pattern, s):
    return compile(pattern).match(s)
