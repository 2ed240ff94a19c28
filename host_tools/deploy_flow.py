# `menagerie deploy` after its checks and the build: everything it writes on
# the drive, in order, through a drivefs object (host_tools/drivefs.py), so
# that the drive model runs this same code and cuts it at every flash step
# (tests/deploy_cases.py). The CLI (host_tools/cli.py) finds the drive,
# checks boot_out.txt, builds the tree and plans; this writes:
#
# 1. nothing before the board's saved games and the person's files are
#    copied to the computer (host_tools/backups.py);
# 2. nothing at all on a damaged drive (host_tools/drivehealth.py): one line
#    says so and how to repair it (storage.erase_filesystem() in the REPL,
#    then deploy again, which puts the saved games back);
# 3. the save files, when they must be made, first: on a freshly mounted
#    drive the computer's FAT driver allocates from the volume's start, so
#    they land in the drive's last free run as store/drivemake.py plans
#    (made after the firmware they could wrap round into a hole the copy
#    left: issue 22 item 8); the room the firmware needs is kept;
# 4. the firmware (host_tools/deploy.py: code.py a placeholder first and the
#    real one last), with boot_out.txt written right after boot.py: the text
#    the board's next power-up produces (host_tools/bootout.py predict()),
#    so that power-up writes nothing.
import sys

from host_tools import backups, bootout, deploy, drivehealth, savefiles, tree


def _say(line):
    print(line)


def _warn(line):
    print(line, file=sys.stderr)


def run(fs, src, board_id, plan, remake_saves=False, hint="", say=_say, warn=_warn,
        progress=None, backups_dir=None, restore=True):
    # -> exit status (0: the drive is up to date).
    boot = bootout.read(fs)
    try:
        _, line = backups.take(fs, boot, backups_dir)
    except OSError as e:
        warn("cannot copy your saved games to %s (%s): nothing written; set %s to a folder you "
             "can write, or run the deploy from one" % (backups_dir or backups.root(),
                                                        e.strerror or e, backups.ENV))
        return 1
    if line:
        say(line)
    health = drivehealth.check(fs)
    if not health.ok:
        warn(health.line())
        return 1
    for n in health.notes:
        say("note: %s" % n)
    try:
        for line in backups.mend_own(fs, boot, backups_dir):
            say(line)
        if savefiles.state(fs) == "ok" and not remake_saves:
            deploy.check_space(plan, src, fs)
        else:
            # The store's own files are made again: what they hold now
            # (a make cut short, a damaged file) is room for the firmware.
            need = deploy.space_needed(plan, src, fs)
            if need > deploy._free(fs) + savefiles.taken(fs):
                deploy.check_space(plan, src, fs)
        if remake_saves:
            _ask_remake(fs)
        if savefiles.state(fs) != "ok":
            back = (lambda f: backups.restore_saves(f, boot, backups_dir)) if restore else None
            say(savefiles.ensure(fs, reserve=deploy.space_needed(plan, src, fs), restore=back))
    except savefiles.SaveFilesError as e:
        warn("PROBLEM: %s; the board saves to its 4 KB nvm only until then" % e)
        return 1
    except PermissionError:
        warn("the drive is read-only for the computer: the firmware owns it. %s" % hint)
        return 1
    except (OSError, deploy.DeployError) as e:
        return _stopped(fs, e, warn)
    try:
        deploy.apply(plan, src, fs, progress, after_boot=lambda: _boot_out(fs, boot, plan))
    except PermissionError:
        warn("the drive is read-only for the computer: the firmware owns it. %s" % hint)
        return 1
    except (OSError, deploy.DeployError) as e:
        return _stopped(fs, e, warn)
    say("copied %d file(s) (%s), deleted %d, %d unchanged"
        % (len(plan.copy), tree.kib(plan.bytes), len(plan.delete), plan.same))
    if savefiles.state(fs) == "ok":
        say(savefiles.ensure(fs))
    return 0


def _stopped(fs, e, warn):
    warn("deploy stopped: %s" % e)
    try:
        sizes = savefiles.windows(fs)
    except OSError:
        sizes = [0, 0]
    if sizes[0] and sizes[1]:
        # The firmware grew past the room the save files left: say
        # what they hold and take; they are never shrunk silently.
        warn("your save files (%s KB windows, %d KiB) are kept: they hold your saved game "
             "and history, and are never shrunk by a deploy. Make room by deleting files of "
             "your own, or deploy the compiled (.mpy) build; or copy the save off with "
             "`menagerie pull`, delete save_a/, save_b/ and saves/, and deploy again "
             "(it makes smaller ones; the game in progress is then lost)" %
             (sizes[0] // 1024, savefiles.need(sizes[0]) // 1024))
    return 1


def _boot_out(fs, boot, plan):
    # The text the next power-up writes, written now (in place: the same
    # one cluster), when the drive's differs.
    if boot is None or "boot.py" not in plan.files:
        return
    want = bootout.predict(boot.text)
    if want is None:
        return
    data = want.encode("utf-8")
    try:
        have = fs.read(bootout.NAME)
    except OSError:
        have = None
    if have == data:
        return
    if have is not None and 0 < len(have) and -(-len(have) // 512) == -(-len(data) // 512):
        fs.overwrite(bootout.NAME, data)
    else:
        fs.write(bootout.NAME, data)


def _ask_remake(fs):
    # A make cut short leaves saves/fill.tmp, and the next one starts over,
    # keeping the saved game of every file still whole: a remake asked for
    # takes the same path (host_tools/savefiles.py, store/drivemake.py).
    from menagerie.store import layout
    if savefiles.state(fs) != "ok":
        return  # ensure() makes them again anyway
    fs.makedirs(layout.GUARD_DIR)
    fs.write(layout.FILL_FILE, b"")
