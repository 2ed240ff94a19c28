# When Animals Attack: config.ini files, good and bad, through the parser
# that runs on the board. Every kind of mistake a person makes in an ini
# file gets one message naming the line.
from menagerie.core.when_animals_attack_config import read
from menagerie.core.when_animals_attack import WhenAnimalsAttackGame as G


def plain(v):
    if isinstance(v, dict):
        return "{" + ", ".join(k + ": " + plain(v[k]) for k in sorted(v)) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(plain(x) for x in v) + "]"
    return str(v)


GOOD = (
    "",
    "# only comments\n; and blank lines\n\n",
    "\ufeff[game]\r\nsettlement_health = 7 ; tougher\r\nmap = twin ISLES\r\n",
    "[GAME]\nWidth: 12\nheight=6\nsettlements = 3\nconquer = no\nclaim_path = off\nheal = 1\n",
    "[Monkey]\nattack = 2\nenters = \"grass, forest,hills sand\twater\"\n\n[hawk]\nremove = yes\n",
    "[game]\nmap = Twin isles\n[Monkey]\nenters = grass forest sand\n",
    "[Wolf]\nterrain = grass\nrequires = 20%\nbuild = 2\nattack = 3\nhealth = 4\nmove = 2\nenters = grass forest sand\n",
    "[game]\n\tbase_population = 5\n  population_per_water = 0\n",
)
BAD = (
    ("value before any section", "attack = 2\n"),
    ("unclosed section", "[game\nmap = Atoll\n"),
    ("text after the section", "[game] extra\n"),
    ("empty section name", "[]\n"),
    ("misspelt key", "[game]\nsettlment_health = 5\n"),
    ("misspelt animal key", "[Lion]\natack = 5\n"),
    ("no equals sign", "[Lion]\nattack 5\n"),
    ("no value", "[Lion]\nattack =\n"),
    ("no key", "[Lion]\n= 5\n"),
    ("words for a number", "[Lion]\nattack = five\n"),
    ("decimal number", "[Lion]\nmove = 1.5\n"),
    ("negative number", "[Lion]\nhealth = -2\n"),
    ("zero health", "[Lion]\nhealth = 0\n"),
    ("huge attack", "[Lion]\nattack = 999\n"),
    ("percent over 100", "[Lion]\nrequires = 150%\n"),
    ("yes/no typo", "[game]\nconquer = yess\n"),
    ("unknown terrain", "[Lion]\nterrain = jungle\n"),
    ("unknown terrain in enters", "[Lion]\nenters = grass, lava\n"),
    ("unknown map", "[game]\nmap = Moon\n"),
    ("map too small", "[game]\nwidth = 4\n"),
    ("map too big", "[game]\nheight = 9\n"),
    ("too many settlements", "[game]\nwidth = 8\nheight = 5\nsettlements = 6\n"),
    ("duplicate section", "[Lion]\nattack = 3\n\n[LION]\nmove = 1\n"),
    ("duplicate key", "[game]\nheal = 1\nheal = 2\n"),
    ("new animal incomplete", "[Wolf]\nattack = 3\nhealth = 4\n"),
    ("animal name with a space", "[Sabre tooth]\nattack = 9\n"),
    ("animal name too long", "[Hippopotamus]\nattack = 9\n"),
    ("removing the start animal", "[Monkey]\nremove = yes\n"),
    ("removing an unknown animal", "[Dodo]\nremove = yes\n"),
    ("animal barred from its own terrain", "[Shark]\nenters = grass\n"),
    ("two animals, one letter", "[Goat]\nterrain = hills\nrequires = 5\nbuild = 1\nattack = 1\nhealth = 4\nmove = 2\nenters = hills grass\n"),
    ("start animal cannot reach the settlements", "[game]\nmap = Atoll\n[Monkey]\nenters = forest\n"),
    ("start animal barred from some land on a random island", "[Monkey]\nenters = grass forest\n"),
    ("too many animals", "".join("[%s]\nterrain = grass\nrequires = 1\nbuild = 1\nattack = 1\nhealth = 1\nmove = 1\nenters = grass\n" % n
                                 for n in ("Ant", "Dog", "Fox", "Ibex", "Jay"))),
    ("far too long", "; x\n" * 400),
    ("a section misspelt", "[gmae]\nwidth = 12\n"),
    ("a [game] setting under an animal", "[Lion]\nattack = 5\npopulation_per_water = 2\n"),
    ("a new animal cut short by the next section", "[Wolf]\nattack = 3\n[game]\nheal = 1\n"),
)
# Where CPython and MicroPython would part (isdigit, strip, lower, decode):
# the same verdict on both, each one line that names the line, quoting at
# most 16 characters, anything but printable ASCII as an escape.
BYTES = (
    ("a number of 5,000 digits", b"[game]\nwidth = 1" + b"0" * 5000 + b"\n"),
    ("leading zeros", b"[game]\nwidth = 0000000000000000012\n"),
    ("Arabic-Indic digits", "[game]\nwidth = \u0661\u0662\n".encode()),
    ("fullwidth digits", "[game]\nheight = \uff16\n".encode()),
    ("a no-break space after a number", "[game]\nwidth = 12\u00a0\n".encode()),
    ("a separator CPython strips", "[game]\nwidth = 12\x1c\n".encode()),
    ("an animal with a non-ASCII name", "[L\u00f6we]\nattack = 2\n".encode()),
    ("non-ASCII upper case twice", "[\u00c9]\n[\u00e9]\n".encode()),
    ("a 10 KB value", b"[game]\nmap = " + b"x" * 10000 + b"\n"),
    ("a 100 KB line", b"[game]\nmap = " + b"x" * 100000 + b"\n"),
    ("a control byte", b"[game]\nmap = At\x01oll\n"),
    ("a NUL byte", b"[Lion]\nattack = 4\x00\n"),
    ("a byte that is not UTF-8", b"[game]\nheal = \xff\n"),
    ("an overlong NUL", b"[game]\nheal = 1 ; \xc0\x80\n"),
    ("a surrogate", b"; \xed\xa0\x80\n"),
    ("past U+10FFFF", b"; \xf4\x90\x80\x80\n"),
    ("a cut sequence", b"; \xe2\x82\n"),
    ("UTF-8 in a comment", "; L\u00f6we \u0661 \U0001f981\n[game]\nheal = 1\n".encode()),
    ("carriage returns only", b"[game]\rheal = 1\r[Lion]\rmove = x\r"),
    ("300 lines and a last newline", b"; x\n" * 300),
)

for text in GOOD:
    opts, err = read(text)
    roster = opts.pop("roster")
    print("ok", plain(opts), "animals", " ".join(a[0] for a in roster), err)
    g = G(dict(opts, roster=roster), 3)
    print("  a game starts:", g.w, "x", g.h, "towns", len(g.alive_towns()), "hp", g.town[g.alive_towns()[0]])
opts, err = read([t for t in GOOD if t.startswith("[Wolf]")][0])
print("wolf", opts["roster"][-1])
for label, text in BAD:
    opts, err = read(text)
    print(label + ":", opts, err)
for label, data in BYTES:
    opts, err = read(data)
    print(label + ":", "ok" if opts else None, err)
