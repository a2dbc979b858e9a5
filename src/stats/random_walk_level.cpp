// The marginal likelihood of a regression on a drifting level (declared in random_walk_level.hpp).

#include "stats/random_walk_level.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>

namespace perfmail {

walk_likelihood random_walk_level_likelihood(std::span<const std::vector<walk_observation>> segments,
                                             const walk_model& model) {
  double total = 0;
  double count = 0;
  for (const auto& segment : segments)
    for (const walk_observation& o : segment) {
      total += o.value;
      count += 1;
    }
  // The observations about their mean: the first level absorbs the shift, and the sums below keep the
  // digits of small differences of large values.
  const double centre = count > 0 ? total / count : 0;
  // The augmented columns: the observations, the regressor, the first level, the first slope (whose
  // column is the time in periods).
  enum column : std::size_t { observed, regressor, first_level, first_slope, width };
  // S = [y X]' V^-1 [y X], accumulated from the filter's standardised innovations.
  std::array<double, width * width> sums{};
  const auto at = [&](std::size_t row, std::size_t col) -> double& { return sums[row * width + col]; };
  // The filter: for each column, the prediction of the stochastic part of the state (level, slope), and
  // that prediction's covariance (shared by every column), in units of the noise variance.
  std::array<std::array<double, 2>, width> predicted{};
  std::array<double, 3> p{};  // P00, P01, P11
  double time = 0;            // periods since the first observation
  const auto step = [&](double level_variance) {
    for (auto& a : predicted) a[0] += a[1];
    // T P T' + Q with T = [[1, 1], [0, 1]].
    const std::array<double, 3> before = p;
    p[0] = before[0] + 2 * before[1] + before[2] + level_variance;
    p[1] = before[1] + before[2];
    p[2] = before[2] + model.slope_variance;
    time += 1;
  };
  double log_det_v = 0;  // log |V|: the sum of the innovations' log variances
  double n = 0;
  bool first = true;
  for (const auto& segment : segments) {
    if (segment.empty()) continue;
    if (!first) step(model.level_variance + model.gap);
    for (const walk_observation& o : segment) {
      if (!first)
        for (double k = 0; k < o.steps_before; ++k) step(model.level_variance);
      first = false;
      const std::array<double, width> x{o.value - centre, o.regressor, 1.0, time};
      std::array<double, width> innovation{};
      for (std::size_t c = 0; c < width; ++c) innovation[c] = x[c] - predicted[c][0];
      const double f = p[0] + 1;
      for (std::size_t r = 0; r < width; ++r)
        for (std::size_t c = 0; c < width; ++c) at(r, c) += innovation[r] * innovation[c] / f;
      log_det_v += std::log(f);
      n += 1;
      const std::array<double, 2> gain{p[0] / f, p[1] / f};
      for (std::size_t c = 0; c < width; ++c) {
        predicted[c][0] += gain[0] * innovation[c];
        predicted[c][1] += gain[1] * innovation[c];
      }
      // P - K Z P, with Z = (1, 0).
      const std::array<double, 3> before = p;
      p[0] = before[0] - gain[0] * before[0];
      p[1] = before[1] - gain[0] * before[1];
      p[2] = before[2] - gain[1] * before[1];
    }
  }
  walk_likelihood out;
  const std::size_t parameters = width - 1;
  if (!(n > static_cast<double>(parameters))) return out;
  // Cholesky of X'V^-1 X (rows and columns 1 and on), then the residual sum of squares y'V^-1 y less
  // the part the regression explains. A pivot that loses all but 1e-12 of its diagonal is a parameter
  // the observations do not identify (a regressor that never varies apart from the levels).
  std::array<double, (width - 1) * (width - 1)> lower{};
  const auto l = [&](std::size_t row, std::size_t col) -> double& { return lower[row * parameters + col]; };
  double log_det_information = 0;
  for (std::size_t i = 0; i < parameters; ++i) {
    for (std::size_t j = 0; j <= i; ++j) {
      double sum = at(i + 1, j + 1);
      for (std::size_t k = 0; k < j; ++k) sum -= l(i, k) * l(j, k);
      if (i != j) {
        l(i, j) = sum / l(j, j);
        continue;
      }
      if (!(sum > 1e-12 * at(i + 1, i + 1))) return out;
      l(i, i) = std::sqrt(sum);
      log_det_information += std::log(sum);
    }
  }
  std::array<double, width - 1> solved{};
  for (std::size_t i = 0; i < parameters; ++i) {
    double sum = at(i + 1, 0);
    for (std::size_t k = 0; k < i; ++k) sum -= l(i, k) * solved[k];
    solved[i] = sum / l(i, i);
  }
  double rss = at(0, 0);
  for (const double s : solved) rss -= s * s;
  out.defined = true;
  // Exact within rounding: the explained part cancels the total to 1e-12 of it.
  if (!(rss > 1e-12 * at(0, 0))) {
    out.exact = true;
    return out;
  }
  out.log_likelihood =
      -0.5 * log_det_v - 0.5 * log_det_information - 0.5 * (n - static_cast<double>(parameters)) * std::log(rss);
  return out;
}

}  // namespace perfmail
