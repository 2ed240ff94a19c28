"""menagerie build ships the firmware's modules without comments and indented
one space a level: every line where it was (a board's traceback line points
at the repository's line), every code token the same, the same syntax tree,
strings untouched, and MicroPython's compiler takes every shipped module."""
import ast
import os

from host_tools import build as B
from host_tools.paths import FIRMWARE
from host_tools.strip_comments import code_tokens, strip
from host_helpers import files_in


def test_comments_go_and_code_stays():
    src = ('# head\n'
           'x = "a # not a comment"  # tail\n'
           'def f():\n'
           '    """doc   \n'
           '    # in a docstring   \n'
           '    """\n'
           '    # alone\n'
           '    return x   \n'
           "s = '''two   \n"
           "lines # kept'''  # gone\n"
           'y = f"{x}#{1}"\n'
           'if x:\n'
           '        z = (1,\n'
           '              2)  # c\n'
           '        w = 1 + \\\n'
           '            2\n')
    out = strip(src)
    assert out == ('\n'
                   'x = "a # not a comment"\n'
                   'def f():\n'
                   ' """doc   \n'
                   '    # in a docstring   \n'
                   '    """\n'
                   '\n'
                   ' return x\n'
                   "s = '''two   \n"
                   "lines # kept'''\n"
                   'y = f"{x}#{1}"\n'
                   'if x:\n'
                   ' z = (1,\n'
                   ' 2)\n'
                   ' w = 1 + \\\n'
                   ' 2\n')
    ns_a, ns_b = {}, {}
    exec(src, ns_a)
    exec(out, ns_b)
    assert ns_a["s"] == ns_b["s"] and ns_a["f"].__doc__ == ns_b["f"].__doc__ and ns_a["y"] == ns_b["y"]
    assert ns_a["z"] == ns_b["z"] and ns_a["w"] == ns_b["w"]


def test_every_firmware_module_keeps_its_lines_and_code():
    n = saved = 0
    for d, _, names in os.walk(os.path.join(FIRMWARE, "menagerie")):
        for name in names:
            if not name.endswith(".py"):
                continue
            with open(os.path.join(d, name), encoding="utf-8") as f:
                src = f.read()
            out = strip(src)
            assert out.count("\n") == src.count("\n"), name
            assert code_tokens(out) == code_tokens(src), name
            assert ast.dump(ast.parse(out)) == ast.dump(ast.parse(src)), name
            assert "#" not in "".join(ln for ln in out.splitlines() if ln.lstrip().startswith("#"))
            n += 1
            saved += len(src) - len(out)
    assert n > 50 and saved > 100000
    print("stripped %d modules, %d bytes of comments and indentation" % (n, saved))


def test_the_built_tree_holds_the_stripped_modules(tmp_path):
    root = str(tmp_path / "t")
    r = B.build("raspberry_pi_pico", root, compile_cp=False)
    assert r.ok, r.errors
    files = files_in(root)
    mods = [f for f in files if f.startswith("menagerie/") and f.endswith(".py")]
    assert mods
    for rel in mods:
        with open(os.path.join(FIRMWARE, rel), encoding="utf-8") as f:
            want = strip(f.read())
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            assert f.read() == want, rel
    # the files a person reads and edits on the drive keep their comments
    with open(os.path.join(FIRMWARE, "code.py"), encoding="utf-8") as f:
        code = f.read()
    with open(os.path.join(root, "code.py"), encoding="utf-8") as f:
        assert f.read() == code


def _without_docstrings(tree):
    import ast
    for n in ast.walk(tree):
        if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and \
                n.body and isinstance(n.body[0], ast.Expr) and \
                isinstance(n.body[0].value, ast.Constant) and isinstance(n.body[0].value.value, str):
            n.body = n.body[1:] or [ast.Pass()]
    return ast.dump(tree, include_attributes=False)


def test_libraries_ship_without_docstrings_but_with_their_licence_and_code():
    # The pinned Adafruit libraries (lib/): same lines, same code but the
    # docstrings (a lone one becomes `pass`), the SPDX header kept. On the
    # Pico W this is 16 KiB of the room its save files need.
    import ast
    from host_tools import libs
    from host_tools.strip_comments import strip_library
    n = saved = 0
    for top, (_, _, files) in libs.available().items():
        for rel, src_path in files:
            if not rel.endswith(".py"):
                continue
            with open(src_path, encoding="utf-8") as f:
                src = f.read()
            out = strip_library(src)
            assert out.count("\n") == src.count("\n"), rel
            assert _without_docstrings(ast.parse(out)) == _without_docstrings(ast.parse(src)), rel
            head = [ln for ln in src.splitlines() if ln.startswith("# SPDX")]
            assert all(ln in out.splitlines() for ln in head), rel
            n += 1
            saved += len(src) - len(out)
    assert n >= 4 and saved > 15000
    src = '# SPDX-License-Identifier: MIT\n"""mod"""\ndef f():\n    """only"""\nclass C:\n    """d"""\n    x = 1  # c\n'
    assert strip_library(src) == '# SPDX-License-Identifier: MIT\n\ndef f():\n pass\nclass C:\n\n x = 1\n'


def test_micropython_compiles_every_shipped_module(tmp_path):
    # mpy-cross (MicroPython's compiler, the lexer CircuitPython's parser
    # shares) on the built tree's stripped modules and libraries: one-space
    # indentation and the cut comments change nothing it refuses.
    import subprocess
    from mpy_runner import mpy_cross_exe
    root = str(tmp_path / "t")
    r = B.build("raspberry_pi_pico_w", root, compile_cp=False)
    assert r.ok, r.errors
    mods = [f for f in files_in(root) if f.endswith(".py") and "/" in f]
    assert len(mods) > 60
    for rel in mods:
        p = subprocess.run([mpy_cross_exe(), "-o", str(tmp_path / "x.mpy"), os.path.join(root, rel)],
                           capture_output=True, text=True)
        assert p.returncode == 0, (rel, p.stdout + p.stderr)
