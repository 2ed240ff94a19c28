# Finished games as the host tools see them. A history entry, as the firmware
# files it (menagerie/store add_history), is a dict:
#   {game, players, rounds: [[delta per player] per round], scores, winners,
#    start, date}
# where winners and start are seat indexes. Panicozoo entries
# (ui/panicozoo_history.py) also mark the two-card final round (two_cards:
# its 1-based number) and the tie-breaker (tiebreak: {round, between}), and
# have start None (nobody starts: everyone plays at once). Older or simpler
# entries may miss rounds, start or date; normalize() fills what can be
# derived and leaves the rest None rather than inventing it.
import json
import os

from host_tools.paths import ensure_firmware_importable


def title(game_id):
    ensure_firmware_importable()
    try:
        from menagerie import games
        return games.title(game_id)
    except Exception:
        return str(game_id)


BIGGEST = 10 ** 9   # no game counts past this; larger is damage, not a score


class HistoryError(ValueError):
    # A pulled file the tools cannot read: one line, said as it is.
    pass


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _ints(xs, what):
    if not isinstance(xs, list):
        raise HistoryError("%s is %s, not a list of numbers" % (what, _kind(xs)))
    for x in xs:
        if not _is_int(x):
            raise HistoryError("%s holds %s, not a whole number" % (what, _show(x)))
        if abs(x) > BIGGEST:
            raise HistoryError("%s holds %s, too big for a score" % (what, _show(x)))
    return list(xs)


def _text(v, what):
    # Text that can be written out as UTF-8 (JSON allows lone surrogates).
    if not isinstance(v, str):
        raise HistoryError("%s is %s, not text" % (what, _show(v)))
    try:
        v.encode("utf-8")
    except UnicodeError:
        raise HistoryError("%s is not valid text" % what)
    return v


def _kind(v):
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true/false"
    return {dict: "an object", list: "a list", str: "text", int: "a number",
            float: "a number"}.get(type(v), type(v).__name__)


def _show(v):
    try:
        t = json.dumps(v, ensure_ascii=True)
    except (RecursionError, ValueError):
        return "a nested value"
    return t if len(t) <= 20 else t[:17] + "..."


def _seat(v, n, what):
    if not _is_int(v) or not 0 <= v < n:
        raise HistoryError("%s is %s, not a seat 0..%d" % (what, _show(v), n - 1))
    return v


def normalize(entry):
    # One finished game as the firmware files it -> the tools' dict; a value
    # of the wrong shape raises HistoryError (nothing is guessed or dropped).
    if not isinstance(entry, dict):
        raise HistoryError("%s, not a finished game" % _kind(entry))
    game = entry.get("game")
    if game is None:
        raise HistoryError("no game name")
    _text(game, "the game name")
    players = entry.get("players")
    if not isinstance(players, list) or not players:
        raise HistoryError("players is %s, not a list of names" % _show(players))
    for p in players:
        _text(p, "a player name")
    n = len(players)
    rounds = []
    raw_rounds = entry.get("rounds")
    if raw_rounds is not None:
        if not isinstance(raw_rounds, list):
            raise HistoryError("rounds is %s, not a list" % _kind(raw_rounds))
        for k, r in enumerate(raw_rounds, 1):
            row = _ints(r, "round %d" % k)
            if len(row) != n:
                raise HistoryError("a round has %d values for %d players" % (len(row), n))
            rounds.append(row)
    scores = entry.get("scores")
    if scores is None and rounds:
        scores = [sum(r[i] for r in rounds) for i in range(n)]
    scores = _ints(scores if scores is not None else [], "scores")
    if scores and len(scores) != n:
        raise HistoryError("%d scores for %d players" % (len(scores), n))
    winners = entry.get("winners")
    winners = _ints(winners if winners is not None else [], "winners")
    for w in winners:
        _seat(w, n, "a winner")
    start = entry.get("start")
    if start is not None:
        _seat(start, n, "start")
    date = entry.get("date")
    if date is not None:
        _text(date, "date")
    # Scores need not start at 0 (Animal Inc: 200 each): the rounds add to it.
    initial = [0] * n
    if scores and rounds:
        initial = [scores[i] - sum(r[i] for r in rounds) for i in range(n)]
    notes = [""] * len(rounds)
    two = entry.get("two_cards")
    if two is not None:
        if not _is_int(two) or not 1 <= two <= len(rounds):
            raise HistoryError("two_cards is %s, not a round 1..%d" % (_show(two), len(rounds)))
        notes[two - 1] = "two cards"
    tb = entry.get("tiebreak")
    between = None
    if tb is not None:
        if not isinstance(tb, dict):
            raise HistoryError("tiebreak is %s, not {round, between}" % _kind(tb))
        r = tb.get("round")
        if not _is_int(r) or not 1 <= r <= len(rounds):
            raise HistoryError("the tie-break round is %s, not 1..%d" % (_show(r), len(rounds)))
        notes[r - 1] = "tie-break"
        between = sorted(_seat(p, n, "a tie-break player")
                         for p in _ints(tb.get("between") or [], "tiebreak between"))
    return {
        "game": game,
        "title": title(game),
        "players": list(players),
        "rounds": rounds,
        "scores": scores,
        "winners": sorted(winners),
        "start": start,
        "date": date,
        "initial": initial,
        "round_notes": notes,
        "tiebreak_between": between,
        "abandoned": bool(entry.get("abandoned")),
        "ended_early": bool(entry.get("ended_early")),
    }


def _read_json(path, what):
    # A JSON file, or HistoryError saying in one line why not.
    if os.path.isdir(path):
        raise HistoryError("%s is a folder, not %s" % (path, what))
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except FileNotFoundError:
        raise HistoryError("%s: no such file" % path)
    except OSError as e:
        raise HistoryError("cannot read %s: %s" % (path, e.strerror or e))
    if not raw.strip():
        raise HistoryError("%s is empty, not %s" % (path, what))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise HistoryError("%s is not text, not %s" % (path, what))
    try:
        return json.loads(text)
    except RecursionError:
        raise HistoryError("%s is nested too deeply to be %s" % (path, what))
    except ValueError as e:
        line = getattr(e, "lineno", None)
        raise HistoryError("%s is not valid JSON%s, not %s" % (
            path, " (line %d)" % line if line else "", what))


def load(path):
    # A pulled history: history.json, or the folder `menagerie pull` wrote.
    # -> (games, meta); HistoryError (a ValueError) for anything malformed.
    meta = {}
    if not os.path.exists(path):
        raise HistoryError("%s: no such file or folder" % path)
    if os.path.isdir(path):
        meta_path = os.path.join(path, "pull.json")
        if os.path.exists(meta_path):
            meta = _read_json(meta_path, "the pull's notes")
            if not isinstance(meta, dict):
                raise HistoryError("%s holds %s, not the pull's notes" % (meta_path, _kind(meta)))
        hist = os.path.join(path, "history.json")
        if not os.path.exists(hist):
            raise HistoryError("%s has no history.json (is it a folder `menagerie pull` wrote?)" % path)
        path = hist
    data = _read_json(path, "a history")
    if isinstance(data, dict):
        if "history" not in data:
            raise HistoryError("%s is an object without a history list" % path)
        data = data["history"]
    if not isinstance(data, list):
        raise HistoryError("%s holds %s, not a list of finished games" % (path, _kind(data)))
    games = []
    for k, e in enumerate(data, 1):
        try:
            games.append(normalize(e))
        except HistoryError as err:
            raise HistoryError("%s: game %d: %s" % (path, k, err))
    return games, meta
