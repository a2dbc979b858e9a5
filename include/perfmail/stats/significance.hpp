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

namespace detail {

/// Null distribution of the Mann-Whitney U statistic for samples of sizes m and n without ties:
/// element u is P(U = u), u = 0 .. m * n.
///
/// The largest of the m + n pooled values belongs to the first sample with probability m / (m + n); it
/// then beats all n values of the second sample. So P(m, n, u) = m/(m+n) P(m-1, n, u-n) +
/// n/(m+n) P(m, n-1, u). Every term is a non-negative probability, so both tails keep their full
/// relative precision, even at 1 / C(100, 50) ~ 1e-29 (integer counts would overflow 64 bits there).
[[nodiscard]] std::vector<double> mann_whitney_u_null_pmf(std::size_t m, std::size_t n);

}  // namespace detail

/// Two-sided Mann-Whitney U test (Wilcoxon rank-sum test) of `a` against `b`.
///
/// `statistic` is U of the first sample, U1 = R1 - n1 (n1 + 1) / 2 with R1 the rank sum of `a` in the
/// pooled data (ties get their average rank): the number of pairs in which the value of `a` is larger,
/// a tie counting one half. U1 + U2 = n1 * n2.
///
/// The p-value is exact when there are no ties and n1 * n2 <= mann_whitney_exact_limit:
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
