// A comparison written as JSON (declared in include/perfmail/io/comparison_json.hpp).

#include "perfmail/io/comparison_json.hpp"

#include "perfmail/table/render.hpp"

#include <nlohmann/json.hpp>

#include <cmath>

namespace perfmail::io {

namespace {

using json = nlohmann::ordered_json;

/// A finite number, or null (JSON has no infinities).
json number(double x) { return std::isfinite(x) ? json(x) : json(nullptr); }

json summary_json(const column_stats& c, bool failure) {
  json out;
  out["runs"] = c.runs;
  out["n"] = c.stats.n;
  if (failure) out["failure_count"] = number(c.failure_count);
  out["mean"] = number(c.stats.mean);
  out["stddev"] = number(c.stats.stddev);
  out["min"] = number(c.stats.min);
  out["median"] = number(c.stats.median);
  out["max"] = number(c.stats.max);
  return out;
}

}  // namespace

std::string comparison_to_json(const comparison& cmp, const table_header& header,
                               const comparison_json_options& options) {
  json doc;
  doc["policy"] = std::string{detect::to_string(cmp.policy.kind)};
  if (cmp.policy.kind != detect::policy_kind::robot) doc["alpha"] = cmp.policy.alpha;
  json columns = json::array();
  for (std::size_t c = 0; c < cmp.run_counts.size(); ++c) {
    json col;
    col["commit"] = c < header.commits.size() ? header.commits[c] : std::string{};
    col["runs"] = cmp.run_counts[c];
    columns.push_back(std::move(col));
  }
  doc["columns"] = std::move(columns);
  json metrics = json::array();
  for (const auto& row : cmp.rows) {
    json m;
    m["name"] = row.name;
    m["kind"] = row.failure ? "failure" : "performance";
    m["selected"] = row.selected;
    json sums = json::array();
    for (const auto& s : row.stats) sums.push_back(summary_json(s, row.failure));
    m["columns"] = std::move(sums);
    json changes = json::array();
    for (std::size_t c = 1; c <= row.changes.size(); ++c) {
      const column_change& ch = row.changes[c - 1];
      json j;
      j["relative_percent"] = ch.relative ? number(*ch.relative) : json(nullptr);
      j["absolute"] = number(ch.absolute);
      if (row.failure) j["reproduction_percent"] = number(ch.reproduction);
      j["printed"] = printed_change(options.dialect, row, c);
      if (c - 1 < row.verdicts.size()) {
        const column_verdict& v = row.verdicts[c - 1];
        j["changed"] = v.changed;
        j["p_value"] = v.p_value ? number(*v.p_value) : json(nullptr);
        j["reason"] = v.reason;
      }
      changes.push_back(std::move(j));
    }
    m["changes"] = std::move(changes);
    metrics.push_back(std::move(m));
  }
  doc["metrics"] = std::move(metrics);
  // Names and commits come from the caller: text that is not UTF-8 is written as U+FFFD rather than
  // thrown out as a JSON library exception.
  return doc.dump(options.indent, ' ', false, json::error_handler_t::replace) + '\n';
}

}  // namespace perfmail::io
