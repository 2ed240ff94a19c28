# A season: per-player statistics over the history of finished games, for
# the device's History > Players screen and `menagerie export` (the same
# numbers in both). Pure and integers only, like the rules.
#
# Players are matched by name across games: the same letters, any case, any
# spaces around them ("ana" and "Ana " are Ana); the newest spelling shows.
# Abandoned games are counted apart and never in the games played, wins or
# scores. Per player and game (sorted by name, then game id):
#   played, wins (a shared victory is a win for each), rate (percent,
#   rounded), best and average score (the average in tenths: 2124 = 212.4).


def key(name):
    return str(name).strip().lower()


def _round_div(a, b):
    # a / b rounded half up, for a >= 0, b > 0 (integers only)
    return (2 * a + b) // (2 * b)


def player_stats(history):
    # -> list of {"name", "abandoned", "games": [{"game", "played", "wins",
    # "rate", "best", "avg10"}, ...]} sorted by name; a damaged entry is
    # skipped rather than stopping the count.
    people = {}   # key -> [shown name, abandoned, {game: [played, wins, best, total]}]
    for e in history:
        if not isinstance(e, dict):
            continue
        names = e.get("players") or []
        scores = e.get("scores") or []
        winners = e.get("winners") or []
        game = str(e.get("game", "?"))
        for seat in range(len(names)):
            k = key(names[seat])
            if not k:
                continue
            p = people.get(k)
            if p is None:
                p = people[k] = [str(names[seat]).strip(), 0, {}]
            else:
                p[0] = str(names[seat]).strip()  # the newest spelling
            if e.get("abandoned"):
                p[1] += 1
                continue
            if seat >= len(scores) or not _whole(scores[seat]):
                continue
            s = scores[seat]
            g = p[2].get(game)
            if g is None:
                g = p[2][game] = [0, 0, s, 0]
            g[0] += 1
            if seat in winners:
                g[1] += 1
            if s > g[2]:
                g[2] = s
            g[3] += s
    out = []
    for k in sorted(people):
        name, abandoned, per = people[k]
        rows = []
        for game in sorted(per):
            played, wins, best, total = per[game]
            rows.append({"game": game, "played": played, "wins": wins,
                         "rate": _round_div(100 * wins, played),
                         "best": best, "avg10": _avg10(total, played)})
        out.append({"name": name, "abandoned": abandoned, "games": rows})
    return out


def _avg10(total, n):
    # total / n in tenths, rounded half away from zero
    if total >= 0:
        return _round_div(10 * total, n)
    return -_round_div(-10 * total, n)


def tenths(v):
    # 2124 -> "212.4", -15 -> "-1.5"
    sign = "-" if v < 0 else ""
    v = -v if v < 0 else v
    return "%s%d.%d" % (sign, v // 10, v % 10)


def _whole(v):
    return isinstance(v, int) and not isinstance(v, bool)
