# The `menagerie` command. Each subcommand lives in its own module; this file
# only parses arguments and prints results.
import argparse
import os
import sys
import tempfile

from host_tools import profiles


def _board_arg(p, required=True):
    p.add_argument("--board", required=required, choices=profiles.board_ids(),
                   help="board profile from boards/ (the CircuitPython board_id)")


def cmd_build(args):
    from host_tools.build import build, BuildError
    overrides = {}
    for item in args.set or []:
        key, sep, value = item.partition("=")
        if not sep:
            print("--set wants KEY=VALUE, got %r" % item, file=sys.stderr)
            return 2
        overrides[key.strip()] = value.strip()
    try:
        r = build(args.board, args.out, mpy=args.mpy, overrides=overrides,
                  circuitpython=args.circuitpython, compile_cp=not args.py)
    except BuildError as e:
        print("build failed: %s" % e, file=sys.stderr)
        return 1
    for lib in r.libs:
        print("lib: %s" % lib)
    _print_notes(r)
    print(r.size_line())
    for problem in r.errors:
        print("PROBLEM: %s" % problem, file=sys.stderr)
    if r.ok:
        print("wrote %s for %s%s" % (args.out, args.board, _what(r, args.mpy)))
    return 0 if r.ok else 1


def _print_notes(r):
    for n in r.notes:
        print("note: %s" % n)


def _what(r, mpy):
    if mpy:
        return " (MicroPython .mpy)"
    if r.compiled:
        return " (CircuitPython %d .mpy)" % r.circuitpython
    return " (.py source)"


def _circuitpython_arg(p):
    p.add_argument("--circuitpython", type=int, choices=(9, 10), metavar="{9,10}",
                   help="the board's CircuitPython major version, for its .mpy files "
                        "(build default: 10; deploy: read from the drive's boot_out.txt)")
    p.add_argument("--py", action="store_true",
                   help="ship .py source instead of CircuitPython .mpy (the board then compiles at boot)")


def cmd_deploy(args):
    if args.mpremote:
        from host_tools import mpremote_deploy
        return mpremote_deploy.main(args)
    from host_tools import bootout, deploy, deploy_flow, drivefs, savefiles, tree
    from host_tools.build import build, user_data_files
    drive = args.to
    if drive is None:
        drives = bootout.find_drives()
        if not drives:
            print("no CIRCUITPY drive found: plug the board in, or give the folder with --to PATH",
                  file=sys.stderr)
            return 1
        if len(drives) > 1:
            print("several CircuitPython drives are mounted (%s): pick one with --to"
                  % ", ".join(drives), file=sys.stderr)
            return 1
        drive = drives[0]
    boot = bootout.read(drive)
    if boot is None:
        print("%s has no boot_out.txt, so it is not a CircuitPython drive%s"
              % (drive, "" if args.force else " (use --force to copy anyway)"), file=sys.stderr)
        if not args.force:
            return 1
        if args.board is None:
            print("without boot_out.txt the board is unknown: give --board", file=sys.stderr)
            return 1
    else:
        print("found CircuitPython %s (%s) at %s" % (boot.version_text(), boot.board_id, drive))
        if args.board is None:
            # No --board: the drive's own boot_out.txt says which board it is.
            if boot.board_id not in profiles.board_ids():
                print("%s says it is a %s, which has no profile here (known: %s); pick the one "
                      "wired the same way with --board" % (drive, boot.board_id,
                                                            ", ".join(profiles.board_ids())),
                      file=sys.stderr)
                return 1
            args.board = boot.board_id
        problems = bootout.problems(boot, args.board)
        if args.circuitpython and boot.version and boot.version[0] != args.circuitpython:
            problems.append("the drive runs CircuitPython %s but you chose --circuitpython %d"
                            % (boot.version_text(), args.circuitpython))
        for p in problems:
            print("%s: %s" % ("WARNING" if args.force else "REFUSED", p), file=sys.stderr)
        if problems and not args.force:
            return 1
    with tempfile.TemporaryDirectory(prefix="menagerie-") as tmp:
        if args.from_tree:
            out = args.from_tree
            man = tree.read_manifest(out) or {}
            made = man.get("board")
            if made != args.board:
                print("%s is not a build for %s (it is for %s)" % (out, args.board, made), file=sys.stderr)
                return 1
            if man.get("mpy") and boot is not None and boot.version and \
                    man.get("circuitpython") != boot.version[0]:
                print("note: %s was compiled for CircuitPython %s; the drive runs %s "
                      "(rebuild with --circuitpython %d to match)"
                      % (out, man.get("circuitpython"), boot.version_text(), boot.version[0]))
        else:
            out = os.path.join(tmp, "CIRCUITPY")
            r = build(args.board, out, circuitpython=_drive_major(boot, args.circuitpython),
                      compile_cp=not args.py)
            _print_notes(r)
            if not r.ok:
                for e in r.errors:
                    print("PROBLEM: %s" % e, file=sys.stderr)
                return 1
        plan = deploy.plan(out, drive, set(user_data_files()))
        for rel in plan.keep:
            print("kept your %s" % rel)
        if args.dry_run:
            for rel in plan.copy:
                print("would copy %s" % rel)
            for rel in plan.delete:
                print("would delete %s" % rel)
            print("dry run: %d to copy (%s), %d to delete, %d unchanged"
                  % (len(plan.copy), tree.kib(plan.bytes), len(plan.delete), plan.same))
            if args.remake_saves:
                print("would make the save files again, keeping your saved game")
            try:
                print(savefiles.ensure(drive, dry_run=True))
            except savefiles.SaveFilesError as e:
                print("PROBLEM: %s" % e, file=sys.stderr)
            from host_tools import drivehealth
            health = drivehealth.check(drivefs.FolderFS(drive))
            if not health.ok:
                print("would write nothing: %s" % health.line(), file=sys.stderr)
            return 0
        code = deploy_flow.run(drivefs.FolderFS(drive), out, args.board, plan,
                               remake_saves=args.remake_saves, hint=_usb_write_hint(args.board))
        if code:
            return code
        return _placed(drive)
    return 0


def _placed(drive):
    # Where the computer put the save files, when it lets us read the drive's
    # blocks (host_tools/placement.py); a folder that is no drive: nothing.
    from host_tools import placement
    r, why = placement.check_drive(drive)
    if r is None:
        if "not a mounted drive" not in why:
            print("placement of the save files not checked: %s" % why)
        return 0
    if r.missing:
        return 0  # no room for them: ensure() has said so
    if r.problems:
        print("PROBLEM: %s" % placement.summary(r), file=sys.stderr)
        return 1
    print(placement.summary(r))
    return 0


def _drive_major(boot, chosen):
    # The .mpy target: --circuitpython, else the drive's own version (a
    # forced deploy to an unsupported one gets the nearest supported).
    from host_tools import cpy_mpy
    if chosen:
        return chosen
    if boot is None or not boot.version:
        return cpy_mpy.DEFAULT
    return min(max(boot.version[0], cpy_mpy.SUPPORTED[0]), cpy_mpy.SUPPORTED[-1])


def _usb_write_hint(board_id):
    prof = profiles.load(board_id)
    name = getattr(prof, "USB_WRITE_BUTTON", None)
    if not name:
        return ""
    return "Unplug it, hold %s while plugging it back in, then deploy again." % name


def _mpremote_arg(p, helptext):
    p.add_argument("--mpremote", nargs="?", const="auto", metavar="PORT", help=helptext)


def cmd_doctor(args):
    if args.mpremote:
        from host_tools import mpremote_doctor
        return mpremote_doctor.main(args)
    if args.image:
        from host_tools import placement
        return placement.main_image(args.image)
    from host_tools import doctor
    return doctor.main(args)


def cmd_docs(args):
    if args.settings:
        return _docs_for_settings(args)
    from host_tools import docs
    return docs.main(check=args.check)


def _docs_for_settings(args):
    # The wiring diagram and pin table for a settings.toml's own wiring.
    from host_tools import board_docs, wiring
    if not args.board:
        print("--settings needs --board (which board the file is for)", file=sys.stderr)
        return 2
    with open(args.settings, encoding="utf-8", errors="replace") as f:
        text = f.read()
    profile, problems, _ = profiles.own_wiring(args.board, text)
    for p in problems:
        print("PROBLEM: %s %s" % (args.settings, p), file=sys.stderr)
    if problems:
        print("the board would ignore this wiring and use its own pins: fix the lines above",
              file=sys.stderr)
        return 1
    out = args.out or "wiring-%s.png" % args.board
    with open(out, "wb") as f:
        f.write(wiring.png_bytes(args.board, profile, "%s + boards/%s.py by `menagerie docs`"
                                 % (os.path.basename(args.settings), args.board)))
    print("| connect | to board pin | header pin |")
    for row in board_docs.pin_rows(args.board, profile):
        print("| %s | %s | %s |" % row)
    print("wrote %s" % out)
    return 0


def _plugin(name):
    def run(args):
        mod = __import__("host_tools." + name, fromlist=["main"])
        return mod.main(args)
    return run


def parser():
    ap = argparse.ArgumentParser(prog="menagerie", description="Host tools for the Menagerie game companion.")
    sub = ap.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("build", help="write the complete CIRCUITPY tree for a board into a folder",
                       description="Write the complete CIRCUITPY tree (code, board profile, settings.toml, "
                                   "lib/) for a board into OUT, check every import and print its size.")
    _board_arg(p)
    p.add_argument("out", metavar="OUT", help="folder to write (empty, or an earlier build)")
    p.add_argument("--mpy", action="store_true",
                   help="compile with mpy-cross for a MicroPython board (main.py entry, .mpy modules)")
    p.add_argument("--set", action="append", metavar="KEY=VALUE",
                   help='extra settings.toml line, e.g. --set MENAGERIE_PLAYER_NAMES=\'"Ann,Bob"\'')
    _circuitpython_arg(p)
    p.set_defaults(func=cmd_build)

    p = sub.add_parser("deploy", help="update a mounted CIRCUITPY drive (only what changed)",
                       description="Build for the board and copy what changed onto the mounted CIRCUITPY "
                                   "drive; code.py goes last. Your settings.toml and saved games stay.")
    _board_arg(p, required=False)  # default: boot_out.txt's Board ID
    p.add_argument("--to", metavar="PATH", help="the drive's folder (default: find it by its boot_out.txt)")
    p.add_argument("--from", dest="from_tree", metavar="TREE",
                   help="deploy this earlier `menagerie build` output instead of building now")
    p.add_argument("--dry-run", action="store_true", help="only say what would change")
    p.add_argument("--remake-saves", action="store_true",
                   help="make the save files again (keeping the saved game), e.g. when "
                        "`menagerie doctor` says they are badly placed")
    p.add_argument("--force", action="store_true",
                   help="copy even to an unsupported CircuitPython version or a folder without boot_out.txt "
                        "(--mpremote: to a board that names itself differently)")
    _mpremote_arg(p, "update a MicroPython board over USB serial instead (builds the --mpy tree; "
                     "PORT as for `mpremote connect`, default auto)")
    p.add_argument("--no-watch", action="store_true",
                   help="--mpremote: restart the board without waiting for the firmware to say it started")
    _circuitpython_arg(p)
    p.set_defaults(func=cmd_deploy)

    p = sub.add_parser("doctor", help="say in plain words what is wrong with a board or a built tree",
                       description="Check a mounted board (default) or a built tree: CircuitPython version, "
                                   "missing or wrong libraries, settings typos, your own wiring in settings.toml, "
                                   "free space.")
    _board_arg(p, required=False)
    p.add_argument("path", nargs="?", metavar="PATH", help="drive or built tree (default: the mounted drive)")
    p.add_argument("--image", metavar="FILE",
                   help="instead: check where the save files sit in a raw image of the drive "
                        "(docs/host-tools.md says how to make one)")
    p.add_argument("--console", metavar="PORT",
                   help="the board's serial port to listen to for what the running firmware says "
                        "(a display that does not answer; default: the port with the UID in "
                        "boot_out.txt; 'none' to skip)")
    _mpremote_arg(p, "check a MicroPython board over USB serial instead (PORT as for `mpremote connect`)")
    p.set_defaults(func=cmd_doctor)

    p = sub.add_parser("docs", help="regenerate wiring diagrams, board guides and README images",
                       description="Run every docs generator; --check only compares and fails when a file is stale.")
    p.add_argument("--check", action="store_true", help="fail if a generated file is missing or stale")
    p.add_argument("--settings", metavar="FILE",
                   help="instead: draw the wiring a settings.toml names (MENAGERIE_PIN_*), with --board")
    _board_arg(p, required=False)
    p.add_argument("--out", metavar="PNG", help="with --settings: the diagram's file (default wiring-BOARD.png)")
    p.set_defaults(func=cmd_docs)

    from host_tools import check_config
    p = sub.add_parser("check-config", help=check_config.HELP, description=check_config.HELP)
    check_config.add_arguments(p)
    p.set_defaults(func=_plugin("check_config"))

    for name, helptext, adder in _data_commands():
        p = sub.add_parser(name, help=helptext, description=helptext)
        adder(p)
        p.set_defaults(func=_plugin(name))
    return ap


def _data_commands():
    from host_tools import pull, export, plot
    return [("pull", pull.HELP, pull.add_arguments),
            ("export", export.HELP, export.add_arguments),
            ("plot", plot.HELP, plot.add_arguments)]


def main(argv=None):
    args = parser().parse_args(argv)
    try:
        return args.func(args) or 0
    except RecursionError:
        # Every reader says what is wrong with its file in one line; this
        # is the net under them: a value nested deeper than any file of ours.
        print("menagerie %s: a file it read nests its values too deeply to be one of Menagerie's"
              % args.command, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
