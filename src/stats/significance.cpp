// The two significance tests (declared in include/perfmail/stats/significance.hpp). Boost.Math's
// distributions cost an includer about 2 s of compilation; here they are paid once.

#include "perfmail/stats/significance.hpp"

#include "perfmail/error.hpp"

#include <boost/accumulators/accumulators.hpp>
#include <boost/accumulators/statistics/count.hpp>
#include <boost/accumulators/statistics/max.hpp>
#include <boost/accumulators/statistics/mean.hpp>
#include <boost/accumulators/statistics/min.hpp>
#include <boost/accumulators/statistics/stats.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

namespace perfmail {

namespace detail {

namespace {
/// Throws usage_error unless every value is finite.
void require_finite(std::span<const double> xs, std::string_view test) {
  if (!std::all_of(xs.begin(), xs.end(), [](double x) { return std::isfinite(x); }))
    throw usage_error(std::string{test} + ": every sample value must be finite (NaN and infinities are refused)");
}
}  // namespace

/// Null distribution of the Mann-Whitney U statistic for samples of sizes m and n without ties:
/// element u is P(U = u), u = 0 .. m * n.
///
/// The largest of the m + n pooled values belongs to the first sample with probability m / (m + n); it
/// then beats all n values of the second sample. So P(m, n, u) = m/(m+n) P(m-1, n, u-n) +
/// n/(m+n) P(m, n-1, u). Every term is a non-negative probability, so both tails keep their full
/// relative precision, even at 1 / C(100, 50) ~ 1e-29 (integer counts would overflow 64 bits there).
std::vector<double> mann_whitney_u_null_pmf(std::size_t m, std::size_t n) {
  // The distribution for (m, n) equals the one for (n, m). Step the larger size in the outer loop so
  // that only the smaller size's row of distributions is kept: row[j] is the distribution for (i, j).
  const std::size_t large = std::max(m, n);
  const std::size_t small = std::min(m, n);
  std::vector<std::vector<double>> row(small + 1, std::vector<double>{1.0});  // i = 0: U = 0 surely
  for (std::size_t i = 1; i <= large; ++i) {
    // row[0] stays {1}; row[j - 1] already holds (i, j - 1) and row[j] still holds (i - 1, j).
    for (std::size_t j = 1; j <= small; ++j) {
      const double total = static_cast<double>(i + j);
      const double first_is_largest = static_cast<double>(i) / total;
      const double second_is_largest = static_cast<double>(j) / total;
      const std::vector<double>& without_largest_first = row[j];       // (i - 1, j), shifted by j
      const std::vector<double>& without_largest_second = row[j - 1];  // (i, j - 1)
      std::vector<double> next(i * j + 1, 0.0);
      for (std::size_t u = 0; u < without_largest_second.size(); ++u)
        next[u] = second_is_largest * without_largest_second[u];
      for (std::size_t u = 0; u < without_largest_first.size(); ++u)
        next[u + j] += first_is_largest * without_largest_first[u];
      row[j] = std::move(next);
    }
  }
  return std::move(row[small]);
}

namespace {

/// Ranks of two pooled samples: the first sample's rank sum (ties get their average rank), the tie
/// term sum(t^3 - t) over groups of t equal values, and whether every value is the same.
struct pooled_ranks {
  double rank_sum_first = 0;
  double tie_term = 0;
  bool any_tie = false;
  bool all_equal = false;
};

pooled_ranks rank_pooled(std::span<const double> a, std::span<const double> b) {
  std::vector<std::pair<double, bool>> pooled;  // value, from the first sample
  pooled.reserve(a.size() + b.size());
  for (double x : a) pooled.emplace_back(x, true);
  for (double x : b) pooled.emplace_back(x, false);
  std::sort(pooled.begin(), pooled.end(), [](const auto& l, const auto& r) { return l.first < r.first; });

  pooled_ranks r;
  for (std::size_t begin = 0; begin < pooled.size();) {
    std::size_t end = begin + 1;
    while (end < pooled.size() && pooled[end].first == pooled[begin].first) ++end;
    const auto t = static_cast<double>(end - begin);
    const double average_rank = static_cast<double>(begin + 1 + end) / 2;  // ranks begin+1 .. end
    const auto from_first = std::count_if(pooled.begin() + static_cast<std::ptrdiff_t>(begin),
                                          pooled.begin() + static_cast<std::ptrdiff_t>(end),
                                          [](const auto& p) { return p.second; });
    r.rank_sum_first += static_cast<double>(from_first) * average_rank;
    if (end - begin > 1) {
      r.any_tie = true;
      r.tie_term += t * t * t - t;
    }
    begin = end;
  }
  r.all_equal = !pooled.empty() && pooled.front().first == pooled.back().first;
  return r;
}

}  // namespace

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
test_result mann_whitney_u(std::span<const double> a, std::span<const double> b) {
  detail::require_finite(a, "mann_whitney_u");
  detail::require_finite(b, "mann_whitney_u");
  if (a.empty() || b.empty()) return {};

  const auto n1 = static_cast<double>(a.size());
  const auto n2 = static_cast<double>(b.size());
  const auto ranks = detail::rank_pooled(a, b);
  const double u1 = ranks.rank_sum_first - n1 * (n1 + 1) / 2;
  const double mean_u = n1 * n2 / 2;
  if (ranks.all_equal) return {u1, 1.0};

  if (!ranks.any_tie && a.size() <= mann_whitney_exact_limit / b.size()) {
    const auto pmf = detail::mann_whitney_u_null_pmf(a.size(), b.size());
    const auto u = static_cast<std::size_t>(u1);  // an integer without ties
    double lower = 0;
    for (std::size_t k = 0; k <= u; ++k) lower += pmf[k];  // smallest terms first
    double upper = 0;
    for (std::size_t k = pmf.size(); k-- > u;) upper += pmf[k];
    return {u1, std::min(1.0, 2 * std::min(lower, upper))};
  }

  const double n = n1 + n2;
  const double variance = n1 * n2 / 12 * ((n + 1) - ranks.tie_term / (n * (n - 1)));
  const double distance = std::abs(u1 - mean_u) - 0.5;  // continuity correction
  if (!(variance > 0) || distance <= 0) return {u1, 1.0};
  const double z = distance / std::sqrt(variance);
  const double upper_tail = boost::math::cdf(boost::math::complement(boost::math::normal_distribution<double>{}, z));
  return {u1, std::min(1.0, 2 * upper_tail)};
}

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
test_result welch_t_test(std::span<const double> a, std::span<const double> b) {
  namespace acc = boost::accumulators;
  detail::require_finite(a, "welch_t_test");
  detail::require_finite(b, "welch_t_test");
  if (a.size() < 2 || b.size() < 2) return {};

  double largest = 0;
  for (auto xs : {a, b})
    for (double x : xs) largest = std::max(largest, std::abs(x));
  // Multiplying by a power of two is exact (short of subnormals): the result is that of the unscaled data.
  const int exponent = largest > 0 ? std::ilogb(largest) : 0;

  struct moments {
    double n, mean, variance;  // sample variance, n - 1 in the denominator
  };
  const auto moments_of = [exponent](std::span<const double> xs) {
    // Boost's running variance updates the mean at every sample and loses a few digits; the mean here is
    // a plain sum / n, and the variance a second pass over the deviations from it.
    acc::accumulator_set<double, acc::stats<acc::tag::count, acc::tag::mean, acc::tag::min, acc::tag::max>> s;
    for (double x : xs) s(std::scalbn(x, -exponent));
    const auto n = static_cast<double>(acc::count(s));
    if (acc::min(s) == acc::max(s)) return moments{n, acc::min(s), 0.0};  // exactly no spread
    const double mean = acc::mean(s);
    double squares = 0;
    for (double x : xs) {
      const double deviation = std::scalbn(x, -exponent) - mean;
      squares += deviation * deviation;
    }
    return moments{n, mean, squares / (n - 1)};
  };
  const moments x = moments_of(a);
  const moments y = moments_of(b);

  const double difference = x.mean - y.mean;
  const double share_x = x.variance / x.n;
  const double share_y = y.variance / y.n;
  const double squared_error = share_x + share_y;
  if (!(squared_error > 0)) {
    if (difference == 0) return {0.0, 1.0};
    return {std::copysign(std::numeric_limits<double>::infinity(), difference), 0.0};
  }
  const double t = difference / std::sqrt(squared_error);
  if (!std::isfinite(t)) return {t, 0.0};

  // df from each side's share of the squared error, which neither overflows nor underflows.
  const double fx = share_x / squared_error;
  const double fy = share_y / squared_error;
  const double df = 1 / (fx * fx / (x.n - 1) + fy * fy / (y.n - 1));
  const double upper_tail =
      boost::math::cdf(boost::math::complement(boost::math::students_t_distribution<double>{df}, std::abs(t)));
  return {t, std::min(1.0, 2 * upper_tail)};
}

}  // namespace perfmail
