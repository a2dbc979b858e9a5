#!/usr/bin/env python3
"""Reference values for tests/unit/test_inference.cpp, computed without the C++ code.

Prints the C++ tables that the test includes. Regenerate with Debian's SciPy and NumPy (python3-scipy,
python3-numpy; no pip):

    /usr/bin/python3 tests/reference/inference_reference.py > tests/reference/inference_reference.inc

What each table holds and how it is computed here:

- tied_cases: Mann-Whitney U with ties, U of the first sample and the exact two-sided p-value
  min(1, 2 min(P(U <= u), P(U >= u))) over the C(n1 + n2, n1) equally likely splits of the pooled
  values. Where C(n1 + n2, n1) <= 200000 it comes from scipy.stats.permutation_test(
  permutation_type='independent', n_resamples=np.inf, alternative='two-sided') with U counted pair by
  pair (exact enumeration). SciPy's two-sided p-value is that same definition (2 * the smaller of
  the two tails, clipped to 1; checked below against its null distribution), so no adjustment is
  needed (SciPy refuses a sample of one value; that case is enumerated only). Where C(n1 + n2, n1) <= 20000 the script also enumerates every split with
  itertools.combinations in plain Python with fractions.Fraction, and asserts that both agree.
  The cases at the tied exact limit (n1 n2 close to 625, too many splits to enumerate) come from a
  dynamic programme over the pooled values one at a time, counting subsets by the sum of their
  doubled mid-ranks in Python integers; it is asserted equal to the enumeration on every small case.
- tied_pmf_cases: the full null distribution of 2U given tie groups, by enumerating every draw of the
  first sample from the pooled positions, with Fractions.
- smallest_p_cases: 2 / C(n1 + n2, n1) as a Fraction; runs_needed_cases: the fewest equal sizes n with
  some arrangement reaching p <= alpha, found by enumerating every arrangement's exact p-value.
- correction_cases: BH, BY, Holm and Bonferroni written from their definitions in exact Fractions
  (statsmodels is not installed for /usr/bin/python3, so there is no cross-check against it):
  BH q_i = min(1, min over positions k with p_(k) >= p_i of m p_(k) / k); BY the same times
  sum_{j=1..m} 1/j; Holm q_i = min(1, max over k with p_(k) <= p_i of (m - k + 1) p_(k));
  Bonferroni min(1, m p_i). Here p_(1) <= ... <= p_(m) are the sorted p-values.
- hodges_lehmann_cases: the median of all n1 n2 differences head_j - base_i (enumerated) and the
  interval [d_(k), d_(N-k+1)], k the largest with P(U <= k - 1) <= (1 - confidence) / 2 under U's
  no-ties null distribution: for n1 n2 <= 2500 from the Gaussian binomial coefficient
  [n1 + n2 choose n1]_q = prod_{i=1..n1} (1 - q^(n2+i)) / (1 - q^i) in Python integers (checked
  against enumeration for small sizes); beyond, k = floor(n1 n2 / 2 + 0.5 + z sqrt(n1 n2 (n1 + n2 +
  1) / 12)) with z = scipy.stats.norm.ppf((1 - confidence) / 2). No k is near a boundary (asserted).
- large_hodges_lehmann_cases: the same estimate and interval for samples of thousands of values, made
  by generated() (multiples of 1/8, so every difference is exact), from the histogram of the
  differences: the convolution of head's histogram with base's reversed by scipy.signal.fftconvolve,
  rounded to integers; checked against numpy's sort of every difference where they number at most
  five million.
- welch_difference_cases: mean(head) - mean(base) exactly (Fractions) with the interval
  estimate -+ t * se, df the Welch-Satterthwaite degrees of freedom, t the upper (1 - confidence) / 2
  quantile of Student's t with df degrees of freedom. t is not scipy.stats.t.ppf: SciPy 1.10's ppf
  (Cephes stdtrit) is off by up to ~2e-9 relative at non-integer df (by 3.8e-11 at df = 2, where the
  quantile has a closed form), more than the test's tolerance. It is scipy.special.betaincinv inverted
  exactly, asserted to give back the tail through scipy.stats.t.sf (Cephes stdtr, accurate) to 1e-13
  and to agree with scipy.stats.t.ppf to 1e-8. The t statistic estimate / se is asserted equal to
  scipy.stats.ttest_ind(head, base, equal_var=False).
- fieller_ratio_cases: mean(head) / mean(base) from exact Fractions, and the ends of Fieller's interval
  as the two roots of (mean_h - R mean_b)^2 = t^2 (v_h + R^2 v_b) (v the squared standard errors), found
  numerically by scipy.optimize.brentq on either side of the estimate (not from the quadratic formula
  the C++ code uses), t as for Welch with the Welch-Satterthwaite degrees of freedom of
  mean_h - R mean_b at R = the estimate. No interval where mean_b^2 <= t^2 v_b (unbounded).
- hodges_lehmann_ratio_cases: the median of all n1 n2 log ratios log(head_j) - log(base_i) (math.log,
  enumerated) and the same k as hodges_lehmann_cases, each end exponentiated.
- cliffs_delta_cases: pairs counted one by one, as a Fraction.
- hedges_g_cases: (mean(head) - mean(base)) / s_pooled * J, s_pooled from exact Fractions and
  J = Gamma(df/2) / (sqrt(df/2) Gamma((df-1)/2)) by scipy.special.gamma.
- median_rank_cases / median_interval_cases: the largest k <= (n + 1) / 2 with
  scipy.stats.binom.cdf(k - 1, n, 1/2) <= (1 - confidence) / 2 (0 when none), asserted equal to the
  exact binomial sums in Fractions.

Random samples come from numpy.random.default_rng with fixed seeds, rounded to a few decimals or drawn
as integers, so the output is the same on every run. Values are printed with repr(), which round-trips
a double (17 significant digits at most).
"""

import itertools
import math
import warnings
from fractions import Fraction

import numpy as np
import scipy
from scipy import optimize, signal, special, stats

from reference_support import array, boolean, integers, literal, p_by_enumeration, sample, two_sided, u_pairs

TIED_EXACT_LIMIT = 625  # perfmail::mann_whitney_tied_exact_limit
EXACT_LIMIT = 2500  # perfmail::mann_whitney_exact_limit
PERMUTATION_LIMIT = 200000  # largest C(n1 + n2, n1) given to scipy.stats.permutation_test
ENUMERATION_LIMIT = 20000  # largest C(n1 + n2, n1) enumerated in plain Python


# ---------------------------------------------------------------------------------------------------
# Samples


def has_ties(a, b):
    return len(set(a + b)) < len(a) + len(b)


# ---------------------------------------------------------------------------------------------------
# Mann-Whitney U with ties


def u_statistic(x, y, axis=-1):
    """Vectorised U of x for scipy.stats.permutation_test, counted pair by pair."""
    x = np.moveaxis(np.asarray(x), axis, -1)
    y = np.moveaxis(np.asarray(y), axis, -1)
    wins = (x[..., :, None] > y[..., None, :]).sum(axis=(-2, -1))
    ties = (x[..., :, None] == y[..., None, :]).sum(axis=(-2, -1))
    return wins + 0.5 * ties


def doubled_midranks(pooled):
    """Twice the mid-rank of every pooled value (integers)."""
    order = sorted(pooled)
    first, last = {}, {}
    for i, x in enumerate(order, start=1):
        first.setdefault(x, i)
        last[x] = i
    return [first[x] + last[x] for x in pooled]


def p_by_rank_sums(a, b):
    """Exact two-sided p-value of U from the distribution of the first sample's doubled rank sum,
    counted value by value (a subset-sum dynamic programme in Python integers)."""
    pooled = a + b
    n1 = len(a)
    ranks2 = doubled_midranks(pooled)
    ways = [dict() for _ in range(n1 + 1)]  # ways[k][s]: subsets of k values with doubled rank sum s
    ways[0][0] = 1
    for r in ranks2:
        for k in range(n1 - 1, -1, -1):
            to = ways[k + 1]
            for s, c in ways[k].items():
                to[s + r] = to.get(s + r, 0) + c
    counts = ways[n1]
    total = sum(counts.values())
    assert total == math.comb(len(pooled), n1)
    observed2 = sum(ranks2[:n1])
    lower = sum(c for s, c in counts.items() if s <= observed2)
    upper = sum(c for s, c in counts.items() if s >= observed2)
    u = Fraction(observed2 - n1 * (n1 + 1), 2)  # U = R1 - n1 (n1 + 1) / 2
    return u, two_sided(Fraction(lower, total), Fraction(upper, total))


def p_by_scipy(a, b):
    result = stats.permutation_test((a, b), u_statistic, permutation_type="independent",
                                    vectorized=True, n_resamples=np.inf, alternative="two-sided",
                                    batch=20000)
    null = result.null_distribution
    assert len(null) == math.comb(len(a) + len(b), len(a))
    # SciPy's two-sided definition is ours: 2 * the smaller tail, clipped to 1.
    u = result.statistic
    mine = min(1.0, 2 * min(np.mean(null <= u), np.mean(null >= u)))
    assert abs(mine - result.pvalue) <= 1e-15 * max(1.0, mine), (mine, result.pvalue)
    return float(result.statistic), float(result.pvalue)


def tied_cases():
    fractional_a = [0.1, 0.3, 0.3, 0.7]
    fractional_b = [0.3, 0.5, 0.7, 0.7, 0.9]
    return [
        ("{1,1,1} vs {2,2,2}", [1.0, 1.0, 1.0], [2.0, 2.0, 2.0]),
        ("heavy ties of integer counts, 7 vs 8", integers(101, 7, 0, 4), integers(102, 8, 1, 5)),
        ("2 vs 5", [1.0, 2.0], [2.0, 3.0, 3.0, 4.0, 5.0]),
        ("5 vs 2", [3.0, 4.0, 4.0, 5.0, 6.0], [1.0, 4.0]),
        ("4 vs 9, unequal sizes", integers(103, 4, 2, 6), integers(104, 9, 0, 5)),
        ("one side constant", [5.0, 5.0, 5.0, 5.0], [3.0, 5.0, 6.0, 7.0, 8.0, 5.0]),
        ("both constant but different", [2.0, 2.0, 2.0, 2.0], [3.0, 3.0, 3.0, 3.0, 3.0]),
        ("both constant, the first above", [7.0, 7.0, 7.0], [1.0, 1.0]),
        ("ties straddle both samples", [1.0, 2.0, 2.0, 3.0, 3.0], [2.0, 3.0, 3.0, 4.0, 4.0, 4.0]),
        ("identical tied samples", [1.0, 2.0, 2.0, 3.0], [1.0, 2.0, 2.0, 3.0]),
        ("one value tied with one of three", [5.0], [5.0, 6.0, 7.0]),
        ("fractional values with ties", fractional_a, fractional_b),
        ("one tie among distinct values, 6 vs 6",
         [1.5, 2.25, 3.0, 4.75, 6.5, 7.0], [3.0, 5.5, 8.0, 8.25, 9.0, 10.5]),
        ("10 vs 10 integers with many ties", integers(105, 10, 0, 5), integers(106, 10, 1, 6)),
        ("8 vs 12", integers(107, 8, 0, 7), integers(108, 12, 1, 8)),
        ("12 vs 8", integers(108, 12, 1, 8), integers(107, 8, 0, 7)),
        ("25 vs 25 at the tied exact limit", integers(109, 25, 0, 10), integers(110, 25, 2, 12)),
        ("5 vs 125 at the tied exact limit", integers(111, 5, 3, 12), integers(112, 125, 0, 10)),
        ("125 vs 5 at the tied exact limit", integers(112, 125, 0, 10), integers(111, 5, 3, 12)),
        ("24 vs 26, n1 n2 = 624", integers(113, 24, 0, 30), integers(114, 26, 4, 34)),
    ]


def tied_reference(name, a, b):
    """U and the exact p-value of one case, cross-checked by every method that fits its size."""
    assert has_ties(a, b), name
    assert len(a) * len(b) <= TIED_EXACT_LIMIT, name
    splits = math.comb(len(a) + len(b), len(a))
    u_dp, p_dp = p_by_rank_sums(a, b)
    assert u_dp == u_pairs(a, b), name
    source = "rank-sum DP"
    p = float(p_dp)
    if splits <= ENUMERATION_LIMIT:
        u_enum, p_enum = p_by_enumeration(a, b)
        assert u_enum == u_dp and p_enum == p_dp, name
        source = "enumeration"
    if splits <= PERMUTATION_LIMIT and min(len(a), len(b)) >= 2:  # SciPy needs two values a side
        u_scipy, p_scipy = p_by_scipy(a, b)
        assert u_scipy == float(u_dp), name
        assert abs(p_scipy - float(p_dp)) <= 1e-14 * float(p_dp), (name, p_scipy, p_dp)
        p = p_scipy
        source = "permutation_test" + (" = enumeration" if source == "enumeration" else " = rank-sum DP")
    return float(u_dp), p, source


def tied_pmf(groups, m):
    """P(2U = k), k = 0 .. 2 m n, of a first sample of size m drawn from pooled tie groups (ascending
    values), by enumerating the draws."""
    pooled = [float(g) for g, t in enumerate(groups) for _ in range(t)]
    n = len(pooled) - m
    counts = [0] * (2 * m * n + 1)
    for chosen in itertools.combinations(range(len(pooled)), m):
        in_first = set(chosen)
        x = [pooled[i] for i in chosen]
        y = [pooled[i] for i in range(len(pooled)) if i not in in_first]
        counts[int(2 * u_pairs(x, y))] += 1
    total = math.comb(len(pooled), m)
    assert sum(counts) == total
    return [Fraction(c, total) for c in counts]


def tied_pmf_cases():
    return [
        ("groups {2,1,3}, m = 3", [2, 1, 3], 3),
        ("groups {1,2,2,1,3}, m = 4", [1, 2, 2, 1, 3], 4),
        ("groups {2,2,1}, m = 3 (more drawn than left)", [2, 2, 1], 3),
        ("groups {2,1,1}, m = 2", [2, 1, 1], 2),
        ("groups {1,1,4,1}, m = 2", [1, 1, 4, 1], 2),
        ("one group of 5, m = 2", [5], 2),
    ]


# ---------------------------------------------------------------------------------------------------
# Smallest p-value and runs needed


def smallest_p(n1, n2):
    return min(Fraction(1), Fraction(2, math.comb(n1 + n2, n1)))


def smallest_p_by_enumeration(n1, n2):
    """The smallest exact two-sided p-value over every arrangement of n1 + n2 distinct values."""
    total = math.comb(n1 + n2, n1)
    counts = {}
    for chosen in itertools.combinations(range(n1 + n2), n1):
        u = sum(i - j for j, i in enumerate(chosen))  # values of the second sample below each chosen one
        counts[u] = counts.get(u, 0) + 1
    best = Fraction(1)
    for u in counts:
        lower = sum(c for v, c in counts.items() if v <= u)
        upper = sum(c for v, c in counts.items() if v >= u)
        best = min(best, two_sided(Fraction(lower, total), Fraction(upper, total)))
    return best


def runs_needed(alpha):
    n = 1
    while smallest_p_by_enumeration(n, n) > alpha:
        n += 1
    return n


# ---------------------------------------------------------------------------------------------------
# Corrections for many tests


def correction_reference(p):
    """BH, BY, Holm and Bonferroni of `p` (floats), in exact Fractions from the definitions."""
    m = len(p)
    exact = [Fraction(x) for x in p]
    ordered = sorted(exact)  # p_(1) .. p_(m)
    harmonic = sum(Fraction(1, j) for j in range(1, m + 1))
    bh, by, holm, bonferroni = [], [], [], []
    for x in exact:
        step_up = min(Fraction(m) * ordered[k - 1] / k for k in range(1, m + 1) if ordered[k - 1] >= x)
        bh.append(min(Fraction(1), step_up))
        by.append(min(Fraction(1), step_up * harmonic))
        step_down = max((m - k + 1) * ordered[k - 1] for k in range(1, m + 1) if ordered[k - 1] <= x)
        holm.append(min(Fraction(1), step_down))
        bonferroni.append(min(Fraction(1), m * x))
    return [[float(q) for q in qs] for qs in (bh, by, holm, bonferroni)]


def correction_cases():
    rng = np.random.default_rng(201)
    five = [round(float(x), 2) for x in rng.uniform(0, 0.2, 5)]
    five[3] = five[1]  # a tie
    rng = np.random.default_rng(202)
    fifty = [round(float(x), 3) for x in rng.beta(0.4, 2.0, 50)]  # many small p-values
    fifty[7] = fifty[20] = fifty[33]  # a triple tie
    fifty[11] = fifty[40]
    fifty[45] = 0.0
    fifty[46] = 1.0
    rng = np.random.default_rng(203)
    one = [round(float(rng.uniform(0, 1)), 4)]
    return [
        ("one p-value", one),
        ("the header's example", [0.01, 0.04, 0.03]),
        ("five with a tie", five),
        ("all equal", [0.02, 0.02, 0.02, 0.02]),
        ("zero and one", [0.0, 1.0, 0.5]),
        ("capped at one", [0.3, 0.6, 0.9, 0.45, 0.8]),
        ("fifty with ties, 0 and 1", fifty),
    ]


# ---------------------------------------------------------------------------------------------------
# Hodges-Lehmann shift


def u_counts_no_ties(m, n):
    """Counts of U = 0 .. m n without ties: the coefficients of the Gaussian binomial coefficient
    [m + n choose m]_q = prod_{i=1..m} (1 - q^(n+i)) / (1 - q^i), in Python integers."""
    poly = [1]
    for i in range(1, m + 1):
        # Multiply by (1 - q^(n+i)) ...
        grown = poly + [0] * (n + i)
        for d, c in enumerate(poly):
            grown[d + n + i] -= c
        # ... and divide by (1 - q^i), exactly: coefficient d of the quotient is grown[d] + quotient[d - i].
        quotient = [0] * (len(grown) - i)
        for d in range(len(quotient)):
            quotient[d] = grown[d] + (quotient[d - i] if d >= i else 0)
        for d in range(len(quotient), len(grown)):
            assert grown[d] == -quotient[d - i]  # no remainder
        poly = quotient
    assert len(poly) == m * n + 1 and sum(poly) == math.comb(m + n, m)
    return poly


def u_counts_by_enumeration(m, n):
    counts = [0] * (m * n + 1)
    for chosen in itertools.combinations(range(m + n), m):
        counts[sum(i - j for j, i in enumerate(chosen))] += 1
    return counts


def shift_rank(m, n, confidence):
    """k of the Hodges-Lehmann interval and a note on how it was found."""
    tail = (1 - Fraction(str(confidence))) / 2
    if m * n <= EXACT_LIMIT:
        counts = u_counts_no_ties(m, n)
        total = math.comb(m + n, m)
        if total <= ENUMERATION_LIMIT:
            assert counts == u_counts_by_enumeration(m, n), (m, n)
        k, cumulative = 0, Fraction(0)  # P(U <= k - 1) before each step
        while k < len(counts):
            nxt = cumulative + Fraction(counts[k], total)  # P(U <= k)
            # The C++ tail is (1 - confidence) / 2 in doubles: no cumulative probability may lie near it.
            assert abs(float(nxt) - float(tail)) > 1e-9 * float(tail), (m, n, confidence)
            if nxt > tail:
                break
            cumulative = nxt
            k += 1
        return k, f"exact U distribution, P(U <= k - 1) = {float(cumulative):.6g}"
    a, b = float(m), float(n)
    z = stats.norm.ppf(float(tail))
    bound = a * b / 2 + 0.5 + z * math.sqrt(a * b * (a + b + 1) / 12)
    assert abs(bound - round(bound)) > 1e-6, (m, n, confidence)
    return max(0, math.floor(bound)), f"normal approximation, bound {bound:.6f}"


def median_of_sorted(xs):
    """The median as the nearest double to the exact mid-point."""
    c = len(xs)
    if c % 2 == 1:
        return xs[c // 2]
    return float((Fraction(xs[c // 2 - 1]) + Fraction(xs[c // 2])) / 2)


def hodges_lehmann_reference(base, head, confidence):
    differences = sorted(h - b for h in head for b in base)  # differences rounded like the C++ code's
    count = len(differences)
    k, how = shift_rank(len(base), len(head), confidence)
    estimate = median_of_sorted(differences)
    if 1 <= k <= count - k + 1:
        return estimate, True, differences[k - 1], differences[count - k], k, how
    return estimate, False, 0.0, 0.0, k, how


def hodges_lehmann_cases():
    return [
        ("6 vs 6 separated (the header's example)",
         [1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [11.0, 12.0, 13.0, 14.0, 15.0, 16.0], 0.95),
        ("3 vs 3: no 95% interval", [1.0, 2.0, 3.0], [4.0, 5.0, 6.0], 0.95),
        ("3 vs 3 at 85%", [1.0, 2.0, 3.0], [4.0, 5.0, 6.0], 0.85),
        ("1 vs 1", [2.5], [4.0], 0.95),
        ("4 vs 5", [10.0, 12.5, 11.0, 13.25], [14.0, 12.0, 15.5, 16.0, 13.0], 0.95),
        ("10 vs 12 random", sample(301, 10, 100.0, 5.0), sample(302, 12, 104.0, 6.0), 0.95),
        ("10 vs 12 random at 99%", sample(301, 10, 100.0, 5.0), sample(302, 12, 104.0, 6.0), 0.99),
        ("with ties, 9 vs 11", integers(303, 9, 0, 6), integers(304, 11, 1, 7), 0.95),
        ("head below base, 8 vs 8", sample(305, 8, 50.0, 2.0), sample(306, 8, 45.0, 2.0), 0.90),
        ("5 vs 40, unequal sizes", sample(307, 5, 0.0, 1.0), sample(308, 40, 0.5, 1.0), 0.95),
        ("50 vs 50 at the exact limit", sample(309, 50, 20.0, 3.0), sample(310, 50, 21.0, 3.0), 0.95),
        ("50 vs 51 just past the exact limit",
         sample(309, 50, 20.0, 3.0), sample(311, 51, 21.0, 3.0), 0.95),
        ("60 vs 60, normal approximation", sample(312, 60, 1000.0, 10.0), sample(313, 60, 1003.0, 12.0), 0.95),
        ("60 vs 60 at 90%", sample(312, 60, 1000.0, 10.0), sample(313, 60, 1003.0, 12.0), 0.90),
    ]


def generated(n, multiplier, offset, modulus, level):
    """level + ((i multiplier + offset) mod modulus) / 8 for i = 0 .. n - 1: multiples of 1/8, exact in
    doubles and in their differences, made the same way by test_inference.cpp."""
    return [level + ((i * multiplier + offset) % modulus) / 8 for i in range(n)]


def large_hodges_lehmann_reference(base, head, confidence):
    """The order statistics of n1 n2 differences too many to enumerate, from the histogram of the
    differences: on the grid of 1/8, the count of each difference is the convolution of head's histogram
    with base's reversed (scipy.signal.fftconvolve, rounded, asserted near integers and summing to
    n1 n2)."""
    eighths = lambda xs: np.array([round(x * 8) for x in xs], dtype=np.int64)
    b, h = eighths(base), eighths(head)
    b_low, h_low = int(b.min()), int(h.min())
    b_hist = np.bincount(b - b_low).astype(np.float64)
    h_hist = np.bincount(h - h_low).astype(np.float64)
    raw = signal.fftconvolve(h_hist, b_hist[::-1])
    counts = np.rint(raw)
    assert np.all(np.abs(raw - counts) < 0.05)
    counts = counts.astype(np.int64)
    total = len(base) * len(head)
    assert int(counts.sum()) == total
    # Index j of the convolution is the difference (h_low + j) - (b_low + len(b_hist) - 1), in eighths.
    cumulative = np.cumsum(counts)
    origin = h_low - (b_low + len(b_hist) - 1)

    def order_statistic(rank):  # from 0
        j = int(np.searchsorted(cumulative, rank, side="right"))
        return (origin + j) / 8

    if total <= 5_000_000:  # small enough to enumerate as well: both ways agree
        enumerated = np.sort(np.subtract.outer(np.array(head), np.array(base)), axis=None)
        for rank in (0, total // 3, total // 2, total - 1):
            assert enumerated[rank] == order_statistic(rank), rank
    k, how = shift_rank(len(base), len(head), confidence)
    mid = total // 2
    if total % 2 == 1:
        estimate = order_statistic(mid)
    else:
        estimate = float((Fraction(order_statistic(mid - 1)) + Fraction(order_statistic(mid))) / 2)
    if 1 <= k <= total - k + 1:
        return estimate, True, order_statistic(k - 1), order_statistic(total - k), k, how
    return estimate, False, 0.0, 0.0, k, how


def large_hodges_lehmann_cases():
    """Sizes past 2^22 pairs, which the C++ code once refused: (name, base generator, head generator,
    confidence), each generator the arguments of generated()."""
    return [
        ("2100 vs 2000, past 2^22 pairs", (2100, 7919, 13, 100003, 1000.0), (2000, 104729, 7, 100019, 1010.0), 0.95),
        ("3000 vs 2500, heavy ties", (3000, 31, 5, 61, 0.0), (2500, 17, 3, 59, 2.0), 0.99),
        ("15000 vs 20000, pytest's rounds", (15000, 7919, 1, 65521, -50.0), (20000, 6007, 2, 65519, -40.0), 0.95),
    ]


# ---------------------------------------------------------------------------------------------------
# Welch's interval, Cliff's delta, Hedges' g


def exact_moments(xs):
    n = len(xs)
    mean = sum(Fraction(x) for x in xs) / n
    variance = sum((Fraction(x) - mean) ** 2 for x in xs) / (n - 1) if n > 1 else Fraction(0)
    return n, mean, variance


def t_upper_quantile(tail, df):
    """Student's t quantile t with P(T > t) = tail, from the inverse regularised incomplete beta:
    P(|T| > t) = I_{df/(df+t^2)}(df/2, 1/2), so y = t^2 / (df + t^2) solves I_y(1/2, df/2) = 1 - 2 tail.
    SciPy 1.10's stats.t.ppf (Cephes stdtrit) is off by up to ~2e-9 relative at non-integer df (at
    df = 2, where t = sqrt(1.805 / 0.0975) in closed form at tail 0.025, by 3.8e-11), so it is only
    a cross-check at 1e-8."""
    y = special.betaincinv(0.5, df / 2, 1 - 2 * tail)
    t = math.sqrt(df * y / (1 - y))
    assert abs(stats.t.sf(t, df) - tail) <= 1e-13 * tail, (tail, df)
    assert abs(stats.t.ppf(1 - tail, df) - t) <= 1e-8 * t, (tail, df)
    return t


def welch_reference(base, head, confidence):
    if len(base) < 2 or len(head) < 2:
        return False, 0.0, 0.0, 0.0
    nx, mx, vx = exact_moments(head)
    ny, my, vy = exact_moments(base)
    difference = mx - my
    squared_error = vx / nx + vy / ny
    estimate = float(difference)
    if squared_error == 0:
        return True, estimate, estimate, estimate
    share_x, share_y = vx / nx, vy / ny
    df = float(squared_error ** 2 / (share_x ** 2 / (nx - 1) + share_y ** 2 / (ny - 1)))
    se = math.sqrt(squared_error)
    tail = float((1 - Fraction(str(confidence))) / 2)
    t = t_upper_quantile(tail, df)
    with warnings.catch_warnings():
        # SciPy warns of "catastrophic cancellation" for a constant sample; its variance is exactly 0.
        warnings.simplefilter("ignore", RuntimeWarning)
        check = stats.ttest_ind(head, base, equal_var=False)
    assert abs(check.statistic - float(difference) / se) <= 1e-10 * abs(check.statistic), check
    return True, estimate, float(difference) - t * se, float(difference) + t * se


def welch_cases():
    return [
        ("unequal sizes and variances, 5 vs 12",
         [10.2, 11.9, 9.4, 12.8, 10.7],
         [14.1, 13.2, 15.0, 12.1, 16.3, 13.8, 14.4, 15.5, 12.9, 13.6, 14.9, 17.2], 0.95),
        ("equal sizes, 6 vs 6", [5.1, 4.9, 5.3, 5.0, 5.2, 4.8], [5.4, 5.6, 5.1, 5.5, 5.3, 5.7], 0.95),
        ("two values each", [1.0, 3.0], [2.0, 6.0], 0.95),
        ("one side constant", [4.0, 4.0, 4.0, 4.0], [4.5, 5.0, 3.9, 4.8, 5.2], 0.95),
        ("both constant: zero width", [0.1, 0.1, 0.1], [0.3, 0.3], 0.95),
        ("both constant and equal", [7.0, 7.0], [7.0, 7.0, 7.0], 0.95),
        ("100 vs 30 at 99%", sample(401, 100, 50.0, 4.0), sample(402, 30, 51.5, 9.0), 0.99),
        ("20 vs 25 at 90%", sample(403, 20, 3.0, 0.5), sample(404, 25, 2.8, 0.2), 0.90),
        ("magnitudes 1e12, 8 vs 8", sample(405, 8, 1e12, 1e9), sample(406, 8, 1.001e12, 2e9), 0.95),
        ("one value in base", [1.0], [2.0, 3.0], 0.95),
        ("one value in head", [2.0, 3.0], [1.0], 0.95),
    ]


def fieller_reference(base, head, confidence):
    if len(base) < 2 or len(head) < 2:
        return False, 1.0, False, 0.0, 0.0
    nx, mx, vx = exact_moments(head)
    ny, my, vy = exact_moments(base)
    if my == 0:
        return False, 1.0, False, 0.0, 0.0
    ratio = mx / my
    sx, sy = vx / nx, vy / ny  # squared standard errors
    if sx == 0 and sy == 0:
        return True, float(ratio), True, float(ratio), float(ratio)
    share_x, share_y = sx, ratio * ratio * sy
    df = float((share_x + share_y) ** 2 / (share_x ** 2 / (nx - 1) + share_y ** 2 / (ny - 1)))
    tail = float((1 - Fraction(str(confidence))) / 2)
    t = t_upper_quantile(tail, df)
    fx, fy, fsx, fsy = float(mx), float(my), float(sx), float(sy)
    if fy * fy <= t * t * fsy:
        return True, float(ratio), False, 0.0, 0.0
    pivot = lambda r: (fx - r * fy) ** 2 - t * t * (fsx + r * r * fsy)
    estimate = float(ratio)
    # The pivot is negative at the estimate and positive far enough on either side (bounded case).
    reach = abs(estimate) + 1
    while pivot(estimate - reach) <= 0 or pivot(estimate + reach) <= 0:
        reach *= 2
    low = optimize.brentq(pivot, estimate - reach, estimate, xtol=1e-300, rtol=4 * np.finfo(float).eps, maxiter=500)
    high = optimize.brentq(pivot, estimate, estimate + reach, xtol=1e-300, rtol=4 * np.finfo(float).eps, maxiter=500)
    return True, estimate, True, low, high


def fieller_cases():
    return [
        ("the header's example, 3 vs 3", [10.0, 11.0, 12.0], [20.0, 22.0, 24.0], 0.95),
        ("6 vs 6, +10%", [100.0, 101.0, 102.0, 103.0, 104.0, 105.0],
         [110.0, 111.0, 112.0, 113.0, 114.0, 115.0], 0.95),
        ("unequal sizes and variances, 5 vs 12",
         [10.2, 11.9, 9.4, 12.8, 10.7],
         [14.1, 13.2, 15.0, 12.1, 16.3, 13.8, 14.4, 15.5, 12.9, 13.6, 14.9, 17.2], 0.95),
        ("negative base, 6 vs 6", [-102.0, -101.0, -100.0, -99.0, -98.0, -100.0],
         [-92.0, -91.0, -90.0, -89.0, -88.0, -90.0], 0.95),
        ("base near zero: unbounded", [-1.0, 2.0, 0.5, -0.5], [3.0, 4.0, 5.0, 3.5], 0.95),
        ("one side constant", [4.0, 4.0, 4.0, 4.0], [4.5, 5.0, 3.9, 4.8, 5.2], 0.95),
        ("both constant", [0.1, 0.1, 0.1], [0.3, 0.3], 0.95),
        ("20 vs 25 at 90%", sample(403, 20, 3.0, 0.5), sample(404, 25, 2.8, 0.2), 0.90),
        ("100 vs 30 at 99%", sample(401, 100, 50.0, 4.0), sample(402, 30, 51.5, 9.0), 0.99),
        ("magnitudes 1e12, 8 vs 8", sample(405, 8, 1e12, 1e9), sample(406, 8, 1.001e12, 2e9), 0.95),
        ("one value in base", [1.0], [2.0, 3.0], 0.95),
        ("zero base mean", [-1.0, 1.0], [2.0, 3.0], 0.95),
    ]


def hodges_lehmann_ratio_reference(base, head, confidence):
    if any(v <= 0 for v in base) or any(v <= 0 for v in head):
        return False, 1.0, False, 0.0, 0.0
    logs = sorted(math.log(h) - math.log(b) for h in head for b in base)
    count = len(logs)
    k, _ = shift_rank(len(base), len(head), confidence)
    estimate = math.exp(median_of_sorted(logs))
    if 1 <= k <= count - k + 1:
        return True, estimate, True, math.exp(logs[k - 1]), math.exp(logs[count - k])
    return True, estimate, False, 0.0, 0.0


def hodges_lehmann_ratio_cases():
    return [
        ("base {1, 2, 4}, head {2, 4, 8}: the header's example", [1.0, 2.0, 4.0], [2.0, 4.0, 8.0], 0.95),
        ("6 vs 6, +10%", [100.0, 101.0, 102.0, 103.0, 104.0, 105.0],
         [110.0, 111.0, 112.0, 113.0, 114.0, 115.0], 0.95),
        ("10 vs 12 random", sample(301, 10, 100.0, 5.0), sample(302, 12, 104.0, 6.0), 0.95),
        ("head below base, 8 vs 8 at 90%", sample(305, 8, 50.0, 2.0), sample(306, 8, 45.0, 2.0), 0.90),
        ("60 vs 60, normal approximation", sample(312, 60, 1000.0, 10.0), sample(313, 60, 1003.0, 12.0), 0.95),
        ("a zero sample: none", [0.0, 1.0, 2.0], [1.0, 2.0, 3.0], 0.95),
        ("a negative sample: none", [1.0, 2.0, 3.0], [-1.0, 2.0, 3.0], 0.95),
    ]


def cliffs_delta_reference(base, head):
    if not base or not head:
        return 0.0
    more = sum(1 for b in base for h in head if h > b)
    less = sum(1 for b in base for h in head if h < b)
    return float(Fraction(more - less, len(base) * len(head)))


def cliffs_delta_cases():
    return [
        ("head above all of base", [1.0, 2.0, 3.0], [4.0, 5.0]),
        ("head below all of base", [4.0, 5.0], [1.0, 2.0, 3.0]),
        ("with ties", [1.0, 2.0, 2.0, 3.0, 5.0], [2.0, 3.0, 4.0, 4.0, 6.0]),
        ("identical", [3.0, 1.0, 4.0], [3.0, 1.0, 4.0]),
        ("random 13 vs 17", sample(501, 13, 0.0, 1.0), sample(502, 17, 0.4, 1.0)),
        ("integers 30 vs 20", integers(503, 30, 0, 8), integers(504, 20, 1, 9)),
        ("empty head", [1.0, 2.0], []),
        ("empty base", [], [1.0]),
    ]


def hedges_g_reference(base, head):
    if len(base) < 2 or len(head) < 2:
        return False, 0.0
    nx, mx, vx = exact_moments(head)
    ny, my, vy = exact_moments(base)
    df = nx + ny - 2
    pooled2 = ((nx - 1) * vx + (ny - 1) * vy) / df
    if pooled2 == 0:
        return False, 0.0
    j = special.gamma(df / 2) / (math.sqrt(df / 2) * special.gamma((df - 1) / 2))
    assert abs(j - special.poch((df - 1) / 2, 0.5) / math.sqrt(df / 2)) <= 1e-13 * j  # the same ratio
    assert abs(j - (1 - 3 / (4 * df - 1))) <= 0.05 * (1 - j)  # Hedges' approximation
    return True, float(mx - my) / math.sqrt(pooled2) * j


def hedges_g_cases():
    return [
        ("two values each", [1.0, 3.0], [2.0, 6.0]),
        ("unequal sizes and variances, 5 vs 12",
         [10.2, 11.9, 9.4, 12.8, 10.7],
         [14.1, 13.2, 15.0, 12.1, 16.3, 13.8, 14.4, 15.5, 12.9, 13.6, 14.9, 17.2]),
        ("head below base", [5.4, 5.6, 5.1, 5.5, 5.3, 5.7], [5.1, 4.9, 5.3, 5.0, 5.2, 4.8]),
        ("one side constant", [4.0, 4.0, 4.0, 4.0], [4.5, 5.0, 3.9, 4.8, 5.2]),
        ("random 40 vs 60", sample(601, 40, 10.0, 2.0), sample(602, 60, 10.5, 2.5)),
        ("magnitudes 1e12", sample(603, 8, 1e12, 1e9), sample(604, 8, 1.001e12, 2e9)),
        ("150 vs 150", sample(605, 150, 0.0, 1.0), sample(606, 150, 0.2, 1.0)),
        ("both constant and equal", [2.0, 2.0, 2.0], [2.0, 2.0]),
        ("both constant but different", [2.0, 2.0, 2.0], [3.0, 3.0]),
        ("one value in base", [1.0], [2.0, 3.0]),
        ("one value in head", [2.0, 3.0], [1.0]),
    ]


# ---------------------------------------------------------------------------------------------------
# Median interval


def median_rank(n, confidence):
    if n == 0:
        return 0
    tail = (1 - Fraction(str(confidence))) / 2
    k = 0
    for candidate in range(1, (n + 1) // 2 + 1):
        exact = sum(Fraction(math.comb(n, i), 2 ** n) for i in range(candidate))  # P(B <= candidate - 1)
        cdf = stats.binom.cdf(candidate - 1, n, 0.5)
        assert abs(cdf - float(exact)) <= 1e-12 * float(exact) + 1e-300, (n, candidate, cdf, exact)
        assert abs(float(exact) - float(tail)) > 1e-9 * float(tail), (n, confidence)
        if cdf <= float(tail):
            k = candidate
        else:
            break
    return k


def median_rank_cases():
    cases = [(n, 0.95) for n in list(range(0, 13)) + [20, 50, 101]]
    cases += [(n, 0.99) for n in (7, 8, 9, 10, 50)]
    cases += [(n, 0.90) for n in (4, 5, 6, 30)]
    return cases


def median_interval_cases():
    return [
        ("5 values: no 95% interval", [1.0, 2.0, 3.0, 4.0, 5.0], 0.95),
        ("6 values: [min, max]", [1.0, 2.0, 3.0, 4.0, 5.0, 6.0], 0.95),
        ("12 random values", sorted(sample(701, 12, 10.0, 1.0)), 0.95),
        ("20 values with ties", sorted(integers(702, 20, 0, 6)), 0.95),
        ("50 random values at 99%", sorted(sample(703, 50, -3.0, 0.5)), 0.99),
        ("101 random values", sorted(sample(704, 101, 1e6, 1e3)), 0.95),
        ("empty", [], 0.95),
    ]


# ---------------------------------------------------------------------------------------------------
# Output (the literals are reference_support's)


def main():
    print(f"// Generated by tests/reference/inference_reference.py with SciPy {scipy.__version__}"
          f" and NumPy {np.__version__}; do not edit.")
    print("// Regenerate: /usr/bin/python3 tests/reference/inference_reference.py"
          " > tests/reference/inference_reference.inc")
    print("// How each value is computed: see the script's docstring.")
    print()

    print("// Mann-Whitney U with ties: U of a, exact two-sided p = min(1, 2 min(P(U <= u), P(U >= u))).")
    print("const std::vector<tied_case> tied_cases{")
    for name, a, b in tied_cases():
        u, p, source = tied_reference(name, a, b)
        print(f"    // {source}")
        print(f'    {{"{name}",\n     {array(a, 5)},\n     {array(b, 5)},\n     {literal(u)}, {literal(p)}}},')
    print("};")
    print()

    print("// Null distribution of 2U given the tie groups, by enumerating every draw: P(2U = k).")
    print("const std::vector<tied_pmf_case> tied_pmf_cases{")
    for name, groups, m in tied_pmf_cases():
        pmf = tied_pmf(groups, m)
        print(f'    {{"{name}", {array(groups, 5, str)}, {m},\n     {array(pmf, 5)}}},')
    print("};")
    print()

    print("// 2 / C(n1 + n2, n1), checked against the smallest p-value over every arrangement.")
    print("const std::vector<smallest_p_case> smallest_p_cases{")
    for n1, n2 in [(3, 3), (4, 4), (3, 5), (5, 5), (10, 10), (1, 7), (1, 1), (2, 2)]:
        p = smallest_p(n1, n2)
        if math.comb(n1 + n2, n1) <= ENUMERATION_LIMIT:
            assert smallest_p_by_enumeration(n1, n2) == p, (n1, n2)
        print(f"    {{{n1}, {n2}, {literal(p)}}},  // {p}")
    print("};")
    print()

    print("// The fewest equal sizes with an arrangement reaching p <= alpha, by enumeration.")
    print("const std::vector<runs_needed_case> runs_needed_cases{")
    for alpha in (0.05, 0.01, 0.1):
        runs = runs_needed(Fraction(str(alpha)))
        print(f"    {{{literal(alpha)}, {runs}}},")
    print("};")
    print()

    print("// Adjusted p-values from the definitions, in exact fractions.")
    print("const std::vector<correction_case> correction_cases{")
    for name, p in correction_cases():
        bh, by, holm, bonferroni = correction_reference(p)
        print(f'    {{"{name}",\n     {array(p, 5)},\n     {array(bh, 5)},\n     {array(by, 5)},\n'
              f"     {array(holm, 5)},\n     {array(bonferroni, 5)}}},")
    print("};")
    print()

    print("// Hodges-Lehmann: median of head_j - base_i and [d_(k), d_(N-k+1)].")
    print("const std::vector<shift_case> hodges_lehmann_cases{")
    for name, base, head, confidence in hodges_lehmann_cases():
        estimate, has_ci, low, high, k, how = hodges_lehmann_reference(base, head, confidence)
        print(f"    // k = {k}: {how}")
        print(f'    {{"{name}",\n     {array(base, 5)},\n     {array(head, 5)},\n'
              f"     {literal(confidence)}, {literal(estimate)}, {boolean(has_ci)}, {literal(low)}, {literal(high)}}},")
    print("};")
    print()

    print("// Hodges-Lehmann beyond enumeration: samples made by generated(), order statistics from the")
    print("// histogram of the differences.")
    print("const std::vector<large_shift_case> large_hodges_lehmann_cases{")
    for name, base_spec, head_spec, confidence in large_hodges_lehmann_cases():
        estimate, has_ci, low, high, k, how = large_hodges_lehmann_reference(
            generated(*base_spec), generated(*head_spec), confidence)
        spec = lambda t: "{" + ", ".join(literal(float(v)) if isinstance(v, float) else str(v) for v in t) + "}"
        print(f"    // k = {k}: {how}")
        print(f'    {{"{name}", {spec(base_spec)}, {spec(head_spec)},\n'
              f"     {literal(confidence)}, {literal(estimate)}, {boolean(has_ci)}, {literal(low)}, {literal(high)}}},")
    print("};")
    print()

    print("// Welch: mean(head) - mean(base) -+ t_{1 - tail}(df) se.")
    print("const std::vector<welch_difference_case> welch_difference_cases{")
    for name, base, head, confidence in welch_cases():
        has_value, estimate, low, high = welch_reference(base, head, confidence)
        print(f'    {{"{name}",\n     {array(base, 5)},\n     {array(head, 5)},\n'
              f"     {literal(confidence)}, {boolean(has_value)}, {literal(estimate)}, {literal(low)}, {literal(high)}}},")
    print("};")
    print()

    print("// Fieller: mean(head) / mean(base) and the roots of the pivot, by a root finder.")
    print("const std::vector<ratio_case> fieller_ratio_cases{")
    for name, base, head, confidence in fieller_cases():
        has_value, estimate, has_ci, low, high = fieller_reference(base, head, confidence)
        print(f'    {{"{name}",\n     {array(base, 5)},\n     {array(head, 5)},\n'
              f"     {literal(confidence)}, {boolean(has_value)}, {literal(estimate)}, {boolean(has_ci)}, {literal(low)}, "
              f"{literal(high)}}},")
    print("};")
    print()

    print("// Hodges-Lehmann on the logs: exp of the median log ratio and of [l_(k), l_(N-k+1)].")
    print("const std::vector<ratio_case> hodges_lehmann_ratio_cases{")
    for name, base, head, confidence in hodges_lehmann_ratio_cases():
        has_value, estimate, has_ci, low, high = hodges_lehmann_ratio_reference(base, head, confidence)
        print(f'    {{"{name}",\n     {array(base, 5)},\n     {array(head, 5)},\n'
              f"     {literal(confidence)}, {boolean(has_value)}, {literal(estimate)}, {boolean(has_ci)}, {literal(low)}, "
              f"{literal(high)}}},")
    print("};")
    print()

    print("// Cliff's delta: (#(head > base) - #(head < base)) / (n1 n2), pairs counted.")
    print("const std::vector<cliffs_delta_case> cliffs_delta_cases{")
    for name, base, head in cliffs_delta_cases():
        delta = cliffs_delta_reference(base, head)
        print(f'    {{"{name}",\n     {array(base, 5)},\n     {array(head, 5)},\n     {literal(delta)}}},')
    print("};")
    print()

    print("// Hedges' g with J = Gamma(df/2) / (sqrt(df/2) Gamma((df-1)/2)).")
    print("const std::vector<hedges_g_case> hedges_g_cases{")
    for name, base, head in hedges_g_cases():
        has_value, g = hedges_g_reference(base, head)
        print(f'    {{"{name}",\n     {array(base, 5)},\n     {array(head, 5)},\n     {boolean(has_value)}, {literal(g)}}},')
    print("};")
    print()

    print("// Median interval rank: the largest k with BinomCDF(k - 1; n, 1/2) <= (1 - confidence) / 2.")
    print("const std::vector<median_rank_case> median_rank_cases{")
    for n, confidence in median_rank_cases():
        print(f"    {{{n}, {literal(confidence)}, {median_rank(n, confidence)}}},")
    print("};")
    print()

    print("// Median interval: [x_(k), x_(n+1-k)] of the sorted sample.")
    print("const std::vector<median_interval_case> median_interval_cases{")
    for name, xs, confidence in median_interval_cases():
        k = median_rank(len(xs), confidence)
        has_ci = k >= 1
        low, high = (xs[k - 1], xs[len(xs) - k]) if has_ci else (0.0, 0.0)
        print(f'    {{"{name}",\n     {array(xs, 5)},\n     {literal(confidence)}, {boolean(has_ci)}, '
              f"{literal(low)}, {literal(high)}}},")
    print("};")


if __name__ == "__main__":
    main()
