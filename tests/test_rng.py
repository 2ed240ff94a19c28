# PCG32 (core/rng.py): reference vectors, unbiased below(), uniform shuffles.
# Cross-interpreter equality is the golden scenario tests/scenarios/rng_sequences.py.
import pytest

from menagerie.core.rng import Rng, seed_from_bytes
from stats import chi_square, chi_square_critical


def test_reference_vectors_seed42_stream54():
    # pcg32-demo (pcg-c-basic) seeds with pcg32_srandom_r(&rng, 42, 54); its
    # first round prints these six words.
    r = Rng(42, 54)
    assert r.inc == 109
    assert r.state == 1753877967969059832
    assert [r.next32() for _ in range(6)] == [
        0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E]


def test_default_stream_is_54_and_seed_is_masked_to_64_bits():
    a, b = Rng(42), Rng(42 + 2 ** 64)
    assert [a.next32() for _ in range(4)] == [b.next32() for _ in range(4)]
    assert Rng(42, 54).next32() == Rng(42).next32()
    assert Rng(42, 55).next32() != Rng(42).next32()


@pytest.mark.parametrize("n", [0, -1, -54, 2 ** 32 + 1])
def test_below_rejects_bad_n(n):
    with pytest.raises(ValueError):
        Rng(1).below(n)


def test_below_edges():
    r = Rng(5)
    assert all(r.below(1) == 0 for _ in range(20))
    vals = [r.below(2 ** 32) for _ in range(50)]
    assert all(0 <= v < 2 ** 32 for v in vals) and len(set(vals)) == 50
    assert all(1 <= r.between(1, 6) <= 6 for _ in range(200))
    assert set(r.between(1, 20) for _ in range(2000)) == set(range(1, 21))
    with pytest.raises(ValueError):
        r.choice([])


class _Scripted(Rng):
    # Feeds chosen raw outputs to below() to test the rejection rule itself.
    outputs = None

    def __init__(self, outputs):
        super().__init__(0)
        self.outputs = list(outputs)

    def next32(self):
        if self.outputs is None:    # still seeding
            return Rng.next32(self)
        return self.outputs.pop(0)


def test_below_rejects_exactly_the_biased_sliver():
    n = 3 * 2 ** 30                # 2**32 % n == 2**30: raw values below it are rejected
    r = _Scripted([0, 2 ** 30 - 1, 2 ** 30, 5])
    assert r.below(n) == 2 ** 30   # first two rejected, third accepted
    assert r.outputs == [5]
    n = 7                          # threshold = 2**32 % 7 = 4
    r = _Scripted([3, 4])
    assert r.below(7) == 4 % 7 and r.outputs == []


@pytest.mark.parametrize("n,seed", [(3, 11), (7, 12), (36, 13), (54, 14), (6, 15), (20, 16)])
def test_below_is_uniform(n, seed):
    r = Rng(seed)
    per_bin = 400
    counts = [0] * n
    for _ in range(n * per_bin):
        counts[r.below(n)] += 1
    stat = chi_square(counts, per_bin)
    assert stat < chi_square_critical(n - 1), (n, stat, counts)


def test_chi_square_threshold_catches_a_biased_source():
    # The test above must be able to fail: mapping a 5-bit source onto 36 bins
    # (never 32..35) lands far above the threshold at this sample size.
    n, per_bin = 36, 400
    r = Rng(3)
    naive = [0] * n
    for _ in range(n * per_bin):
        naive[(r.next32() >> 27) % n] += 1
    assert chi_square(naive, per_bin) > chi_square_critical(n - 1)
    # ...and so does a milder bias: bins 0..3 twice as likely as the rest.
    r = Rng(4)
    skew = [0] * n
    for _ in range(n * per_bin):
        skew[r.below(n + 4) % n] += 1
    assert chi_square(skew, per_bin) > chi_square_critical(n - 1)


@pytest.mark.parametrize("k,seed", [(3, 21), (4, 22)])
def test_shuffle_permutations_are_uniform(k, seed):
    r = Rng(seed)
    perms = {}
    rounds = 300 * (6 if k == 3 else 24)
    for _ in range(rounds):
        p = tuple(r.shuffle(list(range(k))))
        perms[p] = perms.get(p, 0) + 1
    n_perms = 6 if k == 3 else 24
    assert len(perms) == n_perms
    stat = chi_square(list(perms.values()), rounds / n_perms)
    assert stat < chi_square_critical(n_perms - 1), (stat, perms)


def test_shuffle_position_bias_of_naive_algorithm_is_detected():
    # Sanity of the permutation test: the classic wrong shuffle (swap with any
    # index, not just 0..i) is non-uniform over 3 items and must fail it.
    r = Rng(21)
    perms = {}
    rounds = 6000   # expected counts 4/27 vs 5/27: needs a few thousand rounds
    for _ in range(rounds):
        items = [0, 1, 2]
        for i in range(3):
            j = r.below(3)
            items[i], items[j] = items[j], items[i]
        p = tuple(items)
        perms[p] = perms.get(p, 0) + 1
    assert chi_square(list(perms.values()), rounds / 6) > chi_square_critical(5)


def test_shuffle_keeps_items_and_returns_the_list():
    items = list(range(54))
    out = Rng(9).shuffle(items)
    assert out is items and sorted(out) == list(range(54))


def test_same_seed_same_stream_different_seed_different_stream():
    a, b, c = Rng(7), Rng(7), Rng(8)
    xs = [a.next32() for _ in range(8)]
    assert xs == [b.next32() for _ in range(8)]
    assert xs != [c.next32() for _ in range(8)]


def test_seed_from_bytes_is_31_bits():
    assert seed_from_bytes(b"\x00\x00\x00\x01") == 1
    assert seed_from_bytes(b"\xff\xff\xff\xff") == 0x7FFFFFFF
    assert seed_from_bytes(bytes([1, 2, 3, 4])) == 0x01020304
