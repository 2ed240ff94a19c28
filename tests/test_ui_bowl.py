"""The draw bowl end to end, through the buttons, on both boards."""
from sim.runner import Session, run_script
from ui_scripts import play


def test_bowl_on_the_pico_survives_a_power_cut():
    s = play("bowl_pico.txt")
    st = s.app.state()
    assert s.boots == 2
    assert st["bowls"]["maniacs"]["remaining"] == 36  # reshuffled at the end
    assert st["bowls"]["d6"]["draws"] == 3


def test_bowl_on_the_feather_with_three_buttons():
    s = play("bowl_feather.txt", board="adafruit_feather_rp2040")
    st = s.app.state()
    assert s.boots == 2
    assert st["bowls"]["cards"]["remaining"] == 51
    assert st["screen"] == "main_menu"


def _draws(script, seed=5):
    s = Session("raspberry_pi_pico", seed=seed)
    run_script(s, script)
    # (a bowl restored at a power-up is replayed when first wanted)
    b = s.app.bowls_in()["maniacs"]
    return [e[1] for e in b.log if e[0] == "draw"]


def test_power_cut_between_draws_neither_loses_nor_repeats_a_draw():
    start = "DOWN 4\nOK\nOK\n"
    straight = _draws(start + "OK 6\n")
    cut = _draws(start + "OK 3\npowercut\nOK 3\n")
    assert cut == straight
    assert len(set(cut)) == 6


def test_power_cut_in_the_middle_of_saving_a_draw_resumes_at_a_real_state():
    # Cut the flash while the 4th draw is being saved, at several points:
    # the bowl comes back with 3 or 4 draws, and those are the first draws of
    # the uninterrupted session (never a draw that did not happen).
    start = "DOWN 4\nOK\nOK\n"
    straight = _draws(start + "OK 4\n")
    for steps in (1, 7, 40, 200, 1000):
        got = _draws(start + "OK 3\ncut-save %d\nOK\n" % steps)
        assert got in (straight[:3], straight[:4]), (steps, got, straight)


def test_empty_bowl_refuses_a_draw_with_a_message():
    s = Session("raspberry_pi_pico", seed=2)
    run_script(s, "DOWN 4\nOK\nDOWN 2\nOK\nOK 15\nexpect 0 left\nOK\nexpect Bowl is empty\n")
    assert s.app.bowls["panicozoo"].remaining() == 0


def test_an_action_that_cannot_be_saved_is_taken_back():
    # A store that refuses to write (full): the draw is not shown as done.
    s = Session("raspberry_pi_pico", seed=3)
    run_script(s, "DOWN 4\nOK\nOK\nOK\nexpect 35 left\n")

    def refuse(record):
        raise RuntimeError("Save memory full")

    s.app.store.save = refuse
    run_script(s, "OK\nexpect Not saved!\nexpect 35 left\n")
    assert s.app.bowls["maniacs"].remaining() == 35
    assert len(s.app.bowls["maniacs"].out) == 1


def _put_back(board, script):
    s = play(script, board=board)
    b = s.app.bowls["maniacs"]
    draws = b.draws()
    returns = [e[1] for e in b.log if e[0] == "return"]
    # the second newest of the three draws went back, then all of them
    assert len(draws) == 3
    assert returns == [draws[1]]
    assert b.log[-1] == ("reshuffle", 2)
    assert b.remaining() == 36


def test_put_one_back_returns_the_picked_draw_on_the_pico():
    _put_back("raspberry_pi_pico", "bowl_put_back_pico.txt")


def test_put_one_back_returns_the_picked_draw_on_the_feather():
    _put_back("adafruit_feather_rp2040", "bowl_put_back_feather.txt")
