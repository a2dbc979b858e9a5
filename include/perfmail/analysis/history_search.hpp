#pragma once
// The change points of every metric of a history (analysis/history.hpp for one metric): which metrics
// are searched, the direction each is judged by, and the verdicts counted for the summary line and
// --fail-on. Declarations only: src/analysis/history_search.cpp.

#include "perfmail/analysis/history.hpp"
#include "perfmail/analysis/change_verdict.hpp"
#include "perfmail/model/history.hpp"

#include <cstddef>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

namespace perfmail {

class metric_classifier;

/// One searched metric's change points.
struct searched_metric {
  std::size_t metric = 0;  ///< its place in commit_history::metrics
  metric_class cls;        ///< its class, with the direction it is judged by
  metric_history_result result;
  /// The last commit with a sample, when it is not the newest commit: the metric is gone (counted
  /// `gone`, which --fail-on missing fails on).
  std::optional<std::size_t> gone_after;
};

/// The change points of a history's metrics.
struct history_search {
  std::vector<searched_metric> metrics;  ///< in the history's order
  /// Failure counters (kernel messages, failed runs) the search leaves out: their counts of 0 and 1
  /// are no distribution to divide, and a new failure is compare's verdict.
  std::size_t failure_counters = 0;
  /// A verdict per change; `gone` counts the searched metrics with no sample at the newest commit, and
  /// `unchanged` the others without a change.
  verdict_counts counts;
};

/// Searches the metrics of `history` that `chosen` accepts (all when it is empty), each classified by
/// `classifier` with its direction decided by classify_with_directions (metrics/directions.hpp):
/// `options.caller_rules`, then the metric's own direction (the history's unit), then the classifier's
/// rules. Up to `jobs` metrics are searched at once, on threads of their own; the result is the same for
/// any number of jobs.
[[nodiscard]] history_search search_history(const commit_history& history, const metric_classifier& classifier,
                                            const history_options& options,
                                            const std::function<bool(std::string_view)>& chosen = {},
                                            std::size_t jobs = 1);

}  // namespace perfmail
