#pragma once
// Comparing matrices: a base and one or more compared columns in, one row per metric out, each with
// its summaries, its changes and the change policy's verdict per compared column, selected or not,
// in the caller's order or the robot's.
//
// **Example**:
//   const std::vector<matrix> columns{io::load_results("base"), io::load_results("head")};
//   const comparison cmp = compare(columns);
//   std::string table = render_table(table_dialect::modern, header, cmp.rows);

#include "perfmail/detect/change_policy.hpp"
#include "perfmail/detect/metric_families.hpp"
#include "perfmail/error.hpp"
#include "perfmail/model/matrix.hpp"
#include "perfmail/table/row.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace perfmail {

enum class row_order : std::uint8_t {
  given,   ///< the first compared matrix's metric order, then other compared columns', then base-only
  robot,   ///< the test's own metrics first, then failures, then other families; by change within
  caller,  ///< `compare_options::caller_order` first, in that order, then the rest in the given order
};

struct compare_options {
  detect::change_policy policy{};
  detect::metric_families families = detect::metric_families::robot_defaults();
  bool all = false;  ///< select every metric present on either side (verdicts are still computed)
  row_order order = row_order::robot;
  std::vector<std::string> caller_order;  ///< with `row_order::caller`: the metric names in print order
};

struct comparison {
  std::vector<comparison_row> rows;  ///< every metric of every column, `selected` or not, in order
  detect::change_policy policy;
  std::vector<std::size_t> run_counts;  ///< per column, as loaded

  /// The row of `name`, or null.
  [[nodiscard]] const comparison_row* find(std::string_view name) const {
    for (const auto& r : rows)
      if (r.name == name) return &r;
    return nullptr;
  }
  [[nodiscard]] std::size_t selected_count() const {
    return static_cast<std::size_t>(std::count_if(rows.begin(), rows.end(), [](const auto& r) { return r.selected; }));
  }
};

namespace compare_detail {

/// The metric's samples padded with zeros to the run count (missing runs as 0), or zeros when absent.
inline std::vector<double> padded_samples(const metric_series* s, std::size_t runs) {
  std::vector<double> out;
  out.reserve(runs);
  if (s != nullptr) out.assign(s->raw_values().begin(), s->raw_values().end());
  if (out.size() < runs) out.resize(runs, 0.0);
  return out;
}

/// What is printed for a column: its samples, padded with missing runs; zeros when it lacks the metric.
inline metric_series display_series(const metric_series* s, std::size_t runs, const std::string& name) {
  if (s != nullptr) {
    metric_series out = *s;
    out.pad_to(runs);
    return out;
  }
  return metric_series{name, std::vector<double>(runs, 0.0), sample_kind::integer};
}

/// A matrix with each name's series looked up once.
struct indexed_matrix {
  const matrix* m = nullptr;
  std::vector<const metric_series*> series;  ///< per name; null when absent

  indexed_matrix(const matrix& source, std::span<const std::string> names) : m(&source) {
    series.reserve(names.size());
    for (const auto& n : names) series.push_back(source.find(n));
  }
};

inline bool is_counted_family(std::string_view name) {
  return name.starts_with("dmesg.") || name.starts_with("last_state.") || name.starts_with("stderr.");
}

inline bool base_has_sibling(const matrix& base, std::string_view name) {
  const auto dot = name.rfind('.');
  if (dot == std::string_view::npos) return true;
  const std::string stem{name.substr(0, dot)};
  const std::string_view last = name.substr(dot + 1);
  if (last == "error" || last == "warn" || last == "fail") return base.contains(stem + ".pass");
  if (last == "pass")
    return base.contains(stem + ".error") || base.contains(stem + ".warn") || base.contains(stem + ".fail");
  return true;
}

inline bool has_family(const matrix& m, std::string_view family) {
  const auto metrics = m.metrics();
  return std::any_of(metrics.begin(), metrics.end(), [&](const auto& s) { return s.name().starts_with(family); });
}

/// One pass of the robot over a pair of matrices; `only_counted` limits it to dmesg/last_state/stderr.
inline void decide_pass(const indexed_matrix& head, const indexed_matrix& base, std::span<const std::string> names,
                        std::span<const std::uint8_t> failures, bool only_counted, std::string_view skip,
                        const compare_options& options, std::vector<std::optional<detect::verdict>>& out) {
  const bool base_profiles = has_family(*base.m, "perf-profile.");
  const bool base_lock_stat = has_family(*base.m, "lock_stat.");
  const std::size_t head_runs = head.m->run_count();
  const std::size_t base_runs = base.m->run_count();
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string& name = names[i];
    if (only_counted && !is_counted_family(name)) continue;
    if (name == skip) continue;
    if (head.series[i] == nullptr && base.series[i] == nullptr) continue;
    detect::metric_context ctx;
    ctx.head_runs = head_runs;
    ctx.base_runs = base_runs;
    ctx.in_base = base.series[i] != nullptr;
    ctx.base_has_sibling = base_has_sibling(*base.m, name);
    ctx.base_has_family = name.starts_with("perf-profile.") ? base_profiles : base_lock_stat;
    ctx.everything = options.all;
    ctx.failure = failures[i] != 0;
    const auto h = padded_samples(head.series[i], head_runs);
    const auto b = padded_samples(base.series[i], base_runs);
    detect::verdict v = detect::decide(name, h, b, ctx, options.families, options.policy);
    auto& slot = out[i];
    if (!slot || v.changed || !slot->changed) slot = std::move(v);
  }
}

inline std::string first_component(std::string_view name) {
  return std::string{name.substr(0, name.find('.'))};
}

/// The second component when the name has three or more (`fio.time.x` -> `time`), else empty.
inline std::string sub_group(std::string_view name) {
  const auto first = name.find('.');
  if (first == std::string_view::npos) return {};
  const auto second = name.find('.', first + 1);
  if (second == std::string_view::npos) return {};
  return std::string{name.substr(first + 1, second - first - 1)};
}

inline double change_key(const comparison_row& row) {
  if (row.changes.empty()) return 0;
  if (row.failure) return row.changes[0].reproduction;
  return row.changes[0].relative.value_or(row.changes[0].absolute == 0 ? 0 : HUGE_VAL);
}

inline void robot_sort(std::vector<comparison_row>& rows, const detect::metric_families& families) {
  std::unordered_map<std::string, std::size_t> group_seen;
  std::unordered_map<std::string, std::size_t> sub_seen;
  for (const auto& r : rows) {
    const auto g = first_component(r.name);
    group_seen.try_emplace(g, group_seen.size());
    sub_seen.try_emplace(g + '\n' + sub_group(r.name), sub_seen.size());
  }
  struct keyed {
    int rank;
    std::size_t group;
    bool nested;  ///< in a sub-group (`fio.time.*`): after the group's own metrics (`fio.*`)
    std::size_t sub;
    double change;
    std::size_t index;
  };
  std::vector<keyed> keys;
  keys.reserve(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    const int rank = families.is_benchmark_metric(r.name) ? 0 : (r.failure ? 1 : 2);
    const auto g = first_component(r.name);
    const auto sub = sub_group(r.name);
    keys.push_back({rank, group_seen.at(g), !sub.empty(), sub_seen.at(g + '\n' + sub), change_key(r), i});
  }
  std::stable_sort(keys.begin(), keys.end(), [](const keyed& x, const keyed& y) {
    if (x.rank != y.rank) return x.rank < y.rank;
    if (x.group != y.group) return x.group < y.group;
    if (x.nested != y.nested) return !x.nested;
    if (x.sub != y.sub) return x.sub < y.sub;
    return x.change > y.change;
  });
  std::vector<comparison_row> sorted;
  sorted.reserve(rows.size());
  for (const auto& k : keys) sorted.push_back(std::move(rows[k.index]));
  rows = std::move(sorted);
}

/// The named rows first, in the caller's order; the others after them, in their current order.
inline void caller_sort(std::vector<comparison_row>& rows, std::span<const std::string> order) {
  std::unordered_map<std::string_view, std::size_t> rank;
  for (std::size_t i = 0; i < order.size(); ++i) rank.try_emplace(order[i], i);
  std::stable_sort(rows.begin(), rows.end(), [&](const comparison_row& a, const comparison_row& b) {
    const auto ra = rank.find(a.name);
    const auto rb = rank.find(b.name);
    const std::size_t ka = ra == rank.end() ? order.size() : ra->second;
    const std::size_t kb = rb == rank.end() ? order.size() : rb->second;
    return ka < kb;
  });
}

}  // namespace compare_detail

/// Compares `columns` (the base first, then one or more compared matrices): one row per metric on any
/// side, with every compared column's verdict; a row is selected when any compared column changed (or
/// always, with `options.all`). Runs flagged by `last_state.is_incomplete_run` are handled as the robot
/// does (docs/FORMAT.md section 5, step 1): failure counts are compared over every run, everything
/// over the complete runs, which are also the runs that performance rows print.
/// The same, for matrices that are not stored side by side (no copies are made).
[[nodiscard]] inline comparison compare(std::span<const matrix* const> columns, const compare_options& options = {}) {
  using namespace compare_detail;
  if (columns.size() < 2) throw usage_error("a comparison needs a base and at least one other matrix");

  // Every metric name: compared columns' order first, then base-only ones.
  std::vector<std::string> names;
  std::unordered_set<std::string_view> seen;
  for (std::size_t c = 1; c <= columns.size(); ++c) {
    const matrix& m = *columns[c % columns.size()];
    for (const auto& s : m.metrics())
      if (seen.insert(s.name()).second) names.push_back(s.name());
  }

  // Complete runs only, for performance rows and the robot's second pass; a matrix without incomplete
  // runs is used as it is.
  std::vector<matrix> filtered;
  filtered.reserve(columns.size());
  std::vector<const matrix*> complete;
  complete.reserve(columns.size());
  for (const matrix* m : columns) {
    if (m->has_incomplete_runs()) {
      filtered.push_back(m->without_runs(m->incomplete_runs()));
      complete.push_back(&filtered.back());
    } else {
      complete.push_back(m);
    }
  }

  comparison out;
  out.policy = options.policy;
  for (const matrix* m : columns) out.run_counts.push_back(m->run_count());

  std::vector<std::uint8_t> failures;  // per name: a failure count (classified once)
  failures.reserve(names.size());
  for (const auto& n : names) failures.push_back(options.families.is_failure(n) ? 1 : 0);

  std::vector<indexed_matrix> all_runs;
  std::vector<indexed_matrix> complete_runs;
  for (std::size_t c = 0; c < columns.size(); ++c) {
    all_runs.emplace_back(*columns[c], names);
    complete_runs.emplace_back(*complete[c], names);
  }

  std::vector<std::vector<std::optional<detect::verdict>>> verdicts(
      columns.size(), std::vector<std::optional<detect::verdict>>(names.size()));
  for (std::size_t c = 1; c < columns.size(); ++c) {
    if (columns[c]->has_incomplete_runs() || columns[0]->has_incomplete_runs()) {
      decide_pass(all_runs[c], all_runs[0], names, failures, true, {}, options, verdicts[c]);
      if (complete[c]->run_count() > 0 && complete[0]->run_count() > 0)
        decide_pass(complete_runs[c], complete_runs[0], names, failures, false, incomplete_run_metric, options,
                    verdicts[c]);
    } else {
      decide_pass(all_runs[c], all_runs[0], names, failures, false, {}, options, verdicts[c]);
    }
  }

  out.rows.reserve(names.size());
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string& name = names[i];
    const bool failure = failures[i] != 0;
    const auto& source = failure ? all_runs : complete_runs;
    std::vector<metric_series> series;
    series.reserve(columns.size());
    for (const auto& m : source) series.push_back(display_series(m.series[i], m.m->run_count(), name));
    comparison_row row = make_row(name, std::move(series), failure);
    bool any = false;
    for (std::size_t c = 1; c < columns.size(); ++c) {
      column_verdict cv;
      if (const auto& v = verdicts[c][i]) {
        cv.changed = v->changed;
        cv.p_value = v->p_value;
        cv.reason = v->reason;
      } else {
        cv.reason = "not compared";
      }
      any = any || cv.changed;
      row.verdicts.push_back(std::move(cv));
    }
    row.selected = options.all || any;
    out.rows.push_back(std::move(row));
  }
  if (options.order == row_order::robot) robot_sort(out.rows, options.families);
  if (options.order == row_order::caller) caller_sort(out.rows, options.caller_order);
  return out;
}

[[nodiscard]] inline comparison compare(std::span<const matrix> columns, const compare_options& options = {}) {
  std::vector<const matrix*> pointers;
  pointers.reserve(columns.size());
  for (const auto& m : columns) pointers.push_back(&m);
  return compare(std::span<const matrix* const>{pointers}, options);
}

}  // namespace perfmail
