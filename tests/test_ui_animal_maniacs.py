"""Animal Maniacs through the buttons on the simulated boards: a whole
3-player game with special zoos on the Pico (tests/scripts/
animal_maniacs_pico.txt) and a contest on the 3-button Feather."""
from ui_scripts import play

from menagerie.core import animal_maniacs_data as D


def test_three_players_with_special_zoos_to_a_win_on_the_pico():
    s = play("animal_maniacs_pico.txt", seed=3)
    assert s.boots == 2  # the power cut in the camel's contest resumed
    assert s.app.state()["game"] is None and s.app.state()["screen"] == "main_menu"
    last = s.app.store.history()[-1]
    assert last["game"] == "animal_maniacs"
    assert last["winners"] == [1]
    assert last["scores"] == [1, 8, 0]
    assert sum(sum(r) for r in last["rounds"]) == 9  # the rows add up to the scores
    assert last["start"] == 0


def test_the_pico_game_shows_each_rule_happening():
    # Replay the same presses and look at the game the device kept.
    import os
    from sim.runner import Session, run_script
    from ui_scripts import SCRIPTS

    with open(os.path.join(SCRIPTS, "animal_maniacs_pico.txt")) as f:
        lines = f.read().splitlines()
    s = Session("raspberry_pi_pico", seed=3)
    seen = set()
    for line in lines:
        run_script(s, line)
        g = s.app.game
        if g is None:
            continue
        seen.update(t.split(" ")[0] for t in g.log)
        kinds = [a[0] for a in g.actions]
        if g.over():
            break
    assert g.zoos == [D.CENTRAL_AM, D.PARIS, D.BERKELEY]
    assert g.options["edition"] == 1   # a game the device starts: issue 23's rules
    for k in ("king", "borrow", "ehunt", "hunt", "capture", "draw", "resolve"):
        assert k in kinds, k
    assert ("draw", 1, 1) in g.actions  # the camel's Ace
    assert {"Lion", "Ace!", "Polar", "P2"} <= seen  # ate, endangered, back to P2, lost turn
    assert len(g.wall(1)) == 7 and g.winners() == [1] and g.win_by == [D.KILLS]


def test_a_contest_on_the_feather():
    s = play("animal_maniacs_feather.txt", board="adafruit_feather_rp2040", seed=5)
    g = s.app.game
    assert s.boots == 2
    assert [a[0] for a in g.actions] == ["capture", "card", "jack", "card", "draw", "resolve"]
    assert len(g.zoo(0)) == 1 and g.hand == [4, 3] and g.turn == 1
    assert s.app.state()["screen"] == "am_turn"


def test_species_are_the_draw_bowls_animal_maniacs_pool():
    from menagerie.core import pools
    assert D.SPECIES == pools.MANIACS_RED + pools.MANIACS_BLACK
    labels, colours = pools.maniacs()
    assert [D.name(a) for a in range(36)] == labels
    assert [("red", "black")[D.colour(a // 3)] for a in range(36)] == colours


def _new_game(s, options):
    # Start a game through the app (as the setup screens do: by issue 23's
    # rules, edition 1) and open it.
    from menagerie.ui import animal_maniacs as U
    s.app.new_game("animal_maniacs", dict(options, edition=1))
    s.app.home(U.screen_for(s.app))
    s.advance(50)


def test_secret_objectives_show_only_while_the_button_is_held():
    from sim.runner import Session, run_script
    s = Session("raspberry_pi_pico", seed=4)
    _new_game(s, {"players": 3, "limited": 1, "obj_secret": 1})
    g = s.app.game
    run_script(s, "DOWN 5\nOK\nscreen am_objs\nexpect hold your own\n")
    names = ("pairs", "kinds", "kills")
    mine = names[[1, 2, 4].index(g.objs[1])]
    s.hw.buttons.schedule("P2", True, s.now)
    s.advance(100)
    shown = "\n".join(s.screen_text())
    assert "P2: " + mine in shown
    assert all(("P%d:" % (p + 1)) not in shown for p in (0, 2))
    s.hw.buttons.schedule("P2", False, s.now)
    s.advance(100)
    assert mine not in "\n".join(s.screen_text())
    assert "hold your own" in "\n".join(s.screen_text())


def test_noisy_version_reminds_the_sound():
    from sim.runner import Session, run_script
    s = Session("raspberry_pi_pico", seed=4)
    _new_game(s, {"players": 2, "noisy": 1})
    run_script(s, "OK\nOK\n")
    assert s.app.toast_text.startswith("Make its sound!")
    assert s.app.top().name == "am_card"


def test_the_devices_own_deck_draws_for_the_wild_animal():
    from sim.runner import Session, run_script
    s = Session("raspberry_pi_pico", seed=4)
    _new_game(s, {"players": 2, "deck": 1})
    # Once the attack card is down, the device draws the animal's card itself.
    run_script(s, "OK\nOK\nscreen am_card\nUP 4\nOK\n")
    g = s.app.game
    assert g.actions[-1] == ("draw",)
    assert g.c.draw[0] in range(1, 12)  # never a Q, K or Joker
    # The card is face down (an Ace too) until the cards are turned over.
    assert s.app.top().name == "am_contest"
    run_script(s, "expect >Turn cards over\nOK\nscreen am_turn\n")
    assert [a[0] for a in g.actions] == ["capture", "card", "draw", "resolve"]
    assert g.c is None and g.turn == 1


# -- the rules of issue 23 on both boards ------------------------------------------
import pytest  # noqa: E402

BOARDS = ["raspberry_pi_pico", "adafruit_feather_rp2040"]


def _choose(s, text, limit=20):
    # DOWN until the highlighted line of the menu on screen is `text`.
    for _ in range(limit):
        if any(line.startswith(">" + text) for line in s.screen_text()):
            return
        s.press("DOWN")
    raise AssertionError("%r not in the menu: %s" % (text, s.screen_text()))


def _card(s, value, black=False):
    # The card picker starts on 6 red; UP/DOWN the value (LEFT/RIGHT the
    # colour where there are arrows; on the Feather the colours alternate).
    from menagerie.ui.animal_maniacs_card import has_arrows
    arrows = has_arrows(s.app)
    steps = value - 6
    if not arrows:
        steps = steps * 2 + (1 if black else 0)
    s.press("UP" if steps > 0 else "DOWN", abs(steps)) if steps else None
    if black and arrows:
        s.press("RIGHT")
    s.press("OK")


def _toast_or_screen(s):
    return "\n".join(s.screen_text()) + "\n" + (s.app.toast_text or "")


@pytest.mark.parametrize("board", BOARDS)
def test_a_borrow_asks_for_the_zookeepers_card_before_turning_them_over(board):
    from sim.runner import Session, run_script
    s = Session(board, seed=4)
    _new_game(s, {"players": 2})
    g = s.app.game
    # P1 captures the first wild animal: 10 against 2
    _choose(s, "Capture")
    run_script(s, "OK\nscreen am_target\nOK\nscreen am_card\n")
    _card(s, 10)
    _card(s, 2)
    run_script(s, "screen am_contest\nexpect >Turn cards over\nOK\nscreen am_turn\n")
    taken = g.zoo(0)[0]
    # P2 borrows it: its card, then the device asks P1's defence card
    _choose(s, "Borrow")
    run_script(s, "OK\nscreen am_target\nOK\nscreen am_card\nexpect P2 attack 1/1\n")
    _card(s, 7)
    run_script(s, "screen am_card\nexpect P1 defends 1/1\npng am_borrow_defence_%s.png\n" % board)
    # Leaving the picker: the contest offers the defence, never the turn-over
    s.hold("OK", 800) if board != BOARDS[0] else s.press("BACK")
    run_script(s, "screen am_contest\nexpect-not Turn cards over\nexpect P1: defend\n"
                  "png am_borrow_waits_%s.png\n" % board)
    _choose(s, "P1: defend")
    s.press("OK")
    _card(s, 8)
    run_script(s, "screen am_contest\nexpect >Turn cards over\nexpect 1:1\n")
    s.press("OK")
    assert [a[0] for a in g.actions[-4:]] == ["borrow", "card", "card", "resolve"]
    assert g.actions[-2][:3] == ("card", 0, 8) and g.loc[taken] == D.ZOO + 0
    assert "vs 16: held" in _toast_or_screen(s) or "vs 8: held" in _toast_or_screen(s)
    run_script(s, "png am_borrow_held_%s.png\n" % board)


@pytest.mark.parametrize("board", BOARDS)
def test_a_loose_cat_strikes_before_the_animals_ace_is_turned_over(board):
    from sim.runner import Session, run_script
    s = Session(board, seed=4)
    _new_game(s, {"players": 2})
    g = s.app.game
    cats = [a for a in g.wild() if a // 3 in D.BIG_CATS]
    prey = [a for a in g.wild() if a // 3 not in D.BIG_CATS][0]
    assert cats, "this seed deals a big cat into the wild"
    _choose(s, "Capture")
    s.press("OK")
    _choose(s, D.name(prey))
    s.press("OK")
    _card(s, 10)
    s.press("DOWN", 5 if board == BOARDS[0] else 10)  # the animal draws an Ace (red)
    run_script(s, "expect %s draws\nexpect A red\nOK\n" % D.name(prey)[:9])
    # Face down: the contest goes on, and nothing says "Ace"
    run_script(s, "screen am_contest\nexpect >Turn cards over\nexpect-not Ace\n"
                  "png am_ace_face_down_%s.png\n" % board)
    _choose(s, "King: cat loose")
    s.press("OK")
    run_script(s, "screen am_who\n")
    _choose(s, "P2")
    s.press("OK")
    run_script(s, "screen am_cat\n")
    _choose(s, D.name(cats[0])[:7] + ">" + D.name(prey))
    s.press("OK")
    s.press("UP", 2)   # the cat draws 8
    s.press("OK")
    s.press("DOWN", 3)  # its prey 3
    s.press("OK")
    run_script(s, "screen am_contest\nexpect 1:1K\n")
    _choose(s, "Turn cards over")
    s.press("OK")
    shown = _toast_or_screen(s)
    line = D.SPECIES[prey // 3] + " endangered"
    assert "%s ate %s 8>3" % (D.name(cats[0]), D.name(prey)) in shown, shown
    assert line in shown, shown
    assert g.loc[prey] == D.DEAD and g.endangered[prey // 3] == 1
    run_script(s, "png am_cat_then_ace_%s.png\n" % board)


@pytest.mark.parametrize("board", BOARDS)
def test_the_zoos_page_counts_a_central_american_loan_in_its_own_turns(board):
    from sim.runner import Session, run_script
    from menagerie.ui import animal_maniacs as U
    s = Session(board, seed=4)
    _new_game(s, {"players": 2, "zoos": 2})
    g = s.app.game
    # P1 Central American, P2 Paris; P2 catches an animal, P1 borrows it
    # (free), P2 passes: P1 has played 2 turns, the loan goes home after
    # its 4th.
    for a in (("zoo", 0, D.CENTRAL_AM), ("zoo", 1, D.PARIS), ("pass",)):
        assert s.app.act(a)
    taken = g.wild()[0]
    for a in (("capture", taken), ("card", 1, 10, 0), ("draw", 2, 0), ("resolve",),
              ("borrow", taken), ("pass",)):
        assert s.app.act(a)
    s.app.home(U.screen_for(s.app))
    s.advance(50)
    _choose(s, "Look at zoos")
    s.press("OK")
    run_script(s, "screen am_browse\n")
    shown = " ".join(s.screen_text())
    if board == BOARDS[1]:  # 2 rows above the key line: scroll to the loan
        for _ in range(5):
            s.press("DOWN")
            shown += " " + " ".join(s.screen_text())
    assert "from P2," in shown and "back after 2" in shown, shown
    run_script(s, "png am_loan_page_%s.png\n" % board)
