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

namespace perfmail {

namespace {

/// m, times 1 + 1/2 + ... + 1/m for by: what bh and by multiply p_(j) / j by.
double step_up_factor(p_correction correction, std::size_t m) {
  double factor = static_cast<double>(m);
  if (correction == p_correction::by) {
    double harmonic = 0;
    for (std::size_t k = m; k >= 1; --k) harmonic += 1 / static_cast<double>(k);  // as adjust_p_values sums
    factor *= harmonic;
  }
  return factor;
}

}  // namespace

std::vector<bool> selectable_at_best(std::span<const double> p_values, std::span<const double> smallest,
                                     p_correction correction, double alpha) {
  if (p_values.size() != smallest.size())
    throw usage_error("selectable_at_best: one smallest p-value for each p-value");
  if (!(alpha > 0 && alpha < 1)) throw usage_error("selectable_at_best: alpha must lie between 0 and 1");
  for (std::size_t i = 0; i < p_values.size(); ++i)
    if (!(p_values[i] >= 0 && p_values[i] <= 1) || !(smallest[i] >= 0 && smallest[i] <= p_values[i]))
      throw usage_error("selectable_at_best: every p-value must lie in [0, 1], at or above its smallest");
  const std::size_t m = p_values.size();
  std::vector<bool> out(m, false);
  if (m == 0) return out;
  if (correction == p_correction::none || correction == p_correction::bonferroni) {
    const double factor = correction == p_correction::none ? 1 : static_cast<double>(m);
    for (std::size_t i = 0; i < m; ++i) out[i] = std::min(1.0, factor * smallest[i]) <= alpha;
    return out;
  }
  std::vector<double> sorted(p_values.begin(), p_values.end());
  std::sort(sorted.begin(), sorted.end());

  if (correction == p_correction::holm) {
    // Member i at its smallest s ranks r = 1 + #(p < s); the members before it are the family's r - 1
    // smallest (its own p is at least s), and Holm selects s when every step up to it passes:
    // max_{k < r} (m - k + 1) p_(k) <= alpha and (m - r + 1) s <= alpha.
    std::vector<double> step_max(m + 1, 0);  // step_max[k]: the largest of the first k steps' terms
    for (std::size_t k = 1; k <= m; ++k)
      step_max[k] = std::max(step_max[k - 1], std::min(1.0, static_cast<double>(m - k + 1) * sorted[k - 1]));
    for (std::size_t i = 0; i < m; ++i) {
      const auto before = static_cast<std::size_t>(std::lower_bound(sorted.begin(), sorted.end(), smallest[i]) - sorted.begin());
      out[i] = step_max[before] <= alpha && std::min(1.0, static_cast<double>(m - before) * smallest[i]) <= alpha;
    }
    return out;
  }

  // bh and by. With x passing rank j when factor x / j <= alpha, the member at its smallest s is
  // selected exactly when s <= alpha and some rank j has s passing j and, among the family with s in
  // place of the member's own p, at least j values passing j. Counting c_j over the family as it is,
  // that is c_j + 1 >= j for ranks the own p does not pass, and c_j >= j (the member already selected)
  // for ranks it does.
  const double factor = step_up_factor(correction, m);
  const auto passes = [&](double x, std::size_t j) { return factor * x / static_cast<double>(j) <= alpha; };
  std::vector<std::size_t> count(m + 1, 0);  // count[j]: the family's values passing rank j
  for (std::size_t j = 1, n = 0; j <= m; ++j) {
    while (n < m && passes(sorted[n], j)) ++n;
    count[j] = n;
  }
  // last_open[j]: the largest rank j' <= j with c_j' + 1 >= j' (0 for none); selected_from[j]: whether
  // some rank at or above j has c >= j (the family's own selection reaches there).
  std::vector<std::size_t> last_open(m + 1, 0);
  for (std::size_t j = 1; j <= m; ++j) last_open[j] = count[j] + 1 >= j ? j : last_open[j - 1];
  std::vector<bool> selected_from(m + 2, false);
  for (std::size_t j = m; j >= 1; --j) selected_from[j] = selected_from[j + 1] || count[j] >= j;
  // The first rank a value passes (m + 1 for none): passing is monotone in the rank.
  const auto first_passed = [&](double x) {
    std::size_t low = 1;
    std::size_t high = m + 1;
    while (low < high) {
      const std::size_t mid = low + (high - low) / 2;
      if (passes(x, mid)) high = mid;
      else low = mid + 1;
    }
    return low;
  };
  for (std::size_t i = 0; i < m; ++i) {
    if (!(smallest[i] <= alpha)) continue;
    const std::size_t from_best = first_passed(smallest[i]);
    const std::size_t from_own = first_passed(p_values[i]);
    out[i] = (from_own <= m && selected_from[from_own]) ||
             (from_best < from_own && last_open[from_own - 1] >= from_best);
  }
  return out;
}

}  // namespace perfmail
