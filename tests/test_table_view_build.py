"""What `menagerie build` ships of the table view (docs/table-view.md): all
of it to a CircuitPython board with Wi-Fi (the page gzipped, the pinned
libraries as the board gets them), nothing to the others, and not to a
drive where the save files would lose their room. MicroPython's trees:
tests/test_table_view_mpy.py."""
import gzip
import os

import pytest

from host_tools import build as B, libs, profiles

WWW = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                   "firmware", "menagerie", "table", "www")


def _files(root):
    out = []
    for d, _, files in os.walk(root):
        out += [os.path.relpath(os.path.join(d, f), root).replace(os.sep, "/") for f in files]
    return out


def _table_parts(files):
    return sorted(f for f in files if f.startswith(("menagerie/table", "menagerie/hw/wifi_net",
                                                    "lib/adafruit_httpserver", "lib/adafruit_miniqr")))


@pytest.mark.parametrize("board", [b for b in profiles.board_ids() if not getattr(profiles.load(b), "WIFI", False)])
def test_boards_without_wifi_get_nothing_of_it(tmp_path, board):
    r = B.build(board, str(tmp_path), compile_cp=False)
    assert r.ok, r.errors
    assert _table_parts(_files(str(tmp_path))) == []
    assert "MENAGERIE_TABLE_VIEW" not in open(tmp_path / "settings.toml").read()


def test_the_pico_2_w_gets_it_all(tmp_path):
    r = B.build("raspberry_pi_pico2_w", str(tmp_path), compile_cp=False)
    assert r.ok, r.errors
    files = _files(str(tmp_path))
    parts = _table_parts(files)
    assert "menagerie/table/server.py" in parts and "menagerie/hw/wifi_net.py" in parts
    # the page gzipped, each file the source's bytes
    for name in ("index.html", "table.js", "table.css"):
        assert "menagerie/table/www/%s" % name not in files
        with gzip.open(tmp_path / "menagerie" / "table" / "www" / (name + ".gz")) as f:
            assert f.read() == open(os.path.join(WWW, name), "rb").read()
    # the pinned libraries, as the board gets them
    avail = libs.available()
    for top in ("adafruit_httpserver", "adafruit_miniqr"):
        for rel, src in avail[top][2]:
            assert (tmp_path / "lib" / rel).read_bytes() == libs.shipped(rel, src)
    toml = open(tmp_path / "settings.toml").read()
    assert "MENAGERIE_TABLE_VIEW = 0" in toml
    assert not [n for n in r.notes if "table view" in n]


def test_a_second_build_is_the_same_bytes(tmp_path):
    # deploy copies what changed: the gzipped page must not change by itself
    B.build("raspberry_pi_pico2_w", str(tmp_path / "a"), compile_cp=False)
    B.build("raspberry_pi_pico2_w", str(tmp_path / "b"), compile_cp=False)
    for name in ("index.html.gz", "table.js.gz", "table.css.gz"):
        rel = os.path.join("menagerie", "table", "www", name)
        assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes()


def test_a_pico_w_py_tree_leaves_it_out_for_the_save_files(tmp_path):
    r = B.build("raspberry_pi_pico_w", str(tmp_path), compile_cp=False)
    assert r.ok, r.errors
    assert _table_parts(_files(str(tmp_path))) == []
    assert any("table view was left out" in n for n in r.notes)
    assert not any(x.startswith(("adafruit_httpserver", "adafruit_miniqr")) for x in r.libs)
    assert B.save_window("raspberry_pi_pico_w", r.disk) >= B.TABLE_VIEW_WINDOW
    assert "MENAGERIE_TABLE_VIEW" not in open(tmp_path / "settings.toml").read()
