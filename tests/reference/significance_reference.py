#!/usr/bin/env python3
"""Reference values for tests/unit/test_significance.cpp, computed with SciPy.

Prints the C++ tables that the test includes. Regenerate with Debian's SciPy (python3-scipy):

    /usr/bin/python3 tests/reference/significance_reference.py > tests/reference/significance_reference.inc

Mann-Whitney U: scipy.stats.mannwhitneyu(a, b, alternative='two-sided', method=M) with
use_continuity=True (the default), where M is the method perfmail::mann_whitney_u picks: 'exact' when
there are no ties and len(a) * len(b) <= 2500, else 'asymptotic' (normal approximation with tie and
continuity correction). With ties and len(a) * len(b) <= 625 perfmail uses the exact permutation
distribution given the ties ('permutation' below): SciPy 1.10 has no such method in mannwhitneyu, so the
p-value is counted here over every way of drawing the first sample from the pooled values, in exact
fractions, and checked against scipy.stats.permutation_test(n_resamples=inf) where SciPy accepts the
sizes (it refuses a sample of one value). Welch: scipy.stats.ttest_ind(a, b, equal_var=False).

Random samples come from numpy.random.default_rng with fixed seeds, rounded to three decimals (six
where a case must have no ties), so the output is the same on every run.
"""

import warnings

import numpy as np
import scipy
from scipy import stats

from reference_support import array, integers, literal, p_by_enumeration, sample

EXACT_LIMIT = 2500  # perfmail::mann_whitney_exact_limit
TIED_EXACT_LIMIT = 625  # perfmail::mann_whitney_tied_exact_limit


def distinct(seed, n, loc=0.0, scale=1.0):
    """n values with six decimals; the caller asserts that the pooled samples have no ties."""
    return sample(seed, n, loc, scale, 6)


def mann_whitney_method(a, b):
    ties = len(set(a + b)) < len(a) + len(b)
    if not ties:
        return "exact" if len(a) * len(b) <= EXACT_LIMIT else "asymptotic"
    return "permutation" if len(a) * len(b) <= TIED_EXACT_LIMIT else "asymptotic"


def permutation_p(a, b):
    """Two-sided p = min(1, 2 min(P(U <= u), P(U >= u))) over every draw of len(a) of the pooled values."""
    observed, p = p_by_enumeration(a, b)
    if len(a) > 1 and len(b) > 1:
        scipy_p = stats.permutation_test(
            (a, b), lambda x, y: stats.mannwhitneyu(x, y).statistic, permutation_type="independent",
            n_resamples=np.inf, alternative="two-sided").pvalue
        assert abs(scipy_p - float(p)) <= 1e-12 * float(p), (a, b, scipy_p, p)
    return float(observed), float(p)


def mann_whitney_cases():
    a50 = distinct(11, 50)
    b50 = distinct(12, 50, 0.6)
    a30, b30 = distinct(21, 30, 10.0, 2.0), distinct(22, 30, 11.0, 2.0)
    return [
        ("3 vs 3", [1.2, 3.4, 2.2], [4.1, 5.0, 2.9]),
        ("5 vs 4", [12.1, 15.3, 11.8, 14.6, 13.9], [16.2, 12.5, 17.4, 15.9]),
        ("fully separated 5 vs 4", [1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0]),
        ("fully separated 8 vs 8, the other way round",
         [x + 100 for x in range(1, 9)], [float(x) for x in range(1, 9)]),
        ("U at the centre", [1.0, 4.0, 5.0, 8.0], [2.0, 3.0, 6.0, 7.0]),
        ("one value each", [1.0], [2.0]),
        ("3 vs 100, unbalanced", [0.4, 1.9, 2.2], distinct(31, 100)),
        ("20 vs 20, shifted", distinct(41, 20), distinct(42, 20, 0.8)),
        ("30 vs 30, shifted", a30, b30),
        ("50 vs 50 at the exact limit", a50, b50),
        ("fully separated 50 vs 50", [float(x) for x in range(51, 101)], [float(x) for x in range(1, 51)]),
        ("ties, 5 vs 5", [1.0, 2.0, 2.0, 3.0, 5.0], [2.0, 3.0, 4.0, 4.0, 6.0]),
        ("ties, 3 vs 3", [1.0, 2.0, 2.0], [2.0, 3.0, 4.0]),
        ("identical samples", [3.0, 1.0, 4.0, 1.0, 5.0], [3.0, 1.0, 4.0, 1.0, 5.0]),
        ("one value tied with one of two", [5.0], [5.0, 6.0]),
        ("50 vs 51, just past the exact limit", a50, distinct(13, 51, 0.6)),
        ("30 vs 100", distinct(51, 30, 0.3), distinct(52, 100)),
        ("100 vs 100 with ties", integers(61, 100, 0, 20), integers(62, 100, 2, 22)),
        ("fully separated 100 vs 100", [float(x) for x in range(1, 101)], [float(x) for x in range(101, 201)]),
    ]


def welch_cases():
    return [
        ("unequal n and variances, 5 vs 12",
         [10.2, 11.9, 9.4, 12.8, 10.7],
         [14.1, 13.2, 15.0, 12.1, 16.3, 13.8, 14.4, 15.5, 12.9, 13.6, 14.9, 17.2]),
        ("equal n, 6 vs 6", [5.1, 4.9, 5.3, 5.0, 5.2, 4.8], [5.4, 5.6, 5.1, 5.5, 5.3, 5.7]),
        ("two values each", [1.0, 3.0], [2.0, 6.0]),
        ("one side constant", [4.0, 4.0, 4.0, 4.0], [4.5, 5.0, 3.9, 4.8, 5.2]),
        ("same mean, different spread", [1.0, 2.0, 3.0], [0.0, 2.0, 4.0]),
        ("negative values", [-3.2, -2.9, -3.5, -3.1], [-2.1, -2.6, -1.9, -2.4, -2.2, -2.0]),
        ("100 vs 30, small shift", sample(71, 100, 50.0, 4.0), sample(72, 30, 51.5, 9.0)),
        ("far apart, 40 vs 40", sample(81, 40, 100.0, 1.0), sample(82, 40, 120.0, 1.5)),
        ("large magnitudes, 8 vs 8", sample(91, 8, 1e12, 1e9), sample(92, 8, 1.001e12, 2e9)),
    ]






def main():
    print(f"// Generated by tests/reference/significance_reference.py with SciPy {scipy.__version__}"
          f" and NumPy {np.__version__}; do not edit.")
    print("// mann_whitney: scipy.stats.mannwhitneyu(a, b, alternative='two-sided', method=<method>); 'permutation':")
    print("// counted over every draw in exact fractions, checked against scipy.stats.permutation_test")
    print("// welch: scipy.stats.ttest_ind(a, b, equal_var=False)")
    print()
    print("const std::vector<mann_whitney_case> mann_whitney_cases{")
    for name, a, b in mann_whitney_cases():
        method = mann_whitney_method(a, b)
        if "ties" not in name and "identical" not in name and "tied" not in name:
            assert len(set(a + b)) == len(a) + len(b), name
        if method == "permutation":
            statistic, p_value = permutation_p(a, b)
        else:
            r = stats.mannwhitneyu(a, b, alternative="two-sided", method=method)
            statistic, p_value = r.statistic, r.pvalue
        assert np.isfinite(p_value), name
        print(f'    {{"{name}", "{method}",\n     {array(a, 5)},\n     {array(b, 5)},\n'
              f"     {literal(statistic)}, {literal(p_value)}}},")
    print("};")
    print()
    print("const std::vector<welch_case> welch_cases{")
    for name, a, b in welch_cases():
        with warnings.catch_warnings():
            # SciPy warns of "catastrophic cancellation" for a constant sample; its variance is exactly 0.
            if name == "one side constant":
                warnings.simplefilter("ignore", RuntimeWarning)
            r = stats.ttest_ind(a, b, equal_var=False)
        assert np.isfinite(r.pvalue), name
        print(f'    {{"{name}",\n     {array(a, 5)},\n     {array(b, 5)},\n'
              f"     {literal(r.statistic)}, {literal(r.pvalue)}}},")
    print("};")


if __name__ == "__main__":
    main()
