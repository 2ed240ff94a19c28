# `menagerie doctor --mpremote [PORT]`: what is wrong with a MicroPython
# board, read over USB serial: its MicroPython and board, files missing or
# different from a fresh `--mpy` build, .mpy files it cannot load, a .py
# that hides an .mpy, settings typos, free space. Every check adds findings;
# nothing stops early. The board's app is stopped while we read (a soft
# reset, as mpremote does) and restarted at the end.
import ast
import os
import sys
import tempfile

from host_tools import mpremote_board as MB
from host_tools import profiles, tree
from host_tools.doctor import LOW_SPACE, Report
from host_tools.mpremote_deploy import ENTRY, PLACEHOLDER, read_manifest, user_data
from host_tools.mpremote_link import LinkError, open_link
from host_tools.paths import ensure_firmware_importable


def _board_id(info, manifest, given):
    if given:
        return given
    if manifest and manifest.get("board") in profiles.board_ids():
        return manifest["board"]
    return MB.board_for(info, profiles.board_ids())


def check(link, board_id=None, build_dir=None):
    r = Report()
    info = MB.probe(link)
    manifest = read_manifest(link, info)
    r.note("%s %s on %s" % ("MicroPython" if info.name == "micropython" else info.name or "?",
                            info.version_text(), info.machine or "?"))
    if info.mpy:
        r.note("loads .mpy version %d.%d%s" % (info.mpy[0], info.mpy[1],
                                               " (native code: %s)" % info.mpy[2] if info.mpy[2] else ""))
    board_id = _board_id(info, manifest, board_id)
    if board_id is None:
        r.problem("cannot tell which board this is (%s); pass --board" % (info.machine or "?"))
        return r
    for p in MB.identity_problems(info, board_id):
        r.problem(p)
    if board_id not in MB.BOARD_NAMES:
        r.note("no MicroPython board name known for %s: the board's identity was not checked" % board_id)
    _entry(r, info, board_id)
    _files(r, info, board_id, build_dir)
    _mpy_formats(r, info)
    _settings(r, link, info)
    _space(r, info)
    return r


def _entry(r, info, board_id):
    if ENTRY not in info.files:
        r.problem("main.py is missing, so the board runs nothing: run "
                  "`menagerie deploy --board %s --mpremote`" % board_id)
    elif info.files[ENTRY][0] == len(PLACEHOLDER) and \
            MB.local_digest_bytes(PLACEHOLDER, info.hash) == info.files[ENTRY][1]:
        r.problem("main.py is the placeholder of an interrupted deploy: run "
                  "`menagerie deploy --board %s --mpremote` again" % board_id)
    if "boot.py" in info.files:
        # A --mpy tree ships none: someone else's, and it runs before main.py.
        r.note("boot.py on the board is not Menagerie's; MicroPython runs it before main.py")


def _files(r, info, board_id, build_dir):
    from host_tools.build import build
    with tempfile.TemporaryDirectory(prefix="menagerie-doctor-") as tmp:
        root = build_dir or os.path.join(tmp, "mpy")
        if not build_dir:
            b = build(board_id, root, mpy=True)
            if not b.ok:
                r.note("cannot build the --mpy tree to compare with: %s" % "; ".join(b.errors))
                return
        mine = set(user_data())
        missing, stale = [], []
        for rel in tree.walk(root):
            if rel == tree.MANIFEST or rel in mine:
                continue
            if rel not in info.files:
                missing.append(rel)
            elif not MB.same_file(info, root, rel) and rel != ENTRY:
                stale.append(rel)
        ours = set(tree.walk(root))
        shadows = sorted(f for f in info.files if f.endswith(".py") and f[:-3] + ".mpy" in ours)
    for rel in missing:
        r.problem("%s is missing on the board: run `menagerie deploy --mpremote`" % rel)
    for rel in stale:
        r.problem("%s differs from this version's build (stale or changed): "
                  "run `menagerie deploy --mpremote`" % rel)
    for rel in shadows:
        r.problem("%s runs instead of %s.mpy (MicroPython imports .py first): "
                  "delete it, or run `menagerie deploy --mpremote`" % (rel, rel[:-3]))
    if not missing and not stale:
        r.note("every firmware file matches this version's build (%s)" % info.hash)
    if info.hash == "size":
        r.note("this MicroPython has neither hashlib nor binascii.crc32: files were compared by size only")


def _mpy_formats(r, info):
    have = info.mpy
    for rel in sorted(info.files):
        if not rel.endswith(".mpy"):
            continue
        head = bytes.fromhex(info.files[rel][2])
        h = MB.mpy_header(head)
        if h is None:
            what = ("compiled for CircuitPython" if head[:1] == b"C" else "not an .mpy file")
            r.problem("%s is %s; MicroPython cannot load it" % (rel, what))
        elif have and h[0] != have[0]:
            r.problem("%s is .mpy version %d; this MicroPython loads version %d: "
                      "run `menagerie deploy --mpremote`" % (rel, h[0], have[0]))
        elif have and h[1] >> 2 and (MB.ARCHES[h[1] >> 2] != have[2] or h[1] & 3 != have[1]):
            r.problem("%s holds native code for another MicroPython (%s, .mpy %d.%d)"
                      % (rel, MB.ARCHES[h[1] >> 2], h[0], h[1] & 3))


def _settings(r, link, info):
    if "settings.toml" not in info.files:
        r.note("no settings.toml: the defaults are used")
        return
    text = ast.literal_eval(link.run("f=open('settings.toml')\nprint(repr(f.read()))\nf.close()").strip())
    ensure_firmware_importable()
    from menagerie import settings as S
    warnings = []
    values = S.parse(text, warnings)
    _, more = S.validate(values)
    for w in warnings + more:
        r.problem("settings.toml: %s" % w)


def _space(r, info):
    if info.free is None:
        r.note("the board does not report free space (no os.statvfs)")
        return
    used = sum(size for size, _, _ in info.files.values())
    r.note("%s used by files, %s free of %s on the board's filesystem"
           % (tree.kib(used), tree.kib(info.free), tree.kib(info.total or 0)))
    if info.free < LOW_SPACE:
        r.problem("no space: only %s free on the board, games may not be saved; "
                  "delete files you do not need" % tree.kib(info.free))


def main(args):
    try:
        link = open_link(args.mpremote)
    except LinkError as e:
        print("no MicroPython board: %s" % e, file=sys.stderr)
        return 1
    try:
        r = check(link, args.board)
        # The app was stopped to read; let it run again, and hear what it
        # says as it starts (a display that does not answer, a crash).
        from host_tools import console
        text = link.restart(console.boot_seconds(), until=console.settled)
        for p in console.findings(text):
            r.problem(p)
    except LinkError as e:
        print("doctor stopped: %s" % e, file=sys.stderr)
        return 1
    finally:
        link.close()
    print("checked the MicroPython board on %s" % link.port)
    for n in r.notes:
        print("  ok: %s" % n)
    for p in r.problems:
        print("  PROBLEM: %s" % p)
    if not r.problems:
        print("no problems found")
    return 1 if r.problems else 0
