#pragma once
// The moments the t-based statistics share (Welch's test, Welch's interval, Hedges' g), computed on the
// samples scaled by one power of two: multiplying by a power of two is exact (short of subnormals), so
// values near 1e308 do not overflow the variances, and the results scale back exactly.

#include <boost/accumulators/accumulators.hpp>
#include <boost/accumulators/statistics/count.hpp>
#include <boost/accumulators/statistics/max.hpp>
#include <boost/accumulators/statistics/mean.hpp>
#include <boost/accumulators/statistics/min.hpp>
#include <boost/accumulators/statistics/stats.hpp>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <span>

namespace perfmail::detail {

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

/// The moments of `xs` scaled by 2^-exponent. The mean is a plain sum / n and the variance a second pass
/// over the deviations from it (Boost's running variance updates the mean at every sample and loses a
/// few digits); a sample without spread has a variance of exactly 0.
inline sample_moments moments_scaled(std::span<const double> xs, int exponent) {
  namespace acc = boost::accumulators;
  acc::accumulator_set<double, acc::stats<acc::tag::count, acc::tag::mean, acc::tag::min, acc::tag::max>> s;
  for (double x : xs) s(std::scalbn(x, -exponent));
  const auto n = static_cast<double>(acc::count(s));
  if (n == 0) return {};
  if (acc::min(s) == acc::max(s)) return {n, acc::min(s), 0.0};
  const double mean = acc::mean(s);
  double squares = 0;
  for (double x : xs) {
    const double deviation = std::scalbn(x, -exponent) - mean;
    squares += deviation * deviation;
  }
  return {n, mean, n > 1 ? squares / (n - 1) : 0.0};
}

/// The Welch-Satterthwaite degrees of freedom from each side's share of the squared standard error,
/// which neither overflows nor underflows.
inline double welch_degrees_of_freedom(const sample_moments& x, const sample_moments& y) {
  const double share_x = x.variance / x.n;
  const double share_y = y.variance / y.n;
  const double squared_error = share_x + share_y;
  const double fx = share_x / squared_error;
  const double fy = share_y / squared_error;
  return 1 / (fx * fx / (x.n - 1) + fy * fy / (y.n - 1));
}

}  // namespace perfmail::detail
