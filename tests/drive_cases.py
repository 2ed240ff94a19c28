# The drive-level power-cut proof, shared by tests/test_drive.py and
# bench/b_drive.py: the store's sessions (tests/store_cases.py) run on a
# CIRCUITPY drive model (sim/drive.py: FatFs over the RP2040 flash layer)
# holding a deployed firmware tree; every write of a save that reaches the
# drive is cut before, during (torn) and after every erase and page program;
# the board reboots (RAM cache lost, FatFs mounts afresh) and the checker
# requires: the drive mounts; every file and directory that is not the
# store's own is byte-identical; the store loads the last confirmed save (or
# the one being written when all its bytes were on flash already).
import copy
import random

import store_cases as sc
from host_tools.boardinfo import info
from menagerie.store import Store, drivefiles, drivemake, layout
from menagerie.hw.regions import build_regions
from menagerie.store.fileregion import FileRegion
from sim import fatcheck
from sim.drive import Drive, PowerCut, firmware_tree
from sim.flash import FlashRegion, PowerCut as RegionCut

STORE_PATHS = ("/saves", "/saves/guard.bin", "/save_a", "/save_a/game.sav",
               "/save_b", "/save_b/game.sav")


# The Pico W: CircuitPython keeps 1540 KiB of its 2 MiB flash, and the .py
# tree (an offline build) leaves room for 12 KB save windows only.
PICO_W = ("raspberry_pi_pico_w", info("raspberry_pi_pico_w")["drive"])


def deployed_drive(holes=False, size=1024 * 1024, board=None):
    # A fresh CIRCUITPY drive with the firmware tree on it; holes=True: an
    # update deleted files after deploying more (free clusters in between).
    # board: (board id, drive size) with that board's .py tree (PICO_W).
    if board is not None:
        size = board[1]
    d = Drive.circuitpy(size)
    tree = firmware_tree() if board is None else firmware_tree(board[0], py=True)
    if holes:
        for i in range(12):
            d.write_file("/old%02d.py" % i, b"#" * (700 + 500 * i))
    d.deploy(tree)
    if holes:
        for i in range(0, 12, 2):
            d.fs.remove("/old%02d.py" % i)
    d.flash.flush()
    d.reboot()  # the board restarts after a deploy: FatFs mounts afresh
    return d


def board_store_regions(d, nvm):
    # The board's own boot code (hw/regions.py) on the drive model: it only
    # reads the drive (the save files were made by the deploy).
    return build_regions(d.fs, nvm, True)


def host_made(d, window=None):
    # What `menagerie deploy` does after copying the firmware
    # (host_tools/savefiles.py): store/drivemake.py through the computer's
    # FAT driver, modelled here by FatFs; then the board restarts. window:
    # force that size (None: the one deploy picks for the room).
    drivemake.make(d.fs, window)
    d.flash.flush()
    d.reboot()


def legacy_store_regions(d, nvm):
    # Today's (issue 9) layout: one 28 KB file, both windows in it.
    regions = [nvm]
    for name, off, size in layout.LEGACY_WINDOWS:
        regions.append(FileRegion("/" + name, off, size, True, d.fs))
    return regions


def make_legacy(d):
    try:
        d.fs.mkdir("/saves")
    except OSError:
        pass
    with d.fs.open("/" + layout.LEGACY_FILE, "wb") as f:
        for _ in range(layout.LEGACY_SIZE // 512):
            f.write(b"\xff" * 512)
    d.flash.flush()


OWNER = {}


def _others(d, own):
    # Block-level fingerprint of everything that is not the store's own:
    # {block: bytes} for the blocks of every other file, directory, the FAT,
    # the root directory and the boot sector.
    img = d.image()
    owners = fatcheck.Volume(img).owners()
    keep = {}
    files = set()
    for b, who in owners.items():
        if who in own:
            continue
        keep[b] = img[b * 512:(b + 1) * 512]
        OWNER[b] = who
        if who not in ("boot", "fat", "root"):
            files.add(who)
    return keep, files


def _snapshot_store(st):
    regions = st.regions
    st.regions = None
    try:
        return copy.deepcopy(st)
    finally:
        st.regions = regions


def prove(ops, legacy=False, sample=None, torn=False, walk_every=25, seed=1, stop_at_first=False,
          holes=False, drive_sample=None, pad=0, board=None, window=None, later=True):
    # sample(op index): which ops to cut; drive_sample(k): which of the ops
    # that reach the drive (the k-th one, from 0) to cut. later: after every
    # cut and reboot, the saves a person makes next (a small change, then the
    # session's next two) must each be what the next boot resumes.
    # Returns counts: cuts, files checked, failures (a list of texts),
    # outcomes, and damage (cuts that harmed another file: the failure
    # that matters most).
    d = deployed_drive(holes, board=board)
    if pad:
        # Moves where the next cluster falls inside its 4 KB flash sector.
        d.write_file("/pad.bin", b"p" * (512 * pad))
    if legacy:
        make_legacy(d)
        own = {"/saves", "/saves/MENAGE~1.SAV"}
    else:
        host_made(d, window)
        own = set(p for p in STORE_PATHS)
    d.flash.flush()
    keep, files = _others(d, own)
    full_before = None
    nvm = FlashRegion(4096)
    recs, hists = [None], [[]]
    rng = random.Random(seed)
    c = {"ops": 0, "writing_ops": 0, "cuts": 0, "files_checked": 0, "failures": [],
         "new": 0, "last": 0, "previous": 0, "damage": 0, "walks": 0, "boot_steps": 0,
         "later": 0, "torn_headers": 0}
    boot = legacy_store_regions if legacy else board_store_regions
    # The first boot after the deploy: cut before, during and after every
    # flash step it makes on the drive (there should be none: the board
    # never makes the save files, so it never writes the FAT).
    pre_img = d.image()
    s0 = d.flash.steps
    regions = (legacy_store_regions if legacy else board_store_regions)(d, nvm)
    c["windows"] = [len(r) for r in regions[1:]]
    st = Store(regions)
    st.load()
    d.flash.flush()
    n = c["boot_steps"] = d.flash.steps - s0
    for k in range(n + 1):
        for tear in ((None, rng) if torn and k < n else (None,)):
            c["cuts"] += 1
            d.reboot(pre_img)
            nvm.data[:] = b"\xff" * len(nvm.data)
            d.flash.arm(k, tear)
            try:
                Store((legacy_store_regions if legacy else board_store_regions)(d, nvm)).load()
                d.flash.flush()
            except (PowerCut, RegionCut):
                pass
            if full_before is None:
                full_before = _full(d, own, pre_img)
            out = _after_cut(d, nvm, keep, files, own, recs, hists, None, [], True,
                             walk=True, full_before=full_before, c=c)
            if later and out in ("new", "last", "previous"):
                out = _later_saves(d, nvm, boot, c, ops[:2]) or out
            if out not in ("new", "last", "previous"):
                c["failures"].append("first boot cut %d/%d: %s" % (k, n, out))
    d.reboot(pre_img)
    nvm.data[:] = b"\xff" * len(nvm.data)
    regions = (legacy_store_regions if legacy else board_store_regions)(d, nvm)
    st = Store(regions)
    st.load()
    full_before = None
    if ops and ops[-1][0] == "hist":
        # As the app does: the save that clears the slot after filing a game
        # (it copies the history to the drive).
        ops = list(ops) + [("save", sc._rec(None, screen="home"))]
    for idx, (kind, obj) in enumerate(ops):
        c["ops"] += 1
        sampled = sample is None or sample(idx)
        if sampled or drive_sample is not None:
            pre_img = d.image()
            pre_nvm = nvm.to_bytes()
            pre_st = _snapshot_store(st)
        s0 = d.flash.steps
        sc._do(st, kind, obj)
        d.flash.flush()
        n = d.flash.steps - s0
        new_rec = obj if kind == "save" else recs[-1]
        new_hist = st.history()
        if n and drive_sample is not None:
            sampled = drive_sample(c.setdefault("drive_ops", 0))
            c["drive_ops"] += 1
        if n and sampled:
            c["writing_ops"] += 1
            post_img = d.image()
            post_nvm = nvm.to_bytes()
            for k in range(n + 1):
                for tear in ((None, rng) if torn and k < n else (None,)):
                    c["cuts"] += 1
                    d.reboot(pre_img)
                    nvm.data[:] = pre_nvm
                    cst = copy.deepcopy(pre_st)
                    cst.regions = regions
                    d.flash.arm(k, tear)
                    try:
                        sc._do(cst, kind, obj)
                        d.flash.flush()
                    except (PowerCut, RegionCut):
                        pass
                    if full_before is None:
                        full_before = _full(d, own, pre_img)
                    cut_img = bytes(d.flash.storage)
                    out = _after_cut(d, nvm, keep, files, own, recs, hists, new_rec, new_hist,
                                     complete=(cut_img == post_img and nvm.to_bytes() == post_nvm),
                                     walk=(c["cuts"] % walk_every == 1), full_before=full_before, c=c)
                    if later and out in ("new", "last", "previous"):
                        out = _later_saves(d, nvm, boot, c, ops[idx + 1:idx + 3]) or out
                    if out in ("new", "last", "previous"):
                        c[out] += 1
                    else:
                        c["failures"].append("op %d cut %d/%d%s: %s" % (
                            idx, k, n, " torn" if tear else "", out))
                        if stop_at_first:
                            d.close()
                            return c
            d.reboot(post_img)
            nvm.data[:] = post_nvm
        if kind == "save":
            recs.append(copy.deepcopy(obj))
            hists.append(hists[-1])
        else:
            recs.append(recs[-1])
            hists.append(new_hist)
        if n:
            keep, files = _others(d, own)
        full_before = None
    d.close()
    return c


def _full(d, own, img):
    d.reboot(img)
    return _walk_others(d, own)


def _walk_others(d, own, path="/"):
    # {path: bytes or None} of everything but the store's own files and
    # directories (a cut may leave the store's own directory unreadable).
    out = {}
    for name, is_dir, size in d.fs.listdir(path):
        full = path.rstrip("/") + "/" + name
        if _is_own(full, own):
            continue
        if is_dir:
            out[full] = None
            out.update(_walk_others(d, own, full))
        else:
            out[full] = d.read_file(full)
    return out


def _is_own(path, own):
    up = path.upper()
    for o in own:
        if up == o.upper():
            return True
    return False


def _after_cut(d, nvm, keep, files, own, recs, hists, new_rec, new_hist, complete, walk, full_before, c):
    # The board powers up again.
    try:
        d.reboot()
    except Exception as e:
        c["damage"] += 1
        return "drive does not mount: %r" % (e,)
    img = bytes(d.flash.storage)
    for b, data in keep.items():
        if img[b * 512:(b + 1) * 512] != data:
            c["damage"] += 1
            return "block %d of %s changed" % (b, OWNER.get(b))
    c["files_checked"] += len(files)
    if walk:
        c["walks"] += 1
        try:
            now = _walk_others(d, own)
        except Exception as e:
            c["damage"] += 1
            return "walk failed: %r" % (e,)
        if now != full_before:
            c["damage"] += 1
            return "the drive's other files differ"
    try:
        regions = board_store_regions(d, nvm) if "/save_a" in own else legacy_store_regions(d, nvm)
        st = Store(regions)
        rec, msg = st.load()
        hist = st.history()
    except Exception as e:
        return "store exception %r" % (e,)
    c["after"] = (st, rec, hist)
    if msg and "older" in msg:
        # A chain newer than the one resumed could not be replayed: on the
        # drive, a base whose header page reached flash and whose history
        # (the pages after it) did not (issue 22 item 1).
        c["torn_headers"] += 1
    got = (sc._key(rec), sc._key(hist))
    if got == (sc._key(new_rec), sc._key(new_hist)):
        # The save being written: its checksummed entry was all on flash
        # (complete, or only the directory entry's rewrite was cut).
        return "new"
    if got == (sc._key(recs[-1]), sc._key(hists[-1])):
        return "last"
    if len(recs) > 1 and got == (sc._key(recs[-2]), sc._key(hists[-2])):
        return "previous"
    return "store gave another record (%r)" % (msg,)


def _later_saves(d, nvm, boot, c, nxt):
    # The saves a person makes after the board came back, each confirmed:
    # every one must be what the next boot resumes. Each check boots a copy
    # of the drive and nvm, then the session goes on from the same bytes.
    st, rec, hist = c.pop("after")
    want_hist = list(hist)
    for kind, obj in sc.later_ops(rec, nxt):
        try:
            sc._do(st, kind, obj)
            d.flash.flush()
        except Exception as e:
            return "a save after the reboot failed: %r" % (e,)
        if kind == "save":
            rec = obj
        else:
            want_hist.append(obj)
        img = d.image()
        try:
            d.reboot(img)
            check = Store(boot(d, FlashRegion(len(nvm)).from_bytes(nvm.to_bytes())))
            got = (sc._key(check.load()[0]), sc._key(check.history()))
        except Exception as e:
            return "the boot after a later save raised %r" % (e,)
        finally:
            d.reboot(img)
        if got != (sc._key(rec), sc._key(want_hist)):
            return "a confirmed save after the reboot is not resumed (%s)" % (
                "older record" if got[0] != sc._key(rec) else "history differs")
    c["later"] += 1
    return None


def summary(name, c):
    return "drive %s: cuts %d, files checked %d, failures %d" % (
        name, c["cuts"], c["files_checked"], len(c["failures"]))


FIRST_BOOT_CASES = ("animal_inc", "season", "long_attack")


def first_boot(torn=True, writes=3):
    # A deploy (firmware copied, save files made by the host), then the
    # board's first boot and the first `writes` saves that reach the drive
    # of each case, cut before, during and after every erase and page; every
    # other file on the drive checked after each cut. Returns summed counts
    # and the drive blocks the first boots wrote (0: the board never writes
    # the FAT).
    total = {"cuts": 0, "files_checked": 0, "failures": [], "boot_steps": 0, "later": 0}
    for name in FIRST_BOOT_CASES:
        c = prove(sc.CASES[name](), torn=torn, drive_sample=lambda k: k < writes)
        for key in ("cuts", "files_checked", "boot_steps", "later"):
            total[key] += c[key]
        total["failures"] += ["%s: %s" % (name, f) for f in c["failures"]]
    return total
