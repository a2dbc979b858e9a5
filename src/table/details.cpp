// The statistical policies' text (declared in include/perfmail/table/details.hpp).

#include "perfmail/table/details.hpp"

#include "perfmail/analysis/verdict.hpp"
#include "perfmail/analysis/geomean.hpp"
#include "perfmail/error.hpp"
#include "perfmail/stats/correction.hpp"
#include "perfmail/table/quantity.hpp"
#include "perfmail/text/grouped.hpp"
#include "perfmail/text/printable.hpp"
#include "perfmail/text/statistic_text.hpp"
#include "perfmail/text/utf8.hpp"

#include "table/table_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <iterator>
#include <optional>
#include <string_view>
#include <vector>

namespace perfmail {

namespace {

/// A column's name: the commit given for it, cut to 16 characters as the modern table cuts ids.
std::string column_name(const table_header& header, std::size_t column) {
  if (column < header.commits.size() && !header.commits[column].empty())
    return text::printable(std::string_view{header.commits[column]}.substr(0, 16));
  return column == 0 ? "base" : fmt::format("head{}", column);
}

/// `1000 ± 0.5% (20)`: the median, how far its interval reaches from it (table_detail::reach_cell) in
/// percent of it with one decimal, and the samples it is of.
std::string details_centre_text(const column_summary& column, const std::optional<interval>& ci, metric_unit unit) {
  // A value of a known unit prints in it (`7.855µs`), as the other tables print it; the robot's metrics
  // have none and keep their digits.
  const auto value = [unit](double x) {
    return unit.what == quantity::none ? fmt::format("{:.4g}", x) : format_quantity(x, unit);
  };
  return fmt::format("{} ± {} ({})", value(column.median), table_detail::reach_cell(column.median, ci, 1, value),
                     column.n);
}

/// Changes, their intervals' ends and the geomeans with one decimal.
std::string details_percent_text(double x) { return text::change_percent_text(x, 1); }

/// The change column: `+2.0% [+1.8%, +2.2%]`, `~` where nothing was selected, `+2.0% [?]` where the
/// sizes give no interval, `?` where there is no estimate (a zero base mean); for a failure count, the
/// change of the share of runs that fail.
std::string details_change_text(const comparison_row& row, std::size_t column, const change_inference* inference) {
  const column_verdict& verdict = row.verdicts[column - 1];
  // Other tools' results: a side without samples is no change but a verdict of its own.
  if (verdict.sides != presence::both) return std::string{name_of(change_verdict_names, *verdict_of(verdict.sides))};
  if (row.failure() && verdict.changed)  // decided by the robot's rule: the share of failing runs
    return fmt::format("{:+.0f} points of runs failing", row.change(column).reproduction);
  if (inference == nullptr) return verdict.changed ? "changed" : "~";
  if (!verdict.changed) return "~";
  if (!inference->estimate_percent) return "?";
  const std::string interval_text =
      inference->ci_percent ? text::interval_percent_text(*inference->ci_percent, 1) : std::string{"[?]"};
  return fmt::format("{} {}", details_percent_text(*inference->estimate_percent), interval_text);
}

/// p-values (and q-values) in the details and their notes: two significant digits.
constexpr text::p_format p_shown{text::p_format::form::significant, 2};

std::string probability_text(const change_inference* inference, bool q) {
  if (inference == nullptr) return "-";
  return text::p_value_text(q ? inference->q_value : inference->p_value, p_shown);
}

/// One line that says what the change column estimates, since the robot's tables show the change of the
/// means and the details another estimate: which estimator, which interval, and how the rows that
/// depart from it (a sample that is not positive, a negative base mean) are estimated.
std::string estimator_line(const comparison& cmp, std::span<const comparison_row* const> rows) {
  std::size_t shift_rows = 0;
  std::size_t negative_base_rows = 0;
  std::size_t estimated = 0;
  for (const comparison_row* row : rows)
    for (std::size_t c = 1; c <= row->compared_columns(); ++c)
      if (const change_inference* inference = cmp.inference_of(*row, c);
          inference != nullptr && row->verdicts[c - 1].changed && inference->estimate_percent) {
        ++estimated;
        if (inference->estimator == change_estimator::hodges_lehmann_shift) ++shift_rows;
        if (row->columns[0].mean < 0) ++negative_base_rows;
      }
  if (estimated == 0) return {};
  const std::string level = text::confidence_text(cmp.policy.confidence);
  std::string line =
      cmp.policy.kind == policy_kind::welch
          ? fmt::format("change: the ratio of the means, with Fieller's {} interval", level)
          : fmt::format("change: the Hodges-Lehmann ratio (from the samples' logarithms), with its {} interval",
                        level);
  if (shift_rows > 0)
    line += fmt::format("; where a sample is 0 or negative ({}), the Hodges-Lehmann shift over the base mean",
                        shift_rows);
  if (negative_base_rows > 0)
    line += fmt::format("; over a negative base mean ({}), in percent of its magnitude, so + is a rise",
                        negative_base_rows);
  return line + "\n";
}

}  // namespace

std::string render_details(const comparison& cmp, const table_header& header) {
  std::vector<const comparison_row*> rows;
  for (const comparison_row& row : cmp.rows) rows.push_back(&row);
  return render_details(cmp, header, rows) + statistical_notes(cmp, header);
}

std::string render_details(const comparison& cmp, const table_header& header,
                           std::span<const comparison_row* const> chosen) {
  if (cmp.policy.kind == policy_kind::robot)
    throw usage_error("the details are the statistical policies' (utest, ttest): the robot policy has no p-values");
  const std::size_t compared = cmp.run_counts.size() - 1;
  std::vector<const comparison_row*> rows;
  for (const comparison_row* row : chosen)
    if (row->selected) rows.push_back(row);

  // Cells first, widths after: every column as wide as its widest cell.
  std::vector<std::vector<std::string>> cells;
  std::vector<std::string> heading{"metric", column_name(header, 0)};
  for (std::size_t c = 1; c <= compared; ++c) {
    heading.push_back(column_name(header, c));
    heading.push_back(fmt::format("change [{} CI]", text::confidence_text(cmp.policy.confidence)));
    heading.emplace_back("p");
    heading.emplace_back("q");
  }
  cells.push_back(heading);
  for (const comparison_row* row : rows) {
    const row_statistics* stats = cmp.statistics_of(*row);
    const auto median_ci = [&](std::size_t c) {
      return stats != nullptr && c < stats->median_ci.size() ? stats->median_ci[c] : std::nullopt;
    };
    // A column that lacks the metric, or has no sample of it, under other tools' conventions.
    const auto cell = [&](std::size_t c) {
      for (std::size_t k = 1; k <= row->compared_columns(); ++k) {
        const presence sides = row->verdicts[k - 1].sides;
        if (sides == presence::both) continue;
        if ((c == 0 && sides == presence::added) || (c == k && sides == presence::gone)) return std::string{"-"};
        if ((c == 0 && sides == presence::base_failed) || (c == k && sides == presence::failed))
          return std::string{"failed"};
      }
      return details_centre_text(row->columns[c], median_ci(c), row->cls.unit);
    };
    std::vector<std::string> line{text::printable(row->name), cell(0)};
    for (std::size_t c = 1; c <= compared; ++c) {
      const change_inference* inference = cmp.inference_of(*row, c);
      line.push_back(cell(c));
      line.push_back(details_change_text(*row, c, inference));
      line.push_back(probability_text(inference, false));
      line.push_back(probability_text(inference, true));
    }
    cells.push_back(std::move(line));
  }

  std::vector<std::size_t> widths(heading.size(), 0);
  for (const auto& line : cells)
    for (std::size_t k = 0; k < line.size(); ++k) widths[k] = std::max(widths[k], text::columns_of(line[k]));
  std::string out;
  auto sink = std::back_inserter(out);
  for (const auto& line : cells) {
    std::string text;
    for (std::size_t k = 0; k < line.size(); ++k) {
      if (k > 0) text += "  ";
      text += line[k];
      if (k + 1 < line.size()) text.append(widths[k] - text::columns_of(line[k]), ' ');
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    fmt::format_to(sink, "{}\n", text);
  }
  const std::vector<column_geomeans> means = geomeans(cmp, rows);
  for (std::size_t c = 1; c <= compared; ++c)
    for (const auto& [g, direction] : {std::pair{means[c - 1].higher, "higher"}, std::pair{means[c - 1].lower, "lower"}}) {
      if (g.count == 0) continue;
      fmt::format_to(sink, "geomean of {} metric{} where {} is better, {}: {}\n", g.count, g.count == 1 ? "" : "s",
                     direction, column_name(header, c), details_percent_text(g.change_percent));
    }
  fmt::format_to(sink, "{}", estimator_line(cmp, rows));
  return out;
}

std::string statistical_notes(const comparison& cmp, const table_header& header) {
  std::string out;
  // ttest's p reaches any level with 2 samples a side: only utest has notes.
  if (cmp.policy.kind != policy_kind::mann_whitney) return out;
  auto sink = std::back_inserter(out);
  const change_policy& policy = cmp.policy;
  const std::string_view test = name_of(policy_names, policy.kind);
  for (std::size_t c = 1; c < cmp.run_counts.size() && c <= cmp.reach.size(); ++c) {
    const column_reach& reach = cmp.reach[c - 1];
    const std::size_t base_runs = cmp.run_counts[0];
    const std::size_t head_runs = cmp.run_counts[c];
    // The correction counts where more than one metric was tested under one.
    const bool corrected = reach.tested > 1 && policy.correction != p_correction::none;
    const std::string correction_text =
        corrected ? fmt::format("{} over {} metrics", name_of(correction_names, policy.correction),
                                text::grouped(reach.tested))
                  : "";
    if (reach.smallest_p > policy.alpha) {
      fmt::format_to(sink, "note: {} cannot reach alpha {} with {} and {} runs; {} per side are needed{}\n", test,
                     policy.alpha, base_runs, head_runs, reach.runs_needed,
                     corrected ? fmt::format(" for a lone change under {}", correction_text) : "");
      continue;
    }
    if (reach.unreachable == 0) continue;
    if (reach.unreachable == reach.tested && reach.smallest_p > reach.lone_change_level) {
      fmt::format_to(sink,
                     "note: {} cannot select any of the {} metrics of {}: {} and {} runs give p >= {}, and {} "
                     "holds a lone change to p <= {}; {} per side are needed\n",
                     test, text::grouped(reach.tested), column_name(header, c), base_runs, head_runs,
                     text::p_value_text(reach.smallest_p, p_shown), correction_text,
                     text::p_value_text(reach.lone_change_level, p_shown), reach.runs_needed);
      continue;
    }
    fmt::format_to(sink, "note: {} could not select {} of the {} metrics of {}, whatever their change: too few "
                         "samples to reach alpha {}{}\n",
                   test, text::grouped(reach.unreachable), text::grouped(reach.tested), column_name(header, c),
                   policy.alpha, corrected ? fmt::format(" under {}", correction_text) : "");
  }
  return out;
}

}  // namespace perfmail
