// Corrections for many metrics (declared in include/perfmail/stats/correction.hpp).

#include "perfmail/stats/correction.hpp"

#include "perfmail/error.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numeric>

namespace perfmail {

std::vector<double> adjust_p_values(std::span<const double> p_values, p_correction correction) {
  for (const double p : p_values)
    if (!(p >= 0 && p <= 1)) throw usage_error("adjust_p_values: every p-value must lie in [0, 1]");
  const std::size_t m = p_values.size();
  std::vector<double> q(p_values.begin(), p_values.end());
  if (m == 0 || correction == p_correction::none) return q;
  const auto family = static_cast<double>(m);
  if (correction == p_correction::bonferroni) {
    for (double& x : q) x = std::min(1.0, x * family);
    return q;
  }

  // Positions in ascending order of p; equal p-values keep their order, so the result does not depend on
  // the sort's choices.
  std::vector<std::size_t> order(m);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return p_values[x] < p_values[y]; });

  if (correction == p_correction::holm) {
    double running = 0;  // a step-down adjustment never decreases with rank
    for (std::size_t rank = 0; rank < m; ++rank) {
      const std::size_t i = order[rank];
      running = std::max(running, std::min(1.0, static_cast<double>(m - rank) * p_values[i]));
      q[i] = running;
    }
    return q;
  }

  // BH and BY: a step-up adjustment, the running minimum from the largest p down.
  double factor = family;
  if (correction == p_correction::by) {
    double harmonic = 0;
    for (std::size_t k = m; k >= 1; --k) harmonic += 1 / static_cast<double>(k);  // smallest terms first
    factor *= harmonic;
  }
  double running = 1;
  for (std::size_t rank = m; rank-- > 0;) {
    const std::size_t i = order[rank];
    running = std::min(running, factor * p_values[i] / static_cast<double>(rank + 1));
    // m p / m can round below p: a q-value is never below its p-value, as in exact arithmetic.
    q[i] = std::max(running, p_values[i]);
  }
  return q;
}

}  // namespace perfmail

namespace perfmail {

double first_rank_level(p_correction correction, std::size_t family, double alpha) {
  if (!(alpha > 0 && alpha < 1)) throw usage_error("first_rank_level: alpha must lie between 0 and 1");
  if (family <= 1 || correction == p_correction::none) return alpha;
  double factor = static_cast<double>(family);
  if (correction == p_correction::by) {
    double harmonic = 0;
    for (std::size_t k = family; k >= 1; --k) harmonic += 1 / static_cast<double>(k);  // as adjust_p_values sums
    factor *= harmonic;
  }
  return alpha / factor;
}

}  // namespace perfmail
