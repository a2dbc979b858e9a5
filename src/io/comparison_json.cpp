// A comparison written as JSON (declared in include/perfmail/io/comparison_json.hpp).

#include "perfmail/io/comparison_json.hpp"

#include "perfmail/analysis/geomean.hpp"

#include "perfmail/table/render.hpp"

#include <array>
#include "json_writing.hpp"

#include <fmt/format.h>

#include <cmath>
#include <optional>
#include <span>
#include <vector>
#include <string_view>

namespace perfmail::io {

namespace {

using json = detail::ordered_json;
using detail::finite_number;

json summary_json(const column_summary& c, bool failure, std::string_view metric) {
  const auto number = [&](double x, std::string_view what) { return finite_number(x, metric, what); };
  json out;
  out["runs"] = c.runs;
  out["n"] = c.n;
  if (failure) out["failure_count"] = number(c.failure_count, "failure count");
  out["mean"] = number(c.mean, "mean");
  out["stddev"] = number(c.stddev, "stddev");
  out["min"] = number(c.min, "min");
  out["median"] = number(c.median, "median");
  out["max"] = number(c.max, "max");
  return out;
}

/// The statistical policies' fields of a change, null where the metric was not tested or the value does
/// not exist (an interval the sizes cannot give, a zero base mean).
void inference_json(json& j, const change_inference* inference, std::string_view metric) {
  const auto optional = [&](const std::optional<double>& x, std::string_view what) {
    return x ? finite_number(*x, metric, what) : json(nullptr);
  };
  if (inference == nullptr) {
    for (const char* key : {"q_value", "estimate_percent", "ci_low_percent", "ci_high_percent", "estimator",
                            "effect_size", "reachable", "clears_floor", "n"})
      j[key] = nullptr;
    return;
  }
  j["q_value"] = finite_number(inference->q_value, metric, "q-value");
  j["estimate_percent"] = optional(inference->estimate_percent, "estimated change");
  const auto& ci = inference->ci_percent;
  j["ci_low_percent"] = optional(ci ? std::optional<double>{ci->low} : std::nullopt, "change's interval");
  j["ci_high_percent"] = optional(ci ? std::optional<double>{ci->high} : std::nullopt, "change's interval");
  j["estimator"] = std::string{name_of(change_estimator_names, inference->estimator)};
  j["effect_size"] = optional(inference->effect_size, "effect size");
  j["reachable"] = inference->reachable;
  j["clears_floor"] = inference->clears_floor;
  j["n"] = json::array({inference->n_base, inference->n_head});
}

}  // namespace

namespace {

/// A metric's unit as its file gave it (`{"quantity": "seconds", "scale": 1e-9}`), or null.
json unit_json(const comparison_row& row) {
  if (row.cls.unit.what == quantity::none) return nullptr;
  json j;
  j["quantity"] = std::string{name_of(quantity_names, row.cls.unit.what)};
  j["scale"] = row.cls.unit.scale();
  return j;
}

json comparison_object(const comparison& cmp, const table_header& header, const comparison_json_options& options) {
  json doc;
  const bool tool = cmp.conventions == result_conventions::benchmark_tool;
  // The robot's comparisons keep the document they always had; other tools' say how they were judged.
  if (tool) doc["conventions"] = std::string{name_of(result_conventions_names, cmp.conventions)};
  doc["policy"] = std::string{name_of(policy_names, cmp.policy.kind)};
  const bool statistical = cmp.policy.kind != policy_kind::robot;
  if (statistical) {
    doc["alpha"] = cmp.policy.alpha;
    doc["correction"] = std::string{name_of(correction_names, cmp.policy.correction)};
    doc["min_change_percent"] = cmp.policy.min_change_percent ? json(*cmp.policy.min_change_percent) : json(nullptr);
    doc["confidence"] = cmp.policy.confidence;
    doc["effect_size"] = cmp.policy.kind == policy_kind::mann_whitney ? "cliffs_delta" : "hedges_g";
  }
  json columns = json::array();
  for (std::size_t c = 0; c < cmp.run_counts.size(); ++c) {
    json col;
    col["commit"] = c < header.commits.size() ? header.commits[c] : std::string{};
    col["runs"] = cmp.run_counts[c];
    columns.push_back(std::move(col));
  }
  doc["columns"] = std::move(columns);
  std::vector<const comparison_row*> all_rows;
  if (!options.rows) {
    all_rows.reserve(cmp.rows.size());
    for (const auto& row : cmp.rows) all_rows.push_back(&row);
  }
  const std::span<const comparison_row* const> chosen = options.rows ? *options.rows : all_rows;
  if (statistical) {
    // Per compared column: what its test could reach, and the geometric means of the selected rows, as
    // the details table prints them.
    const std::vector<column_geomeans> means = geomeans(cmp, chosen);
    const auto geomean_json = [](const direction_geomean& g) {
      return json{{"metrics", g.count}, {"change_percent", g.count == 0 ? json(nullptr) : json(g.change_percent)}};
    };
    for (std::size_t c = 1; c < cmp.run_counts.size(); ++c) {
      json& col = doc["columns"][c];
      if (c - 1 < cmp.reach.size()) {
        const column_reach& reach = cmp.reach[c - 1];
        col["tested"] = reach.tested;
        col["unreachable"] = reach.unreachable;
        col["lone_change_level"] = reach.lone_change_level;
        col["smallest_p"] = reach.smallest_p;
        col["runs_needed"] = reach.runs_needed == 0 ? json(nullptr) : json(reach.runs_needed);
      }
      col["geomean"] = {{"higher", geomean_json(means[c - 1].higher)}, {"lower", geomean_json(means[c - 1].lower)}};
    }
  }
  const verdict_counts counts = count_verdicts(options.counted ? *options.counted : chosen, options.verdicts);
  json tally;
  tally["regressions"] = counts.regressions;
  tally["improvements"] = counts.improvements;
  tally["changed"] = counts.changed;
  tally["unchanged"] = counts.unchanged;
  if (tool) {
    tally["gone"] = counts.gone;
    tally["new"] = counts.added;
    tally["failed"] = counts.failed;
  }
  doc["verdicts"] = std::move(tally);
  doc["summary"] = verdict_summary(counts);
  json metrics = json::array();
  for (const comparison_row* row_pointer : chosen) {
    const comparison_row& row = *row_pointer;
    json m;
    m["name"] = std::string{row.name};
    m["kind"] = row.failure() ? "failure" : "performance";
    const std::optional<better> direction = direction_of(row);
    m["direction"] = direction ? json(std::string{name_of(better_names, *direction)}) : json(nullptr);
    if (tool) m["unit"] = unit_json(row);
    m["selected"] = row.selected;
    json sums = json::array();
    const row_statistics* stats = cmp.statistics_of(row);
    for (std::size_t c = 0; c < row.columns.size(); ++c) {
      json column = summary_json(row.columns[c], row.failure(), row.name);
      if (stats != nullptr) {
        const auto& ci = c < stats->median_ci.size() ? stats->median_ci[c] : std::nullopt;
        column["median_ci_low"] = ci ? finite_number(ci->low, row.name, "median's interval") : json(nullptr);
        column["median_ci_high"] = ci ? finite_number(ci->high, row.name, "median's interval") : json(nullptr);
      }
      sums.push_back(std::move(column));
    }
    m["columns"] = std::move(sums);
    json changes = json::array();
    for (std::size_t c = 1; c <= row.compared_columns(); ++c) {
      const column_change ch = row.change(c);
      json j;
      if (c - 1 < row.verdicts.size() && row.verdicts[c - 1].sides != presence::both) {
        // A side without samples: nothing was compared, so there is no change to state.
        j["relative_percent"] = nullptr;
        j["absolute"] = nullptr;
        j["printed"] = nullptr;
      } else {
        // null: no relative change over a zero base.
        j["relative_percent"] = ch.relative ? finite_number(*ch.relative, row.name, "change of the mean") : json(nullptr);
        j["absolute"] = finite_number(ch.absolute, row.name, "change of the mean");
        if (row.failure()) j["reproduction_percent"] = finite_number(ch.reproduction, row.name, "change of the failure rate");
        j["printed"] = printed_change(options.dialect, row, c);
      }
      if (c - 1 < row.verdicts.size()) {
        const column_verdict& v = row.verdicts[c - 1];
        j["changed"] = v.changed;
        j["p_value"] = v.p_value ? finite_number(*v.p_value, row.name, "p-value") : json(nullptr);
        if (statistical) inference_json(j, cmp.inference_of(row, c), row.name);
        j["reason"] = v.reason;
      }
      j["verdict"] = std::string{name_of(change_verdict_names, verdict_of(row, c, options.verdicts))};
      changes.push_back(std::move(j));
    }
    m["changes"] = std::move(changes);
    metrics.push_back(std::move(m));
  }
  doc["metrics"] = std::move(metrics);
  return doc;
}

}  // namespace

std::string comparison_to_json(const comparison& cmp, const table_header& header,
                               const comparison_json_options& options) {
  return detail::dumped(comparison_object(cmp, header, options), options.indent) + '\n';
}

std::string comparison_to_json(const comparison& cmp, const table_header& header,
                               std::span<const further_comparison> further, const comparison_json_options& options) {
  json doc = comparison_object(cmp, header, options);
  if (!further.empty()) {
    json tests = json::array();
    for (const auto& f : further) {
      json t;
      t["testcase"] = f.testcase;
      t["metric"] = f.metric;
      comparison_json_options own = options;
      own.rows.reset();  // the rows chosen are the main table's
      own.counted.reset();
      t.update(comparison_object(*f.table, f.header, own));
      tests.push_back(std::move(t));
    }
    doc["tests"] = std::move(tests);
  }
  return detail::dumped(doc, options.indent) + '\n';
}

}  // namespace perfmail::io
