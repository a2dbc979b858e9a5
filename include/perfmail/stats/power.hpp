#pragma once
// Planning runs: how small a change a number of runs can detect, and how many runs a change needs, for
// the tests compare() runs. The model is normal noise with equal runs per side and the same coefficient
// of variation `cv` (standard deviation over mean) on both.
//
// - ttest is Welch's t-test, whose degrees of freedom come from the sample variances. Its power at n runs
//   a side against a relative change d is exact: with B = s1^2 / (s1^2 + s2^2) ~ Beta((n-1)/2, (n-1)/2),
//   independent of the rest, Welch's degrees of freedom are (n-1) / (B^2 + (1-B)^2) and the statistic is
//   Student's noncentral t with 2n - 2 degrees of freedom and noncentrality (d / cv) sqrt(n / 2), so the
//   power is the mean over B of both tails of that noncentral t beyond the critical value of Student's t
//   with Welch's degrees of freedom (24-point Gauss-Legendre over B). It is below the pooled t-test's
//   power, most at few runs: 76% against 86% at 3 runs a side, d / cv = 3.3.
// - utest (Mann-Whitney U) needs about 3/pi ~ 95.5% of those runs' information on normal noise (its
//   asymptotic relative efficiency), so about 5% more runs, and never fewer than it needs to reach the
//   level at all (mann_whitney_runs_needed).
// - A practical floor (a change the comparison must also see in the samples) multiplies the power by the
//   chance that the samples' change clears it (practical_floor).
// - Every count is at least `plan.min_runs`, the fewest runs a side the comparison tests.
//
// Alpha is per metric: with a correction for many metrics, pass the level a lone change is held to
// (first_rank_level in correction.hpp: alpha / m for bh, holm and bonferroni).
//
// Nothing here throws on finite input within the documented ranges: a change far larger than the noise
// needs the fewest runs, and Boost.Math's noncentral t is evaluated only where it is defined (beyond a
// noncentrality of 10,000 the noise of the difference is negligible against the change, and the chance
// of rejecting is that of the variance estimate alone, from the chi-square distribution).
//
// Declarations only: src/stats/power.cpp uses Boost.Math.

#include <cstddef>
#include <optional>

namespace perfmail {

/// A floor the samples' change must clear as well as the test: `change` (relative, 0.01 for 1%) of the
/// means, or of the medians (the robot's floors compare upper medians, whose spread is about sqrt(pi / 2)
/// times the mean's on normal noise). A change of 0 is no floor.
struct practical_floor {
  double change = 0;
  bool of_medians = false;
};

struct power_plan {
  double alpha = 0.05;       ///< two-sided, per metric: the level each test is held to
  double power = 0.8;        ///< the chance of detecting the change
  std::size_t min_runs = 2;  ///< the fewest runs a side the comparison tests
  practical_floor floor{};
};

/// The power of two-sided Welch's t-test with `runs` per side against a relative change `change` (0.02
/// for 2%) at coefficient of variation `cv` (0.01 for 1%), normal noise. Throws usage_error for runs < 2,
/// cv <= 0 or alpha outside (0, 1).
/// **Example**: `welch_power(3, 0.02, 0.006, 0.05)` is about 0.762; `welch_power(4, 0.02, 0.006, 0.05)`
/// about 0.958.
[[nodiscard]] double welch_power(std::size_t runs, double change, double cv, double alpha);

/// The chance that the samples' change clears `floor` at `runs` a side: Phi((|change| - floor) / sd), sd
/// the standard deviation of the samples' relative change (cv sqrt(2 / runs), times sqrt(pi / 2) for
/// medians). 1 without a floor.
[[nodiscard]] double floor_clearing_chance(std::size_t runs, double change, double cv, const practical_floor& floor);

/// The chance that a comparison with `runs` a side selects the change with ttest: Welch's power at
/// plan.alpha times floor_clearing_chance (the two rise together, so their product is a lower bound on
/// the chance of both). 0 below plan.min_runs.
[[nodiscard]] double selection_power(std::size_t runs, double change, double cv, const power_plan& plan);

/// The smallest relative change ttest selects with `plan.power` at `runs` per side and `cv`.
[[nodiscard]] double detectable_change(std::size_t runs, double cv, const power_plan& plan = {});

/// The fewest runs per side (at least plan.min_runs and 2) with which ttest selects `change` with
/// `plan.power`; nullopt above `most` runs.
[[nodiscard]] std::optional<std::size_t> t_test_runs_needed(double change, double cv, const power_plan& plan = {},
                                                            std::size_t most = 100000);

/// The same for the Mann-Whitney U test: ttest's runs over its efficiency 3/pi, rounded up, and no fewer
/// than it needs to reach plan.alpha at all.
[[nodiscard]] std::optional<std::size_t> u_test_runs_needed(double change, double cv, const power_plan& plan = {},
                                                            std::size_t most = 100000);

/// An upper confidence bound of a coefficient of variation estimated as `cv` from `runs` samples: cv
/// sqrt((runs - 1) / chi2_{1 - confidence}(runs - 1)), from the chi-square distribution of the sample
/// variance on normal noise (one-sided, at `confidence`). Throws usage_error for runs < 2 or confidence
/// outside (0, 1).
/// **Example**: `cv_upper_bound(0.01, 5, 0.8)` is about 0.0156.
[[nodiscard]] double cv_upper_bound(double cv, std::size_t runs, double confidence);

}  // namespace perfmail
