# Copies of a board's saved games on the computer, taken by `menagerie
# deploy` before it writes anything to the drive (docs/persistence.md, "A
# yanked cable"): the save files (save_a/game.sav, save_b/game.sav, the old
# saves/menagerie.sav), the person's own files a deploy never overwrites
# (settings.toml, When Animals Attack's config.ini) and boot_out.txt.
#
# Where: MENAGERIE_BACKUPS if set, else menagerie-backups/ in the folder the
# command runs from (beside `menagerie pull`'s menagerie-pull/); one folder
# per board (its board id and the chip's UID from boot_out.txt, so two Picos
# never mix), one folder per copy inside it (date and time), the newest
# KEEP kept. A copy identical to the newest is not taken again.
#
# A deploy that makes the save files on a drive that has none (a drive
# CircuitPython formatted afresh after an unplug, or one erased with
# storage.erase_filesystem()) puts back the newest whole copy of each save
# file and the person's files from here (host_tools/deploy_flow.py).
import datetime
import json
import os

from host_tools.paths import ensure_firmware_importable

ensure_firmware_importable()
from menagerie.store import layout  # noqa: E402

ENV = "MENAGERIE_BACKUPS"
DEFAULT = "menagerie-backups"
KEEP = 10
SAVES = tuple("%s/%s" % (d, layout.SAVE_NAME) for d in layout.SAVE_DIRS)
OLD = (layout.LEGACY_FILE,)
META = "backup.json"


def root():
    return os.environ.get(ENV) or os.path.abspath(DEFAULT)


def board_key(boot):
    # The folder name for one board: "raspberry_pi_pico-E66038B7133A4C2F".
    if boot is None or not boot.board_id:
        return None
    name = "".join(ch for ch in boot.board_id if ch.isalnum() or ch in "_-")
    return name + ("-" + boot.uid if boot.uid else "")


def user_files():
    # The person's own files (settings.toml, ...), not the store's.
    from host_tools.build import user_data_files
    return tuple(f for f in user_data_files() if f not in layout.FILES)


def whole_window(data):
    # The window of a save file's bytes when the file is one deploy makes
    # (tag, a size of layout.SIZES) and something was saved in it; else None.
    if data is None:
        return None
    n = len(data) - 2 * layout.GUARD
    if n not in layout.SIZES or data[:len(layout.TAG)] != layout.TAG:
        return None
    w = data[layout.GUARD:layout.GUARD + n]
    return w if w.strip(b"\xff") else None


def _read(fs, rel):
    try:
        return fs.read(rel) if fs.isfile(rel) else None
    except OSError:
        return None


def _copies(key, where=None):
    # This board's copies, newest first: [(folder, meta)].
    base = os.path.join(where or root(), key)
    out = []
    try:
        names = sorted(os.listdir(base), reverse=True)
    except OSError:
        return []
    for name in names:
        folder = os.path.join(base, name)
        try:
            with open(os.path.join(folder, META), encoding="utf-8") as f:
                meta = json.load(f)
        except (OSError, ValueError, RecursionError):
            continue
        if isinstance(meta, dict) and isinstance(meta.get("files"), dict):
            out.append((folder, meta))
    return out


def take(fs, boot, where=None, now=None):
    # Copies this board's saved games and own files off the drive, before
    # a deploy writes anything. -> (folder or None, one line to print or None).
    key = board_key(boot)
    if key is None:
        return None, None
    files = {}
    for rel in SAVES + OLD + user_files():
        data = _read(fs, rel)
        if data is not None:
            files[rel] = data
    has_game = any(whole_window(files.get(rel)) for rel in SAVES) or OLD[0] in files
    has_own = any(files.get(rel, b"").strip() for rel in user_files())
    if not (has_game or has_own):
        return None, None
    boot_text = _read(fs, "boot_out.txt")
    if boot_text is not None:
        files["boot_out.txt"] = boot_text
    digest = {rel: _digest(data) for rel, data in files.items()}
    old = _copies(key, where)
    if old and old[0][1]["files"] == digest:
        return old[0][0], "your saved games are already copied in %s" % old[0][0]
    now = now or datetime.datetime.now()
    base = os.path.join(where or root(), key)
    folder = os.path.join(base, now.strftime("%Y%m%d-%H%M%S"))
    n = 1
    while os.path.exists(folder):
        n += 1
        folder = os.path.join(base, now.strftime("%Y%m%d-%H%M%S") + "-%d" % n)
    for rel, data in files.items():
        path = os.path.join(folder, *rel.split("/"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    meta = {"board": boot.board_id, "uid": boot.uid, "taken": now.isoformat(timespec="seconds"),
            "files": digest, "game": bool(has_game)}
    with open(os.path.join(folder, META), "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=1, sort_keys=True)
    for stale, _ in _copies(key, where)[KEEP:]:
        _remove_tree(stale)
    what = "your saved games and settings" if has_game else "your settings"
    return folder, "copied %s to %s before writing anything" % (what, folder)


def _digest(data):
    import hashlib
    return hashlib.sha256(data).hexdigest()[:16]


def _remove_tree(folder):
    import shutil
    shutil.rmtree(folder, ignore_errors=True)


def window(boot, rel, where=None):
    # The newest copy's window of save file rel that holds a game: (bytes,
    # folder) or (None, None).
    key = board_key(boot)
    for folder, meta in (_copies(key, where) if key else []):
        if rel not in meta["files"]:
            continue
        data = _file(folder, rel)
        w = whole_window(data)
        if w is not None:
            return w, folder
    return None, None


def own_file(boot, rel, where=None):
    # The newest copy of one of the person's files that is text and not empty.
    key = board_key(boot)
    for folder, meta in (_copies(key, where) if key else []):
        data = _file(folder, rel) if rel in meta["files"] else None
        if data and data.strip() and is_text(data):
            return data
    return None


def is_text(data):
    # The person's files are text: a cut that erased or half wrote their
    # flash sector leaves 0xFF bytes or bits flipped out of UTF-8.
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return "\x00" not in text


def mend_own(fs, boot, where=None):
    # The person's files a cut damaged (not text any more), put back from
    # the newest good copy. -> lines to print.
    out = []
    for rel in user_files():
        have = _read(fs, rel)
        if have is None or is_text(have):
            continue
        data = own_file(boot, rel, where)
        if data is None:
            out.append("WARNING: %s is damaged (not text) and no copy of it is kept here: "
                       "write it again" % rel)
            continue
        fs.write(rel, data)
        out.append("%s was damaged (a cut while the drive was written): put back from the copy "
                   "kept on this computer" % rel)
    return out


def _file(folder, rel):
    try:
        with open(os.path.join(folder, *rel.split("/")), "rb") as f:
            return f.read()
    except OSError:
        return None


def listing(boot=None, where=None):
    # Lines naming the copies kept: this board's (boot given), else every
    # board's under the folder.
    base = where or root()
    keys = [board_key(boot)] if boot is not None else []
    if boot is None:
        try:
            keys = sorted(os.listdir(base))
        except OSError:
            keys = []
    out = []
    for key in keys:
        if not key:
            continue
        copies = _copies(key, base)
        if copies:
            folder, meta = copies[0]
            out.append("%d cop%s of %s's saves in %s, the newest %s (%s)" % (
                len(copies), "y" if len(copies) == 1 else "ies", key, os.path.join(base, key),
                meta.get("taken", "?"), os.path.basename(folder)))
    return out


def restore_saves(fs, boot, where=None):
    # After the save files were made afresh on a drive that had none: the
    # newest copy of each one's window, and the person's files where the
    # drive has none or an empty one. -> the folders used (empty: nothing).
    from host_tools import savefiles
    used = []
    for rel in SAVES:
        data, folder = window(boot, rel, where)
        if data is None:
            continue
        room = savefiles.windows(fs)[SAVES.index(rel)]
        body = data.rstrip(b"\xff")
        if room and len(body) <= room:
            savefiles._put_window(fs, rel, body)
            if folder not in used:
                used.append(folder)
    for rel in user_files():
        have = _read(fs, rel)
        if have is None or not have.strip():
            data = own_file(boot, rel, where)
            if data is not None:
                d = os.path.dirname(rel)
                if d:
                    fs.makedirs(d)
                fs.write(rel, data)
    return used

