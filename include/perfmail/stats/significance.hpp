#pragma once
// Two-sample significance tests for change detection, both two-sided: the Mann-Whitney U test (ranks
// only, so it assumes nothing about the shape of the distribution) and Welch's t-test (means, with
// unequal variances). Each returns its statistic and a p-value in [0, 1].
//
// Degenerate input never crashes and never yields a NaN p-value:
//   - a test that cannot be carried out (an empty sample; for Welch, fewer than two values on a side)
//     returns `{NaN, 1}`: no evidence of a difference, and a NaN statistic that says "not tested";
//   - samples with no spread at all are decided by their location: equal -> p = 1, different -> p = 0;
//   - a NaN or infinite value is the caller's mistake (the loaders refuse them) and throws usage_error.

//
// Declarations only: the tests and Boost.Math's distributions are compiled once, in
// src/stats/significance.cpp.

#include <cmath>
#include <cstddef>
#include <limits>
#include <span>
#include <vector>

namespace perfmail {

/// The outcome of a two-sample test.
struct test_result {
  double statistic = std::numeric_limits<double>::quiet_NaN();  ///< NaN when no test could be made
  double p_value = 1;                                           ///< two-sided, always in [0, 1]

  /// False when the input was too small for the test (the statistic is NaN and the p-value 1).
  [[nodiscard]] bool tested() const noexcept { return !std::isnan(statistic); }
};

/// Mann-Whitney U uses its exact null distribution when there are no ties and n1 * n2 is at most this:
/// every pair of sizes up to 50 x 50, and small samples against large ones (5 against 500). The cost
/// is about (n1 * n2)^2 / 4 additions, 1.6 million at the limit.
inline constexpr std::size_t mann_whitney_exact_limit = 2500;

/// With ties, Mann-Whitney U uses the exact permutation distribution of U given the observed tie groups
/// when n1 * n2 is at most this: every pair of sizes up to 25 x 25, and few runs against many (5 against
/// 125). Its cost is about 2 (n1 + n2) min(n1, n2) n1 n2 additions (twice U is counted), 1.6 million at
/// 25 x 25.
inline constexpr std::size_t mann_whitney_tied_exact_limit = 625;

namespace detail {

/// Null distribution of the Mann-Whitney U statistic for samples of sizes m and n without ties:
/// element u is P(U = u), u = 0 .. m * n.
///
/// The largest of the m + n pooled values belongs to the first sample with probability m / (m + n); it
/// then beats all n values of the second sample. So P(m, n, u) = m/(m+n) P(m-1, n, u-n) +
/// n/(m+n) P(m, n-1, u). Every term is a non-negative probability, so both tails keep their full
/// relative precision, even at 1 / C(100, 50) ~ 1e-29 (integer counts would overflow 64 bits there).
[[nodiscard]] std::vector<double> mann_whitney_u_null_pmf(std::size_t m, std::size_t n);

/// Null distribution of twice the Mann-Whitney U statistic of a first sample of size m, given the sizes
/// of the pooled samples' tie groups in ascending order of value (they sum to m + n): element k is
/// P(2 U = k), k = 0 .. 2 m n, over the C(m + n, m) equally likely ways of drawing the first sample.
/// Tied values share their mid-rank, so U is a multiple of 1/2. The counts are exact integers in a
/// double for every size within mann_whitney_tied_exact_limit (C(50, 25) < 2^53).
[[nodiscard]] std::vector<double> mann_whitney_u_tied_null_pmf(std::span<const std::size_t> tie_groups, std::size_t m);

}  // namespace detail

/// Two-sided Mann-Whitney U test (Wilcoxon rank-sum test) of `a` against `b`.
///
/// `statistic` is U of the first sample, U1 = R1 - n1 (n1 + 1) / 2 with R1 the rank sum of `a` in the
/// pooled data (ties get their average rank): the number of pairs in which the value of `a` is larger,
/// a tie counting one half. U1 + U2 = n1 * n2.
///
/// The p-value is exact when there are no ties and n1 * n2 <= mann_whitney_exact_limit, or with ties and
/// n1 * n2 <= mann_whitney_tied_exact_limit (the permutation distribution given the observed ties):
/// p = min(1, 2 * min(P(U <= U1), P(U >= U1))) over the exact null distribution. Otherwise it comes
/// from the normal approximation with tie correction and continuity correction:
/// z = (|U1 - n1 n2 / 2| - 0.5) / sigma, sigma^2 = n1 n2 / 12 * ((N + 1) - sum(t^3 - t) / (N (N - 1))),
/// p = min(1, 2 * (1 - Phi(z))). (SciPy's mannwhitneyu computes the same with method='exact' or
/// method='asymptotic'; its method='auto' picks 'exact' only when a sample has at most 8 values.)
///
/// Degenerate cases: an empty sample gives `{NaN, 1}`; if every pooled value is the same, U1 is
/// n1 n2 / 2 and p = 1. Throws usage_error if a value is NaN or infinite.
///
/// **Example**: `mann_whitney_u({{1, 2, 3}}, {{4, 5, 6}})` is `{0, 0.1}` (exact: 2 / C(6, 3)).
[[nodiscard]] test_result mann_whitney_u(std::span<const double> a, std::span<const double> b);

/// The smallest two-sided p-value Mann-Whitney U can give samples of sizes n1 and n2 without ties (all
/// of one sample above the other): 2 / C(n1 + n2, n1) where the exact distribution applies, else from
/// the normal approximation. Ties only make it larger. 1 when a size is 0.
/// **Example**: `mann_whitney_smallest_p(3, 3)` is 0.1, so 3 runs a side can never be significant at 0.05.
[[nodiscard]] double mann_whitney_smallest_p(std::size_t n1, std::size_t n2);

/// The fewest runs per side (equal sizes) with which Mann-Whitney U can reach `alpha`: 4 for 0.05, 5 for
/// 0.01. Throws usage_error unless 0 < alpha < 1.
[[nodiscard]] std::size_t mann_whitney_runs_needed(double alpha);

/// Two-sided Welch's t-test (unequal variances) of `a` against `b`.
///
/// `statistic` is t = (mean(a) - mean(b)) / sqrt(s_a^2 / n1 + s_b^2 / n2), with s^2 the sample
/// variance (divided by n - 1); the p-value comes from Student's t with the Welch-Satterthwaite degrees
/// of freedom df = (s_a^2/n1 + s_b^2/n2)^2 / ((s_a^2/n1)^2 / (n1 - 1) + (s_b^2/n2)^2 / (n2 - 1)).
/// The samples are first scaled by a common power of two (t is scale-free), so values near 1e308 do
/// not overflow the variances. Same as SciPy's ttest_ind(a, b, equal_var=False).
///
/// Degenerate cases: fewer than two values on either side gives `{NaN, 1}` (no variance estimate).
/// When neither sample varies, equal means give `{0, 1}` and different means `{+-inf, 0}` (SciPy
/// returns NaN for the first). Throws usage_error if a value is NaN or infinite.
[[nodiscard]] test_result welch_t_test(std::span<const double> a, std::span<const double> b);

}  // namespace perfmail
