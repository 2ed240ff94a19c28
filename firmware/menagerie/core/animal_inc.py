# Animal Inc scorekeeper. The cards stay physical: after each round the
# players enter what the table shows (did the pyramid reach the 5th tier, who
# played the last card, the total of the 5th tier and up, each player's
# highest card in hand) and the game turns it into score changes.
# Rules as implemented, and every choice the rulebook leaves open:
# docs/games/animal-inc.md.
#
# UI-facing API (all plain values):
#   score_round(reached, last, pyramid_sum, highest) -> deltas, seat order
#   CARD_VALUES, possible_pyramid_sums()           spinner values
#   AnimalIncGame(options, seed)                   the contract in core/game.py
#     .round_info()   what the coming round needs (starter, discard, drafting)
#     .entry_fields() name and allowed values of every field of a round entry
#     .history()      one dict per finished round
#   action: ("round", reached 0/1, last, pyramid_sum, high_0, ..., high_n-1)
#           ("edit", number, reached, last, pyramid_sum, high_0, ...): round
#           `number` (1-based) entered again; it and every total after it
#           recompute. One action, so undo takes the whole edit back.
#           ("end",): the players stop before the last round

from menagerie.core.game import Game, RuleError, is_int as _is_int
from menagerie.core.animal_inc_deck import (
    CARD_VALUE, CARD_VALUES, VALUE_COUNT, PLAYER_COUNTS, START_SCORE, PASS_COUNT,
    direction, discard_count, hand_size, receivers, standard_rounds, starter)
from menagerie.core.animal_inc_check import check

# The most cards the 5th tier and up can hold in a real round. A full pyramid
# (8+7+...+1 = 36 cards) would put 10 there, but at most 32 cards are ever in
# play, and every card above needs the whole triangle under it: dropping 4+
# cards from a full pyramid always costs at least 4 of those 10 places.
# tests/test_animal_inc_scoring.py proves it by enumerating the top slots.
MAX_TOP_CARDS = 6
MAX_ROUNDS = 99

_sums = None


def possible_pyramid_sums():
    # Totals of 1..MAX_TOP_CARDS distinct deck cards (a 0/1 knapsack per card
    # count), computed once on first use.
    global _sums
    if _sums is None:
        top = sorted(CARD_VALUE)[-MAX_TOP_CARDS:]
        limit = sum(top) + 1
        can = [bytearray(limit) for _ in range(MAX_TOP_CARDS + 1)]
        can[0][0] = 1
        for v in CARD_VALUE:
            for k in range(MAX_TOP_CARDS, 0, -1):
                src = can[k - 1]
                dst = can[k]
                for s in range(limit - 1 - v, -1, -1):
                    if src[s]:
                        dst[s + v] = 1
        out = []
        for s in range(limit):
            for k in range(1, MAX_TOP_CARDS + 1):
                if can[k][s]:
                    out.append(s)
                    break
        _sums = tuple(out)
    return list(_sums)


def score_round(reached, last, pyramid_sum, highest):
    # Pure: the score change of every seat for one round, or RuleError.
    if reached is not True and reached is not False:
        if not (_is_int(reached) and reached in (0, 1)):
            raise RuleError("reached: 0 or 1")
        reached = reached == 1
    if not isinstance(highest, (list, tuple)):
        raise RuleError("highest: a list")
    n = len(highest)
    if n not in PLAYER_COUNTS:
        raise RuleError("2 to 4 players")
    if not _is_int(last) or last < 0 or last >= n:
        raise RuleError("no such player")
    used = [0] * len(VALUE_COUNT)
    for i in range(n):
        h = highest[i]
        if not _is_int(h) or h not in CARD_VALUES:
            raise RuleError("P" + str(i + 1) + ": no such card")
        used[h] += 1
        # 0 also stands for an empty hand, which any number of players can have.
        if h and used[h] > VALUE_COUNT[h]:
            raise RuleError("only " + str(VALUE_COUNT[h]) + " cards of " + str(h))
    if not _is_int(pyramid_sum):
        raise RuleError("sum: a number")
    if not reached:
        if pyramid_sum != 0:
            raise RuleError("no 5th tier:\nsum must be 0")
        check(False, 0, highest, last, MAX_TOP_CARDS)
        return [-highest[i] if i == last else highest[i] for i in range(n)]
    if pyramid_sum < 0 or pyramid_sum not in _sums_cached():
        raise RuleError("sum " + str(pyramid_sum) + " impossible")
    # the fields one by one are fine: are they possible together?
    check(True, pyramid_sum, highest, last, MAX_TOP_CARDS)
    return [pyramid_sum if i == last else -highest[i] for i in range(n)]


def _sums_cached():
    if _sums is None:
        possible_pyramid_sums()
    return _sums


def signed(d):
    return "+" + str(d) if d > 0 else str(d)


class AnimalIncGame(Game):
    GAME_ID = "animal_inc"
    TITLE = "Animal Inc"
    # rounds 0 = the rulebook's length for the player count (8, 9 or 16).
    DEFAULTS = {"players": 4, "rounds": 0, "start": 0}

    def _setup(self):
        o = self.options
        n = o["players"]
        if not _is_int(n) or n not in PLAYER_COUNTS:
            raise RuleError("2 to 4 players")
        rounds = o["rounds"]
        if not _is_int(rounds) or rounds < 0 or rounds > MAX_ROUNDS:
            raise RuleError("rounds: 1 to " + str(MAX_ROUNDS))
        start = o["start"]
        if not _is_int(start) or start < 0 or start >= n:
            raise RuleError("no such player")
        self.players = n
        self.rounds = rounds or standard_rounds(n)
        self.start = start
        self.scores = [START_SCORE] * n
        self.deltas = []   # per finished round, seat order
        self.entries = []  # the round actions as entered
        self.ended = False  # ("end",): the players stopped before the last round

    # -- state ------------------------------------------------------------
    def round_number(self):
        # 1-based number of the round being played (rounds + 1 once over).
        return len(self.deltas) + 1

    def over(self):
        return self.ended or len(self.deltas) >= self.rounds

    def winners(self):
        if not self.over():
            return []
        top = max(self.scores)
        return [i for i in range(self.players) if self.scores[i] == top]

    def round_info(self, index=None):
        # The coming round (or round `index`, 0-based): who deals and starts,
        # how many cards each discards, where the drafted cards go.
        # receivers[seat] is the seat that gets seat's cards, -1 = no drafting.
        if index is None:
            index = len(self.deltas)
        if index < 0 or index >= self.rounds:
            return None
        n = self.players
        way = direction(n, index)
        return {
            "number": index + 1,
            "rounds": self.rounds,
            "starter": starter(n, self.start, index),
            "deal": hand_size(n),
            "discard": discard_count(n),
            "direction": way,
            "passes": 0 if way == "none" else PASS_COUNT,
            "receivers": receivers(n, way),
        }

    def entry_fields(self):
        # The fields after "round", in action order, each with the values that
        # exist. pyramid_sum must be 0 when reached is 0.
        fields = [("reached", [0, 1]), ("last", list(range(self.players))),
                  ("pyramid_sum", possible_pyramid_sums())]
        for i in range(self.players):
            fields.append(("high P" + str(i + 1), list(CARD_VALUES)))
        return fields

    def history(self):
        rows = []
        running = [START_SCORE] * self.players
        for r in range(len(self.deltas)):
            e = self.entries[r]
            d = self.deltas[r]
            running = [running[i] + d[i] for i in range(self.players)]
            info = self.round_info(r)
            rows.append({
                "number": r + 1, "starter": info["starter"], "direction": info["direction"],
                "reached": e[1], "last": e[2], "pyramid_sum": e[3],
                "highest": list(e[4:]), "deltas": list(d), "scores": running,
            })
        return rows

    # -- contract -----------------------------------------------------------
    def legal(self):
        # A round entry (its free fields are listed by entry_fields()), or
        # ending the game early ("players can agree" on the length).
        if self.over():
            return []
        return [("round",), ("edit",), ("end",)] if self.entries else [("round",), ("end",)]

    def _check(self, action):
        # (after over() the contract in core/game.py refuses everything)
        if action[0] == "end":
            if len(action) != 1:
                raise RuleError("wrong entry size")
            return
        if action[0] == "edit":
            # ("edit", number, ...the fields of a round...)
            if len(action) != 5 + self.players:
                raise RuleError("wrong entry size")
            r = action[1]
            if not _is_int(r) or r < 1 or r > len(self.entries):
                raise RuleError("no such round")
            action = action[1:]
        elif action[0] != "round":
            raise RuleError("unknown action")
        if len(action) != 4 + self.players:
            raise RuleError("wrong entry size")
        if not _is_int(action[1]):
            raise RuleError("reached: 0 or 1")
        score_round(action[1], action[2], action[3], list(action[4:]))

    def _do(self, action):
        if action[0] == "end":
            self.ended = True
            return
        if action[0] == "edit":
            r = action[1] - 1
            entry = ("round",) + action[2:]
            self.entries[r] = entry
            self.deltas[r] = score_round(entry[1], entry[2], entry[3], list(entry[4:]))
            # every total after it follows: recount from the start
            self.scores = [START_SCORE] * self.players
            for d in self.deltas:
                for i in range(self.players):
                    self.scores[i] += d[i]
            return
        d = score_round(action[1], action[2], action[3], list(action[4:]))
        self.deltas.append(d)
        self.entries.append(action)
        for i in range(self.players):
            self.scores[i] += d[i]

    def summary(self):
        info = self.round_info()
        return {
            "players": self.players,
            "round": min(self.round_number(), self.rounds),
            "rounds": self.rounds,
            "scores": list(self.scores),
            "starter": info["starter"] if info else -1,
            "direction": info["direction"] if info else "none",
            "over": self.over(),
            "winners": self.winners(),
        }

    def dump(self):
        n = self.players
        lines = []
        if self.ended:
            lines.append("Animal Inc " + str(n) + "p ended by the players after "
                         + str(len(self.deltas)) + " of " + str(self.rounds))
            lines.append("winners " + " ".join("P" + str(i + 1) for i in self.winners()))
        elif self.over():
            lines.append("Animal Inc " + str(n) + "p over after " + str(self.rounds))
            lines.append("winners " + " ".join("P" + str(i + 1) for i in self.winners()))
        else:
            info = self.round_info()
            lines.append("Animal Inc " + str(n) + "p round " + str(info["number"]) + "/"
                         + str(self.rounds))
            line = ("start P" + str(info["starter"] + 1) + " discard " + str(info["discard"])
                    + " pass " + info["direction"])
            if info["passes"]:
                # receiving seat of P1, P2, ...
                line += " to " + " ".join("P" + str(r + 1) for r in info["receivers"])
            lines.append(line)
        lines.append("scores " + " ".join(str(s) for s in self.scores))
        if self.entries:
            # the round the last action entered (or edited)
            k = len(self.entries)
            edited = bool(self.actions) and self.actions[-1][0] == "edit"
            if edited:
                k = self.actions[-1][1]
            e = self.entries[k - 1]
            lines.append(("edited r" if edited else "r") + str(k)
                         + (" reached" if e[1] else " short")
                         + " last P" + str(e[2] + 1) + " sum " + str(e[3]) + " high "
                         + " ".join(str(h) for h in e[4:]) + " -> "
                         + " ".join(signed(x) for x in self.deltas[k - 1]))
        return lines
