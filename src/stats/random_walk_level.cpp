// The marginal likelihood of a regression on a drifting level (declared in random_walk_level.hpp).

#include "stats/random_walk_level.hpp"

#include <algorithm>
#include <cmath>

namespace perfmail {

void walk_filter::step(double level_variance) noexcept {
  for (auto& a : predicted_) a[0] += a[1];
  // T P T' + Q with T = [[1, 1], [0, 1]].
  const std::array<double, 3> before = p_;
  p_[0] = before[0] + 2 * before[1] + before[2] + level_variance;
  p_[1] = before[1] + before[2];
  p_[2] = before[2] + model_.slope_variance;
  time_ += 1;
}

void walk_filter::add(const walk_observation& o) noexcept {
  if (n_ > 0) {
    if (segment_begins_) step(model_.level_variance + model_.gap);
    for (double k = 0; k < o.steps_before; ++k) step(model_.level_variance);
  }
  segment_begins_ = false;
  const std::array<double, width> x{o.value - centre_, o.regressor, o.hypothesis, 1.0, time_};
  std::array<double, width> innovation{};
  for (std::size_t c = 0; c < width; ++c) innovation[c] = x[c] - predicted_[c][0];
  const double f = p_[0] + 1;
  // The upper triangle only: the sums are symmetric (likelihood() reads them so).
  for (std::size_t r = 0; r < width; ++r) {
    const double scaled = innovation[r] / f;
    for (std::size_t c = r; c < width; ++c) sums_[r * width + c] += scaled * innovation[c];
  }
  log_det_v_ += std::log(f);
  n_ += 1;
  const std::array<double, 2> gain{p_[0] / f, p_[1] / f};
  for (std::size_t c = 0; c < width; ++c) {
    predicted_[c][0] += gain[0] * innovation[c];
    predicted_[c][1] += gain[1] * innovation[c];
  }
  // P - K Z P, with Z = (1, 0).
  const std::array<double, 3> before = p_;
  p_[0] = before[0] - gain[0] * before[0];
  p_[1] = before[1] - gain[0] * before[1];
  p_[2] = before[2] - gain[1] * before[1];
}

walk_likelihood walk_filter::likelihood(double h) const noexcept {
  walk_likelihood out;
  constexpr std::size_t parameters = 3;  // the coefficient's parameter, the first level, the first slope
  if (!(n_ > static_cast<double>(parameters))) return out;
  // The sums of [y X] under this hypothesis, T S T': y, then X's columns, the first of them the
  // regressor plus h times the hypothesis's column (the filter is linear in its columns).
  constexpr std::size_t size = parameters + 1;
  std::array<std::array<double, width>, size> t{};
  t[0][0] = 1;
  t[1][1] = 1;
  t[1][2] = h;
  t[2][3] = 1;
  t[3][4] = 1;
  std::array<double, size * size> s{};
  for (std::size_t i = 0; i < size; ++i)
    for (std::size_t j = 0; j < size; ++j)
      for (std::size_t a = 0; a < width; ++a)
        for (std::size_t b = 0; b < width; ++b)
          s[i * size + j] += t[i][a] * sums_[std::min(a, b) * width + std::max(a, b)] * t[j][b];
  const auto at = [&](std::size_t r, std::size_t c) { return s[r * size + c]; };
  // Cholesky of X'V^-1 X (rows and columns 1 and on), then the residual sum of squares y'V^-1 y less
  // the part the regression explains. A pivot that loses all but 1e-12 of its diagonal is a parameter
  // the observations do not identify (a regressor that never varies apart from the levels).
  std::array<double, parameters * parameters> lower{};
  const auto l = [&](std::size_t row, std::size_t col) -> double& { return lower[row * parameters + col]; };
  double log_det_information = 0;
  for (std::size_t i = 0; i < parameters; ++i) {
    for (std::size_t j = 0; j <= i; ++j) {
      double v = at(i + 1, j + 1);
      for (std::size_t k = 0; k < j; ++k) v -= l(i, k) * l(j, k);
      if (i != j) {
        l(i, j) = v / l(j, j);
        continue;
      }
      if (!(v > 1e-12 * at(i + 1, i + 1))) return out;
      l(i, i) = std::sqrt(v);
      log_det_information += std::log(v);
    }
  }
  std::array<double, parameters> solved{};
  for (std::size_t i = 0; i < parameters; ++i) {
    double v = at(i + 1, 0);
    for (std::size_t k = 0; k < i; ++k) v -= l(i, k) * solved[k];
    solved[i] = v / l(i, i);
  }
  double rss = at(0, 0);
  for (const double v : solved) rss -= v * v;
  out.defined = true;
  // Exact within rounding: the explained part cancels the total to 1e-12 of it.
  if (!(rss > 1e-12 * at(0, 0))) {
    out.exact = true;
    return out;
  }
  out.log_likelihood =
      -0.5 * log_det_v_ - 0.5 * log_det_information - 0.5 * (n_ - static_cast<double>(parameters)) * std::log(rss);
  return out;
}

}  // namespace perfmail
