#pragma once
// Summary statistics of one series, computed the way the robot's Ruby computes them, so that the last
// printed digit of a table matches: a plain left-to-right sum divided by n, and a population standard
// deviation sqrt(S * (1.0 / n)) with S the left-to-right sum of squared deviations. Counts and extremes
// come from Boost.Accumulators; its incremental variance would differ in the last bits, so it is not used.

#include <boost/accumulators/accumulators.hpp>
#include <boost/accumulators/statistics/count.hpp>
#include <boost/accumulators/statistics/max.hpp>
#include <boost/accumulators/statistics/min.hpp>
#include <boost/accumulators/statistics/stats.hpp>
#include <boost/accumulators/statistics/sum.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <span>
#include <vector>

namespace perfmail {

/// How the mean's sum starts. The classic table sums from the first sample, the modern one from 0;
/// the two differ only when every sample is -0.0 (`-0.00` against `0.00`).
enum class sum_start : bool { zero, first_sample };

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

/// The robot's mean: a plain left-to-right sum / n (no compensated summation).
[[nodiscard]] inline double robot_sum(std::span<const double> xs, sum_start start = sum_start::zero) {
  namespace acc = boost::accumulators;
  acc::accumulator_set<double, acc::stats<acc::tag::sum>> sum;
  for (double x : xs) sum(x);
  double total = acc::sum(sum);
  // 0.0 + x == x for every x but -0.0, so the two starts differ only for all-negative-zero input.
  if (start == sum_start::first_sample && !xs.empty() && total == 0 &&
      std::all_of(xs.begin(), xs.end(), [](double x) { return x == 0 && std::signbit(x); }))
    total = -0.0;
  return total;
}

/// Population standard deviation exactly as the robot computes it: sqrt(S * (1.0 / n)).
[[nodiscard]] inline double robot_stddev(std::span<const double> xs, double mean) {
  if (xs.empty()) return 0;
  double squares = 0;
  for (double x : xs) squares += (x - mean) * (x - mean);
  return std::sqrt(squares * (1.0 / static_cast<double>(xs.size())));
}

namespace summary_detail {
/// Everything but the medians, all in run order: count and extremes, the robot's sum, mean and stddev.
[[nodiscard]] inline summary moments(std::span<const double> xs, sum_start start) {
  namespace acc = boost::accumulators;
  summary s;
  if (xs.empty()) return s;
  acc::accumulator_set<double, acc::stats<acc::tag::count, acc::tag::min, acc::tag::max>> extremes;
  for (double x : xs) extremes(x);
  s.n = acc::count(extremes);
  s.min = acc::min(extremes);
  s.max = acc::max(extremes);
  s.sum = robot_sum(xs, start);
  s.mean = s.sum / static_cast<double>(s.n);
  s.stddev = robot_stddev(xs, s.mean);
  return s;
}
}  // namespace summary_detail

/// Summarises `xs` (every value must be finite; the loaders refuse anything else).
[[nodiscard]] inline summary summarize(std::span<const double> xs, sum_start start = sum_start::zero) {
  summary s = summary_detail::moments(xs, start);
  if (s.empty()) return s;
  // The medians need only a partial order; the robot's run counts fit a buffer on the stack.
  constexpr std::size_t on_stack = 64;
  std::array<double, on_stack> small;
  std::vector<double> large;
  std::span<double> order;
  if (s.n <= on_stack) {
    std::copy(xs.begin(), xs.end(), small.begin());
    order = std::span<double>{small.data(), s.n};
  } else {
    large.assign(xs.begin(), xs.end());
    order = large;
  }
  const auto middle = order.begin() + static_cast<std::ptrdiff_t>(s.n / 2);
  std::nth_element(order.begin(), middle, order.end());
  s.upper_median = *middle;
  // With an even count the lower middle is the largest value below the upper one.
  s.median = s.n % 2 == 1 ? s.upper_median : (*std::max_element(order.begin(), middle) + s.upper_median) / 2;
  return s;
}

/// The same summary from `xs` and a sorted copy of it, for callers that sorted the samples anyway: the
/// medians are read off the sorted copy, the sums are taken in run order as the robot takes them.
[[nodiscard]] inline summary summarize_sorted(std::span<const double> xs, std::span<const double> sorted,
                                              sum_start start = sum_start::zero) {
  summary s = summary_detail::moments(xs, start);
  if (s.empty()) return s;
  s.upper_median = sorted[s.n / 2];
  s.median = s.n % 2 == 1 ? s.upper_median : (sorted[s.n / 2 - 1] + s.upper_median) / 2;
  return s;
}

/// 100 * stddev / mean, untruncated; tables truncate it toward zero. Infinite for a zero mean with spread.
[[nodiscard]] inline double stddev_percent(const summary& s) {
  if (s.mean == 0) return s.stddev == 0 ? 0 : std::numeric_limits<double>::infinity();
  return 100 * s.stddev / s.mean;
}

}  // namespace perfmail
