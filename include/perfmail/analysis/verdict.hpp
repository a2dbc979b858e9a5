#pragma once
// What a change means for the people who read the table: an improvement, a regression, a change whose
// direction nobody knows, or nothing. The policy decides whether a metric changed (row.verdicts); the
// metric's direction (metric_class::direction, from the classifier's direction rules, or a report
// document's own) decides which way is better. CI gating (--fail-on), the summary line under a table,
// the colours of a terminal, --only and the headline of a report all read these functions, so that
// they can never disagree. Cheap to include.

#include "perfmail/analysis/change_verdict.hpp"
#include "perfmail/analysis/row.hpp"
#include "perfmail/text/enum_names.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>

namespace perfmail {

/// The verdict a compared column whose sides are not both present has, or nullopt where they are.
[[nodiscard]] constexpr std::optional<change_verdict> verdict_of(presence sides) noexcept {
  switch (sides) {
    case presence::both: break;
    case presence::gone: return change_verdict::gone;
    case presence::added:
    case presence::base_failed: return change_verdict::added;
    case presence::failed: return change_verdict::failed;
  }
  return std::nullopt;
}

/// Which way is better for `row`. A performance metric has its class's direction, or none. Failure
/// counts are better fewer, except pass counts (`.pass`, the metrics whose sibling is a failure count),
/// which are better more.
[[nodiscard]] inline std::optional<better> direction_of(const comparison_row& row) noexcept {
  if (row.failure()) return row.cls.sibling == sibling_rule::needs_failure ? better::higher : better::lower;
  return row.cls.direction;
}

/// The way compared column `column` (1-based) moved against the base: +1 up, -1 down, 0 not at all. A
/// failure row moves with the share of runs that fail (each side over its own runs), else with the
/// count per run; a performance row with its mean.
[[nodiscard]] inline int movement_of(const comparison_row& row, std::size_t column) {
  const column_change change = row.change(column);
  const auto sign = [](double v) { return v > 0 ? 1 : v < 0 ? -1 : 0; };
  if (!row.failure()) return sign(change.absolute);
  if (const int by_share = sign(change.reproduction); by_share != 0) return by_share;
  const column_summary& base = row.columns[0];
  const column_summary& head = row.columns[column];
  const double base_rate = base.runs == 0 ? 0 : base.failure_count / base.runs;
  const double head_rate = head.runs == 0 ? 0 : head.failure_count / head.runs;
  return sign(head_rate - base_rate);
}

/// How the verdicts are read from a comparison.
struct verdict_options {
  /// The classic table's noise filter (render_options::noise_filter): a row it drops is not reported,
  /// so it is no change either. Only the classic dialect filters.
  bool drop_noisy = false;
};

/// The verdict of a move (only its sign counts) of a metric better in `direction`: an improvement or a
/// regression, or `changed` where the direction is unknown or nothing moved. Every verdict of a
/// direction is this rule's.
[[nodiscard]] constexpr change_verdict verdict_of_move(std::optional<better> direction, double moved) noexcept {
  if (!direction || moved == 0) return change_verdict::changed;
  return (moved > 0) == (*direction == better::higher) ? change_verdict::improvement : change_verdict::regression;
}

/// The verdict on compared column `column` (1-based) of `row`.
[[nodiscard]] inline change_verdict verdict_of(const comparison_row& row, std::size_t column,
                                               const verdict_options& options = {}) {
  if (column != 0 && column <= row.verdicts.size())
    if (const auto missing = verdict_of(row.verdicts[column - 1].sides)) return *missing;
  if (column == 0 || column > row.verdicts.size() || !row.verdicts[column - 1].changed) return change_verdict::unchanged;
  if (options.drop_noisy && row.noisy) return change_verdict::unchanged;
  return verdict_of_move(direction_of(row), movement_of(row, column));
}

/// What a report's headline calls the change of compared column `column` (1-based) of the metric it names,
/// whether or not the policy selected it (a document may headline any metric): an improvement or a
/// regression by the metric's direction and the sign of its relative change, `changed` where the
/// direction is unknown or the relative change is zero or has no value (a zero base), as the robot words it.
[[nodiscard]] inline change_verdict headline_verdict(const comparison_row& row, std::size_t column = 1) {
  return verdict_of_move(row.cls.direction, row.change(column).relative.value_or(0.0));
}

/// The verdict on a row as a whole, the gravest of its columns': a failed benchmark, then a regression,
/// a benchmark gone, an improvement, a new one, a change, unchanged.
[[nodiscard]] inline change_verdict row_verdict(const comparison_row& row, const verdict_options& options = {}) {
  change_verdict worst = change_verdict::unchanged;
  const auto rank = [](change_verdict v) {
    switch (v) {
      case change_verdict::failed: return 6;
      case change_verdict::regression: return 5;
      case change_verdict::gone: return 4;
      case change_verdict::improvement: return 3;
      case change_verdict::added: return 2;
      case change_verdict::changed: return 1;
      case change_verdict::unchanged: return 0;
    }
    return 0;
  };
  for (std::size_t c = 1; c <= row.compared_columns(); ++c) {
    const change_verdict v = verdict_of(row, c, options);
    if (rank(v) > rank(worst)) worst = v;
  }
  return worst;
}

/// Counts the verdicts of `rows`.
[[nodiscard]] inline verdict_counts count_verdicts(std::span<const comparison_row* const> rows,
                                                   const verdict_options& options = {}) {
  verdict_counts counts;
  for (const comparison_row* row : rows)
    for (std::size_t c = 1; c <= row->compared_columns(); ++c) counts.add(verdict_of(*row, c, options));
  return counts;
}

/// The row a report headlines when its document names no metric, among the performance rows of `rows`
/// (those printed): the most important regression when there is one, else the first performance row,
/// as the robot's emails headline the first row of their table. The most important regression is the
/// test's own metric before any other (a benchmark's result before a monitor's), then a metric the
/// robot counts as primary (from a 1% change), then the largest change of the first compared column
/// (a change from zero counts as the largest), and at equal rank the first printed. Null when no
/// performance row is printed.
[[nodiscard]] inline const comparison_row* headline_row_of(std::span<const comparison_row* const> rows,
                                                           const verdict_options& options = {}) {
  const comparison_row* first = nullptr;
  const comparison_row* worst = nullptr;
  const auto rank = [](const comparison_row& row) { return row.cls.own_metric ? 2 : row.cls.primary ? 1 : 0; };
  const auto size = [](const comparison_row& row) {
    const std::optional<double> relative = row.change(1).relative;
    return relative ? (relative < 0 ? -*relative : *relative) : std::numeric_limits<double>::infinity();
  };
  for (const comparison_row* row : rows) {
    if (row->failure() || row->compared_columns() == 0) continue;
    if (first == nullptr) first = row;
    if (verdict_of(*row, 1, options) != change_verdict::regression) continue;
    if (worst == nullptr || rank(*row) > rank(*worst) || (rank(*row) == rank(*worst) && size(*row) > size(*worst)))
      worst = row;
  }
  return worst != nullptr ? worst : first;
}


}  // namespace perfmail
