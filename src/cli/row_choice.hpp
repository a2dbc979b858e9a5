#pragma once
// Which rows of a comparison a command judges and shows, and in which order: --metrics (the metrics
// judged: their verdicts count for the summary line and --fail-on), --only (the rows shown, by
// verdict) and --sort (their order). The comparison itself is never narrowed: a statistical policy's
// correction still counts every metric compared, so that choosing rows never makes a change look more
// significant than it is.

#include "perfmail/analysis/comparison.hpp"
#include "perfmail/analysis/verdict.hpp"
#include "perfmail/metrics/metric_patterns.hpp"
#include "perfmail/metrics/rules.hpp"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::cli {

/// The metric patterns of --metrics (metrics/metric_patterns.hpp).
using perfmail::metric_patterns;

/// A --metrics-style pattern (a glob, or /regex/) as the classifier's name rule, for the direction
/// options: a glob becomes a regular expression of the whole name, /regex/ one found anywhere. Throws
/// usage_error naming `option` for an empty pattern, a bad regular expression or a leading `!`.
[[nodiscard]] name_rule name_rule_of(std::string_view option, const std::string& pattern);

/// The caller's direction rules of --lower-is-better and --higher-is-better, in that order (the first
/// that matches a metric decides): what compare_options::caller_rules, history_options::caller_rules and
/// a report document's `directions` hold.
[[nodiscard]] std::vector<direction_rule> caller_rules_of(const std::vector<std::string>& lower_better,
                                                          const std::vector<std::string>& higher_better);

/// Refuses a results path that is not there but reads as a pattern (a glob's `*`, `?` or `[`, a
/// `/regex/`, a leading `!`) when `option`, which takes one pattern each time it is given, was given
/// patterns: in `--metrics 'lat*' 'thr*'` the second pattern is taken for a results file, and "no such
/// file" would not say why. The usage_error names the option and how to give both.
void refuse_stray_pattern(std::span<const std::string> paths, std::string_view option,
                          const std::vector<std::string>& given);

/// --only: the rows shown, by their verdict.
enum class only_rows : std::uint8_t { regressions, improvements, missing, changes };
inline constexpr std::array<enum_name<only_rows>, 4> only_rows_names{{{only_rows::regressions, "regressions"},
                                                                     {only_rows::improvements, "improvements"},
                                                                     {only_rows::missing, "missing"},
                                                                     {only_rows::changes, "changes"}}};

/// --sort: name (byte order), change (the largest change of the first compared column first) or p (the
/// smallest p-value first; statistical policies).
enum class row_sort : std::uint8_t { name, change, p };
inline constexpr std::array<enum_name<row_sort>, 3> row_sort_names{
    {{row_sort::name, "name"}, {row_sort::change, "change"}, {row_sort::p, "p"}}};

/// The rows a command works on.
struct chosen_rows {
  std::vector<const comparison_row*> judged;  ///< the comparison's order, --metrics applied
  std::vector<const comparison_row*> shown;   ///< of those, --only applied, in --sort's order
};

/// Chooses the rows of `cmp`. Throws usage_error when an including pattern matches no metric.
[[nodiscard]] chosen_rows choose_rows(const comparison& cmp, const metric_patterns& patterns,
                                      std::optional<only_rows> only, std::optional<row_sort> sort,
                                      const verdict_options& verdicts);

/// --fail-on: which verdicts make the command exit with status 1.
enum class fail_on : std::uint8_t { never, regression, missing, change };
inline constexpr std::array<enum_name<fail_on>, 4> fail_on_names{{{fail_on::never, "never"},
                                                                  {fail_on::regression, "regression"},
                                                                  {fail_on::missing, "missing"},
                                                                  {fail_on::change, "change"}}};

/// Whether `counts` hold a verdict that `when` names. A benchmark that failed in the compared column
/// fails `regression` too: it measured nothing, so it may hide any slowdown. One that is gone does not
/// (benchmarks are renamed and removed in ordinary work): `missing` gates on both, `change` on every
/// verdict but unchanged.
[[nodiscard]] constexpr bool fails(fail_on when, const verdict_counts& counts) noexcept {
  switch (when) {
    case fail_on::never: return false;
    case fail_on::regression: return counts.regressions != 0 || counts.failed != 0;
    case fail_on::missing: return counts.gone != 0 || counts.failed != 0;
    case fail_on::change: return counts.changes() != 0;
  }
  return false;
}

}  // namespace perfmail::cli
