"""The screen lint: what a frame must never show, checked over the draws a
RecordingCanvas (sim/screen_record.py) kept.

- cut: text or big type reaching past the panel's edge, or a line ending in
  a word the firmware never writes whole (a hint cut mid-word);
- covered: a draw partly hidden by a later one (a banner over the bottom of
  the totals, digits over a key line). Inverted text on a filled bar is how
  bars are drawn; a draw hidden whole (a message over a key line), or
  cleared on purpose, shows nothing wrong;
- touching: tall type (score digits, the big font, scaled text) with no
  blank pixel row or column between it and anything else;
- no keys: a screen that takes input and names none of its keys.

Each finding is a string; a clean frame gives []."""
import ast
import os
import re

from sim.screen_record import Draw  # noqa: F401  (the records checked)

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware", "menagerie")

# Screens whose key handling is a list of choices (the inverted bar is the
# cursor) or a note that any key closes: their keys need no words.
SELF_EVIDENT = ("Menu", "Message")

# Screens that say their keys elsewhere, each with why (the lint's only
# exceptions: a new one is a decision to write down here).
KEYS_ELSEWHERE = {
    "boot": "without notes it leaves by itself; with notes it says OK",
}


def _words_of(text):
    out = set()
    for tok in text.split():
        w = tok.strip(".,:;!?()[]<>\"'=/+-*#")
        if w.isalpha():
            out.add(w)
    return out


_VOCAB = None


def vocabulary():
    # Every whole word in a string the firmware holds (screens, rules, names
    # of animals and cards): a line must end on one of these.
    global _VOCAB
    if _VOCAB is None:
        words = set()
        for folder, _, files in os.walk(FIRMWARE):
            for f in files:
                if not f.endswith(".py"):
                    continue
                with open(os.path.join(folder, f)) as fh:
                    tree = ast.parse(fh.read())
                for node in ast.walk(tree):
                    if isinstance(node, ast.Constant) and isinstance(node.value, str):
                        words |= _words_of(node.value.replace("%s", " ").replace("%d", " "))
        _VOCAB = words
    return _VOCAB


def last_word(s):
    toks = s.split()
    if not toks:
        return None
    w = toks[-1].strip(".,:;!?()[]<>\"'=/+-*#")
    return w if w.isalpha() else None


def _rect(d):
    # what a draw occupies on the panel for the overlap and touch rules
    if d.kind in ("text", "erase", "line"):
        return d.box
    return d.ink


def _meets(a, b, gap=0):
    return not (a[2] + gap < b[0] or b[2] + gap < a[0] or a[3] + gap < b[1] or b[3] + gap < a[1])


def check(draws, width, height, pixels=None, covers=(), takes_keys=False, keys=(), screen="?", extra_words=(), exempt=()):
    out = []
    vocab = vocabulary()
    for d in draws:
        if d.kind in ("text", "big"):
            x0, y0, x1, y1 = d.box
            if x0 < 0 or y0 < 0 or x1 >= width or y1 >= height:
                out.append("cut at the edge: %r at x %d..%d, y %d..%d" % (d.text, x0, x1, y0, y1))
        if d.kind == "text":
            w = last_word(d.text)
            if w and w not in vocab and w not in extra_words:
                out.append("cut word: %r ends in %r" % (d.text, w))
    for a, b, partly in covers:
        if b.kind == "erase":
            continue
        if a.kind == "fill" and b.kind == "text" and b.invert:
            continue
        if a.kind == "fill" and b.kind == "fill":
            continue
        if not partly:
            continue
        out.append("covered: %r partly hidden by %r" % (a, b))
    tall = [d for d in draws if d.tall and _rect(d)]
    for t in tall:
        rt = _rect(t)
        for d in draws:
            if d is t or d.kind == "erase" or _rect(d) is None or (d.kind == "text" and d.invert):
                continue
            if d.source == "toast" or t.source == "toast":
                continue
            rd = _rect(d)
            if _meets(rt, rd, 1) and not _meets(rt, rd, 0):
                if d.tall and d.order < t.order:
                    continue  # reported once, from the earlier one
                out.append("touching: %r and %r have no blank pixel between them" % (t, d))
    if takes_keys and screen not in exempt:
        said = False
        for d in draws:
            if d.kind == "text" and d.source == "screen":
                toks = set(re.split(r"[^A-Za-z0-9<>^]+", d.text))
                if toks & set(keys) or "</>" in d.text:
                    said = True
                    break
        if not said:
            out.append("no keys: screen %r takes input and names none of its keys" % screen)
    return out
