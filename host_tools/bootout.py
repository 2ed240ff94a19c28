# Reading CIRCUITPY/boot_out.txt: which CircuitPython, which board.
# First line: "Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040"
# then a line "Board ID:raspberry_pi_pico". The other boards print
# "Raspberry Pi Pico W with rp2040" / Board ID:raspberry_pi_pico_w,
# "Raspberry Pi Pico 2 with rp2350a" / raspberry_pi_pico2 and
# "Raspberry Pi Pico 2 W with rp2350a" / raspberry_pi_pico2_w (boardinfo "boot").
import os
import re

SUPPORTED_MAJOR = (9, 10)
NAME = "boot_out.txt"
# What firmware/boot.py prints at every power-up, whatever the storage policy
# (tests/test_boot_out.py runs boot.py with the button held and not).
SAID = "menagerie boot: ready\n"
MARK = "boot.py output:"


class BootOut:
    def __init__(self, version, board_id, description, uid=None, text=""):
        self.version = version          # (major, minor, patch) or None
        self.board_id = board_id        # or None
        self.description = description  # the first line
        self.uid = uid                  # the chip's unique id (hex), or None
        self.text = text                # the whole file

    def version_text(self):
        return ".".join(str(n) for n in self.version) if self.version else "unknown"


def parse(text):
    lines = text.splitlines()
    first = lines[0].strip() if lines else ""
    version = None
    m = re.search(r"CircuitPython (\d+)\.(\d+)\.(\d+)", first)
    if m:
        version = tuple(int(g) for g in m.groups())
    board_id = uid = None
    for line in lines:
        if line.startswith("Board ID:"):
            board_id = line.split(":", 1)[1].strip()
        elif line.startswith("UID:") and uid is None:
            u = line[4:].strip()
            if u and all(ch in "0123456789ABCDEFabcdef" for ch in u):
                uid = u.upper()
    return BootOut(version, board_id, first, uid, text)


def read(drive):
    # drive: a folder or a drivefs object (host_tools/drivefs.py).
    if isinstance(drive, str):
        path = os.path.join(drive, NAME)
        if not os.path.exists(path):
            return None
        with open(path, "rb") as f:
            raw = f.read()
    else:
        try:
            raw = drive.read(NAME)
        except OSError:
            return None
    return parse(raw.decode("utf-8", "replace"))


def predict(text, said=SAID):
    # The boot_out.txt CircuitPython writes at the next power-up of a board
    # whose boot.py prints `said`: its own lines as the last power-up wrote
    # them (version, Board ID, UID, a Pico W's MAC; main.c run_boot_py),
    # then "boot.py output:" and boot.py's text. None when `text` is not a
    # boot_out.txt CircuitPython wrote (it is then left to the board).
    if "\x00" in text or "\ufffd" in text:
        return None
    nl = "\r\n" if "\r\n" in text else "\n"
    head = []
    for line in text.splitlines(True):
        if line.rstrip("\r\n") == MARK:
            break
        head.append(line)
    if len(head) < 2 or not head[0].startswith("Adafruit CircuitPython ") or \
            not any(h.startswith("Board ID:") for h in head) or not head[-1].endswith("\n"):
        return None
    out = "".join(head) + MARK + nl + said.replace("\n", nl)
    return out if len(out.encode("utf-8")) < 512 - 26 else None


def problems(boot, board_id=None):
    # Reasons not to put this firmware on this board, in plain words.
    out = []
    if boot.version is None:
        out.append("boot_out.txt does not name a CircuitPython version (%r)" % boot.description)
    elif boot.version[0] not in SUPPORTED_MAJOR:
        why = ("the firmware and its libraries are built and tested for 9.x and 10.x only; "
               "8.x and older load another .mpy format and lack APIs the firmware uses"
               if boot.version[0] < SUPPORTED_MAJOR[0] else
               "newer than the firmware was tested with; use --force to try anyway")
        out.append("CircuitPython %s is not supported (%s); install CircuitPython 9.x or 10.x "
                   "from circuitpython.org/board/%s" % (boot.version_text(), why,
                                                         boot.board_id or board_id or ""))
    if board_id and boot.board_id and boot.board_id != board_id:
        from host_tools import profiles
        hint = (": use --board %s (or leave --board out)" % boot.board_id
                if boot.board_id in profiles.board_ids() else
                "; there is no profile for it (known: %s)" % ", ".join(profiles.board_ids()))
        out.append("the drive belongs to a %s but you chose --board %s%s"
                   % (boot.board_id, board_id, hint))
    return out


def find_drives(extra_roots=()):
    # Mounted folders holding a boot_out.txt, CIRCUITPY-named ones first.
    candidates = list(extra_roots)
    try:
        with open("/proc/mounts") as f:
            for line in f:
                parts = line.split()
                if len(parts) > 2:
                    candidates.append(parts[1].replace("\\040", " "))
    except OSError:
        pass
    for base in ("/Volumes", "/media", "/run/media"):
        if os.path.isdir(base):
            for name in os.listdir(base):
                p = os.path.join(base, name)
                candidates.append(p)
                if os.path.isdir(p) and base != "/Volumes":
                    candidates += [os.path.join(p, n) for n in _safe_listdir(p)]
    if os.name == "nt":
        candidates += ["%s:\\" % c for c in "DEFGHIJKLMNOPQRSTUVWXYZ"]
    found = []
    for c in candidates:
        if c not in found and os.path.isfile(os.path.join(c, NAME)):
            found.append(c)
    found.sort(key=lambda p: (os.path.basename(p.rstrip("/\\")) != "CIRCUITPY", p))
    return found


def _safe_listdir(p):
    try:
        return os.listdir(p)
    except OSError:
        return []
