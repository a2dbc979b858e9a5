#pragma once
// Summary statistics of one series, computed the way the robot's Ruby computes them, so that the last
// printed digit of a table matches: a plain left-to-right sum divided by n, and a population standard
// deviation sqrt(S * (1.0 / n)) with S the left-to-right sum of squared deviations. Boost.Accumulators'
// incremental variance differs in the last bits, so it is not used here. Where the robot's arithmetic
// overflows or underflows for finite samples, the mean and the spread are computed with scaling instead,
// so they stay finite and true (docs/RELIABILITY.md, "Numbers beyond the ordinary range"). Compiled in
// src/stats/summary.cpp.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

namespace perfmail {

/// How the mean's sum is taken. The classic table sums from the first sample, the modern one from 0
/// (the two differ only when every sample is -0.0: `-0.00` against `0.00`); the current one as Ruby's
/// Array#sum of today does, compensated (Kahan-Babuska), which lkp-tests' `average` calls since Ruby 2.4.
enum class sum_start : std::uint8_t { zero, first_sample, compensated };

struct summary {
  std::size_t n = 0;
  double mean = 0;
  double stddev = 0;  ///< population standard deviation (divides by n)
  double min = 0;
  double max = 0;
  double median = 0;        ///< mean of the two middle samples when n is even
  double upper_median = 0;  ///< sorted[n / 2], the robot's "mean" in change detection
  double sum = 0;

  [[nodiscard]] bool empty() const noexcept { return n == 0; }
  bool operator==(const summary&) const = default;
};

/// The robot's mean: a plain left-to-right sum / n (no compensated summation) in its 2017 and 2018
/// tables, a compensated one in today's (sum_start::compensated). The order of the additions is the
/// point: the two print a different last digit for some samples. Boost's `sum`
/// accumulator adds in the same order from `Sample()`, i.e. 0.0, which is what this loop does without
/// the 1,500 headers Boost.Accumulators costs every includer.
[[nodiscard]] double robot_sum(std::span<const double> xs, sum_start start = sum_start::zero);

/// Population standard deviation exactly as the robot computes it: sqrt(S * (1.0 / n)), S the
/// left-to-right sum of squared deviations. Where that arithmetic fails the samples (squares beyond a
/// double's range, from deviations above about 1e154; or squares lost to underflow, from samples near
/// the smallest doubles), the deviations are scaled by a power of two first, so the result is the true
/// spread, finite for finite samples; elsewhere it is the robot's, bit for bit.
[[nodiscard]] double robot_stddev(std::span<const double> xs, double mean);

/// Summarises `xs` (every value must be finite; the loaders refuse anything else).
[[nodiscard]] summary summarize(std::span<const double> xs, sum_start start = sum_start::zero);

/// The median of `xs` as summarize() gives it (0 for no sample), without the rest of the summary.
[[nodiscard]] double median_of(std::span<const double> xs);

/// The same summary from `xs` and a sorted copy of it, for callers that sorted the samples anyway: the
/// extremes and medians are read off the sorted copy, the sums are taken in run order as the robot takes
/// them. `sorted` must keep equal samples in run order (sorted_copy does), so that its first element is
/// the first smallest sample and its last the last largest, as std::minmax_element picks them (the
/// choice shows only between -0.0 and 0.0).
[[nodiscard]] summary summarize_sorted(std::span<const double> xs, std::span<const double> sorted,
                                       sum_start start = sum_start::zero);

/// 100 * stddev / mean, untruncated (tables truncate it toward zero); nullopt for a zero mean with spread,
/// where no percentage exists. Computed from the quotient when the product overflows.
[[nodiscard]] std::optional<double> stddev_percent(const summary& s);

namespace summary_detail {
/// The mean of finite samples whose plain sum overflows: summed scaled down by a power of two (exact for
/// all but subnormal samples, which cannot matter beside samples this large), then scaled back. Infinite
/// only when the true mean is not a double, which cannot happen for finite samples.
[[nodiscard]] double scaled_mean(std::span<const double> xs);
}  // namespace summary_detail

}  // namespace perfmail
