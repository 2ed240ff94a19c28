import csv
import json
import os

import pytest
from PIL import Image

from menagerie.store import Store, layout
from host_tools import cli, export, history, pull
from sim.flash import FlashRegion, board_regions, drive_files

AI = {"game": "animal_inc", "players": ["Ann", "Bob", "Cy"],
      "rounds": [[3, 1, 0], [2, 4, 1], [0, 2, 5]], "scores": [5, 7, 6], "winners": [1], "start": 2}
PZ = {"game": "panicozoo", "players": ["Ann", "Bob"], "rounds": [[2, 1], [0, 3], [4, 0]],
      "scores": [6, 4], "winners": [0], "start": 0, "date": "2026-03-01"}
BOWL = {"game": "bowl", "players": ["Ann"], "scores": [], "winners": []}
SAVE = {"v": 1, "settings": {"sound": True}, "game": None, "screen": "menu"}


def _fill(regions):
    # Two finished games, a bowl and the save after them, by the firmware's own Store.
    st = Store(regions)
    st.load()
    for e in (AI, PZ, BOWL):
        st.add_history(e)
    st.save(SAVE)
    return regions


@pytest.fixture
def drive(tmp_path):
    # A CIRCUITPY drive as the board leaves it: the save file's windows (nvm
    # is not on the drive).
    d = tmp_path / "CIRCUITPY"
    for name, data in drive_files(_fill(board_regions())).items():
        os.makedirs(os.path.dirname(d / name), exist_ok=True)
        (d / name).write_bytes(data)
    (d / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on x; y\nBoard ID:raspberry_pi_pico\n")
    return str(d)


@pytest.fixture
def mpy_board(tmp_path):
    # A MicroPython board's filesystem: each region a whole appendable file.
    d = tmp_path / "mpy"
    os.makedirs(d)
    regions = _fill([FlashRegion(layout.MPY_WINDOW) for _ in layout.MPY_FILES])
    for name, r in zip(layout.MPY_FILES, regions):
        (d / name).write_bytes(r.to_bytes())
    return str(d)


def test_pull_decodes_with_the_firmware_store(drive, tmp_path):
    out = str(tmp_path / "pulled")
    assert cli.main(["pull", "--from", drive, "--out", out]) == 0
    with open(os.path.join(out, "history.json")) as f:
        hist = json.load(f)
    assert [h["game"] for h in hist] == ["animal_inc", "panicozoo", "bowl"]
    assert hist[0]["rounds"] == AI["rounds"]
    with open(os.path.join(out, "save.json")) as f:
        assert json.load(f)["screen"] == "menu"
    assert sorted(os.listdir(os.path.join(out, "raw"))) == ["save_a_game.sav", "save_b_game.sav"]
    with open(os.path.join(out, "pull.json")) as f:
        meta = json.load(f)
    assert meta["files"] == ["save_a/game.sav", "save_b/game.sav"] and meta["message"] is None
    assert "nvm" in meta["save_freshness"]


def fake_mpremote(board_dir, calls):
    # Stands in for `mpremote [connect PORT] cp :FILE DEST`, reading a folder.
    def run(cmd, **kw):
        calls.append(cmd)
        assert cmd[1:3] == ["-m", "mpremote"] and cmd[-3] == "cp" and cmd[-2].startswith(":")
        src = os.path.join(board_dir, cmd[-2][1:])
        if not os.path.exists(src):
            return type("R", (), {"returncode": 1})()
        with open(src, "rb") as a, open(cmd[-1], "wb") as b:
            b.write(a.read())
        return type("R", (), {"returncode": 0})()
    return run


def test_pull_over_mpremote(mpy_board, tmp_path):
    calls = []
    rec, hist, meta = pull.pull(str(tmp_path / "p"), mpremote="/dev/ttyACM0",
                                run=fake_mpremote(mpy_board, calls))
    assert [h["game"] for h in hist] == ["animal_inc", "panicozoo", "bowl"] and rec == SAVE
    assert meta["source"] == "mpremote:/dev/ttyACM0" and meta["missing"] == []
    assert [c[-2] for c in calls] == [":" + n for n in layout.MPY_FILES]
    assert calls[0][3:5] == ["connect", "/dev/ttyACM0"]


def test_pull_over_mpremote_missing_files(tmp_path):
    calls = []
    os.makedirs(tmp_path / "empty")
    rec, hist, meta = pull.pull(str(tmp_path / "p"), mpremote="auto",
                                run=fake_mpremote(str(tmp_path / "empty"), calls))
    assert (rec, hist) == (None, []) and meta["missing"] == list(layout.MPY_FILES)
    assert "connect" not in calls[0]


def test_pull_reads_no_nvm_and_needs_no_nvm(tmp_path):
    # The drive's files alone (all three games were filed in nvm first) give
    # the whole history; a drive without the save file gives nothing, quietly.
    regions = _fill(board_regions())
    d = tmp_path / "d"
    for name, data in drive_files(regions).items():
        os.makedirs(os.path.dirname(d / name), exist_ok=True)
        (d / name).write_bytes(data)
    rec, hist, meta = pull.pull(str(tmp_path / "p"), source=str(d))
    assert len(hist) == 3 and rec == SAVE
    os.makedirs(tmp_path / "bare")
    rec, hist, meta = pull.pull(str(tmp_path / "q"), source=str(tmp_path / "bare"))
    assert (rec, hist, meta["missing"]) == (None, [], ["save_a/game.sav", "save_b/game.sav"])


def test_export_csv_json_and_bgstats(drive, tmp_path):
    out = str(tmp_path / "pulled")
    pull.pull(out, source=drive)
    exp = str(tmp_path / "exp")
    assert cli.main(["export", out, "--out", exp]) == 0
    with open(os.path.join(exp, "games.csv")) as f:
        rows = list(csv.DictReader(f))
    bob = [r for r in rows if r["game_no"] == "1" and r["player"] == "Bob"][0]
    assert bob["score"] == "7" and bob["winner"] == "1" and bob["start_player"] == "0"
    assert [r["start_player"] for r in rows if r["game_no"] == "1"] == ["0", "0", "1"]
    assert [r["date"] for r in rows if r["game_no"] == "2"] == ["2026-03-01"] * 2
    with open(os.path.join(exp, "rounds.csv")) as f:
        rounds = list(csv.DictReader(f))
    cy = [int(r["total"]) for r in rounds if r["game_no"] == "1" and r["player"] == "Cy"]
    assert cy == [0, 1, 6]
    with open(os.path.join(exp, "bgstats.json")) as f:
        bg = json.load(f)
    assert [p["name"] for p in bg["players"]] == ["Ann", "Bob", "Cy"]
    play = bg["plays"][0]
    ref = {p["id"]: p["name"] for p in bg["players"]}
    by_name = {ref[s["playerRefId"]]: s for s in play["playerScores"]}
    assert by_name["Bob"]["winner"] and not by_name["Ann"]["winner"]
    assert by_name["Cy"]["startPlayer"] and by_name["Bob"]["score"] == "7"
    assert bg["games"][play["gameRefId"] - 1]["name"] == history.title("animal_inc")
    assert len(bg["plays"]) == 3


def test_plot_draws_one_chart_per_game_with_rounds(drive, tmp_path, capsys):
    out = str(tmp_path / "pulled")
    pull.pull(out, source=drive)
    charts = str(tmp_path / "charts")
    assert cli.main(["plot", out, "--out", charts]) == 0
    assert sorted(os.listdir(charts)) == ["game-01-animal_inc.png", "game-02-panicozoo.png"]
    assert Image.open(os.path.join(charts, "game-01-animal_inc.png")).size == (800, 450)
    assert "game 3 (" in capsys.readouterr().out


def test_normalize_fills_scores_and_rejects_ragged_rounds():
    g = history.normalize({"game": "animal_inc", "players": ["a", "b"], "rounds": [[1, 2], [3, 4]],
                           "winners": [1]})
    assert g["scores"] == [4, 6] and g["start"] is None and g["date"] is None
    with pytest.raises(ValueError):
        history.normalize({"game": "x", "players": ["a", "b"], "rounds": [[1]]})


def test_pull_without_store_files_explains(monkeypatch, tmp_path):
    monkeypatch.setattr(layout, "WINDOWS", (), raising=False)
    with pytest.raises(SystemExit, match="nvm"):
        pull.pull(str(tmp_path / "p"), source=str(tmp_path))


def test_normalize_starting_scores_and_round_marks():
    # Animal Inc starts everyone at 200: the rounds add to that.
    g = history.normalize({"game": "animal_inc", "players": ["a", "b"], "rounds": [[5, -3], [1, 2]],
                           "scores": [206, 199], "winners": [0], "start": 1})
    assert g["initial"] == [200, 200] and g["round_notes"] == ["", ""] and g["start"] == 1
    rows = export.rounds_rows([g])
    assert [r["total"] for r in rows if r["player"] == "b"] == [197, 199]
    # Panicozoo marks its two-card round and the tie-breaker; nobody starts.
    p = history.normalize({"game": "panicozoo", "players": ["a", "b"], "start": None,
                           "rounds": [[1, 0], [0, 2], [0, 0]], "scores": [1, 2], "winners": [0],
                           "two_cards": 2, "tiebreak": {"round": 3, "between": [1, 0]}})
    assert p["round_notes"] == ["", "two cards", "tie-break"] and p["tiebreak_between"] == [0, 1]
    assert p["initial"] == [0, 0] and p["start"] is None
    assert [r["start_player"] for r in export.games_rows([p], {})] == ["", ""]


def test_pull_reads_the_old_single_save_file_too(tmp_path):
    # A drive from before the two-file layout: saves/menagerie.sav's windows
    # are read (the board reads them too, and never writes them again).
    from menagerie.store import Store
    old = [FlashRegion(4096)] + [FlashRegion(size) for _, _, size in layout.LEGACY_WINDOWS]
    for r in old[1:]:
        r.appendable = False
    st = Store(old)
    st.load()
    st.add_history(AI)
    st.save(SAVE)
    blob = bytearray(b"\xff" * layout.LEGACY_SIZE)
    for (name, off, size), r in zip(layout.LEGACY_WINDOWS, old[1:]):
        blob[off:off + size] = r.to_bytes()
    d = tmp_path / "d"
    os.makedirs(d / "saves")
    (d / layout.LEGACY_FILE).write_bytes(bytes(blob))
    rec, hist, meta = pull.pull(str(tmp_path / "p"), source=str(d))
    assert hist == [AI] and rec == SAVE and layout.LEGACY_FILE in meta["files"]


def test_export_writes_player_statistics(drive, tmp_path):
    out = str(tmp_path / "pulled")
    pull.pull(out, source=drive)
    exp = str(tmp_path / "exp")
    assert cli.main(["export", out, "--out", exp]) == 0
    with open(os.path.join(exp, "stats.csv")) as f:
        rows = list(csv.DictReader(f))
    ann = [(r["game"], r["played"], r["wins"], r["win_rate"], r["best"], r["average"])
           for r in rows if r["player"] == "Ann"]
    # Ann: Animal Inc 5 (lost), Panicozoo 6 (won); the bowl has no scores
    assert ann == [("animal_inc", "1", "0", "0", "5", "5.0"), ("panicozoo", "1", "1", "100", "6", "6.0")]
    with open(os.path.join(exp, "stats.json")) as f:
        st = json.load(f)
    assert [p["name"] for p in st] == ["Ann", "Bob", "Cy"]


def test_statistics_skip_abandoned_games_and_bgstats_ignores_them():
    from host_tools import season

    games = [history.normalize(dict(AI)), history.normalize(dict(AI, abandoned=True))]
    rows = season.stats_rows(games)
    bob = [r for r in rows if r["player"] == "Bob"][0]
    assert (bob["played"], bob["wins"], bob["abandoned"]) == (1, 1, 1)
    plays = export.bgstats(games, {})["plays"]
    assert [p["ignored"] for p in plays] == [False, True]
