# Makes tests/data/animal_maniacs_61f9870.json: Animal Maniacs games played
# by the firmware of main at 61f9870 (before issue 23's rules), as its saves
# hold them, with what that firmware showed after every action. The test
# (tests/test_animal_maniacs_old_saves.py) loads them with today's firmware.
# The old code is not kept in the project; to make the file again:
#
#   git archive 61f9870 firmware | tar -x -C OLD
#   .venv/bin/python tests/data/make_animal_maniacs_61f9870.py OLD/firmware \
#       > tests/data/animal_maniacs_61f9870.json
#
# Play is random and legal, leaning on what issue 23 changed: borrows (turned
# over with or without the zookeeper's card), the wild's Aces (Kings sent
# before some), hunts with 2-3 players, chosen zoos with Nairobi, Berkeley,
# Paris and the Central American, Jacks in borrows.
import binascii
import json
import sys

sys.path.insert(0, sys.argv[1])

from menagerie.core import animal_maniacs_data as D  # noqa: E402
from menagerie.core.animal_maniacs import AnimalManiacsGame as G  # noqa: E402
from menagerie.core.animal_maniacs_sim import fill, pick as sim_pick  # noqa: E402
from menagerie.core.rng import Rng  # noqa: E402

assert "edition" not in G.DEFAULTS, "not the old firmware"

# (seed, options, zoos the setup chooses in seat order when zoos == 2)
GAMES = (
    (101, {"players": 2, "zoos": 2}, (D.NAIROBI, D.BERKELEY)),
    (102, {"players": 3, "zoos": 2}, (D.BERKELEY, D.NAIROBI, D.CENTRAL_AM)),
    (103, {"players": 3, "zoos": 2, "deck": 1}, (D.PARIS, D.NAIROBI, D.BEIJING)),
    (104, {"players": 4, "zoos": 1, "colour": 2}, ()),
    (105, {"players": 5, "zoos": 2, "hand": 4, "wild": 8}, (D.NAIROBI, D.BERKELEY, D.TOKYO, D.SIBERIA, D.KUWAIT)),
    (106, {"players": 2, "deck": 1}, ()),
    (107, {"players": 3, "zoos": 2, "limited": 1, "obj_choose": 1}, (D.NAIROBI, D.WEIGHT_WATCHERS, D.BERKELEY)),
    (108, {"players": 2, "zoos": 2, "end": 1, "colour": 0}, (D.BERKELEY, D.NAIROBI)),
)
LIMIT = 260


def choose(g, rng, acts, want):
    # The setup's choices: the zoos wanted, objectives at random.
    what, p = g.pending[0]
    if what == "zoo" and p < len(want):
        return ("zoo", p, want[p])
    return rng.choice(acts)


def pick(g, rng, want):
    acts = g.legal()
    if g.pending:
        return choose(g, rng, acts, want)

    def of(kind):
        return [a for a in acts if a[0] == kind]

    c = g.c
    if c is None:
        for kind, pct in (("ecapture", 70), ("ehunt", 50), ("borrow", 35), ("hunt", 35)):
            xs = of(kind)
            if xs and rng.below(100) < pct:
                return fill(g, rng.choice(xs), rng)
        return sim_pick(g, rng)
    jacks = of("jack")
    if jacks and rng.below(100) < 20:
        return rng.choice(jacks)
    kings = of("king")
    if kings and c.draw is None and rng.below(100) < 30:
        return fill(g, rng.choice(kings), rng)
    if ("draw",) in acts and g.deck is None and rng.below(100) < 30:
        return ("draw", 1, rng.below(2))   # the wild animal's Ace
    return sim_pick(g, rng)


def crc(lines):
    return "%08x" % (binascii.crc32("\n".join(lines).encode()) & 0xFFFFFFFF)


def seen(g, a, before):
    # What of issue 23's changes this action touched (the firmware's own
    # state before it: contest, hands, zoos).
    c = before
    out = []
    k = a[0]
    if k == "resolve" and c is not None and c.owner >= 0 and c.count(c.owner) == 0:
        out.append("borrow turned over without the zookeeper's card")
    if k == "draw" and "Ace!" in " ".join(g.log):
        out.append("Ace drawn" + (" after a King" if c.cats else "") +
                   (" ending a hunt with %d players" % g.n if c.kind == "hunt" and g.n <= 3 else ""))
    if k == "resolve" and c is not None and c.kind == "ecapture" and " saved" in " ".join(g.log):
        out.append("Nairobi rescue")
    if k == "jack" and c is not None and c.owner >= 0 and a[1] != c.owner and g.zoos[a[1]] == D.BERKELEY:
        out.append("Berkeley Jack in a borrow")
    if "must refill" in " ".join(g.log):
        out.append("zookeeper refilled as the borrow opened")
    return out


def main():
    games = []
    for seed, o, want in GAMES:
        g = G(o, seed)
        rng = Rng(seed, 23)
        steps = []
        while not g.over() and len(g.actions) < LIMIT:
            a = pick(g, rng, want)
            c = g.c
            if c is not None:
                # the contest as it stood (apply changes it in place)
                c = type(c)(c.kind, c.attacker, c.target, c.owner, c.zoos, c.players, c.give)
                c.cards = list(g.c.cards)
                c.jacks = list(g.c.jacks)
                c.cats = list(g.c.cats)
                c.draw = g.c.draw
            g.apply(a)
            steps.append([crc(g.dump()), crc([repr(x) for x in g.legal()])] + seen(g, a, c))
        rec = g.record()
        games.append({"record": rec, "steps": steps, "dump": g.dump()})
    json.dump({"firmware": "61f9870", "games": games}, sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")


main()
