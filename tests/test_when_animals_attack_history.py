# A finished When Animals Attack game in the history: its entry (tiles per
# round), `menagerie export` and `menagerie plot` (tiles held per round).
import csv
import json
import os

from host_tools import cli, history
from menagerie.core import when_animals_attack_bot as B
from menagerie.core.when_animals_attack import WhenAnimalsAttackGame as G
from menagerie.ui.when_animals_attack_history import entry


def finished(seed=3, players=3):
    g = G({"players": players}, seed)
    tiles = []
    while not g.over():
        r = g.round
        g.apply(B.choose(g))
        if g.round != r:
            tiles.append([g.tiles(p) for p in range(g.n)])
    return g, tiles


def test_the_entry_holds_the_tiles_round_by_round():
    g, tiles = finished()
    e = entry(g, ["Ann", "Bo", "Cy"])
    assert e["game"] == "when_animals_attack" and e["scores"] == [g.tiles(p) for p in range(3)]
    assert e["winners"] == g.winners()
    total = [1, 1, 1]
    seen = []
    for row in e["rounds"]:
        total = [total[p] + row[p] for p in range(3)]
        seen.append(total)
    assert total == e["scores"]
    # every completed round's totals match what the game showed then
    assert seen[:len(tiles)] == tiles[:len(seen)]
    assert json.loads(json.dumps(e)) == e


def test_export_and_plot(tmp_path, capsys):
    g, _ = finished(5, 2)
    e = entry(g, ["Ann", "Bo"])
    src = tmp_path / "history.json"
    src.write_text(json.dumps([e]))
    n = history.normalize(e)
    assert n["title"] == "When Animals Attack" and n["initial"] == [1, 1]
    out = str(tmp_path / "x")
    assert cli.main(["export", str(src), "--out", out]) == 0
    with open(os.path.join(out, "rounds.csv")) as f:
        rows = list(csv.DictReader(f))
    last = [r for r in rows if r["round"] == str(len(e["rounds"]))]
    assert [int(r["total"]) for r in last] == e["scores"]
    charts = str(tmp_path / "charts")
    assert cli.main(["plot", str(src), "--out", charts]) == 0
    assert os.listdir(charts) == ["game-01-when_animals_attack.png"]
    assert "wrote" in capsys.readouterr().out
