# `menagerie deploy` on the drive model, cut at every flash step, shared by
# tests/test_deploy_cuts.py and bench/b_drive.py (docs/persistence.md,
# "A yanked cable"). The deploy is the real one (host_tools/deploy.py,
# deploy_flow.py, savefiles.py through sim/hostfs.py: FatFs as the computer's
# FAT driver, its cache and order in sim/hostdisk.py); the board is
# CircuitPython's power-up (sim/drive.py power_up: mount or format, boot.py,
# boot_out.txt) and the board's own store code (hw/regions.py, Store).
#
# A person's life with the board, as the model runs it:
#   new board: CircuitPython formats the drive and writes boot_out.txt;
#   deploy: hold the button, plug in (power-up), the computer copies;
#   play: plug in (power-up), the store saves (nvm and the save files);
#   update: hold the button, plug in, deploy again.
# After a cut anywhere in a deploy: plug in and play (a power-up), then hold
# the button and deploy again; if that deploy says the drive is damaged, do
# what it says (storage.erase_filesystem() in the REPL, then deploy); then
# every firmware file must be the tree's, the save files in order and placed
# as the board needs, settings.toml the person's, and the store must load
# the last saved game and every finished game.
import copy
import hashlib
import io
import os
import shutil
import tempfile

import store_cases as sc
from host_tools import deploy, deploy_flow, drivefs, savefiles, tree
from host_tools.boardinfo import info
from host_tools.build import user_data_files
from menagerie.hw.regions import build_regions
from menagerie.store import Store, layout
from sim import fatcheck
from sim.drive import Drive, PowerCut, firmware_tree
from sim.flash import FlashRegion
from sim.hostfs import DriveHostFS

BOARD = "raspberry_pi_pico"
SAVES = ["/%s/%s" % (d, layout.SAVE_NAME) for d in layout.SAVE_DIRS]
GUARDS = ["/" + layout.GUARD_FILE]
SETTINGS = b'MENAGERIE_PLAYER_NAMES = "Ann,Bob,Cy,Dee"\n'


class Board:
    # The drive, nvm and what the person last saw the store confirm.
    def __init__(self, board_id=BOARD, order="sorted", backups=None):
        self.board_id = board_id
        self.d = Drive.circuitpy(info(board_id)["drive"])
        self.d.power_up(board_id)           # CircuitPython's first boot
        self.nvm = FlashRegion(4096)
        self.order = order
        self.backups = backups or tempfile.mkdtemp(prefix="menagerie-backups-")
        self.own_backups = backups is None
        self.rec, self.hist = None, []
        self.settings = b""
        self.lines = []

    def snapshot(self):
        # What the person has before a deploy: the drive, nvm, the saved
        # game and finished games, their settings.toml.
        self.d.unplug()
        self.d.mount()
        try:
            settings = self.d.read_file("/settings.toml")
        except OSError:
            settings = None
        self.d.unplug()
        return (bytes(self.d.flash.storage), bytes(self.nvm.data), copy.deepcopy(self.rec),
                copy.deepcopy(self.hist), settings)

    @classmethod
    def restore(cls, snap, order="sorted", backups=None):
        b = cls.__new__(cls)
        b.board_id = BOARD
        b.d = Drive(len(snap[0]))
        b.d.flash.storage[:] = snap[0]
        b.nvm = FlashRegion(4096)
        b.nvm.data[:] = snap[1]
        b.rec, b.hist = copy.deepcopy(snap[2]), copy.deepcopy(snap[3])
        b.settings = snap[4]
        b.order, b.lines = order, []
        b.backups = backups or tempfile.mkdtemp(prefix="menagerie-backups-")
        b.own_backups = backups is None
        return b

    def close(self):
        self.d.close()
        if self.own_backups:
            shutil.rmtree(self.backups, ignore_errors=True)

    # -- the person -------------------------------------------------------------
    def plug_in(self, held=False):
        self.d.unplug()
        return self.d.power_up(self.board_id, held=held)

    def deploy(self, src, cut=None, torn=None, **kw):
        # Hold the button, plug in, deploy src; cut: flash steps after which
        # the cable comes out (None: never). -> exit status, or "cut".
        self.plug_in(held=True)
        return self.host_deploy(src, cut, torn, **kw)

    def host_deploy(self, src, cut=None, torn=None, **kw):
        try:
            self.d.mount_host(self.order)
        except Exception as e:
            self.lines.append("the computer cannot mount the drive: %s" % e)
            return "unmountable"
        fs = DriveHostFS(self.d)
        if cut is not None:
            self.d.flash.arm(cut, torn)
        self.lines = []
        try:
            code = run_deploy(fs, src, self.board_id, self.lines, backups=self.backups, **kw)
            self.d.eject()
        except PowerCut:
            self.d.unplug()
            return "cut"
        finally:
            self.d.flash.disarm()
        return code

    def play(self, ops):
        # Plug in and play: the store's saves, as the app makes them.
        self.plug_in()
        st = self.store(writable=True)
        for kind, obj in ops:
            sc._do(st, kind, obj)
            if kind == "save":
                self.rec = copy.deepcopy(obj)
            self.hist = st.history()
        self.d.flash.flush()

    def store(self, writable=None):
        regions = build_regions(self.d.fs, self.nvm, writable)
        st = Store(regions)
        st.load_result = st.load()
        return st

    def loads(self):
        # The store after a power-up: (record, history) it resumes.
        self.plug_in()
        st = self.store()
        return st.load_result[0], st.history()


def run_deploy(fs, src, board_id, lines, backups=None, **kw):
    # What `menagerie deploy --to DRIVE --from TREE` writes, with its lines.
    plan = deploy.plan(src, fs, set(user_data_files()))
    return deploy_flow.run(fs, src, board_id, plan, say=lines.append, warn=lines.append,
                           progress=deploy.Progress(plan.bytes, io.StringIO()),
                           backups_dir=backups, **kw)


# -- trees ---------------------------------------------------------------------

_TREES = {}


def update_tree(n=12, board=BOARD):
    # The firmware tree with n modules changed (a line added to each): what
    # an update copies.
    key = (n, board)
    if key not in _TREES:
        base = firmware_tree(board)
        out = tempfile.mkdtemp(prefix="menagerie-update-")
        shutil.rmtree(out)
        shutil.copytree(base, out)
        mods = [r for r in tree.walk(out) if r.startswith("menagerie/") and r.endswith(".py")]
        for rel in mods[:n]:
            with open(os.path.join(out, rel), "ab") as f:
                f.write(b"# updated\n")
        man = tree.read_manifest(out)
        tree.write_manifest(out, man["board"], man["target"], man.get("user_data", []),
                            {k: v for k, v in man.items()
                             if k not in ("board", "target", "files", "user_data")})
        _TREES[key] = out
    return _TREES[key]


def deployed_board(backups=None, order="sorted", games=True):
    # A board with the firmware deployed, the person's settings.toml, and a
    # saved game with finished games on the drive's save files.
    b = Board(order=order, backups=backups)
    assert b.deploy(firmware_tree()) == 0, b.lines
    b.plug_in(held=True)
    b.d.mount_host(order)
    DriveHostFS(b.d).write("settings.toml", SETTINGS)
    b.d.eject()
    if games:
        b.play(sc.season() + [("save", sc._rec(None, screen="home"))])
    return b


# -- the check after a cut -----------------------------------------------------

def check(b, src, c):
    # After a deploy was cut: the next power-up, the next deploy, the repair
    # it offers if it offers one, then the final state. -> "ok", "repaired"
    # or a failure text.
    up = b.plug_in()
    repaired = False
    if up.get("safe_mode"):
        return "the board starts in safe mode without its drive (%s)" % up["safe_mode"]
    why = doctor_sees(b, src)
    if why:
        return why
    code = b.deploy(src)
    said = list(b.lines)
    if code != 0:
        if not any("storage.erase_filesystem()" in line for line in said):
            return "the next deploy failed without offering the repair: %r" % (said[-2:],)
        c.setdefault("why", []).append(next(line for line in said if "erase_filesystem" in line))
        b.d.erase_filesystem()
        b.plug_in()
        code = b.deploy(src)
        said = list(b.lines)
        if code != 0:
            return "the deploy after the repair failed: %r" % (said[-2:],)
        repaired = True
    why = final_state(b, src, c)
    if why:
        return why + (" (after the repair)" if repaired else "")
    return "repaired" if repaired else "ok"


def doctor_sees(b, src):
    # `menagerie doctor` on the drive as the cut left it (after a power-up):
    # a problem whenever the drive is not in order, naming the repair when
    # the deploy will ask for it. -> None, or what it missed.
    from host_tools import doctor, drivehealth
    b.plug_in(held=True)
    b.d.mount_host(b.order)
    fs = DriveHostFS(b.d)
    try:
        problems, _ = doctor.drive_findings(fs, b.board_id)
        damaged = not drivehealth.check(fs).ok
        in_order = not damaged and savefiles.state(fs) == "ok" and _as_deployed(fs)
    finally:
        b.d.eject()
    if damaged and not any("storage.erase_filesystem()" in p for p in problems):
        return "doctor did not name the repair of a damaged drive: %r" % (problems[:2],)
    if not in_order and not problems:
        return "doctor found no problem on a drive the next deploy had to mend"
    if in_order and problems:
        return "doctor found a problem on a drive in order: %r" % (problems[:2],)
    return None


def _as_deployed(fs):
    # Every file the drive's manifest lists is there with its digest, and
    # code.py is not the placeholder: the drive as the last deploy left it.
    from host_tools import backups
    man = tree.read_manifest(fs)
    if not man:
        return False
    for rel in backups.user_files():
        if fs.isfile(rel) and not backups.is_text(fs.read(rel)):
            return False
    for rel, meta in man["files"].items():
        if rel in man.get("user_data", ()):
            continue
        try:
            if hashlib.sha256(fs.read(rel)).hexdigest()[:len(meta["sha256"])] != meta["sha256"]:
                return False
        except OSError:
            return False
    return True


def final_state(b, src, c):
    up = b.plug_in()
    if up["formatted"] or up["wrote"]:
        return "the power-up after the deploy wrote the drive (%s)" % (
            "formatted it" if up["formatted"] else "boot_out.txt")
    img = b.d.image()
    try:
        probs = fatcheck.isolation_problems(img, SAVES, GUARDS)
    except ValueError as e:
        return "the drive does not read: %s" % e
    if probs:
        return "save files not placed as the board needs: %s" % probs[0]
    for rel in tree.walk(src):
        want = open(os.path.join(src, rel), "rb").read()
        if rel in user_data_files():
            continue
        try:
            have = b.d.read_file("/" + rel)
        except OSError:
            return "%s missing" % rel
        if have != want:
            return "%s differs from the tree" % rel
        c["files_checked"] += 1
    try:
        if b.d.read_file("/settings.toml") != b.settings:
            return "settings.toml is not the person's"
    except OSError:
        return "settings.toml missing"
    st = b.store()
    rec, msg = st.load_result
    if sc._key(rec) != sc._key(b.rec) or sc._key(st.history()) != sc._key(b.hist):
        return "the store lost the saved game (%r)" % (msg,)
    return None


def traced(snap, src, **kw):
    # One uncut deploy of src from the snapshot, with every flash step it
    # makes logged: the drive a cut after step k leaves is the snapshot with
    # the first k steps applied (the computer's unsent blocks and the flash
    # layer's cached sector are lost with the power). -> (log, the backups
    # folder the deploy filled before its first write, (first, last) step
    # of the save files' making or None).
    b = Board.restore(snap, **kw)
    b.plug_in(held=True)
    b.d.flash.log = log = []
    marks = []
    real = savefiles.ensure

    def ensure(fs, *a, **k):
        marks.append(len(log))
        try:
            return real(fs, *a, **k)
        finally:
            marks.append(len(log))
    savefiles.ensure = ensure
    try:
        assert b.host_deploy(src) == 0, b.lines
    finally:
        savefiles.ensure = real
    b.d.flash.log = None
    keep = tempfile.mkdtemp(prefix="menagerie-backups-")
    shutil.rmtree(keep)
    shutil.copytree(b.backups, keep)
    b.close()
    return log, keep, (marks[0], marks[1]) if marks else None


def sweep(snap, src, phase=None, every=1, torn=False, seed=1, stop=None, **kw):
    # snap: Board.snapshot() before the deploy; src: the tree deployed. The
    # deploy is cut after each k of its flash steps (every `every`-th; phase
    # "saves": only while it makes the save files), each state is checked
    # (check()). torn: the cut step half done (a random subset of bits).
    # -> counts: cuts, files checked, ok, repaired, failures (texts),
    # states (distinct drives checked), steps.
    import random
    log, kept, saves = traced(snap, src, **kw)
    first, last = saves if phase == "saves" else (0, len(log))
    c = {"cuts": 0, "files_checked": 0, "ok": 0, "repaired": 0, "failures": [],
         "steps": last - first, "states": 0}
    seen = {}
    rng = random.Random(seed)
    img = bytearray(snap[0])
    for k in range(len(log) + 1):
        if k > last:
            break
        if k >= first and (k - first) % every == 0:
            cut = bytearray(img)
            if torn and k < len(log):
                off, data = log[k]
                for i in range(len(data)):
                    # a torn erase sets bits, a torn page clears some of its 0-bits
                    if data[i] == 0xFF and len(data) > 256:
                        cut[off + i] |= rng.getrandbits(8)
                    else:
                        cut[off + i] &= data[i] | rng.getrandbits(8)
            c["cuts"] += 1
            key = hashlib.sha256(bytes(cut)).digest()
            if key in seen:
                res = seen[key]
            else:
                c["states"] += 1
                backups = tempfile.mkdtemp(prefix="menagerie-backups-")
                shutil.rmtree(backups)
                shutil.copytree(kept, backups)
                b = Board.restore((bytes(cut),) + tuple(snap[1:]), backups=backups, **kw)
                try:
                    res = seen[key] = check(b, src, c)
                finally:
                    b.close()
                    shutil.rmtree(backups, ignore_errors=True)
            if res in ("ok", "repaired"):
                c[res] += 1
            else:
                c["failures"].append("cut %d/%d%s: %s" % (k, len(log), " torn" if torn else "", res))
                if stop and len(c["failures"]) >= stop:
                    break
        if k < len(log):
            off, data = log[k]
            img[off:off + len(data)] = data
    shutil.rmtree(kept, ignore_errors=True)
    return c


def summary(name, c):
    out = "drive %s: cuts %d, files checked %d, failures %d" % (
        name, c["cuts"], c["files_checked"], len(c["failures"]))
    if c.get("repaired"):
        out += ", repaired %d" % c["repaired"]
    return out


# -- the power-up ----------------------------------------------------------------

def power_up_sweep(snap, src, held=False):
    # The board's power-up from the snapshot (CircuitPython's own boot_out.txt
    # rewrite, if its text differs; then code.py's store, which only reads),
    # cut after each of its flash steps; after each cut the board powers up
    # again and must find every firmware file, the save files in place, the
    # saved game. -> counts, and "steps": the flash steps the power-up took.
    b = Board.restore(snap)
    b.d.flash.log = log = []
    b.plug_in(held=held)
    b.store()
    b.d.flash.log = None
    b.close()
    c = {"cuts": 0, "files_checked": 0, "ok": 0, "repaired": 0, "failures": [],
         "steps": len(log), "states": 0}
    img = bytearray(snap[0])
    for k in range(len(log) + 1):
        c["cuts"] += 1
        b = Board.restore((bytes(img),) + tuple(snap[1:]))
        try:
            up = b.plug_in()
            if up.get("safe_mode") or up["formatted"]:
                why = "the drive was lost (%s)" % ("safe mode" if up.get("safe_mode") else "formatted")
            else:
                why = _intact(b, src, c)
        finally:
            b.close()
        if why:
            c["failures"].append("power-up cut %d/%d: %s" % (k, len(log), why))
        else:
            c["ok"] += 1
        if k < len(log):
            off, data = log[k]
            img[off:off + len(data)] = data
    return c


def _intact(b, src, c):
    for rel in tree.walk(src):
        if rel in user_data_files():
            continue
        try:
            if b.d.read_file("/" + rel) != open(os.path.join(src, rel), "rb").read():
                return "%s damaged" % rel
        except OSError:
            return "%s missing" % rel
        c["files_checked"] += 1
    st = b.store()
    rec, msg = st.load_result
    if sc._key(rec) != sc._key(b.rec) or sc._key(st.history()) != sc._key(b.hist):
        return "the saved game is lost (%r)" % (msg,)
    return None


def after_update(held_deploy=True):
    # A board with a saved game, updated (12 modules) in USB-write mode:
    # the snapshot before its next ordinary power-up, and the tree.
    b = deployed_board()
    src = update_tree()
    assert b.deploy(src) == 0, b.lines
    snap = b.snapshot()
    b.close()
    return snap, src


def after_first_deploy():
    # A new board (CircuitPython formatted it and wrote boot_out.txt at its
    # first boot), deployed once: the snapshot before its next power-up.
    b = Board()
    assert b.deploy(firmware_tree()) == 0, b.lines
    snap = b.snapshot()
    b.close()
    return snap, firmware_tree()
