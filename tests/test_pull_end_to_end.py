"""From the buttons to the charts: a Panicozoo game and an Animal Inc game
played through the simulator's buttons (tests/scripts/), filed in the
history, the board's save file laid out as a CIRCUITPY drive (the file
windows only: nvm is not visible over USB), then `menagerie pull`, `export`
and `plot` as a user runs them, and their content checked against the games.
A second board, a MicroPython one, is pulled the same way through a fake
`mpremote` that serves files from a folder."""
import csv
import json
import os
import re
import sys

import pytest
from PIL import Image

from host_helpers import fake_drive
from host_tools import cli
from menagerie.core.animal_inc import AnimalIncGame
from menagerie.store import layout
from sim.flash import FlashRegion, drive_files
from sim.runner import Session, run_script
from ui_scripts import SCRIPTS

NAMES = ["Ana", "Benjamin", "Cyd", "Dee"]
# Panicozoo, from the script's own comments: who won each round (seat), the
# two-card final round 14, then the tie-breaker between P1 and P2 (P1 is
# wrong, so P2 wins it by default).
PZ_WINNERS = [1, 0, 3, 0, 0, 0, 0, 1, 1, 1, 1, 2, 3, 2]
PZ_SCORES = [5, 5, 3, 2]


def _script(name, drop_seat_expects=False):
    with open(os.path.join(SCRIPTS, name)) as f:
        text = f.read()
    if drop_seat_expects:
        # The script checks default seat labels ("P1!") on screen; this board
        # has names from settings, so those lines would not match. Every
        # press and every screen check stays.
        text = "\n".join(l for l in text.splitlines()
                         if not (l.startswith("expect") and re.search(r"\bP[1-6]\b", l)))
    return text


@pytest.fixture(scope="module")
def board():
    # One Pico board, named players: Panicozoo (its script ends by leaving
    # the final standings: filed), then Animal Inc (its script ends on the
    # standings; leaving them through "Main menu" files it).
    with open(os.path.join(SCRIPTS, "animal_inc_settings.toml")) as f:
        s = Session("raspberry_pi_pico", seed=1, settings_text=f.read())
    run_script(s, _script("panicozoo_game_pico.txt", drop_seat_expects=True), "panicozoo")
    assert s.app.state()["screen"] == "main_menu" and len(s.app.store.history()) == 1
    run_script(s, _script("animal_inc_4p.txt"), "animal_inc")
    ai = s.app.game.record()
    ai_start = s.app.game.start
    run_script(s, "OK\nscreen ai_over_menu\nexpect Main menu\nDOWN 3\nOK\nscreen main_menu\n")
    assert s.app.game is None and len(s.app.store.history()) == 2
    return s, ai, ai_start


@pytest.fixture(scope="module")
def pulled(board, tmp_path_factory):
    s = board[0]
    root = tmp_path_factory.mktemp("e2e")
    drive = fake_drive(str(root / "CIRCUITPY"))
    for name, data in drive_files(s.regions).items():
        os.makedirs(os.path.dirname(os.path.join(drive, name)), exist_ok=True)
        with open(os.path.join(drive, name), "wb") as f:
            f.write(data)
    out = str(root / "pulled")
    assert cli.main(["pull", "--from", drive, "--out", out]) == 0
    return drive, out, root


def _json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def _csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_the_drive_holds_only_the_save_file_windows(board, pulled):
    s = board[0]
    drive = pulled[0]
    for k, (name, offset, size) in enumerate(layout.WINDOWS):
        data = open(os.path.join(drive, name), "rb").read()
        assert len(data) == layout.SAVE_FILE_SIZE
        assert data[offset:offset + size] == s.regions[1 + k].to_bytes()
        # Outside the window: the tag and the erased guards, nothing of nvm.
        assert data[:len(layout.TAG)] == layout.TAG
        assert data[len(layout.TAG):layout.GUARD] == b"\xff" * (layout.GUARD - len(layout.TAG))
    assert s.regions[0].to_bytes()[:2] == b"MG"  # nvm has a chain, not on the drive


def test_pull_has_both_games_and_the_current_save(board, pulled):
    out = pulled[1]
    hist = _json(os.path.join(out, "history.json"))
    assert [h["game"] for h in hist] == ["panicozoo", "animal_inc"]
    assert all(h["players"] == NAMES for h in hist)
    save = _json(os.path.join(out, "save.json"))
    assert save["game"] is None and save["settings"]["names"][:4] == NAMES
    meta = _json(os.path.join(out, "pull.json"))
    assert meta["message"] is None and meta["files"] == [w[0] for w in layout.WINDOWS] and meta["missing"] == []
    assert "nvm" in meta["save_freshness"]
    # What the board itself says is exactly what was pulled from the drive.
    assert hist == board[0].app.store.history()


def test_animal_inc_winner_and_scores_per_round(board, pulled):
    _, ai, ai_start = board
    out, root = pulled[1], pulled[2]
    truth = AnimalIncGame.replay(ai["options"], ai["seed"], ai["actions"]).history()
    assert len(truth) == 16
    exp = str(root / "export")
    assert cli.main(["export", out, "--out", exp]) == 0
    games = [r for r in _csv(os.path.join(exp, "games.csv")) if r["game"] == "Animal Inc"]
    assert [(r["player"], r["score"], r["winner"]) for r in games] == [
        ("Ana", "190", "0"), ("Benjamin", "265", "1"), ("Cyd", "187", "0"), ("Dee", "177", "0")]
    assert [r["start_player"] for r in games] == ["1" if i == ai_start else "0" for i in range(4)]
    assert {r["rounds"] for r in games} == {"16"}
    rounds = [r for r in _csv(os.path.join(exp, "rounds.csv")) if r["game"] == "Animal Inc"]
    assert len(rounds) == 16 * 4
    for r in rounds:
        row = truth[int(r["round"]) - 1]
        seat = int(r["seat"]) - 1
        assert int(r["delta"]) == row["deltas"][seat] and int(r["total"]) == row["scores"][seat], r
    normal = _json(os.path.join(exp, "games.json"))[1]
    assert normal["winners"] == [1] and normal["initial"] == [200] * 4


def test_panicozoo_cards_per_round(board, pulled):
    out, root = pulled[1], pulled[2]
    pz = _json(os.path.join(out, "history.json"))[0]
    want = [[2 if (r == 13 and p == w) else int(p == w) for p in range(4)]
            for r, w in enumerate(PZ_WINNERS)] + [[0, 0, 0, 0]]
    assert pz["rounds"] == want
    assert pz["scores"] == PZ_SCORES and pz["winners"] == [1] and pz["start"] is None
    assert pz["two_cards"] == 14 and pz["tiebreak"] == {"round": 15, "between": [0, 1]}
    exp = str(root / "export")
    cli.main(["export", out, "--out", exp])
    rounds = [r for r in _csv(os.path.join(exp, "rounds.csv")) if r["game"] == "Panicozoo"]
    last = {r["player"]: int(r["total"]) for r in rounds if r["round"] == "15"}
    assert last == dict(zip(NAMES, PZ_SCORES))
    assert {r["note"] for r in rounds if r["round"] == "14"} == {"two cards"}
    assert {r["note"] for r in rounds if r["round"] == "15"} == {"tie-break"}
    games = [r for r in _csv(os.path.join(exp, "games.csv")) if r["game"] == "Panicozoo"]
    assert [r["start_player"] for r in games] == [""] * 4  # nobody starts in Panicozoo
    bg = _json(os.path.join(exp, "bgstats.json"))
    ref = {p["id"]: p["name"] for p in bg["players"]}
    assert sorted(ref.values()) == sorted(NAMES) and len(bg["plays"]) == 2
    title = {g["id"]: g["name"] for g in bg["games"]}
    plays = {title[p["gameRefId"]]: p for p in bg["plays"]}
    pzs = {ref[x["playerRefId"]]: x for x in plays["Panicozoo"]["playerScores"]}
    assert [pzs[n]["score"] for n in NAMES] == ["5", "5", "3", "2"]
    assert [pzs[n]["winner"] for n in NAMES] == [False, True, False, False]
    assert not any(x["startPlayer"] for x in pzs.values())
    ais = {ref[x["playerRefId"]]: x for x in plays["Animal Inc"]["playerScores"]}
    assert ais["Benjamin"]["winner"] and ais["Benjamin"]["score"] == "265"
    assert [ais[n]["startPlayer"] for n in NAMES] == [i == board[2] for i in range(4)]


def test_plot_draws_both_games(pulled, capsys):
    out, root = pulled[1], pulled[2]
    charts = str(root / "charts")
    assert cli.main(["plot", out, "--out", charts]) == 0
    assert sorted(os.listdir(charts)) == ["game-01-panicozoo.png", "game-02-animal_inc.png"]
    assert "no rounds" not in capsys.readouterr().out
    tab10 = [(31, 119, 180), (255, 127, 14), (44, 160, 44), (214, 39, 40)]
    for name in os.listdir(charts):
        im = Image.open(os.path.join(charts, name)).convert("RGB")
        assert im.size == (800, 450)
        colours = im.getcolors(maxcolors=1 << 16)
        assert len(colours) > 20
        seen = {c for _, c in colours}
        # Each player's line is drawn in its own colour.
        assert all(c in seen for c in tab10), name


FAKE_MPREMOTE = r"""
import shutil, sys, os
# `mpremote [connect PORT] cp :FILE DEST`, served from the folder in argv[1].
args = sys.argv[2:]
if args[:1] == ["connect"]:
    args = args[2:]
assert args[0] == "cp" and args[1].startswith(":"), args
src = os.path.join(sys.argv[1], args[1][1:])
if not os.path.exists(src):
    sys.exit("no such file on the board: " + args[1])
shutil.copyfile(src, args[2])
"""


def test_pull_from_a_micropython_board_over_mpremote(tmp_path, monkeypatch):
    # A MicroPython board: no nvm, each region a whole littlefs file that the
    # store appends to. Panicozoo played through its buttons, then pulled
    # through a fake mpremote that reads the board's files from a folder.
    regions = [FlashRegion(layout.MPY_WINDOW) for _ in layout.MPY_FILES]
    s = Session("raspberry_pi_pico", seed=5, regions=regions)
    run_script(s, _script("panicozoo_game_pico.txt"), "panicozoo")
    fs = tmp_path / "board_fs"
    os.makedirs(fs)
    for name, r in zip(layout.MPY_FILES, regions):
        (fs / name).write_bytes(r.to_bytes())
    fake = tmp_path / "fake_mpremote.py"
    fake.write_text(FAKE_MPREMOTE)
    monkeypatch.setenv("MENAGERIE_MPREMOTE", "%s %s %s" % (sys.executable, fake, fs))
    out = str(tmp_path / "pulled")
    assert cli.main(["pull", "--mpremote", "/dev/ttyACM0", "--out", out]) == 0
    hist = _json(os.path.join(out, "history.json"))
    assert len(hist) == 1 and hist[0]["players"] == ["P1", "P2", "P3", "P4"]
    assert hist[0]["scores"] == PZ_SCORES and len(hist[0]["rounds"]) == 15
    meta = _json(os.path.join(out, "pull.json"))
    assert meta["layout"] == "micropython" and meta["files"] == list(layout.MPY_FILES)
    assert sorted(os.listdir(os.path.join(out, "raw"))) == sorted(layout.MPY_FILES)
