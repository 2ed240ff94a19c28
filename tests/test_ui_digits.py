"""Totals readable across the table (issue 12): every "where do we stand"
screen draws its totals 23 px tall on 128x64 and 15 px on 128x32 (3 and 2
pages whose last pixel row stays blank, so that two rows of totals never
touch: issue 26), measured from the frame (bench/b_digits.py prints the
figures)."""
import pytest

from bench.b_digits import FEATHER, PICO, measure_heights


@pytest.mark.parametrize("board,least", [(PICO, 23), (FEATHER, 15)])
def test_totals_are_tall_on_every_standings_screen(board, least):
    got = measure_heights(board)
    assert len(got) == 8
    for label, wrong, px in got:
        assert wrong is None, (label, wrong)
        assert px >= least, (label, px)


def test_the_digits_block_is_what_the_generator_writes():
    from host_tools import gen_digits

    assert gen_digits.main(["--check"]) == 0
