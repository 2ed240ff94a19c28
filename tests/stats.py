# Small statistics helpers for deterministic uniformity tests (no scipy).
import math


def chi_square(counts, expected_each):
    return sum((c - expected_each) ** 2 / expected_each for c in counts)


def chi_square_critical(df, z=3.719):
    # Wilson-Hilferty approximation of the chi-square upper quantile; z=3.719
    # is the normal quantile for p = 1e-4. The samples come from fixed seeds,
    # so a pass is deterministic: the threshold only has to be sane, and a
    # genuinely biased generator lands far above it.
    a = 2.0 / (9.0 * df)
    return df * (1.0 - a + z * math.sqrt(a)) ** 3
