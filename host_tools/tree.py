# Helpers shared by build, deploy and doctor: walking a CIRCUITPY tree, its
# manifest, sizes on a FAT drive.
import hashlib
import json
import os

MANIFEST = ".menagerie-manifest.json"
CLUSTER = 512   # FAT cluster size of a small CircuitPython drive
# Entry points: CircuitPython runs code.py, MicroPython main.py. They are
# copied last so a half-copied tree never starts.
ENTRY_POINTS = ("code.py", "main.py")
# Files the user or the firmware owns once they exist on the drive: copied
# when missing, never overwritten or deleted by a deploy.
USER_DATA = ("settings.toml",)
_SKIP_DIRS = {"__pycache__", ".git", ".fseventsd", ".Trashes", "System Volume Information"}


def walk(root):
    # Sorted tree-relative paths ("/"-separated) of every file under root.
    out = []
    for dirpath, dirnames, files in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in _SKIP_DIRS and not d.startswith("."))
        for f in files:
            if f.endswith(".pyc") or (f.startswith(".") and f != MANIFEST):
                continue
            rel = os.path.relpath(os.path.join(dirpath, f), root)
            out.append(rel.replace(os.sep, "/"))
    return sorted(out)


DIGEST = 16   # hex digits of a file's sha256 the manifest keeps


def same_digest(path, kept):
    # A manifest's digest (16 hex digits, or the full 64 of older builds).
    return bool(kept) and digest(path)[:len(kept)] == kept


def digest(path):
    with open(path, "rb") as f:
        return digest_bytes(f.read())


def digest_bytes(data):
    return hashlib.sha256(data).hexdigest()


def on_disk(size):
    return max(1, -(-size // CLUSTER)) * CLUSTER


def sizes(root, files):
    raw = sum(os.path.getsize(os.path.join(root, f)) for f in files)
    dirs = {os.path.dirname(f) for f in files} - {""}
    disk = sum(on_disk(os.path.getsize(os.path.join(root, f))) for f in files) + CLUSTER * len(dirs)
    return raw, disk


def read_manifest(root):
    # root: a folder, or a drivefs object (host_tools/drivefs.py). None when
    # there is none or it is not a manifest.
    try:
        if isinstance(root, str):
            with open(os.path.join(root, MANIFEST), "rb") as f:
                raw = f.read()
        else:
            raw = root.read(MANIFEST)
        data = json.loads(raw.decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def write_manifest(root, board_id, target, user_data, extra=None):
    files = {}
    for rel in walk(root):
        if rel != MANIFEST:
            # 64 bits of the sha256 are plenty to see a changed file
            # (doctor), and the manifest sits on the drive (DIGEST).
            files[rel] = {"size": os.path.getsize(os.path.join(root, rel)),
                          "sha256": digest(os.path.join(root, rel))[:DIGEST]}
    data = {"board": board_id, "target": target, "files": files,
            "user_data": sorted(user_data)}
    data.update(extra or {})
    with open(os.path.join(root, MANIFEST), "w", encoding="utf-8") as f:
        # Compact: on the Pico W's drive every 512-byte cluster counts (the
        # save files take what the tree leaves, docs/persistence.md).
        json.dump(data, f, sort_keys=True, separators=(",", ":"))
        f.write("\n")
    return data


def kib(n):
    return "%.1f KiB" % (n / 1024.0)
