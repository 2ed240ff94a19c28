# Slap-buzzer race resolution: who slapped first, from press timestamps only.
# Pure: no clock, no hardware. The app collects the presses of one race (see
# Race below), then asks resolve() once it is safe to decide.
#
# Precise rules:
# - A press counts if its player is armed (in the race, not locked out, not
#   the one answering) and its timestamp is >= the race's open time. A
#   player's first counting press is theirs; later ones are "repeat".
# - Let t0 be the earliest counting timestamp. Every counting press with
#   t - t0 < resolution_ms shares the first place: with resolution_ms = 1
#   (the default, matching keypad's ~1 ms scan) only equal timestamps tie and
#   presses 1 ms apart are ordered.
# - A tie is settled by a uniform pick with the game's Rng over the tied
#   players sorted by number. Sorting only makes the pick independent of the
#   order events were listed in; every tied player has the same chance.
# - If the event queue overflowed during the race, presses may be missing:
#   the race is void (no winner, re-slap) and no random draw is made.

from menagerie.core.game import is_int as _is_int

DEFAULT_RESOLUTION_MS = 1
# One extra clock tick before deciding: a scan running in the millisecond the
# clock is read may not have queued its events yet.
DEFAULT_MARGIN_MS = 1

EARLY = "before open"
LOCKED = "locked out"
ANSWERING = "answering"
UNARMED = "not armed"
REPEAT = "repeat"


class RaceResult:
    def __init__(self):
        self.void = False
        self.winner = None   # player number, None if void or nobody counted
        self.tied = []       # players sharing first place (one entry if clear)
        self.first_ms = None
        self.gap_ms = None   # from first place to the next counting press
        self.order = []      # counting presses as (player, t_ms), by time
        self.ignored = []    # (player, t_ms, reason), by time then player

    def tie(self):
        return len(self.tied) > 1

    def message(self):
        # One 21-char line for the photo-finish screen (players shown 1-based).
        if self.void:
            return "Void: re-slap"
        if self.winner is None:
            return "No valid slap"
        if self.tie():
            return "Tie! Draw: P" + str(self.winner + 1)
        if self.gap_ms is None:
            return "P" + str(self.winner + 1) + " first"
        return "P" + str(self.winner + 1) + " by " + str(self.gap_ms) + " ms"

    def as_dict(self):
        return {
            "void": self.void,
            "winner": self.winner,
            "tie": list(self.tied) if self.tie() else [],
            "gap": self.gap_ms,
            "ignored": [[p, t, r] for (p, t, r) in self.ignored],
        }


def why_ignored(player, t_ms, armed, open_ms=None, locked=(), answering=None):
    # The reason a press does not count, or None if it does.
    if answering is not None and player == answering:
        return ANSWERING
    if player in locked:
        return LOCKED
    if player not in armed:
        return UNARMED
    if open_ms is not None and t_ms < open_ms:
        return EARLY
    return None


def _check_presses(presses):
    for p in presses:
        if len(p) != 2 or not _is_int(p[0]) or not _is_int(p[1]) or p[0] < 0:
            raise ValueError("press must be (player, t_ms) ints")


def classify(presses, armed, open_ms=None, locked=(), answering=None):
    # -> (counting presses by (t, player), ignored presses). No randomness, so
    # a caller can check a race before committing to it.
    _check_presses(presses)
    ps = sorted((p[1], p[0]) for p in presses)
    seen = []
    counted = []
    ignored = []
    for t, player in ps:
        reason = why_ignored(player, t, armed, open_ms, locked, answering)
        if reason is None and player in seen:
            reason = REPEAT
        if reason is None:
            seen.append(player)
            counted.append((player, t))
        else:
            ignored.append((player, t, reason))
    return counted, ignored


def resolve(presses, armed, rng=None, resolution_ms=DEFAULT_RESOLUTION_MS,
            open_ms=None, overflow=False, locked=(), answering=None):
    # presses: iterable of (player, t_ms); armed: players who may win.
    # rng is needed only when there is a tie (the game's Rng, so replay
    # repeats the pick).
    if not _is_int(resolution_ms) or resolution_ms < 1:
        raise ValueError("resolution_ms must be >= 1")
    res = RaceResult()
    presses = list(presses)
    if overflow:
        _check_presses(presses)
        res.void = True
        return res
    counted, ignored = classify(presses, armed, open_ms, locked, answering)
    res.order = counted
    res.ignored = ignored
    if not counted:
        return res
    t0 = counted[0][1]
    res.first_ms = t0
    tied = []
    nxt = None
    for player, t in counted:
        if t - t0 < resolution_ms:
            tied.append(player)
        elif nxt is None:
            nxt = t
    tied.sort()
    res.tied = tied
    if nxt is not None:
        res.gap_ms = nxt - t0
    if len(tied) == 1:
        res.winner = tied[0]
    else:
        if rng is None:
            raise ValueError("a tie needs the game rng")
        res.winner = tied[rng.below(len(tied))]
    return res


def decide_at(first_ms, resolution_ms=DEFAULT_RESOLUTION_MS, margin_ms=DEFAULT_MARGIN_MS):
    # The earliest clock reading at which every press that could tie with the
    # first one has been queued. Read the clock BEFORE draining the event
    # queue, so an event stamped before that reading is already in the batch.
    return first_ms + resolution_ms + margin_ms


def safe_to_decide(first_ms, now_ms, resolution_ms=DEFAULT_RESOLUTION_MS,
                   margin_ms=DEFAULT_MARGIN_MS):
    return first_ms is not None and now_ms >= decide_at(first_ms, resolution_ms, margin_ms)


class Race:
    # Collects one race for the app: feed every player press (any order), and
    # once ready(now) is true, resolve (or hand presses() to the game).
    def __init__(self, armed, open_ms, resolution_ms=DEFAULT_RESOLUTION_MS,
                 margin_ms=DEFAULT_MARGIN_MS, locked=()):
        self.armed = list(armed)
        self.locked = list(locked)
        self.open_ms = open_ms
        self.resolution_ms = resolution_ms
        self.margin_ms = margin_ms
        self.presses = []
        self.overflow = False
        self.first_ms = None   # earliest press that counts so far

    def press(self, player, t_ms):
        self.presses.append((player, t_ms))
        if why_ignored(player, t_ms, self.armed, self.open_ms) is None:
            if self.first_ms is None or t_ms < self.first_ms:
                self.first_ms = t_ms

    def overflowed(self):
        self.overflow = True

    def started(self):
        return self.first_ms is not None or self.overflow

    def ready(self, now_ms):
        # A void race can be reported at once; otherwise wait out the window.
        if self.overflow:
            return True
        return safe_to_decide(self.first_ms, now_ms, self.resolution_ms, self.margin_ms)

    def resolve(self, rng=None):
        return resolve(self.presses, self.armed, rng, self.resolution_ms,
                       self.open_ms, self.overflow, self.locked)
