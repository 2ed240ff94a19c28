# Finished games as the host tools see them. A history entry, as the firmware
# files it (menagerie/store add_history), is a dict:
#   {game, players, rounds: [[delta per player] per round], scores, winners,
#    start, date}
# where winners and start are seat indexes. Older or simpler entries may miss
# rounds, start or date; normalize() fills what can be derived and leaves the
# rest None rather than inventing it.
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
    return {
        "game": str(entry.get("game", "?")),
        "title": title(entry.get("game", "?")),
        "players": players,
        "rounds": rounds,
        "scores": scores,
        "winners": sorted(int(w) for w in entry.get("winners", [])),
        "start": int(start) if isinstance(start, int) and not isinstance(start, bool) else None,
        "date": entry.get("date"),
    }


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
