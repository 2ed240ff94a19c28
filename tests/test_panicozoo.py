# Panicozoo rule core: round flow, lockout, ignored presses, auto-award, the
# two-card final, the tie-breaker, the first-timers aid and replay.
import json

import pytest

from menagerie.core import buzzer
from menagerie.core.game import RuleError
from menagerie.core.panicozoo import PanicozooGame, race_action


def new(players=4, seed=1, **kw):
    opts = {"players": players}
    opts.update(kw)
    return PanicozooGame(opts, seed)


def win_round(g, p, t=1000):
    g.apply(("open",))
    g.apply(race_action(t - 100, [(p, t)]))
    g.apply(("right",))


def refused(g, action):
    with pytest.raises(RuleError) as e:
        g.apply(action)
    return str(e.value)


def test_options_are_checked():
    for bad in ({"players": 1}, {"players": 7}, {"players": True}, {"mode": "x"},
                {"first_timers": 2}, {"animals": ["A"] * 14}, {"animals": [""] * 15},
                {"animals": ["A"] * 15},
                {"resolution_ms": 0}, {"colour": "black"}):
        with pytest.raises(RuleError):
            PanicozooGame(bad, 1)
    g = PanicozooGame({"animals": ["A%d" % i for i in range(15)]}, 1)
    assert g.animal_name(14) == "A14"


def test_round_flow():
    g = new()
    assert g.legal() == [("open",), ("end",)] and g.summary()["phase"] == "ready"
    g.apply(("open",))
    assert g.summary()["phase"] == "open"
    assert g.legal() == [("slap", p) for p in range(4)] + [("end",)]
    g.apply(race_action(5000, [(3, 5042), (1, 5050)]))
    s = g.summary()
    assert s["phase"] == "answering" and s["answering"] == 3
    assert s["race"]["winner"] == 3 and s["race"]["gap"] == 8 and s["race"]["tie"] == []
    assert g.legal() == [("right",), ("wrong",)]
    g.apply(("right",))
    s = g.summary()
    assert s["round"] == 2 and s["phase"] == "ready" and s["cards"] == [0, 0, 0, 1]
    assert s["award"] == {"player": 3, "cards": 1, "auto": False, "given": []}
    assert s["cards_in_play"] == 14


def test_wrong_locks_out_and_rearms_the_others():
    g = new()
    g.apply(("open",))
    g.apply(("slap", 2))
    g.apply(("wrong",))
    s = g.summary()
    assert s["phase"] == "open" and s["out"] == [2] and s["armed"] == [0, 1, 3]
    assert ("slap", 2) not in g.legal()
    assert refused(g, ("slap", 2)) == "P3 can't slap"
    # The locked-out player's press is ignored; the next one counts.
    g.apply(race_action(800, [(2, 801), (0, 805)]))
    r = g.summary()["race"]
    assert r["winner"] == 0 and r["ignored"] == [[2, 801, buzzer.LOCKED]]


def test_presses_before_open_and_of_unseated_players_are_ignored():
    g = new(players=3)
    g.apply(("open",))
    g.apply(race_action(1000, [(0, 990), (5, 1001), (1, 1003)]))
    r = g.race
    assert r.winner == 1
    assert r.ignored == [(0, 990, buzzer.EARLY), (5, 1001, buzzer.UNARMED)]


def test_a_race_with_no_valid_press_is_refused_and_changes_nothing():
    g = new()
    g.apply(("open",))
    before = g.dump()
    assert refused(g, race_action(1000, [(0, 999)])) == "No valid slap"
    assert g.dump() == before and len(g.actions) == 1


def test_no_race_while_someone_answers():
    g = new()
    g.apply(("open",))
    g.apply(("slap", 0))
    assert refused(g, race_action(0, [(1, 5)])) == "P1 is answering"
    assert refused(g, ("slap", 1)) == "P1 is answering"
    assert refused(g, ("open",)) == "P1 is answering"


def test_verdicts_need_someone_answering():
    g = new()
    assert refused(g, ("right",)) == "Open the round first"
    g.apply(("open",))
    assert refused(g, ("wrong",)) == "Round is open"
    assert refused(g, ("dance",)) == "Unknown action"
    assert refused(g, ("race", 0)) == "malformed race"
    assert refused(g, ("race", 0, 0, 1)) == "malformed race"
    assert refused(g, ("race", 0, 2, 1, 5)) == "malformed race"


def test_void_race_keeps_the_round_open_and_draws_nothing():
    g = new()
    g.apply(("open",))
    state = g.rng.state
    g.apply(race_action(0, [(0, 5), (1, 5)], overflow=True))
    s = g.summary()
    assert s["phase"] == "open" and s["race"]["void"] and s["race"]["winner"] is None
    assert g.rng.state == state
    assert g.race.message() == "Void: re-slap"


def test_last_player_standing_wins_the_card_automatically():
    g = new(players=3)
    g.apply(("open",))
    g.apply(("slap", 0))
    g.apply(("wrong",))
    g.apply(("slap", 2))
    g.apply(("wrong",))
    s = g.summary()
    assert s["cards"] == [0, 1, 0] and s["award"]["auto"] and s["award"]["player"] == 1
    assert s["round"] == 2 and s["phase"] == "ready" and s["out"] == []


def test_fourteen_rounds_final_gives_two_cards_and_ends():
    g = new(players=3)
    for rnd in range(1, 14):
        assert g.summary()["cards_in_play"] == 16 - rnd
        win_round(g, rnd % 3)
    assert g.summary()["round"] == 14 and g.summary()["cards_in_play"] == 2
    win_round(g, 0)
    s = g.summary()
    assert s["award"]["cards"] == 2 and sum(s["cards"]) == 15
    # 0 won rounds 3,6,9,12 and the final (2 cards): 6; 1 won 5; 2 won 4.
    assert s["cards"] == [6, 5, 4] and g.over() and g.winners() == [0]
    assert g.legal() == [] and refused(g, ("open",)) == "Game over"


def test_tie_at_the_top_plays_one_tiebreak_round_among_the_tied():
    g = new(players=4)
    # 0 and 1 both end on 6, 2 on 3, 3 on 0.
    for p in [0] * 4 + [1] * 6 + [2] * 3:
        win_round(g, p)
    win_round(g, 0)  # final: 2 cards
    s = g.summary()
    assert s["cards"] == [6, 6, 3, 0] and not g.over()
    assert s["tiebreak"] and s["contenders"] == [0, 1] and s["cards_in_play"] == 15
    g.apply(("open",))
    assert g.armed() == [0, 1]
    g.apply(race_action(0, [(2, 3), (1, 4)]))
    assert g.race.winner == 1 and g.race.ignored == [(2, 3, buzzer.UNARMED)]
    g.apply(("wrong",))  # only 0 is left: the tie-breaker is decided
    assert g.over() and g.winners() == [0]
    assert g.summary()["cards"] == [6, 6, 3, 0]
    assert g.summary()["award"]["auto"] and g.summary()["award"]["cards"] == 0


def test_shared_top_in_young_mode_is_shared():
    g = PanicozooGame({"players": 2, "mode": "young"}, 3)
    for i in range(15):
        win_round(g, i % 2)
    assert g.over() and g.summary()["cards"] == [8, 7] and g.winners() == [0]
    g = PanicozooGame({"players": 3, "mode": "young"}, 3)
    for i in range(15):
        win_round(g, [0, 1, 0, 1, 2][i % 5])
    assert g.summary()["cards"] == [6, 6, 3] and g.winners() == [0, 1]


def test_first_timers_record_found_animals_and_refuse_repeats():
    g = new(first_timers=1)
    assert refused(g, ("found", 3)) == "Nothing to record"
    win_round(g, 1)
    assert g.summary()["found_by"] == 1
    assert [a for a in g.legal() if a[0] == "found"] == [("found", a) for a in range(15)]
    g.apply(("found", 3))
    assert g.summary()["found"] == [3] and g.summary()["found_by"] is None
    assert refused(g, ("found", 4)) == "Nothing to record"
    win_round(g, 2)
    assert ("found", 3) not in g.legal() and len(g.legal()) == 1 + 14 + 1
    assert refused(g, ("found", 3)) == "Already found"
    assert refused(g, ("found", 15)) == "No such animal"
    # Not recording before the next round opens is allowed: the chance is gone.
    g.apply(("open",))
    assert refused(g, ("found", 5)) == "Nothing to record"


def test_found_needs_first_timers_in_classic():
    g = new()
    win_round(g, 0)
    assert refused(g, ("found", 0)) == "First-timers is off"
    assert all(a[0] != "found" for a in g.legal())


def test_replay_repeats_tie_picks_and_json_round_trip():
    g = new(players=6, seed=77)
    for i in range(6):
        g.apply(("open",))
        g.apply(race_action(0, [(p, 10) for p in range(6)]))
        g.apply(("right",))
    picks = [g.summary()["cards"]]
    rec = json.loads(json.dumps(g.record()))
    h = PanicozooGame.replay(rec["options"], rec["seed"], rec["actions"])
    assert h.dump() == g.dump() and [h.summary()["cards"]] == picks
    # Different seeds give different picks for the same presses (the pick is random).
    other = PanicozooGame.replay(rec["options"], 78, rec["actions"])
    assert other.summary()["cards"] != g.summary()["cards"]


def test_undo_rewinds_one_action():
    g = new(seed=5)
    g.apply(("open",))
    g.apply(race_action(0, [(0, 5), (1, 5)]))
    before = g.summary()["answering"]
    g.apply(("wrong",))
    u = g.undo()
    assert u.summary()["phase"] == "answering" and u.summary()["answering"] == before


def test_every_refusal_message_fits_the_screen():
    g = new(first_timers=1)
    msgs = set()
    probes = [("open",), ("slap", 0), ("slap", 9), ("race", 0, 0, 0, 1), ("right",),
              ("wrong",), ("found", 0), ("found", 99), ("x",), ("race",)]
    for step in [None, ("open",), ("slap", 0), ("right",), ("found", 0)]:
        if step:
            g.apply(step)
        for a in probes:
            try:
                PanicozooGame.replay(g.options, g.seed, g.actions).apply(a)
            except RuleError as e:
                msgs.add(str(e))
    assert len(msgs) >= 6
    for m in msgs:
        assert all(len(line) <= 21 for line in m.split("\n")), m


def test_end_game_now_decides_on_the_cards_so_far_and_undo_takes_it_back():
    g = new(players=3)
    win_round(g, 0)
    win_round(g, 1)
    assert ("end",) in g.legal()
    g.apply(("end",))
    assert g.over() and g.ended
    assert g.winners() == [0, 1]  # equal leaders share
    assert g.legal() == []
    assert g.dump()[-1].endswith("(ended early)")
    back = g.undo()
    assert not back.over() and back.round == 3


def test_no_end_while_someone_answers():
    g = new(players=2)
    g.apply(("open",))
    g.apply(("slap", 0))
    refused(g, ("end",))
