// The two significance tests (declared in include/perfmail/stats/significance.hpp). Boost.Math's
// distributions cost an includer about 2 s of compilation; here they are paid once.

#include "perfmail/stats/significance.hpp"

#include "perfmail/error.hpp"
#include "perfmail/stats/simd_clones.hpp"

#include "stats/mann_whitney_sorted.hpp"
#include "stats/moments.hpp"

#include <boost/container/small_vector.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace perfmail {

namespace detail {

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

/// Null distribution of 2 U given the tie groups (sizes in ascending order of value) and the first
/// sample's size m.
///
/// The groups are taken in ascending order. State: how many of the first sample were drawn so far (k)
/// and twice their U so far. Drawing j of a group of t values that follows `before` pooled values adds
/// j * (2 (before - k) + (t - j)) to 2 U: each of the j beats the before - k values of the second sample
/// below it and ties with the t - j of the group that are not drawn. There are C(t, j) such draws. The
/// counts of draws are integers; the result is divided by C(m + n, m).
PERFMAIL_SIMD_CLONES std::vector<double> mann_whitney_u_tied_null_pmf(std::span<const std::size_t> tie_groups,
                                                                        std::size_t m) {
  std::size_t total = 0;
  for (const std::size_t t : tie_groups) total += t;
  if (m > total) throw usage_error("mann_whitney_u_tied_null_pmf: the first sample is larger than the pooled one");
  const std::size_t n = total - m;
  const std::size_t top = 2 * m * n;
  // ways[k][u2]: draws of k values of the first sample with twice their U equal to u2. Row k can only
  // reach u2 <= 2 k n; `low[k]` .. `high[k]` bound what it holds so far (empty while high < low), so
  // that the loops pass over the zeros of the states not reached yet.
  std::vector<std::vector<double>> ways(m + 1);
  for (std::size_t k = 0; k <= m; ++k) ways[k].assign(2 * k * n + 1, 0.0);
  std::vector<std::size_t> low(m + 1, 1), high(m + 1, 0);
  ways[0][0] = 1;
  low[0] = high[0] = 0;
  std::vector<double> choose;  // C(t, j), j = 0 .. t
  std::size_t before = 0;
  for (const std::size_t t : tie_groups) {
    choose.assign(t + 1, 1.0);
    for (std::size_t j = 1; j <= t; ++j) choose[j] = choose[j - 1] * static_cast<double>(t - j + 1) / static_cast<double>(j);
    // From the largest k down: ways[k] is read (and, where it cannot stay as it is, cleared) before the
    // smaller k that feed it write the new group's draws into it.
    const std::size_t k_reached = std::min(before, m);
    for (std::size_t k = k_reached + 1; k-- > 0;) {
      if (before - k > n || high[k] < low[k]) continue;  // not reached: all zero
      const std::size_t below = before - k;  // second-sample values before this group
      const std::size_t room = n - below;    // second-sample values still to come
      const std::size_t fewest = t > room ? t - room : 0;  // the group cannot hold more than `room` of them
      const std::size_t most = std::min(t, m - k);
      const std::vector<double>& from = ways[k];
      for (std::size_t j = most; j >= std::max<std::size_t>(fewest, 1); --j) {
        const std::size_t added = j * (2 * below + (t - j));
        std::vector<double>& to = ways[k + j];
        // Without a test for zeros, so that the loop vectorises: adding 0 * C(t, j) leaves a count as it is.
        const double weight = choose[j];
        const double* source = from.data() + low[k];
        double* target = to.data() + low[k] + added;
        const std::size_t span = high[k] - low[k] + 1;
        for (std::size_t i = 0; i < span; ++i) target[i] += weight * source[i];
        low[k + j] = std::min(low[k + j], low[k] + added);
        high[k + j] = high[k + j] < low[k + j] ? high[k] + added : std::max(high[k + j], high[k] + added);
      }
      // j = 0 keeps ways[k] as it is, where the group can be all of the second sample.
      if (fewest > 0) {
        std::fill(ways[k].begin() + static_cast<std::ptrdiff_t>(low[k]), ways[k].begin() + static_cast<std::ptrdiff_t>(high[k]) + 1, 0.0);
        low[k] = 1;
        high[k] = 0;
      }
    }
    before += t;
  }
  std::vector<double> pmf = std::move(ways[m]);
  pmf.resize(top + 1, 0.0);
  double draws = 1;  // C(m + n, m), exact while it is below 2^53
  for (std::size_t i = 1; i <= m; ++i) draws = draws * static_cast<double>(n + i) / static_cast<double>(i);
  for (double& p : pmf) p /= draws;
  return pmf;
}

namespace {

/// Ranks of two pooled samples: the first sample's rank sum (ties get their average rank), the tie
/// term sum(t^3 - t) over groups of t equal values, and whether every value is the same.
struct pooled_ranks {
  double rank_sum_first = 0;
  double tie_term = 0;
  bool any_tie = false;
  bool all_equal = false;
  /// Sizes of the groups of equal values, in ascending order (in place up to 64 groups: a metric's runs);
  /// left empty where no value repeats.
  boost::container::small_vector<std::size_t, 64> tie_groups;
};

/// Up to this many pairs, samples without ties are ranked by counting the pairs, not by a merge.
constexpr std::size_t counted_pairs_limit = 1024;

/// The pairs (x in a, y in b) with y < x, and with y == x, counted without a branch on the values.
struct pair_counts {
  std::size_t wins = 0;
  std::size_t ties = 0;
};

PERFMAIL_SIMD_CLONES pair_counts count_pairs(std::span<const double> a, std::span<const double> b) {
  pair_counts counts;
  for (const double x : a)
    for (const double y : b) {
      counts.wins += y < x ? 1 : 0;
      counts.ties += y == x ? 1 : 0;
    }
  return counts;
}

/// The ranks of two samples, each sorted ascending and neither empty. Where no value repeats (most
/// metrics of a comparison), the first sample's rank sum is its own ranks plus the pairs it wins, counted
/// without branches; a merge of the two, whose branches follow the noise, ranks the others.
pooled_ranks rank_sorted(std::span<const double> a, std::span<const double> b) {
  pooled_ranks r;
  const auto repeats = [](std::span<const double> xs) { return std::adjacent_find(xs.begin(), xs.end()) != xs.end(); };
  if (a.size() * b.size() <= counted_pairs_limit && !repeats(a) && !repeats(b)) {
    if (const pair_counts counts = count_pairs(a, b); counts.ties == 0) {
      // Integers below 2^53, so exact: the merge's sum of the same ranks.
      const auto n1 = static_cast<double>(a.size());
      r.rank_sum_first = static_cast<double>(counts.wins) + n1 * (n1 + 1) / 2;
      return r;
    }
  }
  std::size_t i = 0;
  std::size_t j = 0;
  std::size_t begin = 0;  // pooled values ranked so far
  while (i < a.size() || j < b.size()) {
    const double value = j == b.size() || (i < a.size() && a[i] < b[j]) ? a[i] : b[j];
    std::size_t from_first = 0;
    std::size_t from_second = 0;
    for (; i < a.size() && a[i] == value; ++i) ++from_first;
    for (; j < b.size() && b[j] == value; ++j) ++from_second;
    const std::size_t end = begin + from_first + from_second;
    const double average_rank = static_cast<double>(begin + 1 + end) / 2;  // ranks begin+1 .. end
    r.rank_sum_first += static_cast<double>(from_first) * average_rank;
    r.tie_groups.push_back(end - begin);
    if (end - begin > 1) {
      const auto t = static_cast<double>(end - begin);
      r.any_tie = true;
      r.tie_term += t * t * t - t;
    }
    begin = end;
  }
  r.all_equal = std::min(a.front(), b.front()) == std::max(a.back(), b.back());
  return r;
}

/// A null distribution's two-sided p-value at each u (U, or twice U with ties): twice the smaller tail,
/// at most 1, the lower tail P(U <= u) added from the smallest u up, the upper P(U >= u) from the largest
/// down. Kept for a distribution, they make a metric's p-value a lookup instead of m n additions, and as
/// the additions and their order are the same, the same double. One vector, not the two tails: the
/// distributions kept for a comparison (tied_null_p_values_kept) fit their bound in half the memory.
using null_p_values = std::vector<double>;

null_p_values p_values_of(const std::vector<double>& pmf) {
  null_p_values out(pmf.size());  // the lower tails first
  double sum = 0;
  for (std::size_t k = 0; k < pmf.size(); ++k) out[k] = sum += pmf[k];
  sum = 0;
  for (std::size_t k = pmf.size(); k-- > 0;) {
    const double upper = sum += pmf[k];
    out[k] = std::min(1.0, 2 * std::min(out[k], upper));
  }
  return out;
}

/// A tied null distribution's key: the drawn sample's size and the tie groups; looked up by a view of them.
using tie_key = std::pair<std::size_t, std::vector<std::size_t>>;
using tie_lookup = std::pair<std::size_t, std::span<const std::size_t>>;

struct tie_key_less {
  using is_transparent = void;
  static tie_lookup view(const tie_key& k) { return {k.first, k.second}; }
  static tie_lookup view(const tie_lookup& l) { return l; }
  template <class A, class B>
  bool operator()(const A& a, const B& b) const {
    const tie_lookup x = view(a);
    const tie_lookup y = view(b);
    if (x.first != y.first) return x.first < y.first;
    return std::lexicographical_compare(x.second.begin(), x.second.end(), y.second.begin(), y.second.end());
  }
};

/// The p-values of the tied null distributions met so far in this thread, by the tie groups and the size of
/// the drawn sample: the metrics of one comparison often share a tie structure (on the 10,000-metric work
/// unit, 2,250 metrics have ties in 996 structures), and the distribution depends on nothing else. At
/// most about 8 MB of them are kept; past that the store starts again.
const null_p_values& tied_null_p_values_kept(std::span<const std::size_t> tie_groups, std::size_t m) {
  // A structure is looked up as it is, without a copy; only a new one is copied into its key.
  thread_local std::map<tie_key, null_p_values, tie_key_less> kept;
  thread_local std::size_t kept_values = 0;
  constexpr std::size_t most_values = std::size_t{1} << 20;
  if (const auto found = kept.find(tie_lookup{m, tie_groups}); found != kept.end()) return found->second;
  null_p_values p = p_values_of(detail::mann_whitney_u_tied_null_pmf(tie_groups, m));
  const std::size_t values = p.size();
  if (kept_values + values > most_values) {
    kept.clear();
    kept_values = 0;
  }
  kept_values += values;
  tie_key wanted{m, std::vector<std::size_t>(tie_groups.begin(), tie_groups.end())};
  return kept.emplace(std::move(wanted), std::move(p)).first->second;
}

/// mann_whitney_u on two finite samples, each sorted ascending.
test_result mann_whitney_u_checked_sorted(std::span<const double> a, std::span<const double> b) {
  if (a.empty() || b.empty()) return {};

  const auto n1 = static_cast<double>(a.size());
  const auto n2 = static_cast<double>(b.size());
  const pooled_ranks ranks = rank_sorted(a, b);
  const double u1 = ranks.rank_sum_first - n1 * (n1 + 1) / 2;
  const double mean_u = n1 * n2 / 2;
  if (ranks.all_equal) return {u1, 1.0};

  if (!ranks.any_tie && a.size() <= mann_whitney_exact_limit / b.size()) {
    // A comparison tests metric after metric with the same run counts: the p-values of the last sizes are
    // kept (they depend on nothing else).
    thread_local std::size_t kept_m = 0, kept_n = 0;
    thread_local null_p_values kept;
    if (kept.empty() || kept_m != a.size() || kept_n != b.size()) {
      kept = p_values_of(detail::mann_whitney_u_null_pmf(a.size(), b.size()));
      kept_m = a.size();
      kept_n = b.size();
    }
    return {u1, kept[static_cast<std::size_t>(u1)]};  // U is an integer without ties
  }
  if (ranks.any_tie && a.size() <= mann_whitney_tied_exact_limit / b.size()) {
    // The smaller sample is drawn (fewer states); its U is n1 n2 - U1 when it is b.
    const bool a_smaller = a.size() <= b.size();
    const null_p_values& p =
        tied_null_p_values_kept({ranks.tie_groups.data(), ranks.tie_groups.size()}, a_smaller ? a.size() : b.size());
    const double u_drawn = a_smaller ? u1 : n1 * n2 - u1;
    return {u1, p[static_cast<std::size_t>(std::llround(2 * u_drawn))]};  // U: a multiple of 1/2
  }

  const double n = n1 + n2;
  const double variance = n1 * n2 / 12 * ((n + 1) - ranks.tie_term / (n * (n - 1)));
  const double distance = std::abs(u1 - mean_u) - 0.5;  // continuity correction
  if (!(variance > 0) || distance <= 0) return {u1, 1.0};
  const double z = distance / std::sqrt(variance);
  const double upper_tail = boost::math::cdf(boost::math::complement(boost::math::normal_distribution<double>{}, z));
  return {u1, std::min(1.0, 2 * upper_tail)};
}

}  // namespace

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
test_result mann_whitney_u(std::span<const double> a, std::span<const double> b) {
  detail::require_finite(a, "mann_whitney_u");
  detail::require_finite(b, "mann_whitney_u");
  std::vector<double> a_sorted(a.begin(), a.end());
  std::vector<double> b_sorted(b.begin(), b.end());
  std::sort(a_sorted.begin(), a_sorted.end());
  std::sort(b_sorted.begin(), b_sorted.end());
  return detail::mann_whitney_u_checked_sorted(a_sorted, b_sorted);
}

test_result detail::mann_whitney_u_sorted(std::span<const double> a, std::span<const double> b) {
  detail::require_finite(a, "mann_whitney_u");
  detail::require_finite(b, "mann_whitney_u");
  return mann_whitney_u_checked_sorted(a, b);
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
  detail::require_finite(a, "welch_t_test");
  detail::require_finite(b, "welch_t_test");
  if (a.size() < 2 || b.size() < 2) return {};

  // t is scale-free: the moments of the samples scaled by one power of two give the unscaled result.
  const int exponent = detail::common_exponent({a, b});
  const detail::sample_moments x = detail::moments_scaled(a, exponent);
  const detail::sample_moments y = detail::moments_scaled(b, exponent);

  const double difference = x.mean - y.mean;
  const double squared_error = x.variance / x.n + y.variance / y.n;
  if (!(squared_error > 0)) {
    if (difference == 0) return {0.0, 1.0};
    return {std::copysign(std::numeric_limits<double>::infinity(), difference), 0.0};
  }
  const double t = difference / std::sqrt(squared_error);
  if (!std::isfinite(t)) return {t, 0.0};

  const double df = detail::welch_degrees_of_freedom(x, y);
  const double upper_tail =
      boost::math::cdf(boost::math::complement(boost::math::students_t_distribution<double>{df}, std::abs(t)));
  return {t, std::min(1.0, 2 * upper_tail)};
}

double mann_whitney_smallest_p(std::size_t n1, std::size_t n2) {
  if (n1 == 0 || n2 == 0) return 1;
  if (n1 <= mann_whitney_exact_limit / n2) {
    // 2 / C(n1 + n2, n1), as a product of ratios that stays in range.
    const std::size_t k = std::min(n1, n2);
    const std::size_t total = n1 + n2;
    double p = 2;
    for (std::size_t i = 1; i <= k; ++i) p *= static_cast<double>(i) / static_cast<double>(total - k + i);
    return std::min(1.0, p);
  }
  const auto a = static_cast<double>(n1);
  const auto b = static_cast<double>(n2);
  const double sigma = std::sqrt(a * b * (a + b + 1) / 12);
  const double z = (a * b / 2 - 0.5) / sigma;
  return std::min(1.0, 2 * boost::math::cdf(boost::math::complement(boost::math::normal_distribution<double>{}, z)));
}

std::size_t mann_whitney_runs_needed(double alpha) {
  if (!(alpha > 0 && alpha < 1)) throw usage_error("mann_whitney_runs_needed: alpha must lie between 0 and 1");
  std::size_t n = 1;
  while (mann_whitney_smallest_p(n, n) > alpha) ++n;  // 2 / C(2n, n) falls faster than 4^-n n^0.5
  return n;
}

}  // namespace perfmail
