#pragma once
// One row of a comparison table: a metric's samples in each column (the base first, then one or more
// compared commits), with each column's summary and its change against the base. Pure values: the
// renderers (classic.hpp, modern.hpp) print them, change detection (detect/) decides which rows exist.

#include "perfmail/error.hpp"
#include "perfmail/model/series.hpp"
#include "perfmail/stats/change.hpp"
#include "perfmail/stats/summary.hpp"

#include <boost/container/small_vector.hpp>
#include <fmt/format.h>

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace perfmail {

/// What the policy said about one compared column (see detect/change_policy.hpp).
struct column_verdict {
  bool changed = false;
  std::optional<double> p_value;  ///< statistical policies only
  std::string_view reason;        ///< why it was or was not selected (a string literal), for --format json
  bool operator==(const column_verdict&) const = default;
};

/// One column's numbers.
struct column_stats {
  summary stats;             ///< of the present samples (the mean summed from 0)
  std::size_t runs = 0;      ///< samples in the column, missing ones included
  double failure_count = 0;  ///< failure rows: the sum of the per-run counts, missing runs as 0
  bool operator==(const column_stats&) const = default;
};

/// A compared column against the base (column 0).
struct column_change {
  std::optional<double> relative;  ///< percent, 100 * (mean - base) / base; nullopt over a zero base
  double absolute = 0;             ///< mean - base mean
  double reproduction = 0;         ///< failure rows: percent of own runs failing, minus the base's
  bool operator==(const column_change&) const = default;
};

/// Per-column values of a row: stored inline for up to `N` columns (a base and one compared commit,
/// the usual table), so a row of a comparison of 10,000 metrics costs no allocation for them.
template <class T, std::size_t N>
using per_column = boost::container::small_vector<T, N>;

struct comparison_row {
  std::string name;
  bool failure = false;                 ///< a `fail:runs` row: per-run failure counts
  std::vector<metric_series> columns;   ///< base first; samples as loaded
  per_column<column_stats, 2> stats;    ///< one per column
  per_column<column_change, 1> changes; ///< one per compared column (columns.size() - 1)
  per_column<column_verdict, 1> verdicts; ///< one per compared column, when a policy ran
  bool selected = true;                 ///< whether the row belongs in the table

  [[nodiscard]] std::size_t compared_columns() const noexcept { return changes.size(); }
  /// Columns, the base included: known from the statistics, which every row has even when it keeps no
  /// samples (see compare_options::samples_of_every_row).
  [[nodiscard]] std::size_t column_count() const noexcept { return stats.empty() ? columns.size() : stats.size(); }
  bool operator==(const comparison_row&) const = default;
};

/// The statistics of one column's samples.
[[nodiscard]] inline column_stats column_statistics(const series_view& series,
                                                    std::optional<std::span<const double>> sorted = std::nullopt) {
  column_stats out;
  // Most series miss no run: summarised in place rather than copied, and from a sorted copy when the
  // caller has one (`sorted`: the samples of a series that misses no run, in order).
  const bool complete = series.present_count() == series.size();
  out.stats = !complete ? summarize(series.present_values(), sum_start::zero)
              : sorted  ? summarize_sorted(series.raw_values(), *sorted, sum_start::zero)
                        : summarize(series.raw_values(), sum_start::zero);
  out.runs = series.size();
  const auto values = series.raw_values();  // missing runs hold 0
  out.failure_count = robot_sum(values, sum_start::zero);
  return out;
}

/// The mean of column `column` (0 is the base), summed from 0: from the row's statistics, or from its
/// samples for a row built without them. Changes are printed from it; summing from the first sample
/// instead (the classic table's means) differs only in the sign of an all-zero mean, which no change
/// depends on.
[[nodiscard]] inline double mean_of(const comparison_row& row, std::size_t column) {
  if (column < row.stats.size()) return row.stats[column].stats.mean;
  return summarize(row.columns.at(column).present_values(), sum_start::zero).mean;
}

/// Each compared column's change against the base, from the columns' statistics (the base first).
[[nodiscard]] inline per_column<column_change, 1> changes_of(const per_column<column_stats, 2>& stats) {
  per_column<column_change, 1> changes;
  if (stats.empty()) return changes;
  changes.reserve(stats.size() - 1);
  const column_stats& base = stats.front();
  for (std::size_t c = 1; c < stats.size(); ++c) {
    const column_stats& head = stats[c];
    column_change change;
    change.relative = relative_change(base.stats.mean, head.stats.mean);
    change.absolute = absolute_change(base.stats.mean, head.stats.mean);
    change.reproduction = reproduction_change(base.failure_count, base.runs, head.failure_count, head.runs);
    changes.push_back(change);
  }
  return changes;
}

/// A row from its samples: the summaries of every column and the changes of each compared column.
/// `columns` holds the base first and at least one compared column.
[[nodiscard]] inline comparison_row make_row(std::string name, std::vector<metric_series> columns, bool failure) {
  if (columns.size() < 2)
    throw usage_error(fmt::format("metric {}: a comparison needs a base and at least one other column", name));
  comparison_row row;
  row.name = std::move(name);
  row.failure = failure;
  row.columns = std::move(columns);
  row.stats.reserve(row.columns.size());
  for (const auto& c : row.columns) row.stats.push_back(column_statistics(c));
  row.changes = changes_of(row.stats);
  return row;
}

}  // namespace perfmail
