#pragma once
// What the statistical policies (utest, ttest) know of a change beyond yes or no: how sure (p, and q after
// the correction for the other metrics of the comparison), how much (a point estimate and a 95% interval
// of the change, in percent of the base mean), how large against the noise (an effect size), and whether
// the test could have said yes at all with the runs it had. The robot policy has none of this.

#include "perfmail/stats/estimate.hpp"

#include <boost/container/small_vector.hpp>

#include <cstdint>
#include <optional>

namespace perfmail {

/// One compared column's inference on one metric.
struct change_inference {
  std::uint32_t n_base = 0;  ///< samples tested: the present ones
  std::uint32_t n_head = 0;
  double p_value = 1;  ///< the test's, two-sided
  /// Adjusted for the metrics tested in the same column (policy.correction); decide() alone, which sees
  /// one metric, sets it to the p-value.
  double q_value = 1;
  /// The test can reach alpha with these sample sizes (utest: 2 / C(n1 + n2, n1) <= alpha).
  bool reachable = true;
  /// The change clears the practical floor (the robot's floors, or policy.min_change_percent).
  bool clears_floor = false;
  /// utest: the Hodges-Lehmann shift; ttest: the difference of the means; in percent of the base mean
  /// (nullopt over a zero base mean).
  std::optional<double> estimate_percent;
  std::optional<interval> ci_percent;  ///< its 95% interval; nullopt where the sizes give none
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
