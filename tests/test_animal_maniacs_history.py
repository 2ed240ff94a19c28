# Animal Maniacs' history entry (ui/animal_maniacs_history.py) goes through
# `menagerie export` and `plot` like the other games.
import csv
import json
import os

from PIL import Image

from host_tools import export, history, plot
from menagerie.core.animal_maniacs_sim import play
from menagerie.ui.animal_maniacs_history import entry


def test_entry_rounds_add_up_and_export_and_plot_read_it(tmp_path):
    g = play({"players": 4, "zoos": 1, "edition": 1}, 21)
    assert g.over()
    e = entry(g, ["Ann", "Bob", "Cy", "Di"])
    assert e["game"] == "animal_maniacs" and e["winners"] == g.winners()
    assert e["scores"] == [len(g.zoo(p)) + len(g.wall(p)) for p in range(4)]
    assert [sum(r[p] for r in e["rounds"]) for p in range(4)] == e["scores"]
    # one row per round of turns (plus the last, partial one)
    assert abs(len(e["rounds"]) - sum(g.turns) // 4) <= 1
    src = tmp_path / "history.json"
    src.write_text(json.dumps([e]))
    games, _ = history.load(str(src))
    assert games[0]["title"] == "Animal Maniacs" and games[0]["initial"] == [0, 0, 0, 0]
    written, skipped = plot.plot(str(src), str(tmp_path / "charts"))
    assert skipped == [] and written[0].endswith("game-01-animal_maniacs.png")
    assert Image.open(written[0]).size == (800, 450)
    out = tmp_path / "exp"
    export.export(str(src), str(out))
    with open(os.path.join(str(out), "games.csv")) as f:
        rows = list(csv.DictReader(f))
    assert [r["game"] for r in rows] == ["Animal Maniacs"] * 4
    assert [int(r["score"]) for r in rows] == e["scores"]
    assert [int(r["winner"]) for r in rows] == [int(p in e["winners"]) for p in range(4)]
    rows = export.rounds_rows(games)
    last = [r["total"] for r in rows if r["player"] == "Ann"][-1]
    assert last == e["scores"][0]
