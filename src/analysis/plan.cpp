// Planning runs (declared in include/perfmail/analysis/plan.hpp).

#include "perfmail/analysis/plan.hpp"

#include "perfmail/error.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace perfmail {

bool tested_by_compare(const metric_class& cls, const summary& s) {
  return cls.kind == metric_kind::performance && cls.reportable && s.n >= 2;
}

practical_floor floor_of(const metric_class& cls, std::optional<double> min_change_percent) {
  if (min_change_percent) return {*min_change_percent / 100, false};
  return {cls.primary ? 0.01 : 0.05, true};
}

double planning_level(const plan_request& request, std::size_t family) {
  const double level = first_rank_level(request.correction, family, request.alpha);
  if (!(level >= std::numeric_limits<double>::min()))
    throw usage_error(fmt::format("alpha {:g} over {} tested metrics with {} holds a change to {:g}, beyond the "
                                  "precision of the tests' p-values",
                                  request.alpha, family, name_of(correction_names, request.correction), level));
  return level;
}

metric_plan plan_of(const metric_class& cls, const summary& s, double level, const plan_request& request) {
  metric_plan out;
  if (s.n < 2 || s.mean == 0) return out;
  // The sample standard deviation, as the t-test estimates the noise.
  const double sample_cv =
      s.stddev * std::sqrt(static_cast<double>(s.n) / static_cast<double>(s.n - 1)) / std::abs(s.mean);
  if (!(sample_cv > 0) || !std::isfinite(sample_cv)) {
    out.basis = plan_basis::exact;
    return out;
  }
  const double cv = cv_upper_bound(sample_cv, s.n, request.cv_confidence);
  if (!std::isfinite(cv)) return out;
  out.basis = plan_basis::estimated;
  const power_plan plan{level, request.power, compare_min_runs, floor_of(cls, request.min_change_percent)};
  // As many runs a side as the file has, but no fewer than a comparison tests.
  out.detectable_percent = 100 * detectable_change(std::max<std::size_t>(s.n, plan.min_runs), cv, plan);
  if (request.detect) {
    out.ttest_runs = t_test_runs_needed(*request.detect, cv, plan, request.runs_limit);
    out.utest_runs = u_test_runs_needed(*request.detect, cv, plan, request.runs_limit);
  }
  return out;
}

}  // namespace perfmail
