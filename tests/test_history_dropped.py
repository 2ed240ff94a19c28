# Every finished game the store drops (its history full: 200 games or 32 KB)
# is counted, survives reboots, and is said: on the device's History list,
# in `menagerie pull` (pull.json and its output) and in `menagerie export`.
import json
import os

from host_tools import cli
from menagerie.store import Store
from sim.flash import board_regions, drive_files
from sim.runner import Session, run_script

AI = {"game": "animal_inc", "players": ["Ann", "Bob", "Cy"],
      "rounds": [[3, 1, 0], [2, 4, 1], [0, 2, 5]], "scores": [5, 7, 6], "winners": [1], "start": 2}


def _file_games(app, n):
    for k in range(n):
        e = dict(AI)
        e["scores"] = [k, 7, 6]
        app.finish_game(e)


def test_the_history_screen_says_how_many_were_dropped(tmp_path):
    for board in ("raspberry_pi_pico", "adafruit_feather_rp2040"):
        s = Session(board, seed=3)
        _file_games(s.app, 205)
        assert s.app.store.hist_dropped == 5 and s.app.store.history_count() == 200
        s.powercut()  # counted in every base: it survives the reboot
        assert s.app.store.hist_dropped == 5
        # every kept game is a row (newest first); the last row counts the
        # dropped ones: UP from the top wraps to it
        run_script(s, "UP 2\nexpect >History\nOK\nscreen history\nexpect History (200)\n"
                      "UP\nexpect >5 older dropped\nOK\nscreen history\nUP\nexpect >Animal Inc Bob 7\n")
        s.png(str(tmp_path / ("%s_history.png" % board)))


def test_pull_and_export_say_how_many_were_dropped(tmp_path, capsys):
    regions = board_regions()
    st = Store(regions)
    st.load()
    for k in range(203):
        e = dict(AI)
        e["scores"] = [k, 7, 6]
        st.add_history(e)
    st.save({"v": 1, "settings": {"sound": True}, "game": None, "screen": "menu"})
    assert st.stats()["history_dropped"] == 3
    d = tmp_path / "CIRCUITPY"
    for name, data in drive_files(regions).items():
        os.makedirs(os.path.dirname(d / name), exist_ok=True)
        (d / name).write_bytes(data)
    out = str(tmp_path / "pulled")
    assert cli.main(["pull", "--from", str(d), "--out", out]) == 0
    said = capsys.readouterr().out
    assert "pulled 200 finished game(s)" in said
    assert "note: 3 older finished game(s) were dropped on the board" in said
    with open(os.path.join(out, "pull.json")) as f:
        assert json.load(f)["history_dropped"] == 3
    assert cli.main(["export", out, "--out", str(tmp_path / "x")]) == 0
    said = capsys.readouterr().out
    assert "200 game(s)" in said and "note: 3 older finished game(s) were dropped" in said
    # A pull with nothing dropped says nothing about it.
    with open(os.path.join(out, "pull.json")) as f:
        meta = json.load(f)
    meta["history_dropped"] = 0
    with open(os.path.join(out, "pull.json"), "w") as f:
        json.dump(meta, f)
    assert cli.main(["export", out, "--out", str(tmp_path / "y")]) == 0
    assert "dropped" not in capsys.readouterr().out
