// `perfmail history --format json` (declared in include/perfmail/io/history_json.hpp).

#include "perfmail/io/history_json.hpp"

#include "json_writing.hpp"

#include <optional>
#include <string>

namespace perfmail::io {

namespace {

using json = detail::ordered_json;
using detail::finite_number;

json optional_number(const std::optional<double>& x, std::string_view metric, std::string_view what) {
  return x ? finite_number(*x, metric, what) : json(nullptr);
}

json change_json(const commit_history& history, const searched_metric& searched, const history_change& change) {
  const metric_history& m = history.metrics[searched.metric];
  json c;
  c["metric"] = m.name;
  c["index"] = change.index;
  c["commit"] = history.commits[change.index].id;
  c["last_before"] = history.commits[change.last_before].id;
  c["kind"] = std::string{name_of(history_change_kind_names, change.kind)};
  c["last_moved"] = history.commits[change.last_moved].id;
  c["window"] = {change.before_first, change.after_last};
  c["before"] = finite_number(change.before_median, m.name, "median before the change");
  c["after"] = finite_number(change.after_median, m.name, "median after the change");
  c["change_percent"] = optional_number(change.change_percent, m.name, "change");
  c["ci_low_percent"] = change.ci_percent ? finite_number(change.ci_percent->low, m.name, "interval") : json(nullptr);
  c["ci_high_percent"] = change.ci_percent ? finite_number(change.ci_percent->high, m.name, "interval") : json(nullptr);
  c["p_value"] = change.p_value;
  c["confirming_p"] = change.confirming_p;
  c["permutation_p"] = change.permutation_p ? json(*change.permutation_p) : json(nullptr);
  c["verdict"] = std::string{name_of(change_verdict_names, change.verdict)};
  c["min_change_percent"] = searched.result.min_change_percent;
  return c;
}

}  // namespace

std::string history_to_json(const commit_history& history, const history_search& search,
                            const history_options& options, int indent) {
  json doc;
  json commits = json::array();
  for (const history_commit& commit : history.commits) {
    json c;
    c["id"] = commit.id;
    c["time"] = commit.time.empty() ? json(nullptr) : json(commit.time);
    c["source"] = commit.source;
    commits.push_back(std::move(c));
  }
  doc["commits"] = std::move(commits);
  doc["options"] = {{"alpha", options.alpha},
                    {"min_change_percent", options.min_change_percent ? json(*options.min_change_percent) : json(nullptr)},
                    {"confidence", options.confidence},
                    {"window", options.window},
                    {"seed", options.seed}};
  doc["metrics"] = search.metrics.size();
  doc["failure_counters"] = search.failure_counters;
  json changes = json::array();
  json outliers = json::array();
  json gone = json::array();
  for (const searched_metric& searched : search.metrics) {
    const metric_history& m = history.metrics[searched.metric];
    for (const history_change& change : searched.result.changes) changes.push_back(change_json(history, searched, change));
    for (const std::size_t at : searched.result.outliers)
      outliers.push_back({{"metric", m.name}, {"index", at}, {"commit", history.commits[at].id}});
    if (searched.gone_after)
      gone.push_back({{"metric", m.name},
                      {"last_index", *searched.gone_after},
                      {"last_commit", history.commits[*searched.gone_after].id}});
  }
  doc["changes"] = std::move(changes);
  doc["outliers"] = std::move(outliers);
  doc["gone"] = std::move(gone);
  const verdict_counts& counts = search.counts;
  doc["verdicts"] = {{"regressions", counts.regressions},
                     {"improvements", counts.improvements},
                     {"changed", counts.changed},
                     {"unchanged", counts.unchanged}};
  doc["summary"] = verdict_summary(counts);
  return detail::dumped(doc, indent) + '\n';
}

}  // namespace perfmail::io
