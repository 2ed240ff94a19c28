"""The fewest presses that enter an Animal Inc round through the entry
screens (ui/animal_inc_entry.py), for tests/test_ui_animal_inc.py and
bench/b_animal_inc.py: the keys a person who knows the screens would press."""
from menagerie.core.animal_inc import CARD_VALUES, possible_pyramid_sums
from menagerie.ui.animal_inc_entry import DEFAULT_SUM, _SKIP as JUMP, default_high


def spin(start, target, size, big_steps, wrap=False):
    # Shortest key sequence on a spinner (UP +1, DOWN -1, RIGHT +JUMP, LEFT
    # -JUMP where the board has them): breadth-first. A value stops at its
    # ends (issue 26); a list of choices (wrap) goes round.
    moves = [("UP", 1), ("DOWN", -1)] + ([("RIGHT", JUMP), ("LEFT", -JUMP)] if big_steps else [])
    seen = {start: []}
    frontier = [start]
    while target not in seen:
        nxt = []
        for v in frontier:
            for k, d in moves:
                w = (v + d) % size if wrap else max(0, min(size - 1, v + d))
                if w not in seen:
                    seen[w] = seen[v] + [k]
                    nxt.append(w)
        frontier = nxt
    return seen[target]


def guess_keys(start, target, order):
    """Fewest UP/DOWN answers of the 3-button board's guessing game
    (ui/animal_inc_guess.py) from `start`, no answer given yet, to `target`:
    -> (keys, settled); a settled value is taken without OK. Breadth-first,
    so the first hit costs the least (a settled hit one level down ties an
    unsettled one plus its OK)."""
    from menagerie.ui.animal_inc_guess import OPEN, move

    frontier = [(start, OPEN[0], OPEN[1], False, [])]
    seen = set()
    while frontier:
        for v, lo, hi, settled, keys in frontier:
            if v == target:
                return keys, settled
        nxt = []
        for v, lo, hi, settled, keys in frontier:
            if settled:
                continue  # the entry has moved on
            for k in ("UP", "DOWN"):
                m = move(v, lo, hi, k == "UP", order)
                if m is not None and m[:3] not in seen:
                    seen.add(m[:3])
                    nxt.append(m + (keys + [k],))
        frontier = nxt
    raise AssertionError("%r cannot be reached" % (target,))


def search_order(values, weights):
    """The guessing game's order (ui/animal_inc_guess.py) with the fewest
    presses on average for `weights` (one per sorted value): the optimal
    search tree, listed level by level. A value costs its depth in UP/DOWN
    answers plus an OK, except a leaf (the answers settle it). -> (order,
    presses per value on average)."""
    n = len(values)
    pre = [0]
    for w in weights:
        pre.append(pre[-1] + w)
    best = {}  # (i, j) -> (cost, root) for values[i..j]

    def cost(i, j):
        return best[(i, j)][0] if i <= j else 0

    for size in range(1, n + 1):
        for i in range(n - size + 1):
            j = i + size - 1
            total = pre[j + 1] - pre[i]
            for r in range(i, j + 1):
                # everything below r costs one answer more; r itself its OK
                # unless it is a leaf (the first guess always waits for OK)
                c = cost(i, r - 1) + cost(r + 1, j) + total - weights[r]
                if size > 1 or size == n:
                    c += weights[r]
                if (i, j) not in best or c < best[(i, j)][0]:
                    best[(i, j)] = (c, r)
    order, level = [], [(0, n - 1)]
    while level:
        nxt = []
        for i, j in level:
            if i <= j:
                r = best[(i, j)][1]
                order.append(values[r])
                nxt += [(i, r - 1), (r + 1, j)]
        level = nxt
    return order, best[(0, n - 1)][0] / pre[n]


def plan_round(action, starter, n, pico):
    """Keys that enter `action` from the sheet and save it."""
    _, reached, last, total = action[:4]
    highs = action[4:]
    sums = possible_pyramid_sums()
    keys = []
    if pico:
        if reached:
            keys.append("P%d" % (last + 1))     # the sheet: tier 5, this player last
        else:
            keys += ["OK", "P%d" % (last + 1)]      # "Tier 5 reached?" opens on NO
    else:
        keys.append("OK")
        choices = [x for i in range(n) for x in ((1, i), (0, i))]  # RoundEntry.items()
        # a list: DOWN goes to the next line
        keys += [{"UP": "DOWN", "DOWN": "UP"}[k] for k in
                 spin(choices.index((1, (starter - 1) % n)), choices.index((reached, last)),
                      len(choices), False, wrap=True)]
        keys.append("OK")
    seats = [i for i in range(n) if not (reached and i == last)]
    default = default_high(pico)
    todo = [j for j in range(len(seats)) if highs[seats[j]] != default]
    row = 0
    if reached and not pico:
        from menagerie.ui.animal_inc_guess import SUMS
        got, settled = guess_keys(DEFAULT_SUM, total, SUMS)
        keys += got if settled else got + ["OK"]
    elif reached:
        keys += spin(sums.index(DEFAULT_SUM), sums.index(total), len(sums), pico)
        if pico and todo and todo[0] != 0:
            keys.append("P%d" % (seats[todo[0]] + 1))  # straight to that row
            row = todo[0]
        else:
            keys.append("OK")
    if not pico:
        from menagerie.ui.animal_inc_guess import CARDS
        for j in range(len(seats)):
            got, settled = guess_keys(default, highs[seats[j]], CARDS)
            keys += got
            if not settled or j == len(seats) - 1:
                keys.append("OK")  # the last one saves, settled or not
        return keys
    for j in todo:
        if j != row:
            keys.append("OK" if j == row + 1 else "P%d" % (seats[j] + 1))
            row = j
        keys += spin(CARD_VALUES.index(default), CARD_VALUES.index(highs[seats[j]]),
                     len(CARD_VALUES), True)
    keys.append("OK" if row == len(seats) - 1 else "HOLD_OK")
    return keys


def entered(action):
    # What the screens send: with the 5th tier reached the last player's hand
    # does not count and is entered as 0.
    a = list(action)
    if a[1]:
        a[4 + a[2]] = 0
    return a


HOLD_MS = 700  # a long OK (save from any row, Pico): a press held this long


def press_keys(session, keys):
    for k in keys:
        if k == "HOLD_OK":
            session.hold("OK", HOLD_MS)
        else:
            session.press(k)


def new_game_keys(players, pico):
    # Main menu "Animal Inc", player count, names OK, rulebook length, P1 starts.
    keys = ["OK"] + ["DOWN"] * (2 - [2, 3, 4].index(players)) + ["OK", "OK", "OK"]
    keys.append("P1" if pico else "OK")
    return keys


def measure(board, seeds, session, holds=None):
    """Play every round of the 4-player games `seeds` (card-level random
    play) through the buttons of `session`; -> presses per round. Every
    press counts, a hold as one; `holds` (a list) gets each round's number
    of holds (HOLD_MS each), so that a hold is never a free press."""
    from menagerie.core.animal_inc_sim import game_rounds

    pico = bool(session.profile.PLAYERS)
    press_keys(session, new_game_keys(4, pico))
    counts = []
    game = None
    for seed in seeds:
        if game is not None:
            press_keys(session, ["OK", "OK"] + new_game_keys(4, pico)[1:])  # standings > New game
        for game, rnd in game_rounds(4, seed):
            action = game.actions[-1]
            info = game.round_info(len(game.actions) - 1)
            before = session.presses
            keys = plan_round(action, info["starter"], 4, pico)
            press_keys(session, keys)
            counts.append(session.presses - before)
            if holds is not None:
                holds.append(keys.count("HOLD_OK"))
            got = list(session.app.game.actions[-1])
            assert got == entered(action), (got, action)
        assert session.app.game.scores == game.scores
        assert session.app.top().name == "ai_standings"
    return counts


def report(board, counts, holds=None):
    avg10 = (sum(counts) * 10 + len(counts) // 2) // len(counts)
    out = ("Animal Inc 4-player round on %s: %d.%d presses on average (min %d, max %d, %d rounds)"
           % (board, avg10 // 10, avg10 % 10, min(counts), max(counts), len(counts)))
    if holds is not None:
        out += ("\n  of which holds (%d ms each, counted as presses): %.2f per round, in %d of %d rounds"
                % (HOLD_MS, sum(holds) / len(holds), len([h for h in holds if h]), len(holds)))
    return out
