"""Nothing the project runs on a developer's or CI's machine may lean on a
fixed path outside the checkout: a test that writes into /tmp/somefolder
passes only where that folder was left behind (issue 21). Tests, benches,
the simulator, the host tools and the browser page are read for absolute
paths in their text; each path a tool legitimately names (the browser the
Makefile installs, the OS's mount table a host tool reads to find the
board) is listed below with its reason."""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDERS = ("tests", "bench", "sim", "host_tools", "web")   # .ci/run makes /tmp private: it must name it
FILES = ("Makefile",)
SUFFIXES = (".py", ".mjs", ".js", ".html", ".txt", ".toml", ".ini", ".sh", "")
SKIP_DIRS = {"node_modules", "__pycache__", "golden"}

# An absolute path in code: a quote, a space or `=` before it, then a root
# folder that belongs to a machine rather than to the checkout.
ABSOLUTE = re.compile(r"""(?:^|['"\s=(,])(/(?:tmp|var|home|root|Users|usr|opt|etc|mnt|media|srv|run|dev|proc|sys|Volumes)\b[^\s'"),]*)""")
HOME = re.compile(r"""expanduser\(|Path\.home\(|environ\[["']HOME|getenv\(["']HOME|['"]~/""")

ALLOWED = (
    "/usr/bin/chromium",            # Debian's browser, installed by `make test` (Makefile: chromium)
    "/usr/bin/chromedriver",
    "/usr/share/fonts/X11/misc",    # gen_font's source fonts (xfonts-base, installed by `make test`)
    "/proc/mounts",                 # host tools find the board's drive among the mounts
    "/media", "/run/media", "/Volumes",
    "/dev/",                        # serial and block device names, as strings in messages and fakes
)


def _files():
    for folder in FOLDERS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, folder)):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for name in filenames:
                if os.path.splitext(name)[1] in SUFFIXES and name != "package-lock.json":
                    yield os.path.join(dirpath, name)
    for name in FILES:
        yield os.path.join(ROOT, name)


def _offences(path):
    rel = os.path.relpath(path, ROOT)
    if rel == os.path.join("tests", "test_no_fixed_paths.py"):
        return []
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except UnicodeDecodeError:
        return []
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        for m in ABSOLUTE.finditer(line):
            p = m.group(1)
            if not any(p == a or p.startswith(a.rstrip("/") + "/") or (a.endswith("/") and p.startswith(a))
                       for a in ALLOWED):
                out.append("%s:%d: %s" % (rel, n, p))
        if HOME.search(line):
            out.append("%s:%d: the user's home folder" % (rel, n))
    return out


def test_the_checker_sees_what_it_must():
    seen = []
    for line in ("png /tmp/rb/x.png", 's.png("/tmp/x.png")', "OUT = '/home/me/out'",
                 "os.path.expanduser('~/x')", "p = '/var/tmp/menagerie'"):
        seen.append(bool(ABSOLUTE.search(line) or HOME.search(line)))
    assert seen == [True] * 5
    assert not ABSOLUTE.search("png sheet.png") and not ABSOLUTE.search("a/tmp/b")


def test_no_fixed_machine_paths_in_tests_benches_and_tools():
    offences = []
    for path in _files():
        offences += _offences(path)
    assert not offences, ("fixed paths outside the checkout (use pytest's tmp_path, "
                          "tempfile, or a path under the checkout):\n  " + "\n  ".join(offences))
