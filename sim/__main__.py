"""`python -m sim`: the interactive simulator in a terminal; with --script,
the headless runner (prints one JSON object)."""
import argparse
import sys

from sim.boardstub import ALIASES, BOARDS


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m sim", description=__doc__)
    ap.add_argument("--board", default="raspberry_pi_pico", help="board profile: %s (or %s)" % (", ".join(BOARDS), ", ".join(ALIASES)))
    ap.add_argument("--script", help="run this script headless instead of the terminal UI")
    ap.add_argument("--seed", type=int, default=1, help="seed for new games (the board uses os.urandom)")
    ap.add_argument("--store", help="flash image file: loaded at start if it exists, written at the end")
    ap.add_argument("--settings", help="a settings.toml to boot with")
    ap.add_argument("--bounce", metavar="N,MS", help="contact bounce: N extra open/close pairs over MS ms "
                    "per change, or N,LO-HI: their edges LO to HI ms apart at random (HI <= 10)")
    ap.add_argument("--png", help="write the final frame as PNG (4x, OLED look)")
    ap.add_argument("--state", action="store_true", help="print the final state as JSON (headless)")
    ap.add_argument("--table-view", action="store_true",
                    help="switch the table view on (a Wi-Fi board; the Pico 2 W unless --board names one) "
                         "and serve its page on localhost: the address is printed")
    ap.add_argument("--port", type=int, default=8080, help="the table view's port (0: any free one)")
    args = ap.parse_args(argv)
    table_view = None
    if args.table_view:
        from host_tools.profiles import load as load_profile_of
        from sim.boardstub import ALIASES as names

        board = names.get(args.board, args.board)
        if not getattr(load_profile_of(board), "WIFI", False):
            if "--board" in (argv if argv is not None else sys.argv):
                ap.error("--table-view needs a board with Wi-Fi (picow, pico2w), not %s" % board)
            args.board = "raspberry_pi_pico2_w"
        table_view = args.port

    from sim.runner import ScriptError, Session, result_json, run_script
    from sim.store_file import load_regions, save_regions

    regions = load_regions(args.store)
    settings_text = open(args.settings).read() if args.settings else None
    bounce = None
    if args.bounce:
        try:
            n, ms = args.bounce.split(",")
            gaps = [int(x) for x in ms.split("-")]
            bounce = (int(n), gaps[0] if len(gaps) == 1 else (gaps[0], gaps[1]))
        except ValueError:
            ap.error("--bounce wants N,MS or N,LO-HI (e.g. 2,4 or 3,1-10)")
        from sim.hardware import SimButtons
        try:
            SimButtons.check_bounce(bounce)
        except ValueError as e:
            ap.error("--bounce: %s" % e)
    try:
        session = Session(args.board, seed=args.seed, regions=regions, settings_text=settings_text,
                          bounce=bounce, table_view=table_view)
        if table_view is not None:
            session.advance(10)   # the first loop turn starts the server
            print("table view: %s" % (session.table_address() or session.app.table.note), flush=True)
    except OSError as e:
        print("table view: cannot serve on port %d: %s (try --port 0)" % (args.port, e), file=sys.stderr)
        return 1
    if args.script:
        text = sys.stdin.read() if args.script == "-" else open(args.script).read()
        try:
            run_script(session, text, args.script)
        except ScriptError as e:
            print("script failed: %s" % e, file=sys.stderr)
            if args.png:
                session.png(args.png)
            return 1
        finally:
            session.close()
            save_regions(args.store, session.regions)
        if args.png:
            session.png(args.png)
        if args.state or not args.png:
            print(result_json(session))
        return 0
    from sim.terminal import run_terminal

    try:
        run_terminal(session)
    finally:
        session.close()
        save_regions(args.store, session.regions)
    return 0


sys.exit(main())
