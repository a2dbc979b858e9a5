// Planning runs (declared in include/perfmail/stats/power.hpp).

#include "perfmail/stats/power.hpp"

#include "perfmail/error.hpp"
#include "perfmail/stats/significance.hpp"

#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/non_central_t.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <boost/math/quadrature/gauss.hpp>

#include <algorithm>
#include <cmath>
#include <exception>
#include <numbers>
#include <vector>

namespace perfmail {

namespace {

void check(std::size_t runs, double cv, double alpha) {
  if (runs < 2) throw usage_error("power: at least 2 runs a side are needed to estimate the noise");
  if (!(cv > 0) || !std::isfinite(cv)) throw usage_error("power: the coefficient of variation must be positive");
  if (!(alpha > 0 && alpha < 1)) throw usage_error("power: alpha must lie between 0 and 1");
}

void check(const power_plan& plan) {
  if (!(plan.alpha > 0 && plan.alpha < 1)) throw usage_error("power: alpha must lie between 0 and 1");
  if (!(plan.power > 0 && plan.power < 1)) throw usage_error("power: the power must lie between 0 and 1");
  if (!(plan.floor.change >= 0) || !std::isfinite(plan.floor.change))
    throw usage_error("power: the practical floor must be a non-negative number");
}

/// The upper (1 - alpha/2) quantile of Student's t with `df` degrees of freedom: the two-sided critical
/// value. Finite for every alpha in (0, 1) a double holds.
double critical_value(double df, double alpha) {
  return boost::math::quantile(boost::math::complement(boost::math::students_t_distribution<double>{df}, alpha / 2));
}

/// Noncentrality beyond which the difference's own noise is negligible against the change (a relative
/// error of 1e-4 in the statistic) and Boost.Math's noncentral t, whose series counts terms in an int,
/// is not asked: it fails above about 65,000.
constexpr double negligible_noise_noncentrality = 1e4;

/// P(T > c) + P(T < -c) for T Student's noncentral t with `df` degrees of freedom and noncentrality
/// `delta` >= 0: the chance that a two-sided test at critical value c rejects.
double rejection_chance(double df, double delta, double c) {
  if (delta > negligible_noise_noncentrality) {
    // T = (Z + delta) / sqrt(W / df) with Z negligible: T > c exactly when W < df (delta / c)^2.
    const boost::math::chi_squared_distribution<double> w(df);
    const double bound = df * (delta / c) * (delta / c);
    return std::isfinite(bound) ? boost::math::cdf(w, bound) : 1.0;
  }
  double upper = 0;
  double lower = 0;
  try {
    const boost::math::non_central_t_distribution<double> t(df, delta);
    upper = boost::math::cdf(boost::math::complement(t, c));
    // The far tail is tiny but keeps the power at a zero change equal to alpha.
    lower = boost::math::cdf(t, -c);
  } catch (const std::exception&) {
    // A series that did not converge: the normal approximation of the noncentral t (its mean and
    // spread beyond a large critical value matter little to a plan).
    const boost::math::normal_distribution<double> z;
    upper = boost::math::cdf(boost::math::complement(z, c - delta));
    lower = boost::math::cdf(z, -c - delta);
  }
  // Boost's tails can come out a rounding error below 0.
  return std::clamp(std::max(upper, 0.0) + std::max(lower, 0.0), 0.0, 1.0);
}

/// The mixture over B = s1^2 / (s1^2 + s2^2) of Welch's critical values at `runs` a side and `alpha`:
/// Gauss-Legendre nodes over b = s^2 / 2, s in [0, 1] (B is symmetric about 1/2, and the substitution
/// leaves a smooth integrand where Beta's density has a power of b), weights normalised to sum to 1.
struct welch_mixture {
  std::size_t runs = 0;
  double alpha = 0;
  std::vector<double> weight;
  std::vector<double> critical;
};

const welch_mixture& mixture_of(std::size_t runs, double alpha) {
  // A plan asks for the same runs and alpha change after change: the last mixture is kept.
  thread_local welch_mixture kept;
  if (kept.runs == runs && kept.alpha == alpha) return kept;
  using rule = boost::math::quadrature::gauss<double, 24>;
  const double k = static_cast<double>(runs) - 1;
  welch_mixture m;
  m.runs = runs;
  m.alpha = alpha;
  // Beta(k/2, k/2)'s density up to its constant, times db = s ds, in logarithms: at many runs it
  // underflows everywhere but near 1/2, so the weights are scaled by the largest before they are summed.
  std::vector<double> log_weight;
  const auto add = [&](double s, double w) {
    const double b = s * s / 2;
    log_weight.push_back(std::log(w) + (k / 2 - 1) * (std::log(b) + std::log1p(-b)) + std::log(s));
    m.critical.push_back(critical_value(k / (b * b + (1 - b) * (1 - b)), alpha));
  };
  for (std::size_t i = 0; i < rule::abscissa().size(); ++i) {
    const double x = rule::abscissa()[i];
    const double w = rule::weights()[i] / 2;
    add((1 + x) / 2, w);
    if (x != 0) add((1 - x) / 2, w);
  }
  const double largest = *std::max_element(log_weight.begin(), log_weight.end());
  double total = 0;
  for (const double lw : log_weight) {
    m.weight.push_back(std::exp(lw - largest));
    total += m.weight.back();
  }
  for (double& w : m.weight) w /= total;
  kept = std::move(m);
  return kept;
}

double noncentrality(std::size_t runs, double change, double cv) {
  return std::abs(change) / cv * std::sqrt(static_cast<double>(runs) / 2);
}

/// The pooled t-test's power: an upper bound of Welch's (its critical value is the smallest of Welch's),
/// cheap, for bracketing.
double pooled_power(std::size_t runs, double change, double cv, double alpha) {
  const double df = 2 * static_cast<double>(runs) - 2;
  return rejection_chance(df, noncentrality(runs, change, cv), critical_value(df, alpha));
}

double pooled_selection_power(std::size_t runs, double change, double cv, const power_plan& plan) {
  if (runs < std::max<std::size_t>(plan.min_runs, 2)) return 0;
  return pooled_power(runs, change, cv, plan.alpha) * floor_clearing_chance(runs, change, cv, plan.floor);
}

}  // namespace

double welch_power(std::size_t runs, double change, double cv, double alpha) {
  check(runs, cv, alpha);
  const double delta = noncentrality(runs, change, cv);
  if (delta == 0) return alpha;
  const double df = 2 * static_cast<double>(runs) - 2;
  const welch_mixture& m = mixture_of(runs, alpha);
  double power = 0;
  for (std::size_t i = 0; i < m.weight.size(); ++i) power += m.weight[i] * rejection_chance(df, delta, m.critical[i]);
  return std::clamp(power, 0.0, 1.0);
}

double floor_clearing_chance(std::size_t runs, double change, double cv, const practical_floor& floor) {
  if (!(floor.change > 0)) return 1;
  const double spread = cv * std::sqrt(2 / static_cast<double>(runs)) *
                        (floor.of_medians ? std::sqrt(std::numbers::pi / 2) : 1.0);
  const double z = (std::abs(change) - floor.change) / spread;
  if (std::isnan(z)) return 1;
  return boost::math::cdf(boost::math::normal_distribution<double>{}, std::clamp(z, -1e6, 1e6));
}

double selection_power(std::size_t runs, double change, double cv, const power_plan& plan) {
  check(plan);
  if (runs < std::max<std::size_t>(plan.min_runs, 2)) return 0;
  return welch_power(runs, change, cv, plan.alpha) * floor_clearing_chance(runs, change, cv, plan.floor);
}

double detectable_change(std::size_t runs, double cv, const power_plan& plan) {
  check(runs, cv, plan.alpha);
  check(plan);
  if (runs < plan.min_runs) throw usage_error("power: fewer runs than the comparison tests");
  // Power grows with the change. The pooled test's answer is a lower bound; double from it until Welch's
  // power is reached, then bisect to a relative 1e-6 (the table prints two digits).
  double low = 0;
  double high = std::max(cv, plan.floor.change);
  while (pooled_selection_power(runs, high, cv, plan) < plan.power) {
    low = high;
    high *= 2;
  }
  while (selection_power(runs, high, cv, plan) < plan.power) {
    low = high;
    high *= 2;
  }
  while (high - low > 1e-6 * high) {
    const double mid = (low + high) / 2;
    if (selection_power(runs, mid, cv, plan) < plan.power) low = mid;
    else high = mid;
  }
  return high;
}

std::optional<std::size_t> t_test_runs_needed(double change, double cv, const power_plan& plan, std::size_t most) {
  check(2, cv, plan.alpha);
  check(plan);
  if (change == 0 || !std::isfinite(change)) throw usage_error("power: the change to detect must be a non-zero number");
  const std::size_t least = std::max<std::size_t>(plan.min_runs, 2);
  if (least > most) return std::nullopt;
  // Welch's power is below the pooled test's: the fewest runs the pooled test needs (by bisection) is a
  // lower bound, and Welch's count lies a few runs above it.
  if (pooled_selection_power(most, change, cv, plan) < plan.power) return std::nullopt;
  std::size_t low = least - 1;  // does not reach it
  std::size_t high = most;
  while (high - low > 1) {
    const std::size_t mid = low + (high - low) / 2;
    if (pooled_selection_power(mid, change, cv, plan) >= plan.power) high = mid;
    else low = mid;
  }
  // From the pooled count up, in growing steps, then bisection.
  low = high - 1;
  std::size_t step = 1;
  while (selection_power(high, change, cv, plan) < plan.power) {
    if (high == most) return std::nullopt;
    low = high;
    high = most - high > step ? high + step : most;
    step *= 2;
  }
  while (high - low > 1) {
    const std::size_t mid = low + (high - low) / 2;
    if (selection_power(mid, change, cv, plan) >= plan.power) high = mid;
    else low = mid;
  }
  return high;
}

std::optional<std::size_t> u_test_runs_needed(double change, double cv, const power_plan& plan, std::size_t most) {
  const auto t_runs = t_test_runs_needed(change, cv, plan, most);
  if (!t_runs) return std::nullopt;
  const double efficiency = 3 / std::numbers::pi;
  const auto runs = static_cast<std::size_t>(std::ceil(static_cast<double>(*t_runs) / efficiency));
  const std::size_t at_least = std::max(mann_whitney_runs_needed(plan.alpha), plan.min_runs);
  const std::size_t needed = std::max(runs, at_least);
  if (needed > most) return std::nullopt;
  return needed;
}

double cv_upper_bound(double cv, std::size_t runs, double confidence) {
  if (runs < 2) throw usage_error("power: at least 2 runs are needed to bound the noise");
  if (!(confidence > 0 && confidence < 1)) throw usage_error("power: the confidence must lie between 0 and 1");
  const double df = static_cast<double>(runs) - 1;
  const double lower = boost::math::quantile(boost::math::chi_squared_distribution<double>{df}, 1 - confidence);
  return cv * std::sqrt(df / lower);
}

}  // namespace perfmail
