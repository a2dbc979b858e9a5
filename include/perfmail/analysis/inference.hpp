#pragma once
// What the statistical policies (utest, ttest) know of a change beyond yes or no: how sure (p, and q after
// the correction for the other metrics of the comparison), how much (a point estimate and an interval of
// the change, in percent of the base mean's magnitude), how large against the noise (an effect size), and whether
// the test could have said yes at all with the runs it had. The robot policy has none of this.

#include "perfmail/stats/estimate.hpp"
#include "perfmail/text/enum_names.hpp"

#include <boost/container/small_vector.hpp>

#include <array>
#include <cstdint>
#include <optional>

namespace perfmail {

/// How the change in percent and its interval were estimated.
enum class change_estimator : std::uint8_t {
  /// utest on positive samples: the Hodges-Lehmann shift of the logarithms, as a ratio (hodges_lehmann_ratio).
  hodges_lehmann_ratio,
  /// utest where a sample is 0 or negative: the Hodges-Lehmann shift over the base mean's magnitude, whose
  /// interval ignores the noise of that mean.
  hodges_lehmann_shift,
  /// ttest: the difference of the means over the base mean's magnitude, with Fieller's interval of their
  /// ratio (fieller_ratio).
  mean_ratio,
};

inline constexpr std::array<enum_name<change_estimator>, 3> change_estimator_names{{
    {change_estimator::hodges_lehmann_ratio, "hodges_lehmann_ratio"},
    {change_estimator::hodges_lehmann_shift, "hodges_lehmann_shift"},
    {change_estimator::mean_ratio, "mean_ratio"},
}};
/// The name of `value` (its `change_estimator_names` entry): what `<<` and `fmt::format("{}", value)` print.
[[nodiscard]] constexpr std::string_view name_of(change_estimator value) noexcept { return name_of(change_estimator_names, value); }

/// One compared column's inference on one metric.
struct change_inference {
  std::uint32_t n_base = 0;  ///< samples tested: the present ones
  std::uint32_t n_head = 0;
  double p_value = 1;  ///< the test's, two-sided
  /// Adjusted for the metrics tested in the same column (policy.correction); decide() alone, which sees
  /// one metric, sets it to the p-value.
  double q_value = 1;
  /// The test could have selected the metric with these sample sizes, whatever its change: in compare(),
  /// at the corrected level of its column given the other metrics' p-values (selectable_at_best); in
  /// decide(), which sees one metric, at alpha (utest: 2 / C(n1 + n2, n1) <= alpha).
  bool reachable = true;
  /// The change clears the practical floor (the robot's floors, or policy.min_change_percent).
  bool clears_floor = false;
  /// The change in percent of the base's magnitude, so that its sign is the direction the values moved
  /// (as the effect size's), by `estimator` (nullopt over a zero base mean).
  std::optional<double> estimate_percent;
  /// Its interval at the policy's confidence; nullopt where the sizes give none (or, for ttest, where the
  /// base mean is not clearly away from zero).
  std::optional<interval> ci_percent;
  change_estimator estimator = change_estimator::hodges_lehmann_ratio;
  /// utest: Cliff's delta; ttest: Hedges' g (nullopt when neither side varies).
  std::optional<double> effect_size;
  bool operator==(const change_inference&) const = default;
};

/// A row's inference for the statistical policies: the median's interval per column (base first) and the
/// inference per compared column (nullopt where the metric was not tested: a failure count, too few
/// samples, a candidate rule).
struct row_statistics {
  boost::container::small_vector<std::optional<interval>, 2> median_ci;
  boost::container::small_vector<std::optional<change_inference>, 1> changes;
  bool operator==(const row_statistics&) const = default;
};

}  // namespace perfmail
