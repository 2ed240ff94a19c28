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


def _ints(xs):
    return [int(x) for x in xs]


def normalize(entry):
    players = [str(p) for p in entry.get("players", [])]
    n = len(players)
    rounds = []
    for r in entry.get("rounds") or []:
        row = _ints(r)
        if len(row) != n:
            raise ValueError("a round has %d values for %d players" % (len(row), n))
        rounds.append(row)
    scores = entry.get("scores")
    if scores is None and rounds:
        scores = [sum(r[i] for r in rounds) for i in range(n)]
    scores = _ints(scores or [])
    if scores and len(scores) != n:
        raise ValueError("%d scores for %d players" % (len(scores), n))
    start = entry.get("start")
    # Scores need not start at 0 (Animal Inc: 200 each): the rounds add to it.
    initial = [0] * n
    if scores and rounds:
        initial = [scores[i] - sum(r[i] for r in rounds) for i in range(n)]
    notes = [""] * len(rounds)
    two = entry.get("two_cards")
    if _is_int(two) and 1 <= two <= len(rounds):
        notes[two - 1] = "two cards"
    tb = entry.get("tiebreak")
    between = None
    if isinstance(tb, dict) and _is_int(tb.get("round")) and 1 <= tb["round"] <= len(rounds):
        notes[tb["round"] - 1] = "tie-break"
        between = sorted(int(p) for p in tb.get("between") or [])
    return {
        "game": str(entry.get("game", "?")),
        "title": title(entry.get("game", "?")),
        "players": players,
        "rounds": rounds,
        "scores": scores,
        "winners": sorted(int(w) for w in entry.get("winners", [])),
        "start": int(start) if _is_int(start) else None,
        "date": entry.get("date"),
        "initial": initial,
        "round_notes": notes,
        "tiebreak_between": between,
    }


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def load(path):
    # A pulled history: history.json, or the folder `menagerie pull` wrote.
    meta = {}
    if os.path.isdir(path):
        meta_path = os.path.join(path, "pull.json")
        if os.path.exists(meta_path):
            with open(meta_path, encoding="utf-8") as f:
                meta = json.load(f)
        path = os.path.join(path, "history.json")
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    if isinstance(data, dict):
        data = data.get("history", [])
    return [normalize(e) for e in data], meta
