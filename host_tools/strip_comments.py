# The firmware's comments are for whoever reads the source, not for the
# board: `menagerie build` ships its .py files without them, and indented
# one space a level instead of four (the Pico W's ~508 KiB drive holds the
# .py tree and its save files only so: the two together are ~100 KiB, a
# fifth of the tree). Every line stays where it was, so a traceback's line
# number on the board still points at the same line of the source in the
# repository; strings (docstrings too) are untouched.
import io
import tokenize

_SKIP = (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE)


def strip(src):
    # -> src with comments and trailing blanks removed, the same lines.
    # A line that starts a statement gets one space per block level; any
    # other line (inside brackets, after a backslash) keeps one space where
    # it had some, which the compiler ignores there.
    lines = src.splitlines(True)
    cut = {}        # line number -> column where its comment starts
    lead = set()    # lines that open inside a multi-line string: kept as they start
    tail = set()    # lines that end inside one: kept as they end
    level = {}      # line number -> block level, for lines starting a statement
    depth = 0
    fresh = True    # the next token starts a statement
    for t in tokenize.generate_tokens(io.StringIO(src).readline):
        if t.type == tokenize.COMMENT:
            cut[t.start[0]] = t.start[1]
            continue
        if t.type == tokenize.INDENT:
            depth += 1
            continue
        if t.type == tokenize.DEDENT:
            depth -= 1
            continue
        if t.type in (tokenize.NEWLINE, tokenize.NL):
            fresh = fresh or t.type == tokenize.NEWLINE
            continue
        if fresh and t.type != tokenize.ENDMARKER:
            level[t.start[0]] = depth
        fresh = False
        if t.end[0] > t.start[0]:
            lead.update(range(t.start[0] + 1, t.end[0] + 1))
            tail.update(range(t.start[0], t.end[0]))
    out = []
    for n, line in enumerate(lines, 1):
        end = "\n" if line.endswith("\n") else ""
        body = line[:len(line) - len(end)]
        if n not in tail:
            body = (body[:cut[n]] if n in cut else body).rstrip()
        if n not in lead:
            text = body.lstrip()
            if n in level:
                body = " " * level[n] + text
            elif text and len(text) < len(body):
                body = " " + text
        out.append(body + end)
    return "".join(out)


def code_tokens(src):
    # What the compiler sees of a source: every token but comments and line
    # ends, with its line and its column past the line's indentation (the
    # test holds a stripped file to the same; its indentation is held by
    # the syntax tree being the same).
    lines = src.splitlines()

    def at(p):
        ln = lines[p[0] - 1] if p[0] <= len(lines) else ""
        return p[0], p[1] - (len(ln) - len(ln.lstrip()))

    return [(t.type, t.string, at(t.start), at(t.end))
            for t in tokenize.generate_tokens(io.StringIO(src).readline)
            if t.type not in _SKIP and t.type not in (tokenize.INDENT, tokenize.DEDENT)]


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
