// Planning runs (declared in include/perfmail/stats/power.hpp).

#include "perfmail/stats/power.hpp"

#include "perfmail/error.hpp"
#include "perfmail/stats/significance.hpp"

#include <boost/math/distributions/non_central_t.hpp>
#include <boost/math/distributions/students_t.hpp>

#include <cmath>
#include <numbers>

namespace perfmail {

namespace {

void check(std::size_t runs, double cv, const power_plan& plan) {
  if (runs < 2) throw usage_error("power: at least 2 runs a side are needed to estimate the noise");
  if (!(cv > 0) || !std::isfinite(cv)) throw usage_error("power: the coefficient of variation must be positive");
  if (!(plan.alpha > 0 && plan.alpha < 1)) throw usage_error("power: alpha must lie between 0 and 1");
  if (!(plan.power > 0 && plan.power < 1)) throw usage_error("power: the power must lie between 0 and 1");
}

}  // namespace

double t_test_power(std::size_t runs, double change, double cv, double alpha) {
  check(runs, cv, {alpha, 0.5});
  const auto n = static_cast<double>(runs);
  const double df = 2 * n - 2;
  const double critical = boost::math::quantile(boost::math::complement(boost::math::students_t_distribution<double>{df}, alpha / 2));
  const double noncentrality = std::abs(change) / cv * std::sqrt(n / 2);
  if (noncentrality == 0) return alpha;
  const boost::math::non_central_t_distribution<double> shifted(df, noncentrality);
  // Both tails: the far one is tiny but keeps the power at a zero change equal to alpha.
  return boost::math::cdf(boost::math::complement(shifted, critical)) + boost::math::cdf(shifted, -critical);
}

double detectable_change(std::size_t runs, double cv, const power_plan& plan) {
  check(runs, cv, plan);
  // Power grows with the change: bisect on it, starting from a bracket that holds the answer.
  double low = 0;
  double high = cv;
  while (t_test_power(runs, high, cv, plan.alpha) < plan.power) high *= 2;
  for (int step = 0; step < 60; ++step) {
    const double mid = (low + high) / 2;
    if (t_test_power(runs, mid, cv, plan.alpha) < plan.power) low = mid;
    else high = mid;
  }
  return high;
}

std::optional<std::size_t> t_test_runs_needed(double change, double cv, const power_plan& plan, std::size_t most) {
  check(2, cv, plan);
  if (change == 0 || !std::isfinite(change)) throw usage_error("power: the change to detect must be a non-zero number");
  if (t_test_power(most, change, cv, plan.alpha) < plan.power) return std::nullopt;
  // Power grows with the runs: the fewest runs that reach it, by bisection.
  std::size_t low = 1;  // does not reach it (no test with one run)
  std::size_t high = most;
  while (high - low > 1) {
    const std::size_t mid = low + (high - low) / 2;
    if (t_test_power(mid, change, cv, plan.alpha) >= plan.power) high = mid;
    else low = mid;
  }
  return high;
}

std::optional<std::size_t> u_test_runs_needed(double change, double cv, const power_plan& plan, std::size_t most) {
  const auto t_runs = t_test_runs_needed(change, cv, plan, most);
  if (!t_runs) return std::nullopt;
  const double efficiency = 3 / std::numbers::pi;
  const auto runs = static_cast<std::size_t>(std::ceil(static_cast<double>(*t_runs) / efficiency));
  const std::size_t at_least = mann_whitney_runs_needed(plan.alpha);
  const std::size_t needed = std::max(runs, at_least);
  if (needed > most) return std::nullopt;
  return needed;
}

}  // namespace perfmail
