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
- run together: two texts on one line with less than a space between them
  (a title and its count read as one word: "Benjamin's turnhand 5");
- no keys: a screen that takes input and names none of its keys in any of
  its frames (says_keys, judged by sim/gallery.py over a tour).

Each finding is a string; a clean frame gives []."""
import ast
import os
import re

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware", "menagerie")

# Screens whose key handling is a list of choices (the inverted bar is the
# cursor) or a note that any key closes: their keys need no words.
SELF_EVIDENT = ("Menu", "Message", "SeatChooser")

# The lint's exceptions, each with why: a new one is a decision to write
# down here. Screens that say their keys elsewhere:
KEYS_ELSEWHERE = {
    "boot": "without notes it leaves by itself; with notes it says OK",
}
# Screens that draw over their own text on purpose:
OVERLAPS = {
    "name_edit": "the letter that delete takes, inverted over the name",
}
# Screens that set two texts side by side on purpose:
RUN_TOGETHER = {
    "name_edit": "the name being typed and the letter on offer after it",
}
# Screens whose lines end in a part of a word on purpose:
PART_WORDS = {
    "name_edit": "the name being typed and the letter on offer",
}


def _words_of(text):
    out = set()
    for tok in text.split():
        w = tok.strip(".,:;!?()[]<>\"'=/+-*#")
        if w.isalpha():
            out.add(w)
        for part in w.split("_"):
            if part.isalpha():
                out.add(part)  # the words of a settings key
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


# A line may end in a one-letter word only if it is one of these (a key of
# the 3-button board, "a", "I", the "v" that says a list goes on).
ONE_LETTER = ("a", "A", "B", "C", "I", "v", "J", "Q", "K")


def codes(s):
    # A line of two-letter codes (Animal Maniacs' wall of animals "Ti Ch"):
    # abbreviations by design, not words cut.
    toks = [t.strip(".,:;!?()") for t in s.replace(":", " ").split()]
    toks = [t for t in toks if t.isalpha()]
    pairs = [t for t in toks if len(t) == 2]
    return (len(pairs) > 2 and all(len(t) <= 2 for t in toks)
            and all(t[0].isupper() and t[1].islower() for t in pairs))


def last_word(s):
    # (a quoted word is what a person wrote: "not 'lots'")
    toks = s.split()
    if not toks or toks[-1][0] in "'\"":
        return None
    w = toks[-1].strip(".,:;!?()[]<>\"'=/+-*#")
    return w if w.isalpha() else None


def _whole(w, vocab, names):
    # a word the firmware writes, a player's name (or as much of it as its
    # room allows, 2 letters at least), a one-letter word of ONE_LETTER
    if len(w) == 1:
        return w in ONE_LETTER
    if w in vocab:
        return True
    for n in names:
        if n.startswith(w):
            return True
    return False


def _rect(d):
    # what a draw occupies on the panel for the overlap and touch rules
    if d.kind in ("text", "erase", "line"):
        return d.box
    return d.ink


# Blank pixel columns that read as a space between two texts (a space is 6
# wide: the letter's 5 and the font's 1 between letters).
SPACE = 4


def _meets(a, b, gap=0):
    return not (a[2] + gap < b[0] or b[2] + gap < a[0] or a[3] + gap < b[1] or b[3] + gap < a[1])


def check(draws, width, height, covers=(), screen="?", extra_words=()):
    # The findings of one frame. Whether a screen shows its keys is judged
    # over all its frames (says_keys): a note that stands for a moment in
    # the key line's place is not a screen without keys.
    out = []
    vocab = vocabulary()
    for d in draws:
        if d.kind in ("text", "big"):
            x0, y0, x1, y1 = d.box
            if x0 < 0 or y0 < 0 or x1 >= width or y1 >= height:
                out.append("cut at the edge: %r at x %d..%d, y %d..%d" % (d.text, x0, x1, y0, y1))
        if d.kind == "text" and screen not in PART_WORDS and not codes(d.text):
            w = last_word(d.text)
            if w and not _whole(w, vocab, extra_words):
                out.append("cut word: %r ends in %r" % (d.text, w))
    for a, b, partly in covers:
        if screen in OVERLAPS and a.source == b.source == "screen":
            continue
        if b.kind == "erase":
            continue
        if a.kind == "fill" and b.kind == "text" and b.invert:
            continue
        if a.kind == "fill" and b.kind == "fill":
            continue
        if not partly:
            continue
        out.append("covered: %r partly hidden by %r" % (a, b))
    texts = [d for d in draws if d.kind == "text" and d.text.strip() and d.source == "screen"]
    if screen in RUN_TOGETHER:
        texts = []
    for a in texts:
        for b in texts:
            if a is b or a.box[1] != b.box[1] or a.box[0] > b.box[0]:
                continue
            blank = b.box[0] - a.box[2] - 1   # the font leaves 1 between letters
            if 0 <= blank < SPACE:
                out.append("run together: %r and %r have less than a space between them" % (a, b))
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
    return out


def says_keys(draws, keys):
    # Does the frame name one of the board's keys ("OK: round", "A:higher"),
    # or show a list's chosen line (inverted, under the title bar), the
    # device's one idiom for UP/DOWN and OK?
    bars = set(d.box[1] for d in draws if d.kind == "fill" and d.source == "screen" and d.box[1] >= 8)
    for d in draws:
        if d.kind == "text" and d.source == "screen" and d.invert and d.box[1] in bars:
            return True
        if d.kind == "text" and d.source == "screen":
            toks = set(re.split(r"[^A-Za-z0-9<>^]+", d.text))
            if toks & set(keys) or "</>" in d.text:
                return True
    return False
