# `menagerie plot`: one PNG per finished game. Animal Inc: running score per
# player after each round. Panicozoo: cards won per round, one bar per player.
# Other games (or entries without rounds) have nothing per round to draw.
import os
import sys

from host_tools import history

HELP = "draw PNG charts of a pulled history (score per round, cards won per round)"


def add_arguments(p):
    p.add_argument("source", metavar="PULLED", help="folder written by `menagerie pull`, or its history.json")
    p.add_argument("--out", default=".", metavar="DIR", help="where to write the PNGs (default: here)")


def _figure(g, n):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    rounds = g["rounds"]
    xs = list(range(1, len(rounds) + 1))
    if g["game"] == "panicozoo":
        k = len(g["players"])
        width = 0.8 / max(k, 1)
        for seat, name in enumerate(g["players"]):
            ax.bar([x - 0.4 + width * (seat + 0.5) for x in xs], [r[seat] for r in rounds],
                   width=width, label=name)
        ax.set_ylabel("cards won")
        ax.set_title("Game %d, %s: cards won per round" % (n, g["title"]))
    else:
        for seat, name in enumerate(g["players"]):
            total, ys = 0, [0]
            for r in rounds:
                total += r[seat]
                ys.append(total)
            star = " (winner)" if seat in g["winners"] else ""
            ax.plot([0] + xs, ys, marker="o", label=name + star)
        ax.set_ylabel("score")
        ax.set_title("Game %d, %s: score after each round" % (n, g["title"]))
    ax.set_xlabel("round")
    ax.set_xticks(xs)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="best")
    fig.tight_layout()
    return fig


def plot(source, out):
    import matplotlib.pyplot as plt
    games, _ = history.load(source)
    os.makedirs(out, exist_ok=True)
    written, skipped = [], []
    for n, g in enumerate(games, 1):
        if not g["rounds"] or g["game"] not in ("animal_inc", "panicozoo"):
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
    for p in written:
        print("wrote %s" % p)
    for n, t in skipped:
        print("game %d (%s): no rounds to draw" % (n, t))
    return 0
