"""Shared helper for UI tests: run a tests/scripts/*.txt file on a simulated
board and hand back the session for assertions."""
import os

from sim.runner import Session, run_script

SCRIPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scripts")


def play(script, board="raspberry_pi_pico", seed=1, session=None):
    path = os.path.join(SCRIPTS, script)
    with open(path) as f:
        text = f.read()
    s = session or Session(board, seed=seed)
    run_script(s, text, script)
    return s
