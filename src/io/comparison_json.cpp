// A comparison written as JSON (declared in include/perfmail/io/comparison_json.hpp).

#include "perfmail/io/comparison_json.hpp"

#include "perfmail/analysis/geomean.hpp"
#include "perfmail/table/benchstat.hpp"
#include "perfmail/table/render.hpp"

#include "json_stream.hpp"

#include <cmath>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::io {

namespace {

using detail::finite_double;
using detail::json_dry_run;
using detail::json_key;
using detail::json_stream;

std::optional<double> finite_or_none(const std::optional<double>& x, std::string_view metric, std::string_view what) {
  return x ? std::optional<double>{finite_double(*x, metric, what)} : std::nullopt;
}

template <class Writer>
void write_summary(Writer& w, const column_summary& c, bool failure, std::string_view metric) {
  w.member("runs", c.runs);
  w.member("n", c.n);
  if (failure) w.member("failure_count", finite_double(c.failure_count, metric, "failure count"));
  w.member("mean", finite_double(c.mean, metric, "mean"));
  w.member("stddev", finite_double(c.stddev, metric, "stddev"));
  w.member("min", finite_double(c.min, metric, "min"));
  w.member("median", finite_double(c.median, metric, "median"));
  w.member("max", finite_double(c.max, metric, "max"));
}

/// The statistical policies' fields of a change, null where the metric was not tested or the value does
/// not exist (an interval the sizes cannot give, a zero base mean).
template <class Writer>
void write_inference(Writer& w, const change_inference* inference, std::string_view metric) {
  if (inference == nullptr) {
    static constexpr json_key untested[] = {
        "q_value", "estimate_percent", "ci_low_percent", "ci_high_percent", "estimator",
        "effect_size", "reachable", "clears_floor", "n"};
    for (const json_key& key : untested) w.member(key, nullptr);
    return;
  }
  w.member("q_value", finite_double(inference->q_value, metric, "q-value"));
  w.member("estimate_percent", finite_or_none(inference->estimate_percent, metric, "estimated change"));
  const auto& ci = inference->ci_percent;
  w.member("ci_low_percent", finite_or_none(ci ? std::optional<double>{ci->low} : std::nullopt, metric, "change's interval"));
  w.member("ci_high_percent", finite_or_none(ci ? std::optional<double>{ci->high} : std::nullopt, metric, "change's interval"));
  w.member("estimator", name_of(change_estimator_names, inference->estimator));
  w.member("effect_size", finite_or_none(inference->effect_size, metric, "effect size"));
  w.member("reachable", inference->reachable);
  w.member("clears_floor", inference->clears_floor);
  w.key("n");
  w.begin_array();
  w.value(inference->n_base);
  w.value(inference->n_head);
  w.end_array();
}

/// A metric's unit as its file gave it (`{"quantity": "seconds", "scale": 1e-9}`), or null.
template <class Writer>
void write_unit(Writer& w, const comparison_row& row) {
  w.key("unit");
  if (row.cls.unit.what == quantity::none) {
    w.value(nullptr);
    return;
  }
  w.begin_object();
  w.member("quantity", name_of(quantity_names, row.cls.unit.what));
  w.member("scale", row.cls.unit.scale());
  w.end_object();
}

template <class Writer>
void write_geomean(Writer& w, const json_key& key, const direction_geomean& g) {
  w.key(key);
  w.begin_object();
  w.member("metrics", g.count);
  w.member("change_percent", g.count == 0 ? std::nullopt : std::optional<double>{g.change_percent});
  w.end_object();
}

/// The changes as the table prints them, for one pass of a writer over the document. Printing one costs
/// more than the rest of its row and may be refused (a change beyond a double), so when a checking pass
/// runs first it prints and keeps them, and the writing pass after it takes them in the same order.
class printed_changes {
 public:
  enum class mode { print, keep, take };
  explicit printed_changes(mode m) : mode_(m) {}

  /// The printed change of `row`'s column `column`, the next of the document.
  std::string_view next(const comparison& cmp, table_dialect dialect, const comparison_row& row, std::size_t column) {
    switch (mode_) {
      case mode::print:
        last_ = printed(cmp, dialect, row, column);
        return last_;
      case mode::keep:
        kept_.push_back(printed(cmp, dialect, row, column));
        return kept_.back();
      case mode::take:
        break;
    }
    return kept_.at(taken_++);
  }
  /// After the checking pass: the writing pass takes what was kept, from the first.
  void take_kept() {
    mode_ = mode::take;
    taken_ = 0;
  }

  /// The cell the table of `dialect` prints: the benchstat table's change (the test's estimate, `~` where
  /// it found none) for that table, the robot's dialects' cells for theirs.
  static std::string printed(const comparison& cmp, table_dialect dialect, const comparison_row& row, std::size_t column) {
    if (dialect == table_dialect::benchstat && cmp.policy.kind != policy_kind::robot)
      return benchstat_change(cmp, row, column);
    return printed_change(dialect, row, column);
  }

 private:
  mode mode_;
  std::string last_;
  std::vector<std::string> kept_;
  std::size_t taken_ = 0;
};

/// How the comparison was judged: the tools' conventions (the robot's comparisons keep the document
/// they always had), the policy, and a statistical policy's settings.
template <class Writer>
void write_judgement(Writer& w, const comparison& cmp) {
  if (cmp.conventions == result_conventions::benchmark_tool)
    w.member("conventions", name_of(result_conventions_names, cmp.conventions));
  w.member("policy", name_of(policy_names, cmp.policy.kind));
  if (cmp.policy.kind == policy_kind::robot) return;
  w.member("alpha", cmp.policy.alpha);
  w.member("correction", name_of(correction_names, cmp.policy.correction));
  w.member("min_change_percent", cmp.policy.min_change_percent);
  w.member("confidence", cmp.policy.confidence);
  w.member("effect_size", cmp.policy.kind == policy_kind::mann_whitney ? "cliffs_delta" : "hedges_g");
}

/// The `columns` array: each commit and its runs; under a statistical policy, per compared column, what
/// its test could reach and the geometric means of the chosen rows, as the details table prints them.
template <class Writer>
void write_columns(Writer& w, const comparison& cmp, const table_header& header,
                   std::span<const comparison_row* const> chosen) {
  const bool statistical = cmp.policy.kind != policy_kind::robot;
  const std::vector<column_geomeans> means = statistical ? geomeans(cmp, chosen) : std::vector<column_geomeans>{};
  w.key("columns");
  w.begin_array();
  for (std::size_t c = 0; c < cmp.run_counts.size(); ++c) {
    w.begin_object();
    w.member("commit", c < header.commits.size() ? std::string_view{header.commits[c]} : std::string_view{});
    w.member("runs", cmp.run_counts[c]);
    if (statistical && c >= 1) {
      if (c - 1 < cmp.reach.size()) {
        const column_reach& reach = cmp.reach[c - 1];
        w.member("tested", reach.tested);
        w.member("unreachable", reach.unreachable);
        w.member("lone_change_level", reach.lone_change_level);
        w.member("smallest_p", reach.smallest_p);
        w.member("runs_needed", reach.runs_needed == 0 ? std::nullopt : std::optional<std::size_t>{reach.runs_needed});
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
}

/// The `verdicts` object and the `summary` line of `counts` (gone, new and failed under the tools'
/// conventions only).
template <class Writer>
void write_verdict_counts(Writer& w, const verdict_counts& counts, bool tool) {
  w.key("verdicts");
  w.begin_object();
  w.member("regressions", counts.regressions);
  w.member("improvements", counts.improvements);
  w.member("changed", counts.changed);
  w.member("unchanged", counts.unchanged);
  if (tool) {
    w.member("gone", counts.gone);
    w.member("new", counts.added);
    w.member("failed", counts.failed);
  }
  w.end_object();
  w.member("summary", verdict_summary(counts));
}

/// The object of compared column `c` of `row`'s `changes`: the change, its decision and its verdict.
template <class Writer>
void write_change(Writer& w, const comparison& cmp, const comparison_row& row, std::size_t c,
                  const comparison_json_options& options, printed_changes& printed) {
  const column_change ch = row.change(c);
  w.begin_object();
  if (c - 1 < row.verdicts.size() && row.verdicts[c - 1].sides != presence::both) {
    // A side without samples: nothing was compared, so there is no change to state.
    w.member("relative_percent", nullptr);
    w.member("absolute", nullptr);
    w.member("printed", nullptr);
  } else {
    // null: no relative change over a zero base.
    w.member("relative_percent", finite_or_none(ch.relative, row.name, "change of the mean"));
    // null: the difference of the means is beyond the range of a double (means near -1.7e308 and
    // +1.7e308), which no table prints; the relative change they print is still given, so JSON
    // answers where text does (an estimate in that unit is null likewise).
    w.member("absolute", std::isfinite(ch.absolute) ? std::optional<double>{ch.absolute} : std::nullopt);
    if (row.failure()) w.member("reproduction_percent", finite_double(ch.reproduction, row.name, "change of the failure rate"));
    w.member("printed", printed.next(cmp, options.dialect, row, c));
  }
  if (c - 1 < row.verdicts.size()) {
    const column_verdict& v = row.verdicts[c - 1];
    w.member("changed", v.changed);
    w.member("p_value", finite_or_none(v.p_value, row.name, "p-value"));
    if (cmp.policy.kind != policy_kind::robot) write_inference(w, cmp.inference_of(row, c), row.name);
    w.member("reason", v.reason);
  }
  w.member("verdict", name_of(change_verdict_names, verdict_of(row, c, options.verdicts)));
  w.end_object();
}

/// One object of `metrics`: the metric, its columns' summaries (with the median's interval under a
/// statistical policy) and its changes.
template <class Writer>
void write_metric(Writer& w, const comparison& cmp, const comparison_row& row, const comparison_json_options& options,
                  printed_changes& printed) {
  w.begin_object();
  w.member("name", row.name);
  w.member("kind", row.failure() ? "failure" : "performance");
  const std::optional<better> direction = direction_of(row);
  w.member("direction", direction ? std::optional<std::string_view>{name_of(better_names, *direction)} : std::nullopt);
  if (cmp.conventions == result_conventions::benchmark_tool) write_unit(w, row);
  w.member("selected", row.selected);
  w.key("columns");
  w.begin_array();
  const row_statistics* stats = cmp.statistics_of(row);
  for (std::size_t c = 0; c < row.columns.size(); ++c) {
    w.begin_object();
    write_summary(w, row.columns[c], row.failure(), row.name);
    if (stats != nullptr) {
      const auto& ci = c < stats->median_ci.size() ? stats->median_ci[c] : std::nullopt;
      w.member("median_ci_low", ci ? std::optional<double>{finite_double(ci->low, row.name, "median's interval")} : std::nullopt);
      w.member("median_ci_high", ci ? std::optional<double>{finite_double(ci->high, row.name, "median's interval")} : std::nullopt);
    }
    w.end_object();
  }
  w.end_array();
  w.key("changes");
  w.begin_array();
  for (std::size_t c = 1; c <= row.compared_columns(); ++c) write_change(w, cmp, row, c, options, printed);
  w.end_array();
  w.end_object();
}

/// The members of a comparison's object (the caller opens and closes it): how it was judged, its
/// columns, its verdicts and the chosen rows.
template <class Writer>
void write_comparison_members(Writer& w, const comparison& cmp, const table_header& header,
                              const comparison_json_options& options, printed_changes& printed) {
  write_judgement(w, cmp);
  std::vector<const comparison_row*> all_rows;
  if (!options.rows) {
    all_rows.reserve(cmp.rows.size());
    for (const auto& row : cmp.rows) all_rows.push_back(&row);
  }
  const std::span<const comparison_row* const> chosen = options.rows ? *options.rows : all_rows;
  write_columns(w, cmp, header, chosen);
  write_verdict_counts(w, count_verdicts(options.counted ? *options.counted : chosen, options.verdicts),
                       cmp.conventions == result_conventions::benchmark_tool);
  w.key("metrics");
  w.begin_array();
  for (const comparison_row* row : chosen) write_metric(w, cmp, *row, options, printed);
  w.end_array();
}

/// The whole document through `w`: the comparison's members, then the further tests under `tests`.
template <class Writer>
void write_document(Writer& w, const comparison& cmp, const table_header& header,
                    std::span<const further_comparison> further, const comparison_json_options& options,
                    printed_changes& printed) {
  w.begin_object();
  write_comparison_members(w, cmp, header, options, printed);
  if (!further.empty()) {
    w.key("tests");
    w.begin_array();
    for (const auto& f : further) {
      w.begin_object();
      w.member("testcase", f.testcase);
      w.member("metric", f.metric);
      comparison_json_options own = options;
      own.rows.reset();  // the rows chosen are the main table's
      own.counted.reset();
      write_comparison_members(w, *f.table, f.header, own, printed);
      w.end_object();
    }
    w.end_array();
  }
  w.end_object();
}

}  // namespace

std::string comparison_to_json(const comparison& cmp, const table_header& header,
                               const comparison_json_options& options) {
  return comparison_to_json(cmp, header, {}, options);
}

std::string comparison_to_json(const comparison& cmp, const table_header& header,
                               std::span<const further_comparison> further, const comparison_json_options& options) {
  json_stream w(options.indent);
  // About 900 bytes a metric when indented (a third of that on one line): the text is not copied as it grows.
  std::size_t rows = options.rows ? options.rows->size() : cmp.rows.size();
  for (const auto& f : further) rows += f.table->rows.size();
  w.reserve(1024 + rows * (options.indent >= 0 ? 1000 : 400));
  printed_changes printed(printed_changes::mode::print);
  write_document(w, cmp, header, further, options, printed);
  std::string out = w.take();
  out += '\n';
  return out;
}

void write_comparison_json(text_sink out, const comparison& cmp, const table_header& header,
                           std::span<const further_comparison> further, const comparison_json_options& options) {
  // Every value is evaluated once without writing, so that a number JSON cannot hold is refused before
  // `out` has been given anything: a stream cannot take back what it was given.
  json_dry_run check;
  printed_changes printed(printed_changes::mode::keep);
  write_document(check, cmp, header, further, options, printed);
  printed.take_kept();
  json_stream w(options.indent, out);
  write_document(w, cmp, header, further, options, printed);
  w.finish();
  out("\n");
}

}  // namespace perfmail::io
