# Is the CIRCUITPY drive whole? What a computer can tell through the files
# it mounts (host_tools/drivefs.py), for `menagerie deploy` (which writes
# nothing to a damaged drive) and `menagerie doctor` (which names the fix).
#
# A cable pulled while a computer writes the drive, or a power cut while
# CircuitPython writes it, can leave (docs/persistence.md, "A yanked
# cable"; every state the drive model's cuts produce, tests/deploy_cases.py):
# - a FAT half rewritten: the erased part reads as clusters in use, so the
#   drive reports little or no free space that no file accounts for (a
#   "full" drive), and files whose clusters ran through it end early;
# - a folder's block erased or half written: names that are not names,
#   entries pointing outside the drive, files that cannot be read;
# - files whose blocks shared a 4 KB flash sector with the ones being written
#   (firmware files: `menagerie deploy` copies them again);
# - no filesystem at all: CircuitPython formats the drive afresh at its next
#   power-up (everything on it is gone; deploy puts it back, the saved games
#   from the computer's copies, host_tools/backups.py).
# The first two are repaired by erasing the filesystem from the board's own
# REPL (storage.erase_filesystem()) and deploying again: FAT damage must not
# be written over (a new file could be given clusters another file holds).

REPAIR = ("repair it: open the board's serial console (REPL), press Ctrl-C, then type "
          "`import storage; storage.erase_filesystem()` and Enter (the board erases its drive "
          "and restarts); then run `menagerie deploy` again: it copies everything back and puts "
          "back your saved games and settings from the copies on this computer")
# Space no file accounts for, beyond which the FAT is taken as damaged (a
# lost cluster or two from an interrupted copy is harmless; a half-written
# FAT loses hundreds).
LOST_LIMIT = 64 * 1024


class Health:
    def __init__(self):
        self.damage = []     # one line each: needs the repair above
        self.notes = []      # one line each: harmless, said

    @property
    def ok(self):
        return not self.damage

    def line(self):
        # The one line a deploy or doctor prints for a damaged drive.
        return "the drive is damaged (%s): %s" % ("; ".join(self.damage[:2]) + (
            " and %d more" % (len(self.damage) - 2) if len(self.damage) > 2 else ""), REPAIR)


def _bad_name(name):
    return (not name or name in (".", "..") or any(ord(ch) < 32 or ch in "\ufffd\x7f" for ch in name)
            or any(0xD800 <= ord(ch) <= 0xDFFF for ch in name))


def check(fs):
    # Health of the drive fs shows. Reads only.
    h = Health()
    try:
        st = fs.statvfs("/")
    except OSError as e:
        h.damage.append("it reports no size (%s)" % e)
        return h
    csize = st[1] or st[0]
    total, free = st[2] * csize, st[3] * csize
    used = 0
    todo = [""]
    seen = 0
    while todo:
        top = todo.pop()
        try:
            names = fs.listdir(top)
        except OSError as e:
            h.damage.append("folder /%s cannot be read (%s)" % (top, _why(e)))
            continue
        for name in names:
            p = (top + "/" + name) if top else name
            if _bad_name(name):
                h.damage.append("folder /%s holds an entry that is not a name" % top)
                break
            seen += 1
            if seen > 10000:
                h.damage.append("its folders loop")
                return h
            if fs.isdir(p):
                used += csize
                todo.append(p)
                continue
            try:
                size = fs.getsize(p)
                if size > total:
                    raise OSError("larger than the drive")
                data = fs.read(p)
                if len(data) != size:
                    raise OSError("%d of its %d bytes read" % (len(data), size))
            except OSError as e:
                h.damage.append("%s cannot be read (%s)" % (p, _why(e)))
                continue
            used += -(-size // csize) * csize
    # Only a drive of CIRCUITPY's size (at most 16 MB) is accounted for; a
    # folder on a computer's own disk (a test, `deploy --to DIR`) is not.
    lost = total - free - used if total <= 16 * 1024 * 1024 else 0
    if lost > LOST_LIMIT:
        # The cause first: the files it cuts short follow from it.
        h.damage.insert(0, "%s of its %s in use that no file holds, %s free: its FAT is damaged"
                        % (_kib(lost), _kib(total), _kib(free)))
    elif lost > 4 * csize:
        h.notes.append("%s in use that no file holds (left by an interrupted copy; harmless)"
                       % _kib(lost))
    return h


def _why(e):
    return getattr(e, "strerror", None) or str(e) or type(e).__name__


def _kib(n):
    return "%d KiB" % (n // 1024)
