// A comparison written as JSON (declared in include/perfmail/io/comparison_json.hpp).

#include "perfmail/io/comparison_json.hpp"

#include "perfmail/analysis/geomean.hpp"

#include "perfmail/error.hpp"
#include "perfmail/table/render.hpp"
#include "perfmail/text/printable.hpp"

#include "json_stream.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace perfmail::io {

namespace {

using detail::json_stream;

/// `x` when it is finite: JSON has no infinities, and a null would say the value does not exist, so
/// such a value is refused, as the text tables refuse it (detail::finite_number's words).
double finite(double x, std::string_view metric, std::string_view what) {
  if (!std::isfinite(x))
    throw value_error(fmt::format("metric {}: the {} is beyond the range of a double", text::quoted(metric), what));
  return x;
}

/// The writer's calls for a value of each type, as nlohmann would store it: bools as booleans, whole
/// numbers as integers, doubles as numbers, text as strings, none as null.
class writer {
 public:
  explicit writer(int indent) : w_(indent) {}

  template <class T>
  void put(std::string_view key, const T& value) {
    w_.key(key);
    put(value);
  }
  void put(bool b) { w_.boolean(b); }
  void put(double x) { w_.number(x); }
  void put(std::nullptr_t) { w_.null(); }
  void put(std::string_view s) { w_.string(s); }
  void put(const std::string& s) { w_.string(s); }
  void put(const char* s) { w_.string(s); }
  template <class Integer>
    requires std::is_integral_v<Integer> && (!std::is_same_v<Integer, bool>)
  void put(Integer n) { w_.integer(n); }
  template <class T>
  void put(const std::optional<T>& value) {
    if (value)
      put(*value);
    else
      w_.null();
  }

  void key(std::string_view k) { w_.key(k); }
  void reserve(std::size_t bytes) { w_.reserve(bytes); }
  void begin_object() { w_.begin_object(); }
  void end_object() { w_.end_object(); }
  void begin_array() { w_.begin_array(); }
  void end_array() { w_.end_array(); }
  [[nodiscard]] std::string take() { return w_.take(); }

 private:
  json_stream w_;
};

std::optional<double> finite_or_none(const std::optional<double>& x, std::string_view metric, std::string_view what) {
  return x ? std::optional<double>{finite(*x, metric, what)} : std::nullopt;
}

void write_summary(writer& w, const column_summary& c, bool failure, std::string_view metric) {
  w.put("runs", c.runs);
  w.put("n", c.n);
  if (failure) w.put("failure_count", finite(c.failure_count, metric, "failure count"));
  w.put("mean", finite(c.mean, metric, "mean"));
  w.put("stddev", finite(c.stddev, metric, "stddev"));
  w.put("min", finite(c.min, metric, "min"));
  w.put("median", finite(c.median, metric, "median"));
  w.put("max", finite(c.max, metric, "max"));
}

/// The statistical policies' fields of a change, null where the metric was not tested or the value does
/// not exist (an interval the sizes cannot give, a zero base mean).
void write_inference(writer& w, const change_inference* inference, std::string_view metric) {
  if (inference == nullptr) {
    for (const char* key : {"q_value", "estimate_percent", "ci_low_percent", "ci_high_percent", "estimator",
                            "effect_size", "reachable", "clears_floor", "n"})
      w.put(key, nullptr);
    return;
  }
  w.put("q_value", finite(inference->q_value, metric, "q-value"));
  w.put("estimate_percent", finite_or_none(inference->estimate_percent, metric, "estimated change"));
  const auto& ci = inference->ci_percent;
  w.put("ci_low_percent", finite_or_none(ci ? std::optional<double>{ci->low} : std::nullopt, metric, "change's interval"));
  w.put("ci_high_percent", finite_or_none(ci ? std::optional<double>{ci->high} : std::nullopt, metric, "change's interval"));
  w.put("estimator", name_of(change_estimator_names, inference->estimator));
  w.put("effect_size", finite_or_none(inference->effect_size, metric, "effect size"));
  w.put("reachable", inference->reachable);
  w.put("clears_floor", inference->clears_floor);
  w.key("n");
  w.begin_array();
  w.put(inference->n_base);
  w.put(inference->n_head);
  w.end_array();
}

/// A metric's unit as its file gave it (`{"quantity": "seconds", "scale": 1e-9}`), or null.
void write_unit(writer& w, const comparison_row& row) {
  w.key("unit");
  if (row.cls.unit.what == quantity::none) {
    w.put(nullptr);
    return;
  }
  w.begin_object();
  w.put("quantity", name_of(quantity_names, row.cls.unit.what));
  w.put("scale", row.cls.unit.scale());
  w.end_object();
}

void write_geomean(writer& w, std::string_view key, const direction_geomean& g) {
  w.key(key);
  w.begin_object();
  w.put("metrics", g.count);
  w.put("change_percent", g.count == 0 ? std::nullopt : std::optional<double>{g.change_percent});
  w.end_object();
}

/// The members of a comparison's object (the caller opens and closes it).
void write_comparison_members(writer& w, const comparison& cmp, const table_header& header,
                              const comparison_json_options& options) {
  const bool tool = cmp.conventions == result_conventions::benchmark_tool;
  // The robot's comparisons keep the document they always had; other tools' say how they were judged.
  if (tool) w.put("conventions", name_of(result_conventions_names, cmp.conventions));
  w.put("policy", name_of(policy_names, cmp.policy.kind));
  const bool statistical = cmp.policy.kind != policy_kind::robot;
  if (statistical) {
    w.put("alpha", cmp.policy.alpha);
    w.put("correction", name_of(correction_names, cmp.policy.correction));
    w.put("min_change_percent", cmp.policy.min_change_percent);
    w.put("confidence", cmp.policy.confidence);
    w.put("effect_size", cmp.policy.kind == policy_kind::mann_whitney ? "cliffs_delta" : "hedges_g");
  }
  std::vector<const comparison_row*> all_rows;
  if (!options.rows) {
    all_rows.reserve(cmp.rows.size());
    for (const auto& row : cmp.rows) all_rows.push_back(&row);
  }
  const std::span<const comparison_row* const> chosen = options.rows ? *options.rows : all_rows;
  // Per compared column of a statistical policy: what its test could reach, and the geometric means of
  // the chosen rows, as the details table prints them.
  const std::vector<column_geomeans> means = statistical ? geomeans(cmp, chosen) : std::vector<column_geomeans>{};
  w.key("columns");
  w.begin_array();
  for (std::size_t c = 0; c < cmp.run_counts.size(); ++c) {
    w.begin_object();
    w.put("commit", c < header.commits.size() ? std::string_view{header.commits[c]} : std::string_view{});
    w.put("runs", cmp.run_counts[c]);
    if (statistical && c >= 1) {
      if (c - 1 < cmp.reach.size()) {
        const column_reach& reach = cmp.reach[c - 1];
        w.put("tested", reach.tested);
        w.put("unreachable", reach.unreachable);
        w.put("lone_change_level", reach.lone_change_level);
        w.put("smallest_p", reach.smallest_p);
        w.put("runs_needed", reach.runs_needed == 0 ? std::nullopt : std::optional<std::size_t>{reach.runs_needed});
      }
      w.key("geomean");
      w.begin_object();
      write_geomean(w, "higher", means[c - 1].higher);
      write_geomean(w, "lower", means[c - 1].lower);
      w.end_object();
    }
    w.end_object();
  }
  w.end_array();
  const verdict_counts counts = count_verdicts(options.counted ? *options.counted : chosen, options.verdicts);
  w.key("verdicts");
  w.begin_object();
  w.put("regressions", counts.regressions);
  w.put("improvements", counts.improvements);
  w.put("changed", counts.changed);
  w.put("unchanged", counts.unchanged);
  if (tool) {
    w.put("gone", counts.gone);
    w.put("new", counts.added);
    w.put("failed", counts.failed);
  }
  w.end_object();
  w.put("summary", verdict_summary(counts));
  w.key("metrics");
  w.begin_array();
  for (const comparison_row* row_pointer : chosen) {
    const comparison_row& row = *row_pointer;
    w.begin_object();
    w.put("name", row.name);
    w.put("kind", row.failure() ? "failure" : "performance");
    const std::optional<better> direction = direction_of(row);
    w.put("direction", direction ? std::optional<std::string_view>{name_of(better_names, *direction)} : std::nullopt);
    if (tool) write_unit(w, row);
    w.put("selected", row.selected);
    w.key("columns");
    w.begin_array();
    const row_statistics* stats = cmp.statistics_of(row);
    for (std::size_t c = 0; c < row.columns.size(); ++c) {
      w.begin_object();
      write_summary(w, row.columns[c], row.failure(), row.name);
      if (stats != nullptr) {
        const auto& ci = c < stats->median_ci.size() ? stats->median_ci[c] : std::nullopt;
        w.put("median_ci_low", ci ? std::optional<double>{finite(ci->low, row.name, "median's interval")} : std::nullopt);
        w.put("median_ci_high", ci ? std::optional<double>{finite(ci->high, row.name, "median's interval")} : std::nullopt);
      }
      w.end_object();
    }
    w.end_array();
    w.key("changes");
    w.begin_array();
    for (std::size_t c = 1; c <= row.compared_columns(); ++c) {
      const column_change ch = row.change(c);
      w.begin_object();
      if (c - 1 < row.verdicts.size() && row.verdicts[c - 1].sides != presence::both) {
        // A side without samples: nothing was compared, so there is no change to state.
        w.put("relative_percent", nullptr);
        w.put("absolute", nullptr);
        w.put("printed", nullptr);
      } else {
        // null: no relative change over a zero base.
        w.put("relative_percent", finite_or_none(ch.relative, row.name, "change of the mean"));
        w.put("absolute", finite(ch.absolute, row.name, "change of the mean"));
        if (row.failure()) w.put("reproduction_percent", finite(ch.reproduction, row.name, "change of the failure rate"));
        w.put("printed", printed_change(options.dialect, row, c));
      }
      if (c - 1 < row.verdicts.size()) {
        const column_verdict& v = row.verdicts[c - 1];
        w.put("changed", v.changed);
        w.put("p_value", finite_or_none(v.p_value, row.name, "p-value"));
        if (statistical) write_inference(w, cmp.inference_of(row, c), row.name);
        w.put("reason", v.reason);
      }
      w.put("verdict", name_of(change_verdict_names, verdict_of(row, c, options.verdicts)));
      w.end_object();
    }
    w.end_array();
    w.end_object();
  }
  w.end_array();
}

}  // namespace

std::string comparison_to_json(const comparison& cmp, const table_header& header,
                               const comparison_json_options& options) {
  return comparison_to_json(cmp, header, {}, options);
}

std::string comparison_to_json(const comparison& cmp, const table_header& header,
                               std::span<const further_comparison> further, const comparison_json_options& options) {
  writer w(options.indent);
  // About 900 bytes a metric when indented (a third of that on one line): the text is not copied as it grows.
  std::size_t rows = options.rows ? options.rows->size() : cmp.rows.size();
  for (const auto& f : further) rows += f.table->rows.size();
  w.reserve(1024 + rows * (options.indent >= 0 ? 1000 : 400));
  w.begin_object();
  write_comparison_members(w, cmp, header, options);
  if (!further.empty()) {
    w.key("tests");
    w.begin_array();
    for (const auto& f : further) {
      w.begin_object();
      w.put("testcase", f.testcase);
      w.put("metric", f.metric);
      comparison_json_options own = options;
      own.rows.reset();  // the rows chosen are the main table's
      own.counted.reset();
      write_comparison_members(w, *f.table, f.header, own);
      w.end_object();
    }
    w.end_array();
  }
  w.end_object();
  std::string out = w.take();
  out += '\n';
  return out;
}

}  // namespace perfmail::io
