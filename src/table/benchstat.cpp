// The table for other benchmark tools' results (include/perfmail/table/benchstat.hpp).

#include "perfmail/table/benchstat.hpp"

#include "perfmail/analysis/verdict.hpp"
#include "perfmail/error.hpp"
#include "perfmail/stats/estimate.hpp"
#include "perfmail/table/quantity.hpp"
#include "perfmail/text/printable.hpp"
#include "perfmail/text/utf8.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail {

namespace {

/// The mark of an interval the samples cannot give, and the note that explains it.
constexpr std::string_view needs_more_mark = "\u00b9";

/// The samples a distribution-free interval of a median at `confidence` needs: with fewer, even the
/// widest interval (the smallest to the largest sample) covers the median less often (6 at 95%).
std::size_t samples_for_median_interval(double confidence) {
  std::size_t n = 1;
  while (median_interval_rank(n, confidence) == 0 && n < 100000) ++n;
  return n;
}

/// `3.909µs ± 1%`: the median and the larger distance from it to an end of its 95% interval, in percent
/// of it; `± ∞¹` where the samples give no interval.
std::string centre_text(const column_summary& column, const std::optional<interval>& ci,
                        metric_unit unit) {
  std::string spread;
  if (!ci) {
    spread = fmt::format("\u221e{}", needs_more_mark);
  } else {
    const double reach = std::max(column.median - ci->low, ci->high - column.median);
    if (reach == 0) spread = "0%";
    else if (column.median != 0) spread = fmt::format("{:.0f}%", 100 * reach / std::abs(column.median));
    else spread = format_quantity(reach, unit);  // no percentage of a zero median: the distance itself
  }
  return fmt::format("{} \u00b1 {}", format_quantity(column.median, unit), spread);
}

std::string percent_text(double x) { return fmt::format("{:+.2f}%", x); }

std::string probability_text(double p) { return p < 0.001 ? "<0.001" : fmt::format("={:.3f}", p); }

/// The test's figures: `p=0.002 q=0.004 n=10`, or `n=10+8` where the sides differ.
std::string test_text(const change_inference& inference) {
  const std::string n = inference.n_base == inference.n_head ? fmt::format("{}", inference.n_base)
                                                             : fmt::format("{}+{}", inference.n_base, inference.n_head);
  return fmt::format("p{} q{} n={}", probability_text(inference.p_value), probability_text(inference.q_value), n);
}

/// The change of compared column `column`: `+3.97% [+3.1%, +4.8%]`, `~`, or what is missing.
std::string change_text(const comparison_row& row, std::size_t column, const change_inference* inference) {
  const column_verdict& verdict = row.verdicts[column - 1];
  switch (verdict.sides) {
    case presence::gone: return "gone";
    case presence::added:
    case presence::base_failed: return "new";
    case presence::failed: return "failed";
    case presence::both: break;
  }
  if (!verdict.changed || inference == nullptr) return "~";
  if (!inference->estimate_percent) return "changed";
  if (!inference->ci_percent) return percent_text(*inference->estimate_percent);
  return fmt::format("{} [{:+.1f}%, {:+.1f}%]", percent_text(*inference->estimate_percent), inference->ci_percent->low,
                     inference->ci_percent->high);
}

/// A column's cell: its centre, `-` where the column lacks the metric, `failed` where it has no sample.
std::string value_text(const comparison& cmp, const comparison_row& row, std::size_t column,
                       metric_unit unit) {
  if (row.samples[column] == nullptr) return "-";
  const column_summary& c = row.columns[column];
  if (c.n == 0) return fmt::format("failed ({} run{})", c.runs, c.runs == 1 ? "" : "s");
  const row_statistics* statistics = cmp.statistics_of(row);
  const std::optional<interval> ci =
      statistics != nullptr && column < statistics->median_ci.size() ? statistics->median_ci[column] : std::nullopt;
  return centre_text(c, ci, unit);
}

void pad_to(std::string& out, std::string_view cell, std::size_t width) {
  out += cell;
  out.append(width - std::min(width, text::columns_of(cell)), ' ');
}

}  // namespace

std::string render_benchstat(const comparison& cmp, const table_header& header,
                             std::span<const comparison_row* const> rows) {
  if (cmp.policy.kind == policy_kind::robot)
    throw usage_error("the benchstat table prints the tests of utest or ttest, and the robot policy has none");
  const std::size_t columns = cmp.columns.size();
  // Cells first, then the widths they need: row 0 is the heading.
  std::vector<std::vector<std::string>> cells;
  cells.reserve(rows.size() + 1);
  std::vector<std::string> heading{"metric"};
  for (std::size_t c = 0; c < columns; ++c) {
    heading.push_back(c < header.commits.size() && !header.commits[c].empty() ? text::printable(header.commits[c])
                                                                             : fmt::format("column {}", c + 1));
    if (c > 0) {
      heading.emplace_back("change");
      heading.emplace_back("");
    }
  }
  cells.push_back(std::move(heading));
  for (const comparison_row* row : rows) {
    const metric_unit unit = row->cls.unit;
    std::vector<std::string> line{text::printable(row->name)};
    for (std::size_t c = 0; c < columns; ++c) {
      line.push_back(value_text(cmp, *row, c, unit));
      if (c == 0) continue;
      const change_inference* inference = cmp.inference_of(*row, c);
      line.push_back(change_text(*row, c, inference));
      line.push_back(inference != nullptr ? test_text(*inference) : "");
    }
    cells.push_back(std::move(line));
  }
  std::vector<std::size_t> widths(cells.front().size(), 0);
  for (const auto& line : cells)
    for (std::size_t i = 0; i < line.size(); ++i) widths[i] = std::max(widths[i], text::columns_of(line[i]));
  std::string out;
  for (const auto& line : cells) {
    std::string text;
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (i > 0) text += "  ";
      pad_to(text, line[i], widths[i]);
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out += text;
    out += '\n';
  }
  out += '\n';
  return out;
}

std::string benchstat_footnotes(const comparison& cmp, std::span<const comparison_row* const> rows) {
  bool needs_more = false;
  for (const comparison_row* row : rows) {
    const row_statistics* statistics = cmp.statistics_of(*row);
    for (std::size_t c = 0; c < row->column_count(); ++c)
      if (row->samples[c] != nullptr && row->columns[c].n > 0 &&
          (statistics == nullptr || c >= statistics->median_ci.size() || !statistics->median_ci[c]))
        needs_more = true;
  }
  if (!needs_more) return {};
  return fmt::format("{} the {:g}% interval of a median needs at least {} samples\n", needs_more_mark,
                     100 * cmp.policy.confidence, samples_for_median_interval(cmp.policy.confidence));
}

}  // namespace perfmail
