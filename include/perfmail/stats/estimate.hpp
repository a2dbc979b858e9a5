#pragma once
// How much, and how sure: point estimates of a change with their confidence intervals, effect sizes, and
// the median's interval. Every function takes the base first and the compared (head) sample second, and
// estimates head minus base, in the samples' unit. All are two-sided at `confidence` (0.95 by default).
//
// - Hodges-Lehmann shift: the median of the n1 n2 differences head_j - base_i, with the distribution-free
//   interval that goes with the Mann-Whitney U test (Bauer 1972): the k-th smallest and k-th largest
//   difference, k from U's null distribution (exact without ties where mann_whitney_u is exact, else the
//   normal approximation). It assumes only that the two distributions differ by a shift.
// - Welch's interval of the difference of means, from Student's t with the Welch-Satterthwaite degrees
//   of freedom: the interval that goes with welch_t_test.
// - Cliff's delta: P(head > base) - P(head < base), from -1 to 1, the effect size of the U test.
// - Hedges' g: the difference of means in pooled standard deviations, with the exact small-sample
//   correction J(df) = Gamma(df/2) / (sqrt(df/2) Gamma((df-1)/2)).
// - The median's distribution-free interval: order statistics x_(k) and x_(n+1-k), k from the
//   binomial distribution B(n, 1/2).
//
// An interval that the sample sizes cannot give at `confidence` (3 against 3 runs have no 95% shift
// interval, fewer than 6 samples no 95% median interval) is nullopt, never a narrower interval with less
// coverage than it claims. Declarations only: the work, with Boost.Math, is in src/stats/estimate.cpp.

#include <cstddef>
#include <optional>
#include <span>

namespace perfmail {

struct interval {
  double low = 0;
  double high = 0;
  bool operator==(const interval&) const = default;
};

/// A point estimate of head - base with its interval (nullopt where the sizes cannot give one).
struct shift_estimate {
  double estimate = 0;
  std::optional<interval> ci;
  bool operator==(const shift_estimate&) const = default;
};

/// The Hodges-Lehmann shift of `head` against `base` with its distribution-free interval. Throws
/// usage_error for an empty sample or a value that is not finite, value_error for a difference beyond the
/// range of a double. Any sizes: up to 4096 pairs the differences are held and selected, beyond that the
/// order statistics are selected from the two sorted samples in O((n1 + n2) log(n1 n2)) time and
/// O(n1 + n2) memory (20,000 against 20,000 runs in a few milliseconds); both give the same numbers.
/// **Example**: `hodges_lehmann_shift({{1, 2, 3, 4, 5, 6}}, {{11, 12, 13, 14, 15, 16}})` is
/// `{10, {{7, 13}}}`: k = 6 (P(U <= 5) = 0.0206 is the largest lower tail within 0.025), and the 6th
/// smallest of the 36 differences is 7 (one 5, two 6s, three 7s).
[[nodiscard]] shift_estimate hodges_lehmann_shift(std::span<const double> base, std::span<const double> head,
                                                  double confidence = 0.95);

namespace detail {
/// hodges_lehmann_shift's two ways, public for the tests and benchmarks that hold one against the other:
/// every difference held and selected (n1 n2 doubles of memory), and the selection over the sorted
/// samples that never holds them. Same checks, same order statistics, same numbers.
[[nodiscard]] shift_estimate hodges_lehmann_shift_pairwise(std::span<const double> base, std::span<const double> head,
                                                           double confidence = 0.95);
[[nodiscard]] shift_estimate hodges_lehmann_shift_by_selection(std::span<const double> base,
                                                               std::span<const double> head, double confidence = 0.95);
}  // namespace detail

/// The difference of means head - base with Welch's interval; nullopt for fewer than 2 samples on a side.
/// Two samples without spread give the difference as a zero-width interval.
[[nodiscard]] std::optional<shift_estimate> welch_difference(std::span<const double> base, std::span<const double> head,
                                                             double confidence = 0.95);

/// A change as the ratio head / base: a point estimate and its interval (nullopt where the samples give
/// none at the confidence asked).
struct ratio_estimate {
  double estimate = 1;
  std::optional<interval> ci;
  bool operator==(const ratio_estimate&) const = default;
};

/// The ratio of the means, mean(head) / mean(base), with Fieller's interval: the ratios R for which the
/// Welch t statistic of mean(head) - R mean(base) stays within Student's t quantile, with the Welch-
/// Satterthwaite degrees of freedom of that difference at the estimate. Unlike the difference's interval
/// divided by the base's sample mean, it counts the base mean's own noise, so its coverage of the true
/// ratio holds at what it claims. nullopt with fewer than 2 samples on a side or a zero base mean; no
/// interval (ci nullopt) where the base mean is not clearly away from zero at `confidence` (the set of
/// ratios is then unbounded). Two samples without spread give the estimate as a zero-width interval.
/// **Example**: base {10, 11, 12}, head {20, 22, 24}: the estimate 2, the interval about [1.6245, 2.4623]
/// (4 degrees of freedom).
[[nodiscard]] std::optional<ratio_estimate> fieller_ratio(std::span<const double> base, std::span<const double> head,
                                                          double confidence = 0.95);

/// The Hodges-Lehmann shift of the logarithms, as a ratio: exp of the median of log(head_j) - log(base_i)
/// with exp of hodges_lehmann_shift's interval on the logs. Under a change by a factor (the noise scales
/// with the level, as benchmark noise does) the logs differ by a shift, so its coverage is the shift
/// interval's, distribution-free. nullopt unless every sample is positive; the limits of
/// hodges_lehmann_shift apply.
/// **Example**: base {1, 2, 4}, head {2, 4, 8}: the estimate 2.
[[nodiscard]] std::optional<ratio_estimate> hodges_lehmann_ratio(std::span<const double> base,
                                                                 std::span<const double> head,
                                                                 double confidence = 0.95);

/// Cliff's delta of `head` against `base`: (#(head > base) - #(head < base)) / (n1 n2). 0 for an empty
/// sample.
[[nodiscard]] double cliffs_delta(std::span<const double> base, std::span<const double> head);

/// Cliff's delta from U of `head` (the pairs it wins, a tie counting one half), as mann_whitney_u(head,
/// base) reports it: 2 U / (n_base n_head) - 1.
[[nodiscard]] constexpr double cliffs_delta_of_u(double u_head, std::size_t n_base, std::size_t n_head) {
  return 2 * u_head / (static_cast<double>(n_base) * static_cast<double>(n_head)) - 1;
}

/// Hedges' g of `head` against `base`: (mean(head) - mean(base)) / s_pooled * J(n1 + n2 - 2). nullopt
/// for fewer than 2 samples on a side, or when neither sample varies (g is then 0 for equal means and
/// undefined otherwise: a change without noise has no size in standard deviations).
[[nodiscard]] std::optional<double> hedges_g(std::span<const double> base, std::span<const double> head);

/// The distribution-free interval of the median of `sorted` (ascending): [x_(k), x_(n+1-k)] with the
/// largest k for which P(B <= k - 1) <= (1 - confidence) / 2, B ~ Binomial(n, 1/2). Its coverage is at
/// least `confidence`. nullopt when even [min, max] covers less (n < 6 at 95%).
[[nodiscard]] std::optional<interval> median_interval(std::span<const double> sorted, double confidence = 0.95);

/// The order-statistic index k (1-based) of median_interval for n samples; 0 when there is none.
[[nodiscard]] std::size_t median_interval_rank(std::size_t n, double confidence = 0.95);

}  // namespace perfmail
