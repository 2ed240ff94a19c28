# `menagerie deploy` after its checks and the build: everything it writes on
# the drive, in order, through a drivefs object (host_tools/drivefs.py), so
# that the drive model runs this same code and cuts it at every flash step
# (tests/deploy_cases.py). The CLI (host_tools/cli.py) finds the drive,
# checks boot_out.txt, builds the tree and plans; this writes.
import os
import sys

from host_tools import deploy, savefiles, tree


def _say(line):
    print(line)


def _warn(line):
    print(line, file=sys.stderr)


def run(fs, src, board_id, plan, remake_saves=False, hint="", say=_say, warn=_warn):
    # -> exit status (0: the drive is up to date).
    try:
        deploy.apply(plan, src, fs)
    except PermissionError:
        warn("the drive is read-only for the computer: the firmware owns it. %s" % hint)
        return 1
    except (OSError, deploy.DeployError) as e:
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
    say("copied %d file(s) (%s), deleted %d, %d unchanged"
        % (len(plan.copy), tree.kib(plan.bytes), len(plan.delete), plan.same))
    # After the firmware (which must fit first): the save files, made here
    # and never by the board (host_tools/savefiles.py says why).
    try:
        if remake_saves:
            _ask_remake(fs)
        say(savefiles.ensure(fs))
    except savefiles.SaveFilesError as e:
        warn("PROBLEM: %s; the board saves to its 4 KB nvm only until then" % e)
        return 1
    except OSError as e:
        warn("deploy stopped while making the save files: %s (deploy again)" % e)
        return 1
    return 0


def _ask_remake(fs):
    # A make cut short leaves saves/fill.tmp, and the next one starts over,
    # keeping the saved game of every file still whole: a remake asked for
    # takes the same path (host_tools/savefiles.py, store/drivemake.py).
    from menagerie.store import layout
    if savefiles.state(fs) != "ok":
        return  # ensure() makes them again anyway
    fs.makedirs(layout.GUARD_DIR)
    fs.write(layout.FILL_FILE, b"")
