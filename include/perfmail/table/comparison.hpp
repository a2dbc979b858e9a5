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
#include "perfmail/stats/sorted_copy.hpp"
#include "perfmail/table/row.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <stdexcept>
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
  /// Whether rows that are not selected keep copies of their samples. Summaries, changes and verdicts are
  /// always there; the samples are needed only to print a row, and copying every metric's samples of a
  /// large matrix costs more than deciding them. Set it when unselected rows will be printed.
  bool samples_of_every_row = false;
  /// Whether rows that are not selected are kept at all. A table prints the selected rows only, and a
  /// comparison of 10,000 metrics of which a few hundred changed would otherwise spend most of its time
  /// and memory on the rest. JSON output and lookups of any metric (`comparison::find`) need them. Rows
  /// that are kept are the same, in the same order, either way.
  bool keep_unselected_rows = true;
  /// Metrics whose rows are kept whether selected or not (those a caller will look up by name).
  std::vector<std::string> always_kept;
};

struct comparison {
  /// Every metric of every column, `selected` or not, in order (only the selected ones when
  /// `compare_options::keep_unselected_rows` is off). Rows that are not selected hold no samples
  /// (`columns` is empty) unless `compare_options::samples_of_every_row` asked for them.
  std::vector<comparison_row> rows;
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
/// A series of full length is used in place; only a short or absent one is copied, into `buffer`.
inline std::span<const double> padded_samples(const series_view* s, std::size_t runs, std::vector<double>& buffer) {
  if (s != nullptr && s->size() == runs) return s->raw_values();
  buffer.clear();
  if (s != nullptr) buffer.assign(s->raw_values().begin(), s->raw_values().end());
  if (buffer.size() < runs) buffer.resize(runs, 0.0);
  return buffer;
}

/// What is printed for a column: its samples, padded with missing runs; zeros when it lacks the metric.
inline metric_series display_series(const series_view* s, std::size_t runs, std::string_view name) {
  if (s != nullptr) {
    metric_series out{*s};
    out.pad_to(runs);
    return out;
  }
  return metric_series{std::string{name}, std::vector<double>(runs, 0.0), sample_kind::integer};
}

/// The series of `name` in `m`, trying position `hint` first: matrices of one test list their metrics
/// in the same order, so most lookups are one comparison instead of a hash.
inline const series_view* find_near(const matrix& m, std::string_view name, std::size_t hint) {
  const auto metrics = m.metrics();
  if (hint < metrics.size() && metrics[hint].name() == name) return &metrics[hint];
  return m.find(name);
}

/// A matrix with each name's series looked up once.
struct indexed_matrix {
  const matrix* m = nullptr;
  std::vector<const series_view*> series;  ///< per name; null when absent

  indexed_matrix(const matrix& source, std::span<const std::string_view> names) : m(&source) {
    series.reserve(names.size());
    for (std::size_t i = 0; i < names.size(); ++i) series.push_back(find_near(source, names[i], i));
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

/// One column's samples of the current metric, sorted once for both its verdict and its summary. Only a
/// complete series (no missing run, exactly the run count) is sorted here: then the samples the verdict
/// reads (missing runs as 0) and those the summary reads (present ones) are the same.
class sorted_column {
 public:
  void prepare(const series_view* s, std::size_t runs) {
    series_ = nullptr;
    if (s == nullptr || s->size() != runs || s->present_count() != s->size()) return;
    sorted_copy(s->raw_values(), sorted_);
    series_ = s;
  }
  /// The sorted samples of `s`, when they are the ones prepared.
  [[nodiscard]] std::optional<std::span<const double>> of(const series_view* s) const {
    if (s == nullptr || s != series_) return std::nullopt;
    return std::span<const double>{sorted_};
  }

 private:
  const series_view* series_ = nullptr;
  std::vector<double> sorted_;
};

/// Decides metrics for one pair of matrices (a compared column against the base), one metric at a time,
/// reusing its scratch buffers.
class pair_decider {
 public:
  pair_decider(const indexed_matrix& head, const indexed_matrix& base, const compare_options& options)
      : head_(head),
        base_(base),
        options_(options),
        base_profiles_(has_family(*base.m, "perf-profile.")),
        base_lock_stat_(has_family(*base.m, "lock_stat.")) {}

  /// The verdict on metric `i` (named `name`), or nullopt when neither side has it. `head_sorted` and
  /// `base_sorted` may hold the sides' samples sorted.
  std::optional<detect::verdict> decide(std::size_t i, std::string_view name, bool failure,
                                        const sorted_column& head_sorted, const sorted_column& base_sorted) {
    const series_view* head = head_.series[i];
    const series_view* base = base_.series[i];
    if (head == nullptr && base == nullptr) return std::nullopt;
    detect::metric_context ctx;
    ctx.head_runs = head_.m->run_count();
    ctx.base_runs = base_.m->run_count();
    ctx.in_base = base != nullptr;
    ctx.base_has_sibling = base_has_sibling(*base_.m, name);
    ctx.base_has_family = name.starts_with("perf-profile.") ? base_profiles_ : base_lock_stat_;
    ctx.everything = options_.all;
    ctx.failure = failure;
    const auto h = padded_samples(head, ctx.head_runs, head_padding_);
    const auto b = padded_samples(base, ctx.base_runs, base_padding_);
    return detect::decide(name, detect::side_samples{h, head_sorted.of(head)},
                          detect::side_samples{b, base_sorted.of(base)}, ctx, options_.families, options_.policy,
                          buffers_);
  }

 private:
  const indexed_matrix& head_;
  const indexed_matrix& base_;
  const compare_options& options_;
  bool base_profiles_ = false;
  bool base_lock_stat_ = false;
  std::vector<double> head_padding_, base_padding_;
  detect::policy_detail::trim_buffers buffers_;
};

/// The robot's two passes over a pair with incomplete runs, merged: a later verdict replaces an earlier
/// one unless the earlier one found a change and the later did not.
inline void merge_verdict(std::optional<detect::verdict>& slot, const std::optional<detect::verdict>& next) {
  if (next && (!slot || next->changed || !slot->changed)) slot = next;
}

/// One column's statistics as `column_statistics(display_series(s, runs, name))` computes them, without
/// the copy when the series needs no padding, and from its sorted copy when there is one.
inline column_stats display_statistics(const series_view* s, std::size_t runs, std::string_view name,
                                       const sorted_column& sorted) {
  // A series as long as the run count is displayed as it is: no copy.
  if (s != nullptr && s->size() >= runs) return column_statistics(*s, sorted.of(s));
  return column_statistics(display_series(s, runs, name));
}

/// The key of a row's group: its first component (`fio`).
inline std::string_view group_key(std::string_view name) { return name.substr(0, name.find('.')); }

/// The key of a row's sub-group: with three or more components, the first two (`fio.time` for
/// `fio.time.x`); else the first alone, which holds no dot and so never equals a two-component key.
inline std::string_view sub_group_key(std::string_view name) {
  const auto first = name.find('.');
  if (first == std::string_view::npos) return name;
  const auto second = name.find('.', first + 1);
  // An empty second component (`fio..x`) is no sub-group either.
  if (second == std::string_view::npos || second == first + 1) return name.substr(0, first);
  return name.substr(0, second);
}

inline double change_key(const comparison_row& row) {
  if (row.changes.empty()) return 0;
  if (row.failure) return row.changes[0].reproduction;
  return row.changes[0].relative.value_or(row.changes[0].absolute == 0 ? 0 : HUGE_VAL);
}

/// Puts `rows` in the order of `keys` (each naming a row by `index`) in place, following the cycles of
/// the permutation: no second vector of rows.
template <class Keyed>
void apply_order(std::vector<comparison_row>& rows, std::span<const Keyed> keys) {
  std::vector<std::size_t> source(keys.size());  // source[i]: the row that belongs at position i
  for (std::size_t i = 0; i < keys.size(); ++i) source[i] = keys[i].index;
  for (std::size_t start = 0; start < rows.size(); ++start) {
    if (source[start] == start) continue;
    comparison_row held = std::move(rows[start]);
    std::size_t at = start;
    while (source[at] != start) {
      rows[at] = std::move(rows[source[at]]);
      const std::size_t next = source[at];
      source[at] = at;
      at = next;
    }
    rows[at] = std::move(held);
    source[at] = at;
  }
}

/// Where a metric belongs in the robot's order, apart from its change: the test's own metrics first,
/// then failures, then the rest; by group, a group's own metrics before its sub-groups' (`fio.*` before
/// `fio.time.*`); groups and sub-groups in the order in which they first appear.
struct robot_place {
  std::uint8_t rank = 0;
  bool nested = false;  ///< in a sub-group
  std::uint32_t group = 0;
  std::uint32_t sub = 0;
};

/// The places of `names`, in the order the rows are built. A matrix lists a group's metrics together, so
/// a name's group is first compared with the previous name's and looked up only when it differs.
inline std::vector<robot_place> robot_places(std::span<const std::string_view> names,
                                             std::span<const std::uint8_t> failures,
                                             const detect::metric_families& families) {
  std::unordered_map<std::string_view, std::uint32_t> group_seen;
  std::unordered_map<std::string_view, std::uint32_t> sub_seen;
  const auto order_of = [](auto& seen, std::string_view key) {
    return seen.try_emplace(key, static_cast<std::uint32_t>(seen.size())).first->second;
  };
  std::vector<robot_place> places;
  places.reserve(names.size());
  std::string_view group, sub;
  std::uint32_t group_order = 0, sub_order = 0;
  bool dotted = false;     // whether the previous name had a component after its group
  bool benchmark = false;  // the previous name's: is_benchmark_metric depends on the group and the dot only
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string_view name = names[i];
    const std::string_view name_group = group_key(name);
    const std::string_view name_sub = sub_group_key(name);
    const bool name_dotted = name_group.size() != name.size();
    const bool new_group = i == 0 || name_group != group;
    if (new_group) {
      group = name_group;
      group_order = order_of(group_seen, group);
    }
    if (new_group || name_dotted != dotted) {
      dotted = name_dotted;
      benchmark = families.is_benchmark_metric(name);
    }
    if (i == 0 || name_sub != sub) {
      sub = name_sub;
      sub_order = order_of(sub_seen, sub);
    }
    const std::uint8_t rank = benchmark ? 0 : (failures[i] != 0 ? 1 : 2);
    places.push_back({rank, sub.size() != group.size(), group_order, sub_order});
  }
  return places;
}

/// Puts `rows` in the robot's order; row k is metric `metric_of[k]`, whose place is `places[metric_of[k]]`.
/// Within a sub-group, the larger change first; equal keys keep their order.
inline void robot_sort(std::vector<comparison_row>& rows, std::span<const robot_place> places,
                       std::span<const std::uint32_t> metric_of) {
  struct keyed {
    robot_place place;
    double change;
    std::uint32_t index;  ///< the row's position before sorting
  };
  std::vector<keyed> keys;
  keys.reserve(rows.size());
  for (std::size_t k = 0; k < rows.size(); ++k)
    keys.push_back({places[metric_of[k]], change_key(rows[k]), static_cast<std::uint32_t>(k)});
  std::sort(keys.begin(), keys.end(), [](const keyed& x, const keyed& y) {
    if (x.place.rank != y.place.rank) return x.place.rank < y.place.rank;
    if (x.place.group != y.place.group) return x.place.group < y.place.group;
    if (x.place.nested != y.place.nested) return !x.place.nested;
    if (x.place.sub != y.place.sub) return x.place.sub < y.place.sub;
    if (x.change != y.change) return x.change > y.change;
    return x.index < y.index;
  });
  apply_order(rows, std::span<const keyed>{keys});
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

  // Every metric name: compared columns' order first, then base-only ones. A name is new when no earlier
  // column has it; the views point into the matrices, which outlive this call.
  std::vector<std::string_view> names;
  names.reserve(columns[1]->size());
  for (std::size_t c = 1; c <= columns.size(); ++c) {
    const matrix& m = *columns[c % columns.size()];
    const auto metrics = m.metrics();
    for (std::size_t i = 0; i < metrics.size(); ++i) {
      const std::string_view name = metrics[i].name();
      bool seen = false;
      for (std::size_t earlier = 1; earlier < c && !seen; ++earlier)
        seen = find_near(*columns[earlier], name, i) != nullptr;
      if (!seen) names.push_back(name);
    }
  }

  if (names.size() > std::numeric_limits<std::uint32_t>::max()) throw std::length_error("too many metrics to compare");

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
    // A matrix without incomplete runs is its own complete-runs matrix: its lookups are done already.
    if (complete[c] == columns[c]) complete_runs.push_back(all_runs.back());
    else complete_runs.emplace_back(*complete[c], names);
  }

  // Each metric is decided and summarised in one step, while its samples are in cache.
  std::vector<pair_decider> all_pairs, complete_pairs;
  std::vector<std::uint8_t> two_passes;  // per compared column: incomplete runs on either side
  all_pairs.reserve(columns.size());
  complete_pairs.reserve(columns.size());
  for (std::size_t c = 1; c < columns.size(); ++c) {
    all_pairs.emplace_back(all_runs[c], all_runs[0], options);
    complete_pairs.emplace_back(complete_runs[c], complete_runs[0], options);
    two_passes.push_back(columns[c]->has_incomplete_runs() || columns[0]->has_incomplete_runs() ? 1 : 0);
  }

  std::vector<sorted_column> sorted(columns.size());
  const sorted_column unsorted;

  const std::unordered_set<std::string_view> always_kept(options.always_kept.begin(), options.always_kept.end());
  std::vector<std::uint32_t> metric_of;  // per row: its metric, the index into `names`
  if (options.keep_unselected_rows) {
    out.rows.reserve(names.size());
    metric_of.reserve(names.size());
  }
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string_view name = names[i];
    const bool failure = failures[i] != 0;
    for (std::size_t c = 0; c < columns.size(); ++c) sorted[c].prepare(all_runs[c].series[i], columns[c]->run_count());
    per_column<column_verdict, 1> verdicts;
    bool any = false;
    for (std::size_t c = 1; c < columns.size(); ++c) {
      std::optional<detect::verdict> v;
      if (two_passes[c - 1] != 0) {
        if (is_counted_family(name)) v = all_pairs[c - 1].decide(i, name, failure, sorted[c], sorted[0]);
        if (complete[c]->run_count() > 0 && complete[0]->run_count() > 0 && name != incomplete_run_metric)
          merge_verdict(v, complete_pairs[c - 1].decide(i, name, failure, unsorted, unsorted));
      } else {
        v = all_pairs[c - 1].decide(i, name, failure, sorted[c], sorted[0]);
      }
      column_verdict cv;
      if (v) {
        cv.changed = v->changed;
        cv.p_value = v->p_value;
        cv.reason = v->reason;
      } else {
        cv.reason = "not compared";
      }
      any = any || cv.changed;
      verdicts.push_back(cv);
    }
    const bool selected = options.all || any;
    if (!selected && !options.keep_unselected_rows && !always_kept.contains(name)) continue;
    comparison_row row;
    row.name = std::string{name};
    row.failure = failure;
    row.verdicts = std::move(verdicts);
    row.selected = selected;

    // Failure rows count over every run, performance rows over the complete ones.
    const auto& source = failure ? all_runs : complete_runs;
    row.stats.reserve(source.size());
    for (std::size_t c = 0; c < source.size(); ++c)
      row.stats.push_back(display_statistics(source[c].series[i], source[c].m->run_count(), name, sorted[c]));
    row.changes = changes_of(row.stats);
    if (row.selected || options.samples_of_every_row) {
      row.columns.reserve(source.size());
      for (const auto& m : source) row.columns.push_back(display_series(m.series[i], m.m->run_count(), name));
    }
    out.rows.push_back(std::move(row));
    metric_of.push_back(static_cast<std::uint32_t>(i));
  }
  if (options.order == row_order::robot)
    robot_sort(out.rows, robot_places(names, failures, options.families), metric_of);
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
