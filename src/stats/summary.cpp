// Summary statistics with the robot's arithmetic (include/perfmail/stats/summary.hpp).

#include "perfmail/stats/summary.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <tuple>
#include <utility>
#include <vector>

namespace perfmail {

double robot_sum(std::span<const double> xs, sum_start start) {
  if (start == sum_start::compensated) {
    // Kahan-Babuska: each addition's rounding error is kept in `c`, from whichever operand is larger,
    // and added back at the end. Integer samples add exactly, as Ruby's integer prefix does.
    double f = 0;
    double c = 0;
    for (double x : xs) {
      const double t = f + x;
      c += std::fabs(f) >= std::fabs(x) ? (f - t) + x : (x - t) + f;
      f = t;
    }
    return f + c;
  }
  double total = 0;
  for (double x : xs) total += x;
  // 0.0 + x == x for every x but -0.0, so the two starts differ only for all-negative-zero input.
  if (start == sum_start::first_sample && !xs.empty() && total == 0 &&
      std::all_of(xs.begin(), xs.end(), [](double x) { return x == 0 && std::signbit(x); }))
    total = -0.0;
  return total;
}

namespace summary_detail {
namespace {

/// A power of two by which `n` values of magnitude at most DBL_MAX can be scaled down so that their sum
/// cannot overflow: 2^(bits of n).
int headroom_exponent(std::size_t n) {
  int bits = 1;
  while (n >>= 1) ++bits;
  return bits;
}

}  // namespace

double scaled_mean(std::span<const double> xs) {
  const int k = headroom_exponent(xs.size());
  double total = 0;
  for (double x : xs) total += std::scalbn(x, -k);
  return std::scalbn(total / static_cast<double>(xs.size()), k);
}

namespace {

/// The population standard deviation with every deviation scaled by 2^-k, 2^k about the largest
/// deviation, for samples whose squared deviations overflow or underflow. Large samples are scaled before
/// they are subtracted (their difference may overflow; samples small enough to lose bits to the scaling
/// cannot matter beside them); small ones after (the difference of small doubles is exact, and scaling
/// it up loses nothing).
double scaled_stddev(std::span<const double> xs, double mean) {
  double largest_sample = std::fabs(mean);
  for (double x : xs) largest_sample = std::max(largest_sample, std::fabs(x));
  // Samples that are not finite have no true spread to recover (the loaders refuse them; a library
  // caller's get the robot's arithmetic, which the printers then refuse).
  if (!std::isfinite(largest_sample)) {
    double squares = 0;
    for (double x : xs) squares += (x - mean) * (x - mean);
    return std::sqrt(squares * (1.0 / static_cast<double>(xs.size())));
  }
  const bool large = largest_sample > 0x1p1000;
  int k = 0;
  if (large) {
    k = std::ilogb(largest_sample) + 1;
  } else {
    double largest_deviation = 0;
    for (double x : xs) largest_deviation = std::max(largest_deviation, std::fabs(x - mean));
    if (largest_deviation == 0) return 0;
    k = std::ilogb(largest_deviation);
  }
  double squares = 0;
  for (double x : xs) {
    const double d = large ? std::scalbn(x, -k) - std::scalbn(mean, -k) : std::scalbn(x - mean, -k);
    squares += d * d;
  }
  return std::scalbn(std::sqrt(squares * (1.0 / static_cast<double>(xs.size()))), k);
}

/// (a + b) / 2, or from the halves where the sum overflows: the median of two samples near 1e308 is a
/// double although their sum is not.
double midpoint(double a, double b) {
  const double m = (a + b) / 2;
  return std::isfinite(m) ? m : a / 2 + b / 2;
}

/// Below this sum of squared deviations, the robot's arithmetic may have lost deviations to underflow
/// (squares of samples near 1e-160 and below are subnormal or zero).
constexpr double smallest_exact_squares = 0x1p-900;

}  // namespace
}  // namespace summary_detail

double robot_stddev(std::span<const double> xs, double mean) {
  if (xs.empty()) return 0;
  double squares = 0;
  for (double x : xs) squares += (x - mean) * (x - mean);
  if (std::isfinite(squares) && squares >= summary_detail::smallest_exact_squares)
    return std::sqrt(squares * (1.0 / static_cast<double>(xs.size())));
  const auto [low, high] = std::minmax_element(xs.begin(), xs.end());
  if (*low == *high) return 0;  // no spread at all
  return summary_detail::scaled_stddev(xs, mean);
}

namespace summary_detail {
namespace {
/// The robot's sum, mean and stddev of `xs` (not empty), in run order, into `s`.
void add_moments(summary& s, std::span<const double> xs, sum_start start) {
  s.sum = robot_sum(xs, start);
  s.mean = s.sum / static_cast<double>(s.n);
  // The sum of large samples can overflow although their mean cannot.
  if (!std::isfinite(s.mean)) s.mean = scaled_mean(xs);
  s.stddev = robot_stddev(xs, s.mean);
}

/// Everything but the medians, all in run order: count and extremes, the robot's sum, mean and stddev.
summary moments(std::span<const double> xs, sum_start start) {
  summary s;
  if (xs.empty()) return s;
  s.n = xs.size();
  const auto [low, high] = std::minmax_element(xs.begin(), xs.end());
  s.min = *low;
  s.max = *high;
  add_moments(s, xs, start);
  return s;
}
}  // namespace
}  // namespace summary_detail

namespace {
/// The median and the upper median of non-empty `xs`.
std::pair<double, double> medians_of(std::span<const double> xs) {
  const std::size_t n = xs.size();
  if (n == 0) return {0, 0};
  // The medians need only a partial order; the robot's run counts fit a buffer on the stack.
  constexpr std::size_t on_stack = 64;
  std::array<double, on_stack> small;
  std::vector<double> large;
  std::span<double> order;
  if (n <= on_stack) {
    std::copy(xs.begin(), xs.end(), small.begin());
    order = std::span<double>{small.data(), n};
  } else {
    large.assign(xs.begin(), xs.end());
    order = large;
  }
  const auto middle = order.begin() + static_cast<std::ptrdiff_t>(n / 2);
  std::nth_element(order.begin(), middle, order.end());
  const double upper = *middle;
  // With an even count the lower middle is the largest value below the upper one.
  return {n % 2 == 1 ? upper : summary_detail::midpoint(*std::max_element(order.begin(), middle), upper), upper};
}
}  // namespace

summary summarize(std::span<const double> xs, sum_start start) {
  summary s = summary_detail::moments(xs, start);
  if (s.empty()) return s;
  std::tie(s.median, s.upper_median) = medians_of(xs);
  return s;
}

double median_of(std::span<const double> xs) { return xs.empty() ? 0.0 : medians_of(xs).first; }

summary summarize_sorted(std::span<const double> xs, std::span<const double> sorted,
                                              sum_start start) {
  summary s;
  if (xs.empty()) return s;
  s.n = xs.size();
  s.min = sorted.front();
  s.max = sorted.back();
  summary_detail::add_moments(s, xs, start);
  s.upper_median = sorted[s.n / 2];
  s.median = s.n % 2 == 1 ? s.upper_median : summary_detail::midpoint(sorted[s.n / 2 - 1], s.upper_median);
  return s;
}

std::optional<double> stddev_percent(const summary& s) {
  if (s.mean == 0) return s.stddev == 0 ? std::optional<double>{0.0} : std::nullopt;
  const double p = 100 * s.stddev / s.mean;
  return std::isfinite(p) ? p : s.stddev / s.mean * 100;
}

}  // namespace perfmail
