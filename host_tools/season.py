# `menagerie export`'s statistics: per player and game type, over the
# finished games of a pulled history (abandoned games counted apart). The
# numbers come from firmware/menagerie/core/season.py, the very code the
# device's History > Player statistics screen runs, so both agree.
from host_tools.paths import ensure_firmware_importable

STATS_FIELDS = ["player", "game", "played", "wins", "win_rate", "best", "average", "abandoned"]


def stats_rows(games):
    # games: normalized entries (host_tools/history.py) -> rows for stats.csv
    ensure_firmware_importable()
    from menagerie.core.season import player_stats, tenths

    rows = []
    for p in player_stats(games):
        for g in p["games"]:
            rows.append({"player": p["name"], "game": g["game"], "played": g["played"],
                         "wins": g["wins"], "win_rate": g["rate"], "best": g["best"],
                         "average": tenths(g["avg10"]), "abandoned": p["abandoned"]})
        if not p["games"]:
            rows.append({"player": p["name"], "game": "", "played": 0, "wins": 0, "win_rate": "",
                         "best": "", "average": "", "abandoned": p["abandoned"]})
    return rows


def stats_json(games):
    ensure_firmware_importable()
    from menagerie.core.season import player_stats

    return player_stats(games)
