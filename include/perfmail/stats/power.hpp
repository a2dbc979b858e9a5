#pragma once
// Planning runs: how small a change a number of runs can detect, and how many runs a change needs. The
// model is the two-sided two-sample t-test on normal noise with equal runs per side and a coefficient of
// variation `cv` (standard deviation over mean) on both: the power at n runs a side against a relative
// change d is that of Student's noncentral t with 2n - 2 degrees of freedom and noncentrality
// (d / cv) * sqrt(n / 2). The Mann-Whitney U test needs about 3/pi ~ 95.5% of those runs' information
// on normal noise (its asymptotic relative efficiency), so about 5% more runs, and never fewer than
// mann_whitney_runs_needed(alpha). Alpha is per metric: with a correction for many metrics, pass the
// per-metric level it implies (for Bonferroni, alpha / m).
//
// Declarations only: src/stats/power.cpp uses Boost.Math's noncentral t.

#include <cstddef>
#include <optional>

namespace perfmail {

struct power_plan {
  double alpha = 0.05;  ///< two-sided, per metric
  double power = 0.8;   ///< the chance of detecting the change
};

/// The power of the two-sided t-test with `runs` per side against a relative change `change` (0.02 for
/// 2%) at coefficient of variation `cv` (0.01 for 1%). Throws usage_error for runs < 2, cv <= 0 or alpha
/// outside (0, 1).
/// **Example**: `t_test_power(20, 0.02, 0.01, 0.05)` is about 0.9999 (a +2% change at 1% noise).
[[nodiscard]] double t_test_power(std::size_t runs, double change, double cv, double alpha);

/// The smallest relative change the t-test detects with `plan.power` at `runs` per side and `cv`.
[[nodiscard]] double detectable_change(std::size_t runs, double cv, const power_plan& plan = {});

/// The fewest runs per side (at least 2) with which the t-test detects `change` with `plan.power`;
/// nullopt above `most` runs.
[[nodiscard]] std::optional<std::size_t> t_test_runs_needed(double change, double cv, const power_plan& plan = {},
                                                            std::size_t most = 100000);

/// The same for the Mann-Whitney U test: the t-test's runs over its efficiency 3/pi, rounded up, and no
/// fewer than it needs to reach alpha at all.
[[nodiscard]] std::optional<std::size_t> u_test_runs_needed(double change, double cv, const power_plan& plan = {},
                                                            std::size_t most = 100000);

}  // namespace perfmail
