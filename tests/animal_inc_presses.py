"""The fewest presses that enter an Animal Inc round through the entry
screens (ui/animal_inc_entry.py), for tests/test_ui_animal_inc.py and
bench/b_animal_inc.py: the keys a person who knows the screens would press."""
from menagerie.core.animal_inc import CARD_VALUES, possible_pyramid_sums
from menagerie.ui.animal_inc_entry import DEFAULT_SUM, _SKIP as JUMP, default_high


def spin(start, target, size, big_steps):
    # Shortest key sequence on a wrapping spinner (UP +1, DOWN -1, RIGHT
    # +JUMP, LEFT -JUMP where the board has them): breadth-first.
    moves = [("UP", 1), ("DOWN", -1)] + ([("RIGHT", JUMP), ("LEFT", -JUMP)] if big_steps else [])
    seen = {start: []}
    frontier = [start]
    while target not in seen:
        nxt = []
        for v in frontier:
            for k, d in moves:
                w = (v + d) % size
                if w not in seen:
                    seen[w] = seen[v] + [k]
                    nxt.append(w)
        frontier = nxt
    return seen[target]


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
        choices = [(1, i) for i in range(n)] + [(0, i) for i in range(n)]
        # a list: DOWN goes to the next line
        keys += [{"UP": "DOWN", "DOWN": "UP"}[k] for k in
                 spin(choices.index((1, (starter - 1) % n)), choices.index((reached, last)),
                      len(choices), False)]
        keys.append("OK")
    seats = [i for i in range(n) if not (reached and i == last)]
    default = default_high(pico)
    todo = [j for j in range(len(seats)) if highs[seats[j]] != default]
    row = 0
    if reached:
        keys += spin(sums.index(DEFAULT_SUM), sums.index(total), len(sums), pico)
        if pico and todo and todo[0] != 0:
            keys.append("P%d" % (seats[todo[0]] + 1))  # straight to that row
            row = todo[0]
        else:
            keys.append("OK")
    if not pico:
        for j in range(len(seats)):
            keys += spin(CARD_VALUES.index(default), CARD_VALUES.index(highs[seats[j]]),
                         len(CARD_VALUES), False)
            keys.append("OK")  # the last one saves
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


def press_keys(session, keys):
    for k in keys:
        if k == "HOLD_OK":
            session.hold("OK", 700)
        else:
            session.press(k)


def new_game_keys(players, pico):
    # Main menu "Animal Inc", player count, names OK, rulebook length, P1 starts.
    keys = ["OK"] + ["DOWN"] * (2 - [2, 3, 4].index(players)) + ["OK", "OK", "OK"]
    keys.append("P1" if pico else "OK")
    return keys


def measure(board, seeds, session):
    """Play every round of the 4-player games `seeds` (card-level random
    play) through the buttons of `session`; -> presses per round."""
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
            press_keys(session, plan_round(action, info["starter"], 4, pico))
            counts.append(session.presses - before)
            got = list(session.app.game.actions[-1])
            assert got == entered(action), (got, action)
        assert session.app.game.scores == game.scores
        assert session.app.top().name == "ai_standings"
    return counts


def report(board, counts):
    avg10 = (sum(counts) * 10 + len(counts) // 2) // len(counts)
    return ("Animal Inc 4-player round on %s: %d.%d presses on average (min %d, max %d, %d rounds)"
            % (board, avg10 // 10, avg10 % 10, min(counts), max(counts), len(counts)))
