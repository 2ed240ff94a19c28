# The firmware's comments are for whoever reads the source, not for the
# board: `menagerie build` ships its .py files without them (the Pico W's
# ~508 KiB drive holds the .py tree only so). Every line stays where it was,
# so a traceback's line number on the board still points at the same line
# of the source in the repository; strings (docstrings too) are untouched.
import io
import tokenize

_SKIP = (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE)


def strip(src):
    # -> src with comments and trailing blanks removed, the same lines.
    lines = src.splitlines(True)
    cut = {}        # line number -> column where its comment starts
    inside = set()  # lines a multi-line token spans (a string's own text)
    for t in tokenize.generate_tokens(io.StringIO(src).readline):
        if t.type == tokenize.COMMENT:
            cut[t.start[0]] = t.start[1]
        elif t.type not in _SKIP and t.end[0] > t.start[0]:
            inside.update(range(t.start[0], t.end[0]))
    out = []
    for n, line in enumerate(lines, 1):
        if n in inside:
            out.append(line)
            continue
        end = "\n" if line.endswith("\n") else ""
        body = line[:cut[n]] if n in cut else line
        out.append(body.rstrip() + end)
    return "".join(out)


def code_tokens(src):
    # What the compiler sees of a source: every token but comments and line
    # ends, with its position (the test holds a stripped file to the same).
    return [(t.type, t.string, t.start, t.end)
            for t in tokenize.generate_tokens(io.StringIO(src).readline)
            if t.type not in _SKIP]


def _docstrings(tree):
    # (docstring Expr node, alone in its body?) of the module, classes, functions.
    import ast
    out = []
    for n in ast.walk(tree):
        if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and \
                n.body and isinstance(n.body[0], ast.Expr) and \
                isinstance(n.body[0].value, ast.Constant) and isinstance(n.body[0].value.value, str):
            out.append((n.body[0], len(n.body) == 1))
    return out


def strip_library(src):
    # A pinned library (lib/) without its docstrings and comments, the same
    # lines: its leading comment block (the SPDX copyright and licence
    # lines) stays. A docstring alone in its body becomes `pass`. On a
    # drive as small as the Pico W's this is what leaves room for the save
    # files (docs/persistence.md, "Capacity"); a .mpy build drops them anyway.
    import ast
    lines = src.splitlines(True)
    head = 0
    while head < len(lines) and (lines[head].lstrip().startswith("#") or not lines[head].strip()):
        head += 1
    body = strip("".join(lines[head:]))
    lines = lines[:head] + body.splitlines(True)
    for node, alone in sorted(_docstrings(ast.parse("".join(lines))), key=lambda t: -t[0].lineno):
        a, b = node.lineno - 1, node.end_lineno - 1
        rest = lines[b][node.end_col_offset:]
        if rest.strip() or lines[a][:node.col_offset].strip():
            continue  # shares its line with code: left as it is
        end = "\n" if lines[b].endswith("\n") else ""
        lines[a] = lines[a][:node.col_offset] + ("pass" if alone else "") + end
        if not alone:
            lines[a] = lines[a].rstrip() + end
        for k in range(a + 1, b + 1):
            lines[k] = "\n" if lines[k].endswith("\n") else ""
    return "".join(lines)
