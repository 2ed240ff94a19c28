# `menagerie doctor`: look at a mounted board or a built tree and say what
# is wrong in plain words. Every check adds findings; nothing stops early.
import os
import shutil
import sys

from host_tools import bootout, build, check_config, cpy_mpy, libs, profiles, tree
from host_tools.boardinfo import info
from host_tools.paths import ensure_firmware_importable

LOW_SPACE = 16 * 1024   # room for history files and a settings edit
# A CIRCUITPY drive: the save files are made once by deploy, so what must be
# left is room for a settings edit (store/drivemake.py leaves ROOM, 8 KiB).
DRIVE_LOW = 8 * 1024


class Report:
    def __init__(self):
        self.problems = []
        self.notes = []

    def problem(self, text):
        self.problems.append(text)

    def note(self, text):
        self.notes.append(text)


def check(path, board_id=None, console=None):
    # console: the board's serial port to listen to (None: found by the
    # UID in boot_out.txt; "none": not read).
    r = Report()
    boot = bootout.read(path)
    manifest = tree.read_manifest(path)
    if boot is not None:
        r.note("CircuitPython %s on %s" % (boot.version_text(), boot.board_id))
        for p in bootout.problems(boot, board_id):
            r.problem(p)
        board_id = board_id or boot.board_id
    if board_id is None and manifest:
        board_id = manifest.get("board")
    if board_id is None or board_id not in profiles.board_ids():
        r.problem("cannot tell which board this is for (%s); pass --board" % board_id)
        return r
    micropython = bool(manifest and manifest.get("target") == "micropython")
    entry = "main.py" if micropython else "code.py"
    if not os.path.exists(os.path.join(path, entry)):
        r.problem("%s is missing, so the board runs nothing: run `menagerie deploy --board %s`"
                  % (entry, board_id))
    if not os.path.exists(os.path.join(path, "boards", board_id + ".py")) and \
            not os.path.exists(os.path.join(path, "boards", board_id + ".mpy")):
        r.problem("the board profile boards/%s.py is missing" % board_id)
    _imports(r, path, board_id, micropython)
    _libraries(r, path, micropython)
    _mpy_headers(r, path, micropython, boot, manifest)
    _settings(r, path)
    _wiring(r, path, board_id)
    check_config.doctor(r, path)   # When Animals Attack's config.ini, if there is one
    _space(r, path, board_id, boot is not None, micropython)
    if boot is not None and not micropython:
        from host_tools import drivefs
        problems, notes = drive_findings(drivefs.FolderFS(path), board_id, r.problems)
        for p in problems:
            r.problem(p)
        for n in notes:
            r.note(n)
        if not problems and savefiles_ok(path):
            _placement(r, path)
        from host_tools import backups
        for line in backups.listing(boot):
            r.note(line)
        _console(r, boot, console)
    else:
        _drift(r, path, manifest)
    return r


def _console(r, boot, port):
    # What the running board says (host_tools/console.py): a display that
    # does not answer, a firmware stopped on an error.
    from host_tools import console
    if port == "none":
        return
    port = port or console.find_port(boot.uid)
    if port is None:
        r.note("the board's serial console was not read (no serial port with its UID %s; "
               "name it with --console PORT)" % boot.uid)
        return
    try:
        text = console.listen(port)
    except OSError as e:
        r.note("the board's serial console %s could not be read: %s" % (port, e))
        return
    problems = console.findings(text)
    for p in problems:
        r.problem(p)
    if not problems:
        r.note("the board's serial console (%s) says nothing wrong" % port)


def savefiles_ok(path):
    from host_tools import savefiles
    return savefiles.state(path) == "ok"


def drive_findings(fs, board_id, said=()):
    # What is wrong on a CIRCUITPY drive after an unplug or a cut, read
    # through a drivefs object (the drive model's tests pass theirs: every
    # damaged state a cut leaves must show here, tests/deploy_cases.py):
    # -> (problems, notes), each problem naming its fix. said: problems
    # already found (a missing module the import check named is not said
    # twice).
    from host_tools import deploy, drivehealth, savefiles
    problems, notes = [], []
    health = drivehealth.check(fs)
    if not health.ok:
        return [health.line()], notes
    notes += health.notes
    again = "run `menagerie deploy --board %s`" % board_id
    try:
        code = fs.read("code.py") if fs.isfile("code.py") else b""
    except OSError:
        code = b""
    if code.startswith(deploy.PLACEHOLDER):
        problems.append("an update was cut short (code.py is the deploy's placeholder, so the board "
                        "only says \"update in progress\"): %s again" % again)
    from host_tools import backups
    for rel in backups.user_files():
        try:
            data = fs.read(rel) if fs.isfile(rel) else None
        except OSError:
            data = b"\xff"
        if data is not None and not backups.is_text(data):
            problems.append("%s is damaged (not text: a cut while the drive was written): %s "
                            "(it puts back the copy kept on this computer)" % (rel, again))
    now = savefiles.state(fs)
    if now == "ok":
        w = savefiles.windows(fs)[0] // 1024
        notes.append("save files in order (%s, %d KB windows%s)" % (
            ", ".join(savefiles.SAVES), w,
            "" if w == 48 else ": what the drive had room for, 48 KB on a roomier one"))
    else:
        what = "missing" if now == "missing" else "damaged or cut short"
        problems.append("the save files are %s, so the board saves to its 4 KB nvm only (a long game "
                        "cannot be saved): %s (it keeps a saved game, and puts back the copies "
                        "deploy keeps on this computer)" % (what, again))
    manifest = tree.read_manifest(fs)
    files = manifest.get("files") if isinstance(manifest, dict) else None
    if not fs.exists(tree.MANIFEST):
        problems.append("no Menagerie firmware on this drive (no deploy manifest: a new board, or a "
                        "drive CircuitPython formatted afresh): %s (it puts back the saved games "
                        "it keeps copies of)" % again)
    elif not isinstance(files, dict):
        problems.append("%s, the list of what deploy copied, cannot be read (cut short or "
                        "damaged): %s (it writes it again)" % (tree.MANIFEST, again))
    if isinstance(files, dict):
        for rel, meta in sorted(files.items()):
            if rel in manifest.get("user_data", ()) or not isinstance(meta, dict):
                continue
            if not fs.isfile(rel):
                mod = rel.rsplit(".", 1)[0].replace("/", ".")
                if not any(rel in t or mod.split(".")[-1] in t for t in said):
                    problems.append("%s is missing: %s to put it back" % (rel, again))
                continue
            try:
                ok = tree.digest_bytes(fs.read(rel))[:len(str(meta.get("sha256")))] \
                    == meta.get("sha256")
            except OSError:
                ok = False
            if not ok and not any(rel in t for t in said):
                problems.append("%s is not what deploy copied (a copy cut short, or an edit): %s "
                                "to put it back" % (rel, again))
    return problems, notes


def _placement(r, path):
    # Where the computer put their clusters (host_tools/placement.py): only
    # when this computer lets a user read the drive's block device.
    from host_tools import placement
    res, why = placement.check_drive(path)
    if res is None:
        r.note("where the save files sit on the flash is not checked: %s" % why)
    elif res.problems:
        r.problem(placement.summary(res))
    else:
        r.note(placement.summary(res))


def _imports(r, path, board_id, micropython):
    for p in build.check_imports(path, board_id, micropython):
        mod = p.split(" imports ", 1)[1].split(",", 1)[0]
        if mod.split(".")[0].startswith("adafruit_"):
            r.problem("missing library %s (%s): run `menagerie deploy`" % (mod, p.split(" ", 1)[0]))
        else:
            r.problem(p)


def _libraries(r, path, micropython):
    try:
        avail = libs.available()
    except libs.LibError as e:
        r.note("cannot compare libraries: %s" % e)
        return
    for top, (dist, version, files) in sorted(avail.items()):
        for rel, src in files:
            on_board = os.path.join(path, "lib", rel)
            if os.path.exists(on_board):
                with open(on_board, "rb") as a, open(src, "rb") as b:
                    have = a.read()
                    # as the build ships it, or as an older build did (whole)
                    if have != libs.shipped(rel, src) and have != b.read():
                        r.problem("lib/%s is not the pinned %s %s (wrong version?): "
                                  "run `menagerie deploy`" % (rel, dist, version))


def _mpy_headers(r, path, micropython, boot, manifest):
    # The board's CircuitPython from boot_out.txt, else what the tree was built for.
    major = boot.version[0] if boot is not None and boot.version else None
    if major is None and manifest:
        major = manifest.get("circuitpython")
    for p in cpy_mpy.header_problems(path, micropython, major):
        r.problem(p)


def _settings(r, path):
    ensure_firmware_importable()
    from menagerie import settings as S
    p = os.path.join(path, "settings.toml")
    if not os.path.exists(p):
        r.note("no settings.toml: the defaults are used")
        return
    with open(p, encoding="utf-8", errors="replace") as f:
        text = f.read()
    warnings = []
    values = S.parse(text, warnings)
    _, more = S.validate(values)
    for w in warnings + more:
        r.problem("settings.toml: %s" % w)


def _wiring(r, path, board_id):
    # settings.toml's own pins, judged as the board will at boot
    # (menagerie/pins.py against the board's pin names).
    p = os.path.join(path, "settings.toml")
    if not os.path.exists(p):
        return
    with open(p, encoding="utf-8", errors="replace") as f:
        text = f.read()
    profile, problems, _ = profiles.own_wiring(board_id, text)
    for w in problems:
        r.problem("settings.toml %s" % w)
    if problems:
        r.problem("settings.toml: so the board ignores every MENAGERIE_PIN_* and MENAGERIE_OLED_* "
                  "line and boots on its own pins (its boot screen says so)")
    if getattr(profile, "OWN_WIRING", False):
        names = {"OLED": "OLED ", "piezo": "piezo"}
        pins = ["%s=%s" % (pin, names[part] + role if part == "OLED" else names.get(part, role))
                for pin, part, role in profiles.connections(profile)]
        r.note("own wiring from settings.toml: %s, OLED 0x%02X %dx%d (draw it: `menagerie docs "
               "--board %s --settings %s`)" % (" ".join(pins), profile.I2C_ADDR, profile.WIDTH,
                                                profile.HEIGHT, board_id, p))


def _space(r, path, board_id, is_drive, micropython=False):
    files = tree.walk(path)
    _, disk = tree.sizes(path, files)
    drive = info(board_id)["drive"]
    if is_drive:
        free = shutil.disk_usage(path).free
        r.note("%s used by files, %s free on the drive" % (tree.kib(disk), tree.kib(free)))
        if free < DRIVE_LOW:
            r.problem("no space: only %s free on the drive, a settings edit or the next "
                      "deploy may not fit; delete files you do not need" % tree.kib(free))
    elif disk > drive:
        r.problem("no space: the tree needs %s but the drive holds about %s"
                  % (tree.kib(disk), tree.kib(drive)))
    elif micropython:
        r.note("the tree needs %s of about %s on %s" % (tree.kib(disk), tree.kib(drive), board_id))
    else:
        # what `menagerie deploy` will make beside it (docs/persistence.md,
        # "Save windows sized to the drive"), as build says it
        w = build.save_window(board_id, disk)
        room = ("room for %d KB save windows beside it" % (w // 1024) if w else
                "no room for the save files beside it: the board would save to its 4 KB nvm only")
        r.note("the tree needs %s of about %s on %s, %s" % (tree.kib(disk), tree.kib(drive), board_id, room))


def _drift(r, path, manifest):
    if not manifest:
        return
    for rel, meta in sorted(manifest.get("files", {}).items()):
        if rel in manifest.get("user_data", ()):
            continue
        p = os.path.join(path, rel)
        if os.path.exists(p) and not tree.same_digest(p, meta["sha256"]):
            r.note("%s was changed since it was deployed" % rel)


def main(args):
    path = args.path
    if path is None:
        drives = bootout.find_drives()
        if not drives:
            print("no CIRCUITPY drive found: plug the board in, or name a folder", file=sys.stderr)
            return 1
        path = drives[0]
    if not os.path.isdir(path):
        print("%s is not a folder" % path, file=sys.stderr)
        return 1
    r = check(path, args.board, getattr(args, "console", None))
    print("checked %s" % path)
    for n in r.notes:
        print("  ok: %s" % n)
    for p in r.problems:
        print("  PROBLEM: %s" % p)
    if not r.problems:
        print("no problems found")
    return 1 if r.problems else 0
