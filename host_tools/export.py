# `menagerie export`: a pulled history as CSV, JSON and a BG Stats file,
# plus per-player statistics (stats.csv / stats.json, host_tools/season.py).
#
# BG Stats: the file follows the layout of BG Stats' own backup/export JSON
# (players, games, plays with playerScores: playerRefId, score, winner,
# startPlayer, seatOrder), which its import reads. The board has no clock:
# a game without a date gets the day it was pulled.
import csv
import datetime
import json
import os
import sys
import uuid

from host_tools import history

HELP = "write a pulled history as CSV, JSON and a BG Stats import file"
_NS = uuid.UUID("6d656e61-6765-7269-6500-000000000000")


def add_arguments(p):
    p.add_argument("source", metavar="PULLED", help="folder written by `menagerie pull`, or its history.json")
    p.add_argument("--out", default=".", metavar="DIR", help="where to write the files (default: here)")


def _date(g, meta):
    d = g.get("date") or meta.get("pulled_at") or datetime.date.today().isoformat()
    return str(d)[:10]


def games_rows(games, meta):
    rows = []
    for n, g in enumerate(games, 1):
        for seat, name in enumerate(g["players"]):
            rows.append({
                "game_no": n, "date": _date(g, meta), "game": g["title"], "seat": seat + 1,
                "player": name, "score": g["scores"][seat] if g["scores"] else "",
                "winner": int(seat in g["winners"]),
                "start_player": "" if g["start"] is None else int(seat == g["start"]),
                "rounds": len(g["rounds"]),
            })
    return rows


def rounds_rows(games):
    rows = []
    for n, g in enumerate(games, 1):
        totals = list(g.get("initial") or [0] * len(g["players"]))
        notes = g.get("round_notes") or [""] * len(g["rounds"])
        for r, deltas in enumerate(g["rounds"], 1):
            for seat, d in enumerate(deltas):
                totals[seat] += d
                rows.append({"game_no": n, "game": g["title"], "round": r, "note": notes[r - 1],
                             "seat": seat + 1, "player": g["players"][seat], "delta": d,
                             "total": totals[seat]})
    return rows


def bgstats(games, meta):
    players, titles, plays = [], [], []
    pid, gid = {}, {}
    for n, g in enumerate(games, 1):
        if g["title"] not in gid:
            gid[g["title"]] = len(gid) + 1
            titles.append({"id": gid[g["title"]], "name": g["title"], "cooperative": False,
                           "highestWins": True, "noPoints": not g["scores"],
                           "uuid": str(uuid.uuid5(_NS, "game:" + g["title"]))})
        scores = []
        for seat, name in enumerate(g["players"]):
            if name not in pid:
                pid[name] = len(pid) + 1
                players.append({"id": pid[name], "name": name, "isAnonymous": False,
                                "uuid": str(uuid.uuid5(_NS, "player:" + name))})
            scores.append({"playerRefId": pid[name],
                           "score": str(g["scores"][seat]) if g["scores"] else "",
                           "winner": seat in g["winners"],
                           "startPlayer": g["start"] == seat,
                           "newPlayer": False, "seatOrder": seat + 1, "rank": 0})
        key = json.dumps([n, _date(g, meta), g["game"], g["players"], g["scores"]])
        plays.append({"uuid": str(uuid.uuid5(_NS, "play:" + key)), "gameRefId": gid[g["title"]],
                      "playDate": _date(g, meta) + " 00:00:00", "durationMin": 0,
                      "ignored": bool(g.get("abandoned")),  # not finished: no result
                      "manualWinner": False, "rounds": len(g["rounds"]),
                      "comments": "Menagerie game %d" % n, "playerScores": scores})
    return {"players": players, "games": titles, "plays": plays, "locations": []}


def _csv(path, rows, fields):
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)


def export_stats(games, out):
    # stats.csv and stats.json: per player and game type (host_tools/season.py)
    from host_tools import season

    p = os.path.join(out, "stats.csv")
    _csv(p, season.stats_rows(games), season.STATS_FIELDS)
    q = os.path.join(out, "stats.json")
    with open(q, "w", encoding="utf-8") as f:
        json.dump(season.stats_json(games), f, indent=1, sort_keys=True, ensure_ascii=False)
        f.write("\n")
    return [p, q]


def export(source, out):
    games, meta = history.load(source)
    os.makedirs(out, exist_ok=True)
    written = []
    p = os.path.join(out, "games.csv")
    _csv(p, games_rows(games, meta), ["game_no", "date", "game", "seat", "player", "score",
                                      "winner", "start_player", "rounds"])
    written.append(p)
    p = os.path.join(out, "rounds.csv")
    _csv(p, rounds_rows(games), ["game_no", "game", "round", "note", "seat", "player", "delta",
                                 "total"])
    written.append(p)
    written.extend(export_stats(games, out))
    for name, data in (("games.json", games), ("bgstats.json", bgstats(games, meta))):
        p = os.path.join(out, name)
        with open(p, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, sort_keys=True, ensure_ascii=False)
            f.write("\n")
        written.append(p)
    return games, written


def dropped(source):
    # Finished games the board dropped before the pull (pull.json), or 0.
    try:
        n = history.load(source)[1].get("history_dropped", 0)
    except (OSError, ValueError):
        return 0
    return n if isinstance(n, int) and not isinstance(n, bool) and n > 0 else 0


def main(args):
    try:
        games, written = export(args.source, args.out)
    except (OSError, ValueError) as e:
        print("cannot export: %s" % e, file=sys.stderr)
        return 1
    except RecursionError:
        # A value nested deeper than any game, met past the reading.
        print("cannot export: %s holds values nested too deeply to be finished games"
              % args.source, file=sys.stderr)
        return 1
    for p in written:
        print("wrote %s" % p)
    print("%d game(s)" % len(games))
    n = dropped(args.source)
    if n:
        from host_tools.pull import dropped_note
        print("note: " + dropped_note(n))
    return 0
