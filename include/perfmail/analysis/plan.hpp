#pragma once
// Planning runs: how many runs a side a comparison needs to select a change, and how small a change the
// runs at hand can select, for the tests compare() runs (Welch's t for ttest, Mann-Whitney U for utest)
// under the same rules: the metrics it would test (the correction's family), the level a lone change
// among them is held to, at least compare_min_runs a side, and the practical floors. The noise is an
// upper confidence bound of each metric's coefficient of variation, since a few runs underestimate it
// as often as not. `perfmail summary --plan` prints these; docs/STATISTICS.md ("Planning runs") states
// the model and its simulated achieved power. Declarations only: src/analysis/plan.cpp.

#include "perfmail/analysis/policy.hpp"
#include "perfmail/metrics/metric_class.hpp"
#include "perfmail/stats/correction.hpp"
#include "perfmail/stats/power.hpp"
#include "perfmail/stats/summary.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>

namespace perfmail {

/// How a metric's plan was found (the summary table's `-`, `exact` and a number).
enum class plan_basis : std::uint8_t {
  none,       ///< fewer than 2 samples, or a zero mean (no relative noise)
  exact,      ///< no spread, so any change stands out
  estimated,  ///< numbers from the metric's spread
};

/// One metric's plan.
struct metric_plan {
  plan_basis basis = plan_basis::none;
  std::optional<double> detectable_percent;  ///< estimated only: at its runs (at least compare_min_runs)
  std::optional<std::size_t> ttest_runs;     ///< estimated, with a change to detect; none: more than the limit
  std::optional<std::size_t> utest_runs;
  bool operator==(const metric_plan&) const = default;
};

/// What a plan asks and assumes.
struct plan_request {
  double alpha = 0.05;  ///< the comparison's significance level, before the correction
  double power = 0.8;
  p_correction correction = p_correction::bh;
  /// The practical floor: a change of the mean of this many percent; nullopt: the robot's floors.
  std::optional<double> min_change_percent;
  double cv_confidence = 0.8;        ///< one-sided confidence of the noise's upper bound
  std::optional<double> detect;      ///< a relative change to plan runs for (0.02 for 2%)
  std::size_t runs_limit = 100000;   ///< beyond it, a count of runs is none
};

/// Whether a comparison would test a metric, so count it in the correction's family: the robot's
/// candidate rules on its class (a performance metric off the deny list) and at least 2 samples.
[[nodiscard]] bool tested_by_compare(const metric_class& cls, const summary& s);

/// The floor a comparison holds a metric to: `min_change_percent` of the means, or the robot's ratio of
/// medians above 1.01 (1.05 for a secondary metric).
[[nodiscard]] practical_floor floor_of(const metric_class& cls, std::optional<double> min_change_percent);

/// The level a lone change among `family` tested metrics is held to (first_rank_level). Throws
/// usage_error where it is below the smallest normal double: no test's p-value can be told from it.
[[nodiscard]] double planning_level(const plan_request& request, std::size_t family);

/// A metric's plan at `level` (planning_level of its file's family).
[[nodiscard]] metric_plan plan_of(const metric_class& cls, const summary& s, double level, const plan_request& request);

}  // namespace perfmail
