# `menagerie plot`: one PNG per finished game, one line per player. Animal
# Inc: the score after each round. Panicozoo: the cards held after each round
# (the two-card final round and the tie-breaker marked on the round axis).
# Animal Maniacs: animals in zoo and on trophy wall after each round of turns.
# When Animals Attack: the tiles each player held after each round.
# Other games (or entries without rounds) have nothing per round to draw.
import os
import sys

from host_tools import history

HELP = "draw PNG charts of a pulled history (score per round, cards won per round)"


def add_arguments(p):
    p.add_argument("source", metavar="PULLED", help="folder written by `menagerie pull`, or its history.json")
    p.add_argument("--out", default=".", metavar="DIR", help="where to write the PNGs (default: here)")


MARKERS = "osD^vP*X"
STYLES = ("-", "--", "-.", ":")


def _plain(text):
    # Names are the players' own: a "$" must not start matplotlib's maths.
    return text.replace("$", r"\$")


def _label(g, seat):
    tags = []
    if g.get("start") == seat:
        tags.append("started")
    if seat in g["winners"]:
        tb = g.get("tiebreak_between")
        tags.append("won the tie-break" if tb and seat in tb else "winner")
    return _plain(g["players"][seat]) + (" (%s)" % ", ".join(tags) if tags else "")


def _tick(note, r):
    if note == "tie-break":
        return "TB"
    if note == "two cards":
        return "%d\n2 cards" % r
    return str(r)


def _figure(g, n):
    # One line per player: the running total after each round, from where
    # the game starts (Animal Inc: 200 each; Panicozoo: no cards).
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    rounds = g["rounds"]
    notes = g.get("round_notes") or [""] * len(rounds)
    initial = g.get("initial") or [0] * len(g["players"])
    xs = list(range(0, len(rounds) + 1))
    pz = g["game"] == "panicozoo"
    am = g["game"] == "animal_maniacs"  # animals in zoo + on trophy wall
    colours = plt.get_cmap("tab10").colors
    for seat in range(len(g["players"])):
        total, ys = initial[seat], [initial[seat]]
        for r in rounds:
            total += r[seat]
            ys.append(total)
        win = seat in g["winners"]
        ax.plot(xs, ys, marker=MARKERS[seat % len(MARKERS)], markersize=5 if win else 4,
                linestyle=STYLES[seat % len(STYLES)], linewidth=2.6 if win else 1.6,
                color=colours[seat % len(colours)], label=_label(g, seat), zorder=3 if win else 2)
    if "tie-break" in notes:
        x = notes.index("tie-break") + 1
        ax.axvspan(x - 0.5, x + 0.5, color="0.85", zorder=0)
        tb = g.get("tiebreak_between") or []
        ax.text(1.01, 0.02, "TB: tie-break between\n%s\n(its card is not counted)"
                % " and ".join(_plain(g["players"][p]) for p in tb),
                transform=ax.transAxes, ha="left", va="bottom", fontsize=8, color="0.3")
    title = "Game %d, %s" % (n, _plain(g["title"]))
    if g.get("date"):
        title += " (%s)" % _plain(str(g["date"])[:10])
    waa = g["game"] == "when_animals_attack"
    if am:
        ax.set_title(title + ": animals after each round of turns")
        ax.set_ylabel("animals in zoo + on trophy wall")
    elif waa:
        ax.set_title(title + ": tiles held after each round")
        ax.set_ylabel("tiles")
    else:
        ax.set_title(title + (": cards won, running total" if pz else ": score after each round"))
        ax.set_ylabel("cards won" if pz else "score")
    ax.set_xlabel("round")
    ax.set_xticks(xs)
    ax.set_xticklabels(["start"] + [_tick(notes[i], i + 1) for i in range(len(rounds))], fontsize=8)
    ax.set_xlim(-0.3, len(rounds) + 0.5)
    if pz or am or waa:
        ax.yaxis.get_major_locator().set_params(integer=True)
        ax.set_ylim(bottom=0)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=9, frameon=False,
              title="players", title_fontsize=9)
    fig.tight_layout()
    return fig


def plot(source, out):
    import matplotlib.pyplot as plt
    games, _ = history.load(source)
    os.makedirs(out, exist_ok=True)
    written, skipped = [], []
    for n, g in enumerate(games, 1):
        if not g["rounds"] or g["game"] not in ("animal_inc", "panicozoo", "animal_maniacs", "when_animals_attack"):
            skipped.append((n, g["title"]))
            continue
        fig = _figure(g, n)
        path = os.path.join(out, "game-%02d-%s.png" % (n, g["game"]))
        fig.savefig(path)
        plt.close(fig)
        written.append(path)
    return written, skipped


def main(args):
    try:
        written, skipped = plot(args.source, args.out)
    except (OSError, ValueError) as e:
        print("cannot plot: %s" % e, file=sys.stderr)
        return 1
    except RecursionError:
        # A value nested deeper than any game, met past the reading.
        print("cannot plot: %s holds values nested too deeply to be finished games"
              % args.source, file=sys.stderr)
        return 1
    for p in written:
        print("wrote %s" % p)
    for n, t in skipped:
        print("game %d (%s): no rounds to draw" % (n, t))
    return 0
