#pragma once
// What a comparison table is, in one request: the dialect it prints in, the comparison behind it (policy,
// conventions, classifier, order, sums) and the classic table's rule on noise. The command line fills one
// from its options, a report document's layout and `table` section give one to compose(), and whatever
// renders or judges a table reads its verdicts from it, so that the table, the summary line, --fail-on
// and the headline can never disagree. Each dialect's defaults are decided here alone.

#include "perfmail/analysis/comparison.hpp"
#include "perfmail/analysis/verdict.hpp"
#include "perfmail/model/origin.hpp"
#include "perfmail/table/dialect.hpp"

#include <optional>

namespace perfmail {

struct table_request {
  table_dialect dialect = table_dialect::modern;
  compare_options comparison;
  /// The classic table drops performance rows whose spread exceeds half their mean (the robot's noise
  /// filter); a row it drops is no change for the verdicts either. Other dialects never filter.
  bool noise_filter = true;

  /// How the verdicts of this table are read.
  [[nodiscard]] verdict_options verdicts() const noexcept {
    return {.drop_noisy = dialect == table_dialect::classic && noise_filter};
  }
};

/// `row_order::robot` as `dialect` means it: lkp-tests' order of today (families by their row count) for
/// the current table, the robot's 2017 and 2018 order for the others.
[[nodiscard]] constexpr row_order order_in(table_dialect dialect, row_order order) noexcept {
  return dialect == table_dialect::current && order == row_order::robot ? row_order::robot_families : order;
}

/// The robot's table of `dialect`: its policy, its order, and for the current table what lkp-tests' comparer
/// of today passes (compensated sums for the printed means, its perf-profile threshold, the integer 5, so
/// that a profile's shares have no floor).
[[nodiscard]] inline table_request robot_table(table_dialect dialect) {
  table_request t;
  t.dialect = dialect;
  t.comparison.order = order_in(dialect, row_order::robot);
  if (dialect == table_dialect::current) {
    t.comparison.mean_sum = sum_start::compensated;
    t.comparison.policy.robot.perf_profile = 5;
    t.comparison.policy.robot.perf_profile_integer = true;
  }
  return t;
}

/// The table for results of other benchmark tools, with the defaults benchstat's users expect: every
/// benchmark, in the order the files list them; an exact Mann-Whitney U test on each benchmark's present
/// samples, Benjamini-Hochberg over the benchmarks at alpha 0.05, and no floor on the size of a change.
[[nodiscard]] inline table_request tool_table() {
  table_request t;
  t.dialect = table_dialect::benchstat;
  t.comparison = default_options(result_conventions::benchmark_tool);
  return t;
}

/// The table a comparison of results under `conventions` prints by default: the robot's modern table for
/// the robot's results, the benchstat table for other tools'.
[[nodiscard]] inline table_request default_table(result_conventions conventions) {
  return conventions == result_conventions::robot ? robot_table(table_dialect::modern) : tool_table();
}

/// The table asked for on results judged by `conventions`: the conventions' default table, or the
/// robot's table of `dialect` when it names one, or the benchstat table. The benchstat table of the
/// robot's results prints the robot's rows in the robot's order; the robot's policy named
/// (`robot_policy_named`) without a dialect prints the robot's modern table; and the robot's tables of
/// other tools' results keep those results' conventions: Mann-Whitney U and no floor (a policy named
/// after this is the caller's to set).
[[nodiscard]] inline table_request table_asked(std::optional<table_dialect> dialect, bool robot_policy_named,
                                               result_conventions conventions) {
  table_request request = default_table(conventions);
  if (dialect) {
    request = is_robot_dialect(*dialect) ? robot_table(*dialect) : tool_table();
    if (!is_robot_dialect(*dialect) && conventions == result_conventions::robot) {
      request.comparison.all = false;
      request.comparison.order = row_order::robot;
    }
  } else if (robot_policy_named && conventions == result_conventions::benchmark_tool) {
    request = robot_table(table_dialect::modern);
  }
  request.comparison.conventions = conventions;
  if (conventions == result_conventions::benchmark_tool && is_robot_dialect(request.dialect)) {
    request.comparison.policy.kind = policy_kind::mann_whitney;
    request.comparison.policy.min_change_percent = 0;
  }
  return request;
}

}  // namespace perfmail
