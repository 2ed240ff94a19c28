# `menagerie pull`: copy the current save and the finished-games history off
# a board and decode them with the firmware's own store reader.
#
# The store keeps raw byte regions. The ones that are files on the drive are
# named by `menagerie.store.FILES` (drive paths, in region order); a region
# in microcontroller.nvm is not visible over USB and cannot be pulled here.
import datetime
import json
import os
import shutil
import subprocess
import sys

from host_tools import bootout
from host_tools.paths import ensure_firmware_importable

HELP = "copy the saved game and the history of finished games off a board"


def add_arguments(p):
    p.add_argument("--from", dest="source", metavar="DRIVE",
                   help="the CIRCUITPY drive (default: find it by its boot_out.txt)")
    p.add_argument("--mpremote", nargs="?", const="auto", metavar="PORT",
                   help="read a MicroPython board over USB serial with mpremote instead")
    p.add_argument("--out", default="menagerie-pull", metavar="DIR",
                   help="folder for history.json, save.json and raw copies (default: %(default)s)")


def store_files():
    ensure_firmware_importable()
    import menagerie.store as store
    return list(getattr(store, "FILES", ()) or ())


def _copy_drive(drive, names, raw):
    got = []
    for name in names:
        src = os.path.join(drive, name)
        if os.path.exists(src):
            dst = os.path.join(raw, name.replace("/", "_"))
            shutil.copyfile(src, dst)
            got.append(dst)
        else:
            got.append(None)
    return got


def _copy_mpremote(port, names, raw, run=subprocess.run):
    got = []
    for name in names:
        dst = os.path.join(raw, name.replace("/", "_"))
        r = run([sys.executable, "-m", "mpremote", "connect", port, "cp", ":" + name, dst],
                capture_output=True, text=True)
        got.append(dst if r.returncode == 0 and os.path.exists(dst) else None)
    return got


def decode(blobs):
    # (record, message, history) from region bytes, via the firmware's store.
    ensure_firmware_importable()
    from menagerie.store import Store
    st = Store([bytearray(b) for b in blobs])
    record, message = st.load()
    return record, message, st.history()


def pull(out, source=None, mpremote=None, run=subprocess.run):
    names = store_files()
    if not names:
        raise SystemExit("the firmware's store names no files on the drive (menagerie.store.FILES); "
                         "its saves live in nvm, which a computer cannot read over USB")
    raw = os.path.join(out, "raw")
    os.makedirs(raw, exist_ok=True)
    if mpremote:
        paths = _copy_mpremote(mpremote, names, raw, run)
        where = "mpremote:" + mpremote
    else:
        paths = _copy_drive(source, names, raw)
        where = source
    missing = [n for n, p in zip(names, paths) if p is None]
    blobs = []
    for p in paths:
        with open(p, "rb") if p else _Empty() as f:
            blobs.append(f.read())
    record, message, history = decode(blobs)
    meta = {"source": where, "files": names, "missing": missing, "message": message,
            "pulled_at": datetime.datetime.now().isoformat(timespec="seconds")}
    _dump(os.path.join(out, "history.json"), history)
    _dump(os.path.join(out, "save.json"), record)
    _dump(os.path.join(out, "pull.json"), meta)
    return record, history, meta


class _Empty:
    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False

    def read(self):
        return b""


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
    record, history, meta = pull(args.out, source, args.mpremote)
    for name in meta["missing"]:
        print("not on the board: %s" % name, file=sys.stderr)
    if meta["message"]:
        print("store says: %s" % meta["message"].replace("\n", " "))
    print("pulled %d finished game(s)%s into %s" % (
        len(history), " and a game in progress" if record and record.get("game") else "", args.out))
    return 0
