#pragma once
// The moments the t-based statistics share (Welch's test, Welch's interval, Hedges' g), computed on the
// samples scaled by one power of two: multiplying by a power of two is exact (short of subnormals), so
// values near 1e308 do not overflow the variances, and the results scale back exactly. And the one check
// of the samples every test and estimate makes first.

#include "perfmail/error.hpp"
#include "perfmail/stats/summary.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

namespace perfmail::detail {

/// Throws usage_error, naming `what` (the test or estimate), unless every value is finite.
inline void require_finite(std::span<const double> xs, std::string_view what) {
  if (!std::all_of(xs.begin(), xs.end(), [](double x) { return std::isfinite(x); }))
    throw usage_error(std::string{what} + ": every sample value must be finite (NaN and infinities are refused)");
}

/// The exponent that brings the largest magnitude of the samples near 1.
inline int common_exponent(std::initializer_list<std::span<const double>> samples) {
  double largest = 0;
  for (auto xs : samples)
    for (double x : xs) largest = std::max(largest, std::abs(x));
  return largest > 0 ? std::ilogb(largest) : 0;
}

struct sample_moments {
  double n = 0;
  double mean = 0;      ///< of the scaled samples
  double variance = 0;  ///< sample variance (n - 1 in the denominator) of the scaled samples
};

/// The moments of `xs` scaled by 2^-exponent, from the one mean and spread of the project
/// (stats/summary.hpp: the robot's sum / n, a second pass over the deviations, both scaled where they
/// would overflow): the sample variance is the population one times n / (n - 1). Scaling by a power of
/// two is exact, so the moments of the scaled samples are the scaled moments. A sample without spread
/// has a variance of exactly 0.
inline sample_moments moments_scaled(std::span<const double> xs, int exponent) {
  if (xs.empty()) return {};
  const auto n = static_cast<double>(xs.size());
  const auto [low, high] = std::minmax_element(xs.begin(), xs.end());
  if (*low == *high) return {n, std::scalbn(*low, -exponent), 0.0};
  double mean = robot_sum(xs) / n;
  if (!std::isfinite(mean)) mean = summary_detail::scaled_mean(xs);
  const double spread = std::scalbn(robot_stddev(xs, mean), -exponent);
  return {n, std::scalbn(mean, -exponent), n > 1 ? spread * spread * (n / (n - 1)) : 0.0};
}

/// The Welch-Satterthwaite degrees of freedom of a sum of two sides' terms, from each term's variance
/// (`share_x`, `share_y`) and the sides' sizes, as fractions of the total so that it neither overflows
/// nor underflows.
inline double satterthwaite_degrees_of_freedom(double share_x, double n_x, double share_y, double n_y) {
  const double total = share_x + share_y;
  const double fx = share_x / total;
  const double fy = share_y / total;
  return 1 / (fx * fx / (n_x - 1) + fy * fy / (n_y - 1));
}

/// Welch's degrees of freedom of the difference of the means: each side's squared standard error.
inline double welch_degrees_of_freedom(const sample_moments& x, const sample_moments& y) {
  return satterthwaite_degrees_of_freedom(x.variance / x.n, x.n, y.variance / y.n, y.n);
}

}  // namespace perfmail::detail
