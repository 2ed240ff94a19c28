# Animal Inc scorekeeper (AnimalIncGame): setup, drafting schedule, entries,
# history, winners, undo and replay.
import json

import pytest

from menagerie.core.game import RuleError
from menagerie.core.animal_inc import AnimalIncGame, possible_pyramid_sums
from menagerie.core.animal_inc_deck import schedule, standard_rounds


def _blocks(players, rounds):
    # The schedule as (direction, run length) pairs.
    out = []
    for d in schedule(players, rounds):
        if out and out[-1][0] == d:
            out[-1][1] += 1
        else:
            out.append([d, 1])
    return [tuple(b) for b in out]


def test_four_player_sheet_exactly():
    assert standard_rounds(4) == 16
    assert _blocks(4, 16) == [("none", 4), ("left", 4), ("opposite", 4), ("right", 4)]


def test_three_player_schedule_has_no_opposite_block():
    assert standard_rounds(3) == 9
    assert _blocks(3, 9) == [("none", 3), ("left", 3), ("right", 3)]


def test_two_player_schedule_keeps_the_four_blocks_of_two():
    assert standard_rounds(2) == 8
    assert _blocks(2, 8) == [("none", 2), ("left", 2), ("opposite", 2), ("right", 2)]


def test_custom_length_reads_the_sheet_again_from_the_top():
    assert _blocks(4, 6) == [("none", 4), ("left", 2)]
    assert schedule(4, 20) == schedule(4, 16) + ["none"] * 4
    assert schedule(3, 12) == schedule(3, 9) + ["none"] * 3
    assert schedule(2, 1) == ["none"]


def _game(players=4, rounds=0, start=0):
    return AnimalIncGame({"players": players, "rounds": rounds, "start": start}, seed=1)


@pytest.mark.parametrize("players, deal, discard, rounds", [(2, 18, 3, 8), (3, 12, 2, 9), (4, 9, 1, 16)])
def test_setup_by_player_count(players, deal, discard, rounds):
    g = _game(players)
    assert g.scores == [200] * players
    assert g.rounds == rounds
    info = g.round_info()
    assert (info["number"], info["rounds"], info["deal"], info["discard"]) == (1, rounds, deal, discard)
    assert info["direction"] == "none" and info["passes"] == 0
    assert info["receivers"] == [-1] * players
    assert g.legal() == [("round",), ("end",)]


def test_starter_rotates_left_and_receivers_follow_the_direction():
    g = _game(4, start=2)
    starters = [g.round_info(r)["starter"] for r in range(16)]
    assert starters == [(2 + r) % 4 for r in range(16)]
    assert g.round_info(4)["receivers"] == [1, 2, 3, 0]     # left = next seat clockwise
    assert g.round_info(8)["receivers"] == [2, 3, 0, 1]     # opposite
    assert g.round_info(12)["receivers"] == [3, 0, 1, 2]    # right
    assert g.round_info(4)["passes"] == 4
    assert g.round_info(16) is None
    g3 = _game(3)
    assert g3.round_info(3)["receivers"] == [1, 2, 0]
    assert g3.round_info(6)["receivers"] == [2, 0, 1]
    g2 = _game(2)
    for r in range(2, 8):
        assert g2.round_info(r)["receivers"] == [1, 0]


@pytest.mark.parametrize("options, message", [
    ({"players": 5}, "2 to 4 players"),
    ({"players": 1}, "2 to 4 players"),
    ({"players": True}, "2 to 4 players"),
    ({"rounds": -1}, "rounds: 1 to 99"),
    ({"rounds": 100}, "rounds: 1 to 99"),
    ({"start": 4}, "no such player"),
    ({"players": 2, "start": 2}, "no such player"),
    ({"colour": 1}, "unknown option\ncolour"),
])
def test_bad_options(options, message):
    with pytest.raises(RuleError) as e:
        AnimalIncGame(options, 0)
    assert str(e.value) == message


def test_rulebook_examples_through_the_game():
    g = _game(4)
    g.apply(("round", 1, 3, 5, 12, 4, 10, 0))
    assert g.scores == [188, 196, 190, 205]
    g = _game(4)
    g.apply(("round", 0, 3, 0, 9, 5, 6, 7))
    assert g.scores == [209, 205, 206, 193]


@pytest.mark.parametrize("action, message", [
    (("round", True, 3, 5, 12, 4, 10, 0), "reached: 0 or 1"),
    (("round", 2, 3, 5, 12, 4, 10, 0), "reached: 0 or 1"),
    (("round", 1, 3, 5, 12, 4, 10), "wrong entry size"),
    (("round", 1, 3, 5, 12, 4, 10, 0, 0), "wrong entry size"),
    (("round", 1, 4, 5, 12, 4, 10, 0), "no such player"),
    (("round", 1, 3, 99, 12, 4, 10, 0), "sum 99 impossible"),
    (("round", 0, 3, 5, 12, 4, 10, 0), "no 5th tier:\nsum must be 0"),
    (("round", 1, 3, 5, 12, 11, 10, 0), "P2: no such card"),
    (("round", 1, 3, 5, 12, 12, 12, 0), "only 2 cards of 12"),
    (("score", 1), "unknown action"),
])
def test_impossible_entry_leaves_the_game_unchanged(action, message):
    g = _game(4)
    g.apply(("round", 1, 3, 5, 12, 4, 10, 0))
    before = (g.dump(), g.summary(), g.history(), g.record())
    with pytest.raises(RuleError) as e:
        g.apply(action)
    assert str(e.value) == message
    assert (g.dump(), g.summary(), g.history(), g.record()) == before


def test_history_rows_and_summary():
    g = _game(3, rounds=4, start=1)
    g.apply(("round", 1, 0, 20, 0, 7, 12))
    g.apply(("round", 0, 2, 0, 6, 6, 9))
    rows = g.history()
    assert [r["number"] for r in rows] == [1, 2]
    assert rows[0] == {"number": 1, "starter": 1, "direction": "none", "reached": 1, "last": 0,
                       "pyramid_sum": 20, "highest": [0, 7, 12], "deltas": [20, -7, -12],
                       "scores": [220, 193, 188]}
    assert rows[1]["deltas"] == [6, 6, -9] and rows[1]["scores"] == [226, 199, 179]
    assert rows[1]["starter"] == 2
    s = g.summary()
    assert s == {"players": 3, "round": 3, "rounds": 4, "scores": [226, 199, 179],
                 "starter": 0, "direction": "none", "over": False, "winners": []}
    json.dumps(s)


def test_over_winners_and_ties_share_the_victory():
    g = _game(2, rounds=2)
    g.apply(("round", 1, 0, 12, 0, 12))   # +12 / -12
    assert not g.over() and g.winners() == []
    g.apply(("round", 1, 1, 24, 12, 0))   # -12 / +24
    assert g.over()
    assert g.scores == [200, 212]
    assert g.winners() == [1]
    assert g.legal() == []
    with pytest.raises(RuleError) as e:
        g.apply(("round", 0, 0, 0, 0, 0))
    assert str(e.value) == "Game over"
    tie = _game(2, rounds=1)
    tie.apply(("round", 1, 0, 0, 0, 0))  # a 0 on the 5th tier, empty hands
    assert tie.winners() == [0, 1]
    assert tie.dump()[:2] == ["Animal Inc 2p over after 1", "winners P1 P2"]


def test_undo_and_json_replay():
    g = _game(4)
    g.apply(("round", 1, 3, 5, 12, 4, 10, 0))
    mid = g.dump()
    g.apply(("round", 0, 1, 0, 9, 5, 6, 7))
    u = g.undo()
    assert u.dump() == mid and u.scores == [188, 196, 190, 205]
    rec = json.loads(json.dumps(g.record()))
    r = AnimalIncGame.replay(rec["options"], rec["seed"], rec["actions"])
    assert r.dump() == g.dump() and r.history() == g.history()


def test_entry_fields_offer_exactly_what_score_round_accepts():
    g = _game(3)
    fields = g.entry_fields()
    assert [f[0] for f in fields] == ["reached", "last", "pyramid_sum", "high P1", "high P2", "high P3"]
    assert fields[2][1] == possible_pyramid_sums()
    assert fields[1][1] == [0, 1, 2]


def test_dump_names_the_coming_round():
    g = _game(4, start=3)
    for _ in range(4):
        g.apply(("round", 1, 0, 0, 0, 0, 0, 0))
    assert g.dump() == ["Animal Inc 4p round 5/16",
                        "start P4 discard 1 pass left to P2 P3 P4 P1",
                        "scores 200 200 200 200",
                        "r4 reached last P1 sum 0 high 0 0 0 0 -> 0 0 0 0"]


def test_players_can_end_the_game_early_and_take_it_back():
    g = AnimalIncGame({"players": 3}, 5)
    g.apply(("round", 0, 1, 0, 9, 5, 6))
    g.apply(("end",))
    assert g.over() and g.ended
    assert g.winners() == [0]  # 209 beats 191 and 206
    assert g.legal() == []
    before = g.dump()
    with pytest.raises(RuleError, match="Game over"):
        g.apply(("round", 0, 1, 0, 9, 5, 6))
    assert g.dump() == before
    assert "ended by the players after 1 of 9" in before[0]
    back = g.undo()
    assert not back.over() and len(back.deltas) == 1
    with pytest.raises(RuleError):
        back.apply(("end", 1))


def test_editing_a_past_round_recomputes_it_and_every_total_after_it():
    g = _game(4)
    g.apply(("round", 1, 3, 5, 12, 4, 10, 0))     # -12 -4 -10 +5
    g.apply(("round", 0, 1, 0, 9, 5, 6, 7))       # +9 -5 +6 +7
    assert g.scores == [197, 191, 196, 212]
    assert ("edit",) in g.legal()
    # round 1 was really: Ana last with a sum of 14
    g.apply(("edit", 1, 1, 0, 14, 0, 4, 10, 12))
    assert g.deltas[0] == [14, -4, -10, -12]
    assert g.scores == [223, 191, 196, 195]
    assert g.history()[0]["last"] == 0 and g.history()[1]["scores"] == g.scores
    assert g.round_number() == 3  # an edit is not a round
    assert g.dump()[-1] == "edited r1 reached last P1 sum 14 high 0 4 10 12 -> +14 -4 -10 -12"
    # one saved action: undo takes the whole edit back, replay repeats it
    back = g.undo()
    assert back.scores == [197, 191, 196, 212]
    again = AnimalIncGame.replay(g.options, g.seed, json.loads(json.dumps(g.record()["actions"])))
    assert again.scores == g.scores


def test_an_edit_is_checked_like_an_entry():
    g = _game(2)
    g.apply(("round", 1, 0, 12, 0, 12))
    for bad, msg in [(("edit", 2, 1, 0, 12, 0, 12), "no such round"),
                     (("edit", 0, 1, 0, 12, 0, 12), "no such round"),
                     (("edit", 1, 1, 0, 1, 0, 12), "sum 1 impossible"),
                     (("edit", 1, 1, 0, 12, 0), "wrong entry size")]:
        with pytest.raises(RuleError, match=msg):
            g.apply(bad)
    assert g.scores == [212, 188]
