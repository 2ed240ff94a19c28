# `menagerie pull`: copy the current save and the finished-games history off
# a board and decode them with the firmware's own store reader.
#
# Where the bytes are comes from the firmware's menagerie/store/layout.py
# (the board reads the same names):
# - CircuitPython: the store's regions are microcontroller.nvm (not visible
#   over USB) and one window in each of two save files on the CIRCUITPY
#   drive (layout.WINDOWS: path, offset, size), plus, read only, the old
#   layout's single file if the drive still has it (layout.LEGACY_WINDOWS).
#   The store keeps the complete history in the newest base on those
#   windows; the very latest moves of a game in progress may be only in nvm.
# - MicroPython (--mpremote): every region is a whole file on the board's
#   filesystem (layout.MPY_FILES), copied with `mpremote cp :FILE DEST`.
import datetime
import json
import os
import shlex
import subprocess
import sys

from host_tools import bootout
from host_tools.paths import ensure_firmware_importable

HELP = "copy the saved game and the history of finished games off a board"
FRESHNESS = ("the save file holds the game as of the last whole copy the board wrote to it "
             "(when a game was filed, or when nvm filled up); the latest moves may be only in nvm")


def add_arguments(p):
    p.add_argument("--from", dest="source", metavar="DRIVE",
                   help="the CIRCUITPY drive (default: find it by its boot_out.txt)")
    p.add_argument("--mpremote", nargs="?", const="auto", metavar="PORT",
                   help="read a MicroPython board over USB serial with mpremote instead")
    p.add_argument("--out", default="menagerie-pull", metavar="DIR",
                   help="folder for history.json, save.json and raw copies (default: %(default)s)")


def _layout():
    ensure_firmware_importable()
    from menagerie.store import layout
    return layout


def store_files():
    # The store's files on a CIRCUITPY drive (drive paths).
    return list(getattr(_layout(), "FILES", ()) or ())


def window_files(lay):
    # The files holding windows, in order, each once.
    names = []
    for name, _, _ in lay.WINDOWS:
        if name not in names:
            names.append(name)
    return names


class Region(bytearray):
    # Region bytes for the store's reader; `appendable` as on the board (the
    # store reads a file window's stale tail as leftovers, not damage).
    def __init__(self, data, appendable):
        bytearray.__init__(self, data)
        self.appendable = appendable


def _raw_name(name):
    return name.strip("/").replace("/", "_")


def drive_regions(drive, raw, short=None):
    # -> (regions, files copied, files missing) from a mounted drive; short
    # (a list) gets "NAME is truncated: N of M bytes" for a file shorter
    # than the store makes it (its bytes are still read: the store's CRCs
    # keep whatever entries are whole), or a folder where the file should be.
    lay = _layout()
    got, missing, data = [], [], {}
    legacy = getattr(lay, "LEGACY_WINDOWS", ())
    old = [n for n, _, _ in legacy[:1]]
    for name in window_files(lay) + old:
        src = os.path.join(drive, name)
        if os.path.isdir(src) and short is not None:
            short.append("%s is a folder, not the save file" % name)
        if not os.path.isfile(src):
            if name not in old:
                missing.append(name)
            continue
        with open(src, "rb") as f:
            data[name] = f.read()
        with open(os.path.join(raw, _raw_name(name)), "wb") as f:
            f.write(data[name])
        got.append(name)
    regions = []
    want = {}
    for name, offset, size in tuple(lay.WINDOWS) + tuple(legacy):
        if name in old and name not in data:
            continue
        n = len(data.get(name, b"")) - 2 * getattr(lay, "GUARD", 0)
        if name not in old and n in getattr(lay, "SIZES", ()):
            size = n   # the window deploy made for this drive: the file's size says it
        elif name not in old:
            want[name] = max(want.get(name, 0), offset + size)
        blob = data.get(name, b"")[offset:offset + size]
        if len(blob) != size:
            # Past the end of a short file: erased flash, as the store reads it.
            blob = blob + b"\xff" * (size - len(blob))
        regions.append(Region(blob, False))
    full = getattr(lay, "SAVE_FILE_SIZE", 0)   # what deploy makes (48 KB windows)
    present = [n for n in window_files(lay) if n in data]
    if short is not None and present:
        # Deploy makes both files, of one size: a lone one, or a smaller
        # one, cannot be told from a file cut short at a window's size.
        biggest = max(len(data[n]) for n in present)
        for name in window_files(lay):
            if name not in data:
                short.append("%s is missing beside %s (deploy makes both)" % (name, present[0]))
            elif len(data[name]) < biggest and name not in want:
                short.append("%s is truncated: %d of %d bytes" % (name, len(data[name]), biggest))
    for name in sorted(want):
        want[name] = max(want[name], full)
        if name in data and len(data[name]) < want[name] and short is not None:
            short.append("%s is truncated: %d of %d bytes" % (name, len(data[name]), want[name]))
    return regions, got, missing


def mpremote_command():
    # MENAGERIE_MPREMOTE names another mpremote (a path, or a command line).
    env = os.environ.get("MENAGERIE_MPREMOTE")
    return shlex.split(env) if env else [sys.executable, "-m", "mpremote"]


def mpremote_regions(port, raw, run=None):
    # -> (regions, files copied, files missing) from a MicroPython board.
    lay = _layout()
    run = run or subprocess.run
    got, missing, regions = [], [], []
    for name in lay.MPY_FILES:
        dst = os.path.join(raw, _raw_name(name))
        cmd = mpremote_command()
        if port and port != "auto":
            cmd += ["connect", port]
        r = run(cmd + ["cp", ":" + name, dst], capture_output=True, text=True)
        if r.returncode == 0 and os.path.exists(dst):
            with open(dst, "rb") as f:
                regions.append(Region(f.read(), True))
            got.append(name)
        else:
            missing.append(name)
            regions.append(Region(b"", True))
    return regions, got, missing


def decode(regions, counts=None):
    # (record, message, history) from region bytes, via the firmware's store;
    # counts (a dict) gets "history_dropped": finished games the board had to
    # drop (its history full), counted in every base it wrote.
    # counts["unreadable"]: finished games whose JSON, under a good CRC,
    # nests too deeply to read (a crafted or foreign file): left out, said.
    ensure_firmware_importable()
    from menagerie.store import Store
    st = Store(regions)
    try:
        record, message = st.load()
    except RecursionError:
        raise PullError("the save file holds a save nested too deeply to read "
                        "(damaged, or not a Menagerie save)")
    if counts is not None:
        counts["history_dropped"] = st.hist_dropped
    history, bad = [], 0
    for i in range(st.history_count()):
        try:
            history.append(st.history_entry(i))
        except RecursionError:
            bad += 1
    if counts is not None:
        counts["unreadable"] = bad
    return record, message, history


def pull(out, source=None, mpremote=None, run=None):
    lay = _layout()
    if not mpremote and not getattr(lay, "WINDOWS", ()):
        raise SystemExit("the firmware's store names no files on the drive (menagerie/store/layout.py); "
                         "its saves live in nvm, which a computer cannot read over USB")
    if not mpremote and not os.path.isdir(source):
        raise PullError("%s is not a folder (give the CIRCUITPY drive with --from)" % source)
    raw = os.path.join(out, "raw")
    try:
        os.makedirs(raw, exist_ok=True)
    except OSError as e:
        raise PullError("cannot write into %s: %s" % (out, e.strerror or e))
    short = []
    if mpremote:
        regions, got, missing = mpremote_regions(mpremote, raw, run)
        where, kind = "mpremote:" + mpremote, "micropython"
    else:
        regions, got, missing = drive_regions(source, raw, short)
        where, kind = source, "circuitpython"
    written = any(_written(r) for r in regions)   # before decode: the store erases damage
    counts = {}
    record, message, history = decode(regions, counts)
    unreadable = None
    if record is None and not history and written:
        unreadable = "the save file holds data but no readable save (damaged, or not a Menagerie save)"
    if counts.get("unreadable"):
        unreadable = ("%d finished game(s) on the board are nested too deeply to read and were "
                      "left out" % counts["unreadable"])
    # problems: what makes this pull incomplete (main() exits 1 for them).
    meta = {"source": where, "layout": kind, "files": got, "missing": missing, "message": message,
            "problems": short + ([unreadable] if unreadable else []),
            "pulled_at": datetime.datetime.now().isoformat(timespec="seconds"),
            "history_dropped": counts["history_dropped"]}
    if kind == "circuitpython":
        meta["save_freshness"] = FRESHNESS
    _dump(os.path.join(out, "history.json"), history)
    _dump(os.path.join(out, "save.json"), record)
    _dump(os.path.join(out, "pull.json"), meta)
    return record, history, meta


def dropped_note(n):
    return ("%d older finished game(s) were dropped on the board when its history was full: "
            "they are in no pull after that" % n)


class PullError(Exception):
    # Said in one line by main(); nothing was decoded.
    pass


def _written(region):
    # Not erased flash: something was written here.
    return any(b != 0xFF for b in bytes(region))


def _dump(path, obj):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, indent=1, sort_keys=True)
        f.write("\n")


def main(args):
    source = args.source
    if not args.mpremote and source is None:
        drives = bootout.find_drives()
        if not drives:
            print("no CIRCUITPY drive found: plug the board in, or use --from / --mpremote", file=sys.stderr)
            return 1
        source = drives[0]
    try:
        record, history, meta = pull(args.out, source, args.mpremote)
    except (PullError, OSError) as e:
        print("cannot pull: %s" % e, file=sys.stderr)
        return 1
    for name in meta["missing"]:
        print("not on the board: %s" % name, file=sys.stderr)
    if meta["message"]:
        print("store says: %s" % meta["message"].replace("\n", " "))
    playing = isinstance(record, dict) and record.get("game")
    print("pulled %d finished game(s)%s into %s" % (
        len(history), " and a game in progress" if playing else "", args.out))
    if playing and meta["layout"] == "circuitpython":
        print("note: " + FRESHNESS)
    if meta["history_dropped"]:
        print("note: " + dropped_note(meta["history_dropped"]))
    if not args.mpremote:
        # The copies `menagerie deploy` keeps of this board's saves (taken
        # before each deploy wrote anything): where to look after a mishap.
        from host_tools import backups
        for line in backups.listing(bootout.read(source)):
            print("note: " + line)
    for problem in meta["problems"]:
        # Said last, on stderr, and the exit status says it too: a pull
        # that may have lost games must not look like a complete one.
        print("error: %s: games may be missing" % problem, file=sys.stderr)
    return 1 if meta["problems"] else 0
