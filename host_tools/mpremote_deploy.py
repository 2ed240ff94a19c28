# `menagerie deploy --mpremote [PORT]`: bring a MicroPython board up to date
# with a `--mpy` build over USB serial, copying only what changed.
#
# 1. Ask the board (mpremote_board.PROBE, after the soft reset mpremote does
#    on connecting): MicroPython version, .mpy format, board name, free
#    space, and size + digest of every file it holds. Without --board:
#    the profile whose MicroPython board name it says.
# 2. Build the --mpy tree (or take --from TREE).
# 3. Refuse a board that cannot load the tree's .mpy files, with the reason;
#    refuse another board than --board unless --force.
# 4. Copy what differs. Order, as for the drive (deploy.py): when anything
#    changes, main.py is first replaced by a placeholder that only prints
#    "update in progress", then every other file goes over (each as
#    file.tmp + rename), stale firmware files are removed, and the real
#    main.py comes last: a half-copied tree never starts. settings.toml and
#    the save files are the owner's: copied when missing, never overwritten.
# 5. Soft-reboot the board (the connect stopped the app; this starts it as
#    at power-on) and read the first console lines: the firmware prints
#    STARTED once it has booted (code.py), or a traceback.
import os
import sys
import tempfile

from host_tools import mpremote_board as MB
from host_tools import tree
from host_tools.deploy import Progress
from host_tools.mpremote_link import LinkError, open_link

ENTRY = "main.py"
PLACEHOLDER = (b"# Written by `menagerie deploy --mpremote` while it copies files; replaced at the end.\n"
               b"print('Menagerie update in progress: run `menagerie deploy --mpremote` again.')\n")
# code.py prints this once the app has booted (display up, store loaded).
STARTED = "Menagerie running on"
RESTART_SECONDS = 15.0
SPARE = 8 * 1024   # left free after a deploy: the store's files and a settings edit


def user_data():
    # The owner's files on a MicroPython board: settings.toml and the saves
    # (menagerie/store/layout.py MPY_FILES, the names the board writes).
    from host_tools import pull
    names = list(tree.USER_DATA)
    try:
        names += list(getattr(pull._layout(), "MPY_FILES", ()))
    except Exception:
        pass
    return names


class Plan:
    def __init__(self):
        self.copy = []      # tree-relative paths to write, main.py last
        self.delete = []    # stale firmware files and leftovers on the board
        self.keep = []      # the owner's files already on the board
        self.mkdir = []     # folders to make first, parents first
        self.same = 0
        self.bytes = 0


def plan(root, info, protected, old_manifest=None):
    p = Plan()
    files = [f for f in tree.walk(root) if f != tree.MANIFEST]
    for rel in files:
        if rel in protected and rel in info.files:
            p.keep.append(rel)
        elif MB.same_file(info, root, rel):
            p.same += 1
        else:
            p.copy.append(rel)
            p.bytes += os.path.getsize(os.path.join(root, rel))
    # The manifest (what this deploy shipped: the next one removes what a
    # newer tree drops) changes with any new build.
    if not MB.same_file(info, root, tree.MANIFEST):
        p.copy.append(tree.MANIFEST)
        p.bytes += os.path.getsize(os.path.join(root, tree.MANIFEST))
    p.copy.sort(key=lambda r: (r == ENTRY, r == tree.MANIFEST, r))
    wanted = set()
    for rel in p.copy:
        d = os.path.dirname(rel)
        while d:
            wanted.add(d)
            d = os.path.dirname(d)
    p.mkdir = sorted(d for d in wanted if d not in info.dirs)
    keep = set(protected) | set((old_manifest or {}).get("user_data", ()))
    ours = set(files) | {tree.MANIFEST}
    for rel in sorted(info.files):
        if rel in ours or rel in keep:
            continue
        if rel in (old_manifest or {}).get("files", {}):
            p.delete.append(rel)            # shipped by an earlier deploy, gone now
        elif rel.endswith(".tmp") and rel[:-4] in ours:
            p.delete.append(rel)            # left by an interrupted copy
        elif rel.endswith(".py") and rel[:-3] + ".mpy" in ours:
            p.delete.append(rel)            # would run instead of the new .mpy
    return p


def read_manifest(link, info, root=None):
    # The board's manifest: what the last deploy shipped. When it is the
    # tree's own (same size and digest), the local copy is read instead.
    if tree.MANIFEST not in info.files:
        return None
    if root and MB.same_file(info, root, tree.MANIFEST):
        return tree.read_manifest(root)
    import json
    text = link.run("f=open(%r)\nprint(f.read())\nf.close()" % tree.MANIFEST)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def apply(link, p, root, bar=None):
    if not p.copy and not p.delete:
        return
    bar = bar or Progress(p.bytes)
    if p.mkdir:
        link.run("import os\nfor d in %r:\n try:\n  os.mkdir(d)\n except OSError:\n  pass" % (p.mkdir,))
    # The placeholder first, whatever else changes: a cut from here on boots
    # into "update in progress", never into a half-new tree.
    link.write_file(ENTRY, PLACEHOLDER)
    for rel in p.copy:
        if rel in (ENTRY, tree.MANIFEST):
            continue
        _send(link, root, rel, bar)
    if p.delete:
        link.run("import os\nfor f in %r:\n try:\n  os.remove(f)\n except OSError:\n  pass"
                 % (p.delete,))
    if tree.MANIFEST in p.copy:
        _send(link, root, tree.MANIFEST, bar)
    _send(link, root, ENTRY, bar if ENTRY in p.copy else None)
    bar.end()


def _send(link, root, rel, bar):
    with open(os.path.join(root, rel), "rb") as f:
        data = f.read()
    step = (lambda n: bar.step(n, rel)) if bar else None
    link.write_file(rel, data, progress=step)


def judge(console):
    # The first console lines after the restart -> (started, lines to show).
    lines = [l for l in console.splitlines() if l.strip()]
    for l in lines:
        if l.startswith(STARTED):
            return True, [l]
    if any(l.startswith("Traceback") for l in lines):
        return False, lines[-12:]
    return False, lines[-6:]


def _enough(text):
    at = text.find(STARTED)
    if at >= 0 and "\n" in text[at:]:
        return True     # the whole line, board name included
    if "\n>>> " in "\n" + text:
        return True     # main.py is over: the REPL has the console
    if "Traceback" in text and text.endswith("\n"):
        last = text.rstrip("\n").split("\n")[-1]
        return not last.startswith(" ") and not last.startswith("Traceback")
    return False


def restart_and_check(link, seconds=RESTART_SECONDS):
    return judge(link.restart(seconds, until=_enough))


def _err(text):
    print(text, file=sys.stderr)


def _build(board_id, out):
    from host_tools.build import build
    r = build(board_id, out, mpy=True)
    for e in r.errors:
        _err("PROBLEM: %s" % e)
    return r.ok


def main(args):
    try:
        link = open_link(args.mpremote)
    except LinkError as e:
        _err("no MicroPython board: %s" % e)
        return 1
    try:
        with tempfile.TemporaryDirectory(prefix="menagerie-") as tmp:
            return _deploy(link, args, tmp)
    except LinkError as e:
        _err("deploy stopped: %s. Run `menagerie deploy --mpremote` again: "
             "main.py is replaced last, so the board starts only a complete tree." % e)
        return 1
    finally:
        link.close()


def _tree(args, board_id, tmp):
    # -> the --mpy tree to deploy, or None (reasons printed).
    if args.from_tree:
        made = tree.read_manifest(args.from_tree) or {}
        if made.get("board") != board_id or made.get("target") != "micropython":
            _err("%s is not a MicroPython build for %s (it is %s for %s): "
                 "build it with `menagerie build --board %s --mpy OUT`"
                 % (args.from_tree, board_id, made.get("target"), made.get("board"), board_id))
            return None
        return args.from_tree
    root = os.path.join(tmp, "mpy")
    return root if _build(board_id, root) else None


def _deploy(link, args, tmp):
    from host_tools import profiles
    info = MB.probe(link)
    print("found MicroPython %s on %s (%s)" % (info.version_text(), info.machine or "?", link.port))
    board_id = getattr(args, "board", None) or MB.board_for(info, profiles.board_ids())
    if board_id is None:
        _err("cannot tell which profile fits a %r: give --board (known: %s)"
             % (info.machine, ", ".join(profiles.board_ids())))
        return 1
    ident = MB.identity_problems(info, board_id)
    if info.name != "micropython":
        _err("REFUSED: %s" % ident[0])
        return 1
    root = _tree(args, board_id, tmp)
    if root is None:
        return 1
    fatal = MB.format_problems(info, MB.tree_needs(root))
    for p in fatal:
        _err("REFUSED: %s%s" % (p, MB.download_hint(board_id)))
    if fatal:
        return 1
    for p in ident:
        _err("%s: %s%s" % ("WARNING" if args.force else "REFUSED", p,
                            "" if args.force else " (use --force to copy anyway)"))
    if ident and not args.force:
        return 1
    if info.hash == "size":
        print("note: this MicroPython has neither hashlib nor binascii.crc32; files are compared by size only")
    p = plan(root, info, set(user_data()), read_manifest(link, info, root))
    for rel in p.keep:
        print("kept your %s" % rel)
    need = p.bytes + len(PLACEHOLDER) - sum(info.files[r][0] for r in p.copy + p.delete if r in info.files)
    if args.dry_run:
        for rel in p.copy:
            print("would copy %s" % rel)
        for rel in p.delete:
            print("would delete %s" % rel)
        print("dry run: %d to copy (%s), %d to delete, %d unchanged"
              % (len(p.copy), tree.kib(p.bytes), len(p.delete), p.same))
        return 0
    if info.free is not None and need > 0 and need + SPARE > info.free:
        _err("not enough space on the board: %s needed, %s free"
             % (tree.kib(need + SPARE), tree.kib(info.free)))
        return 1
    apply(link, p, root)
    print("copied %d file(s) (%s), deleted %d, %d unchanged"
          % (len(p.copy), tree.kib(p.bytes), len(p.delete), p.same))
    if getattr(args, "no_watch", False):
        link.restart(0.5)   # start the app, do not wait for it
        return 0
    started, lines = restart_and_check(link)
    if started:
        print("the firmware started: %s" % lines[0])
        return 0
    _err("the firmware did not say it started within %d s; the board printed:" % RESTART_SECONDS)
    for l in lines or ["(nothing)"]:
        _err("  | %s" % l)
    return 1
