# `menagerie check-config FILE` and doctor's look at config.ini: the board's
# own parser, one line naming the problem, a non-zero exit status.
import os
import shutil

import pytest

from host_tools import cli, doctor

HERE = os.path.dirname(os.path.abspath(__file__))
GOOD = os.path.join(HERE, "scripts", "when_animals_attack.ini")


def write(tmp_path, data, name="config.ini"):
    p = tmp_path / name
    p.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return str(p)


def test_a_good_file(capsys):
    assert cli.main(["check-config", GOOD]) == 0
    out = capsys.readouterr().out
    assert "is fine" in out and "Wolf" in out and "settlement_health = 3" in out
    assert "Hawk" not in out


@pytest.mark.parametrize("text, message", [
    ("[Lion]\nattack = 0\n", "line 2: attack must be 1 to 20, not 0"),
    ("attack = 2\n", "line 1: 'attack = 2' is outside any [section]"),
    ("[game]\nsettlements 3\n", "line 2: expected 'key = value'"),
    ("[game]\nmap = Moon\n", "line 2: unknown map 'Moon'"),
    ("[Wolf]\nattack = 2\n", "line 1: new animal [Wolf] needs terrain"),
    ("[game]\nheal = 1\n[GAME]\n", "line 3: [GAME] appears twice (first on line 1)"),
])
def test_mistakes_name_the_line_and_fail(tmp_path, capsys, text, message):
    assert cli.main(["check-config", write(tmp_path, text)]) == 1
    err = capsys.readouterr().err
    assert message in err and "default rules" in err


def test_not_text_and_missing(tmp_path, capsys):
    assert cli.main(["check-config", write(tmp_path, b"[game]\n\xff\xfe map = x\n")]) == 1
    assert "not UTF-8 text" in capsys.readouterr().err
    assert cli.main(["check-config", str(tmp_path / "nothing.ini")]) == 1
    assert "cannot read it" in capsys.readouterr().err


def test_a_file_no_game_can_start_with(tmp_path, capsys):
    # parses, but the monkey cannot cross the hills the settlements sit behind
    text = "[game]\nmap = Ridge\n[Monkey]\nenters = forest grass\nterrain = forest\n"
    assert cli.main(["check-config", write(tmp_path, text)]) == 1
    assert "cannot reach every settlement" in capsys.readouterr().err


def test_doctor_reads_the_drives_config(tmp_path):
    drive = str(tmp_path / "CIRCUITPY")
    os.makedirs(drive)
    r = doctor.Report()
    from host_tools import check_config

    check_config.doctor(r, drive)          # no config.ini: nothing to say
    assert r.problems == [] and r.notes == []
    shutil.copy(GOOD, os.path.join(drive, "config.ini"))
    check_config.doctor(r, drive)
    assert r.problems == [] and "Wolf" in r.notes[0]
    write(tmp_path / "CIRCUITPY", "[Lion]\nmove = fast\n")
    check_config.doctor(r, drive)
    assert r.problems == ["config.ini: line 2: move must be a whole number, not 'fast' "
                          "(the device plays the default rules)"]
