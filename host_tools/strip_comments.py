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
