# `menagerie check-config FILE`: read a When Animals Attack config.ini with
# the very parser the board runs (menagerie/core/when_animals_attack_config.py)
# and say whether the device will use it. Exit status 1 when it will not
# (the device then plays the default rules and says why on its screen).
import sys

from host_tools.paths import ensure_firmware_importable

HELP = "check a When Animals Attack config.ini as the device reads it"


def add_arguments(p):
    p.add_argument("file", metavar="FILE", help="the config.ini to check")


def _read(path):
    # -> (options, None) or (None, one line saying why the device will not
    # use the file): the board's own reader, on the same bytes
    ensure_firmware_importable()
    from menagerie.core.when_animals_attack_config import read

    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        return None, "cannot read it (%s)" % e.strerror
    return read(data)


def problem(path):
    # -> None when the device will use the file, else one line saying why.
    from menagerie.core.game import RuleError
    from menagerie.core.when_animals_attack import WhenAnimalsAttackGame

    opts, err = _read(path)
    if err:
        return err
    # the parser's own checks should make this unreachable: a last look
    for players in (2, 3, 4):
        try:
            WhenAnimalsAttackGame(dict(opts, players=players), 1)
        except RuleError as e:
            return "a %d-player game cannot start: %s" % (players, str(e).replace("\n", " "))
    return None


def summary(path):
    from menagerie.core.when_animals_attack_config import _GAME

    opts, _ = _read(path)
    names = [a[0] for a in opts.pop("roster")]
    keys = dict((opt, key) for key, opt, lo, hi in _GAME)
    keys["map"] = "map"
    sets = ", ".join(sorted("%s = %s" % (keys[k], opts[k]) for k in opts)) or "no game settings changed"
    return "%d animals (%s); %s" % (len(names), " ".join(names), sets)


def doctor(report, drive):
    # `menagerie doctor`: a config.ini on the drive must read cleanly.
    import os

    p = os.path.join(drive, "config.ini")
    if os.path.exists(p):
        err = problem(p)
        if err:
            report.problem("config.ini: %s (the device plays the default rules)" % err)
        else:
            report.note("config.ini: " + summary(p))


def main(args):
    err = problem(args.file)
    if err:
        print("%s: %s" % (args.file, err), file=sys.stderr)
        print("The device would play the default rules instead.", file=sys.stderr)
        return 1
    print("%s is fine: %s" % (args.file, summary(args.file)))
    return 0
