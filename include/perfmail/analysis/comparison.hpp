#pragma once
// Comparing matrices: a base and one or more compared columns in, one row per metric of any of them out,
// classified, summarised, decided by the change policy and ordered. The comparison holds the matrices (it
// shares or owns them), so its rows view their samples without copies. Declarations only: the work is in
// src/analysis/compare.cpp.
//
// **Example**:
//   const comparison cmp = compare({io::load_results("base"), io::load_results("head")});
//   for (const comparison_row& row : cmp.rows) if (row.selected) ...

#include "perfmail/analysis/inference.hpp"
#include "perfmail/analysis/policy.hpp"
#include "perfmail/analysis/row.hpp"
#include "perfmail/analysis/row_order.hpp"
#include "perfmail/metrics/classifier.hpp"
#include "perfmail/metrics/rules.hpp"
#include "perfmail/model/matrix.hpp"
#include "perfmail/model/origin.hpp"
#include "perfmail/stats/summary.hpp"
#include "perfmail/text/enum_names.hpp"

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail {

/// Which tested metrics get the statistical policies' estimate of their change (change_inference's
/// estimate_percent, ci_percent and estimator).
enum class estimate_scope : std::uint8_t {
  /// Every tested metric, as the comparison's JSON prints them.
  every_metric,
  /// Only where the column's verdict is a change, which is all a table prints: the estimates are made
  /// after the correction has decided the verdicts, for those columns alone, and are the same numbers.
  /// Elsewhere estimate_percent and ci_percent are nullopt. The Hodges-Lehmann estimate of utest is most
  /// of the test's cost, and most metrics do not change.
  changed,
};

struct compare_options {
  change_policy policy{};
  /// The statistical policies: which tested metrics get an estimate of their change.
  estimate_scope estimates = estimate_scope::every_metric;
  /// Whose conventions judge the results (model/origin.hpp); nullopt: the base matrix's origin. Under
  /// the benchmark tools' conventions a metric one side lacks, or has no sample of, is not compared: its
  /// verdict says so (analysis/row.hpp, `presence`); each metric is compared on the samples it has,
  /// never padded to the longest series.
  std::optional<result_conventions> conventions;
  /// What each metric is; null: the rules of the conventions (metric_classifier::robot() or ::tool()).
  std::shared_ptr<const metric_classifier> classifier;
  /// The caller's direction rules (--higher-is-better, a report document's `directions`): ahead of the
  /// direction of a metric's unit and of the classifier's rules (metrics/directions.hpp).
  std::vector<direction_rule> caller_rules;
  bool all = false;  ///< select every metric present on either side (verdicts are still computed)
  row_order order = row_order::robot;
  std::vector<std::string> caller_order;  ///< with `row_order::caller`: the metric names in print order
  /// With `row_order::robot_families`: a test program's family first (lkp-tests until mid 2023 and again
  /// from 2026-03), or every family by its row count (2023-06 to 2026-02).
  bool testcase_first = true;
  /// How the printed means are summed: plainly (the 2017 and 2018 tables) or compensated, as lkp-tests
  /// of today (the current table). Change detection sums as the robot's selection does, whatever this is.
  sum_start mean_sum = sum_start::zero;
};

/// What the statistical policies' test could do in one compared column (docs/STATISTICS.md, "What a test
/// can reach"), decided with the correction: the notes under the tables and the JSON print it.
struct column_reach {
  std::size_t tested = 0;       ///< the metrics tested: the correction's family
  std::size_t unreachable = 0;  ///< of them, those the test could not have selected whatever their change
  /// The level the correction holds a lone change to among `tested` metrics (first_rank_level).
  double lone_change_level = 0;
  /// The smallest p-value the column's run counts give (mann_whitney_smallest_p for utest; 0 for ttest).
  double smallest_p = 0;
  /// utest: the fewest equal runs a side whose smallest p-value reaches lone_change_level; 0 for ttest.
  std::size_t runs_needed = 0;
  bool operator==(const column_reach&) const = default;
};

struct comparison {
  /// Every metric of every column, `selected` or not, in order.
  std::vector<comparison_row> rows;
  change_policy policy;
  result_conventions conventions = result_conventions::robot;  ///< the conventions the rows were judged by
  std::vector<std::size_t> run_counts;                 ///< per column, as loaded
  std::vector<std::shared_ptr<const matrix>> columns;  ///< the matrices the rows view, base first
  std::shared_ptr<const metric_classifier> classifier;
  /// Statistical policies: each row's inference (comparison_row::statistics indexes it); empty for the
  /// robot policy.
  std::vector<row_statistics> statistics;
  /// Statistical policies: per compared column (the first at index 0), what its test could reach.
  std::vector<column_reach> reach;

  /// The row's inference, or null (the robot policy, or a row that was not tested).
  [[nodiscard]] const row_statistics* statistics_of(const comparison_row& row) const {
    return row.statistics < statistics.size() ? &statistics[row.statistics] : nullptr;
  }
  /// The inference of compared column `column` (1 for the first) of `row`, or null where it was not tested.
  [[nodiscard]] const change_inference* inference_of(const comparison_row& row, std::size_t column) const {
    const row_statistics* s = statistics_of(row);
    if (s == nullptr || column == 0 || column > s->changes.size() || !s->changes[column - 1]) return nullptr;
    return &*s->changes[column - 1];
  }

  /// The row of `name`, or null (a search through the rows).
  [[nodiscard]] const comparison_row* find(std::string_view name) const;
  [[nodiscard]] std::size_t selected_count() const;
};

/// Compares `columns` (the base first, then one or more compared matrices), sharing them: one row per
/// metric on any side, with every compared column's verdict; a row is selected when any compared column
/// changed (or always, with `options.all`). With a statistical policy, each compared column's p-values are
/// corrected together (policy.correction) and a metric changed when its q-value is at most alpha and its
/// change clears the practical floor. Runs flagged by the classifier's incomplete-run marker are
/// handled as the robot does: failure counts are compared over every run, everything over the complete
/// runs, which are also the runs that performance rows summarise. Throws usage_error for fewer than two
/// columns.
[[nodiscard]] comparison compare(std::vector<std::shared_ptr<const matrix>> columns, const compare_options& options);

/// The options a comparison of results judged by `conventions` takes unless told otherwise: for the
/// robot's results, the robot's (`compare_options{}`: its policy, floors and order); for other tools'
/// results, what benchstat's users expect: every benchmark, in the base file's order, an exact
/// Mann-Whitney U test on each one's samples, Benjamini-Hochberg over them at alpha 0.05, and no floor.
/// `perfmail compare` starts from the same (table/request.hpp), so a program and the command agree.
[[nodiscard]] compare_options default_options(result_conventions conventions);

/// compare() with default_options() of the base's conventions: the robot's results by the robot's rules,
/// other tools' results as benchstat's users expect.
[[nodiscard]] comparison compare(std::vector<std::shared_ptr<const matrix>> columns);

/// A row from samples alone (no verdicts; selected), for callers that print rows of their own: each
/// column's summary and each compared column's change, as compare() computes them. `columns` holds the
/// base first and at least one compared column; the row's name is the first column's, and it views no
/// samples. `classifier` null: the robot's.
[[nodiscard]] comparison_row make_row(std::span<const series_view> columns, const metric_classifier* classifier = nullptr);

/// The same for matrices handed over whole.
[[nodiscard]] comparison compare(std::vector<matrix> columns, const compare_options& options);
/// The same with the default options of the base's conventions.
[[nodiscard]] comparison compare(std::vector<matrix> columns);

}  // namespace perfmail
