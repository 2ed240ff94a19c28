# Panicozoo as the device runs it: the slap buzzer and the card count. The
# cards stay on the table; the device arms the player buttons, picks who
# slapped first (core/buzzer.py), records the judges' verdict and counts the
# cards. In the young players' version the device is also the animal pile.
# docs/games/panicozoo.md has the rules as implemented and every choice made
# where the rulebook is silent.
#
# Actions (players are seats 0..n-1):
#   ("open",)                       start the round (young: draw the animal)
#   ("race", open_ms, overflow, p1, t1, p2, t2, ...)
#                                   one timed race: the ms the buttons armed,
#                                   1 if the event queue overflowed, then every
#                                   player press (player, t_ms) in any order.
#                                   The tie break is drawn here, inside apply,
#                                   so replay repeats it.
#   ("slap", p)                     p answers (boards without player buttons:
#                                   the table says who slapped first)
#   ("right",) / ("wrong",)         the verdict on the answering player
#   ("found", animal)               first-timers aid: the animal just found
#   ("end",)                        End game now: over with the cards won so
#                                   far; equal leaders share the victory

from menagerie.core.game import Game, RuleError, is_int as _is_int
from menagerie.core import buzzer
from menagerie.core.pools import PANICOZOO_ANIMALS as _ANIMALS

# Same figures as panicozoo_deck.py (a test checks); not imported from there
# so the board does not load the deck model.
N_ANIMALS = 15
CLASSIC_ROUNDS = 14

READY = "ready"
OPEN = "open"
ANSWERING = "answering"
OVER = "over"


def race_action(open_ms, presses, overflow=False):
    # The action for one timed race, from (player, t_ms) presses.
    a = ["race", open_ms, 1 if overflow else 0]
    for p in presses:
        a.append(p[0])
        a.append(p[1])
    return tuple(a)


def _pname(p):
    return "P" + str(p + 1)


class PanicozooGame(Game):
    GAME_ID = "panicozoo"
    TITLE = "Panicozoo"
    DEFAULTS = {"players": 4, "mode": "classic", "first_timers": 0,
                "animals": None, "resolution_ms": buzzer.DEFAULT_RESOLUTION_MS}

    def _setup(self):
        o = self.options
        n = o["players"]
        if not _is_int(n) or n < 2 or n > 6:
            raise RuleError("Players: 2 to 6")
        if o["mode"] not in ("classic", "young"):
            raise RuleError("Mode: classic/young")
        if o["first_timers"] not in (0, 1):
            raise RuleError("First-timers: 0 or 1")
        res = o["resolution_ms"]
        if not _is_int(res) or res < 1:
            raise RuleError("Resolution >= 1 ms")
        names = o["animals"]
        if names is None:
            names = _ANIMALS
        if len(names) != N_ANIMALS:
            raise RuleError("Need 15 animals")
        for i in range(N_ANIMALS):
            a = names[i]
            if not isinstance(a, str) or not a:
                raise RuleError("Bad animal name")
            if a in names[:i]:
                raise RuleError("Animals must differ")
        self.names = list(names)
        self.n = n
        self.young = o["mode"] == "young"
        self.first_timers = 1 if o["first_timers"] else 0
        self.resolution_ms = res
        self.round = 1
        self.phase = READY
        self.tiebreak = False
        self.contenders = list(range(n))  # who plays this round
        self.out = []                     # wrong this round, in order
        self.answering = None
        self.won = [[] for _ in range(n)]  # classic: round numbers; young: animals
        self.found = []
        self.found_by = None  # classic first-timers: who may record the animal
        self.remaining = list(range(N_ANIMALS))  # young: the pile
        self.animal = None    # young: the animal drawn this round
        self.race = None      # last buzzer.RaceResult
        self.award = None     # last round's award, for the screen
        self.champion = None  # tie-breaker winner
        self.ended = False    # ("end",): the players stopped before the last round

    # -- queries --------------------------------------------------------
    def rounds(self):
        return N_ANIMALS if self.young else CLASSIC_ROUNDS

    def armed(self):
        if self.phase != OPEN:
            return []
        return [p for p in self.contenders if p not in self.out]

    def cards(self):
        return [len(w) for w in self.won]

    def cards_in_play(self):
        # Cards of the chosen colour on the table this round.
        if self.young or self.tiebreak:
            return N_ANIMALS
        # The round's winner keeps one card: 15 in round 1, 2 in round 14.
        return N_ANIMALS + 1 - self.round

    def animal_name(self, a):
        return self.names[a]

    def _may_record(self):
        return self.found_by is not None

    def legal(self):
        acts = []
        if self.phase == OVER:
            return acts
        if self.phase == READY:
            acts.append(("open",))
        elif self.phase == OPEN:
            for p in self.armed():
                acts.append(("slap", p))
        elif self.phase == ANSWERING:
            acts.append(("right",))
            acts.append(("wrong",))
        if self._may_record():
            for a in range(N_ANIMALS):
                if a not in self.found:
                    acts.append(("found", a))
        if self.phase != ANSWERING:
            acts.append(("end",))
        return acts

    # -- checking -------------------------------------------------------
    def _check(self, action):
        kind = action[0]
        if kind == "open":
            self._need(READY)
        elif kind == "slap":
            self._need(OPEN)
            if len(action) != 2 or not _is_int(action[1]):
                raise RuleError("malformed action")
            if action[1] not in self.armed():
                raise RuleError(_pname(action[1]) + " can't slap")
        elif kind == "race":
            self._need(OPEN)
            self._race_parts(action)
        elif kind == "right" or kind == "wrong":
            if len(action) != 1:
                raise RuleError("malformed action")
            self._need(ANSWERING)
        elif kind == "end":
            # End game now: the standings so far decide (a tie is shared).
            if len(action) != 1:
                raise RuleError("malformed action")
            if self.phase == ANSWERING:
                raise RuleError(_pname(self.answering) + " is answering")
        elif kind == "found":
            if self.young:
                raise RuleError("Auto in young mode")
            if not self.first_timers:
                raise RuleError("First-timers is off")
            if not self._may_record():
                raise RuleError("Nothing to record")
            if len(action) != 2 or not _is_int(action[1]) or not 0 <= action[1] < N_ANIMALS:
                raise RuleError("No such animal")
            if action[1] in self.found:
                raise RuleError("Already found")
        else:
            raise RuleError("Unknown action")

    def _need(self, phase):
        if self.phase == phase:
            return
        if self.phase == OVER:
            raise RuleError("Game over")
        if self.phase == ANSWERING:
            raise RuleError(_pname(self.answering) + " is answering")
        if self.phase == OPEN:
            raise RuleError("Round is open")
        raise RuleError("Open the round first")

    def _race_parts(self, action):
        # -> (open_ms, overflow, presses), or RuleError.
        if len(action) < 3 or len(action) % 2 == 0:
            raise RuleError("malformed race")
        open_ms = action[1]
        overflow = action[2]
        if not _is_int(open_ms) or overflow not in (0, 1):
            raise RuleError("malformed race")
        presses = []
        i = 3
        while i < len(action):
            p, t = action[i], action[i + 1]
            if not _is_int(p) or not _is_int(t) or p < 0:
                raise RuleError("malformed race")
            presses.append((p, t))
            i += 2
        if not overflow:
            counted, _ = buzzer.classify(presses, self.armed(), open_ms, self.out)
            if not counted:
                raise RuleError("No valid slap")
        return open_ms, overflow, presses

    # -- changing -------------------------------------------------------
    def _do(self, action):
        kind = action[0]
        if kind == "open":
            self.phase = OPEN
            self.out = []
            self.answering = None
            self.race = None
            self.award = None
            self.found_by = None  # the aid is recorded before the next round
            if self.tiebreak:
                # All 15 cards are back: any animal can be the answer again.
                self.found = []
            if self.young:
                self.animal = self.remaining.pop(self.rng.below(len(self.remaining)))
        elif kind == "slap":
            self.race = None
            self._answer(action[1])
        elif kind == "race":
            open_ms, overflow, presses = self._race_parts(action)
            r = buzzer.resolve(presses, self.armed(), self.rng, self.resolution_ms,
                               open_ms, overflow, self.out)
            self.race = r
            if r.winner is not None:
                self._answer(r.winner)
        elif kind == "right":
            self._win(self.answering, False)
        elif kind == "wrong":
            self.out.append(self.answering)
            self.answering = None
            left = [p for p in self.contenders if p not in self.out]
            if len(left) == 1:
                self._win(left[0], True)
            else:
                self.phase = OPEN  # the others are re-armed at once
        elif kind == "found":
            self.found.append(action[1])
            self.found_by = None
        elif kind == "end":
            self.ended = True
            self.out = []
            self._end()

    def _answer(self, p):
        self.answering = p
        self.phase = ANSWERING

    def _win(self, p, auto):
        self.answering = None
        given = []
        ncards = 1
        if self.tiebreak:
            # The tie-breaker decides the winner; its card is not counted.
            self.champion = p
            ncards = 0
        elif self.young:
            self.won[p].append(self.animal)
            self.found.append(self.animal)
            # Each wrong slapper hands over the card on top of their pile.
            for q in self.out:
                if self.won[q]:
                    c = self.won[q].pop()
                    self.won[p].append(c)
                    given.append([q, c])
            self.animal = None
        else:
            if self.round == CLASSIC_ROUNDS:
                ncards = 2
            for _ in range(ncards):
                self.won[p].append(self.round)
            if self.first_timers:
                self.found_by = p
        self.award = {"player": p, "cards": ncards, "auto": auto, "given": given}
        self.out = []
        self._next_round()

    def _next_round(self):
        if self.tiebreak or (self.young and not self.remaining):
            self._end()
            return
        if not self.young and self.round == CLASSIC_ROUNDS:
            top = self._leaders()
            if len(top) == 1:
                self._end()
                return
            self.tiebreak = True
            self.contenders = top
        self.round += 1
        self.phase = READY

    def _end(self):
        # Nothing is recorded after the final: the first-timers' animal of
        # the last round has no round left to help with.
        self.phase = OVER
        self.found_by = None

    def _leaders(self):
        c = self.cards()
        best = max(c)
        return [p for p in range(self.n) if c[p] == best]

    # -- results --------------------------------------------------------
    def over(self):
        return self.phase == OVER

    def winners(self):
        if self.phase != OVER:
            return []
        if self.champion is not None:
            return [self.champion]
        return self._leaders()

    def summary(self):
        r = self.race
        return {
            "mode": "young" if self.young else "classic",
            "round": self.round,
            "rounds": self.rounds(),
            "tiebreak": self.tiebreak,
            "phase": self.phase,
            "answering": self.answering,
            "out": list(self.out),
            "armed": self.armed(),
            "contenders": list(self.contenders),
            "cards": self.cards(),
            "cards_in_play": self.cards_in_play(),
            "found": list(self.found),
            "found_by": self.found_by,
            "animal": self.animal,
            "race": r.as_dict() if r is not None else None,
            "award": dict(self.award) if self.award else None,
            "winners": self.winners(),
        }

    def dump(self):
        # Golden-replay text lives in its own module, imported only when
        # asked for: the board never needs it.
        from menagerie.core.panicozoo_dump import dump_lines
        return dump_lines(self)
