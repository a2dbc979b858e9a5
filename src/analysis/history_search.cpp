// The change points of every metric of a history (declared in include/perfmail/analysis/history_search.hpp).

#include "perfmail/analysis/history_search.hpp"

#include "perfmail/metrics/classifier.hpp"

#include <algorithm>

namespace perfmail {

namespace {

/// The direction `m` is judged by: the caller's rule, else the input's unit, else the built-in rules.
metric_class class_of(const metric_history& m, const metric_classifier& classifier, const metric_classifier* callers) {
  metric_class cls = classifier.classify(m.name);
  if (callers != nullptr)
    if (const auto given = callers->classify(m.name).direction) {
      cls.direction = given;
      return cls;
    }
  if (m.direction) cls.direction = m.direction;
  return cls;
}

}  // namespace

history_search search_history(const commit_history& history, const metric_classifier& classifier,
                              const history_options& options, const std::function<bool(std::string_view)>& chosen,
                              const metric_classifier* callers) {
  history_search search;
  for (std::size_t i = 0; i < history.metrics.size(); ++i) {
    const metric_history& m = history.metrics[i];
    if (chosen && !chosen(m.name)) continue;
    metric_class cls = class_of(m, classifier, callers);
    if (cls.kind == metric_kind::failure) {
      ++search.failure_counters;
      continue;
    }
    searched_metric searched{i, cls, find_change_points(m.samples, cls, options), std::nullopt};
    const auto last = std::find_if(m.samples.rbegin(), m.samples.rend(), [](const auto& s) { return !s.empty(); });
    if (last != m.samples.rend() && last != m.samples.rbegin())
      searched.gone_after = static_cast<std::size_t>(m.samples.rend() - last) - 1;
    if (searched.gone_after) ++search.counts.gone;
    else if (searched.result.changes.empty()) ++search.counts.unchanged;
    for (const history_change& change : searched.result.changes) search.counts.add(change.verdict);
    search.metrics.push_back(std::move(searched));
  }
  return search;
}

}  // namespace perfmail
