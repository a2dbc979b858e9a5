// The text of `perfmail history` (declared in include/perfmail/table/history.hpp).

#include "perfmail/table/history.hpp"

#include "perfmail/table/colour.hpp"
#include "perfmail/table/quantity.hpp"
#include "perfmail/text/printable.hpp"
#include "perfmail/text/statistic_text.hpp"
#include "perfmail/text/utf8.hpp"

#include "table/table_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

namespace perfmail {

namespace {

constexpr std::size_t short_hash = 12;

bool is_hex_hash(std::string_view id) {
  return id.size() > short_hash &&
         std::all_of(id.begin(), id.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

/// Changes and their intervals with two decimals; p with two decimals down to 0.01, then scientific.
constexpr int percent_decimals = 2;
constexpr text::p_format p_shown{text::p_format::form::decimals, 2};

/// The columns of one change's line, before alignment.
constexpr std::size_t column_count = 9;
using line_cells = std::array<std::string, column_count>;
/// The headings: the interval's heading names its confidence; the p is the search's (history_change::p_value),
/// not the confirming test's.
line_cells headings_of(double confidence) {
  return {"metric",       "before", "after", "median before", "median after", "change",
          fmt::format("{} CI", text::confidence_text(confidence)), "search p", "verdict"};
}

line_cells cells_of(const commit_history& history, const searched_metric& searched, const history_change& change) {
  const metric_history& m = history.metrics[searched.metric];
  const metric_unit unit = m.unit.value_or(metric_unit{});
  line_cells cells;
  cells[0] = text::printable(m.name);
  cells[1] = commit_label(history.commits[change.last_before].id);
  cells[2] = commit_label(history.commits[change.index].id);
  cells[3] = format_quantity(change.before_median, unit);
  cells[4] = format_quantity(change.after_median, unit);
  cells[5] = change.change_percent ? text::change_percent_text(*change.change_percent, percent_decimals) : "-";
  cells[6] = change.ci_percent ? text::interval_percent_text(*change.ci_percent, percent_decimals) : "-";
  cells[7] = text::p_value_text(change.p_value, p_shown);
  cells[8] = std::string(name_of(change_verdict_names, change.verdict));
  if (change.kind == history_change_kind::drift)
    cells[8] += fmt::format(" (drift over {} commits, to {})", change.last_moved - change.last_before,
                            commit_label(history.commits[change.last_moved].id));
  return cells;
}

}  // namespace

std::string commit_label(std::string_view id) {
  return is_hex_hash(id) ? std::string(id.substr(0, short_hash)) : text::printable(id);
}

std::string render_history(const commit_history& history, const history_search& search,
                           const history_render_options& options) {
  std::vector<std::pair<line_cells, change_verdict>> lines;
  for (const searched_metric& searched : search.metrics)
    for (const history_change& change : searched.result.changes)
      lines.emplace_back(cells_of(history, searched, change), change.verdict);
  std::string out;
  if (!lines.empty()) {
    const line_cells headings = headings_of(options.confidence);
    std::array<std::size_t, column_count> width{};
    for (std::size_t c = 0; c < column_count; ++c) width[c] = headings[c].size();
    for (const auto& [cells, verdict] : lines)
      for (std::size_t c = 0; c < column_count; ++c) width[c] = std::max(width[c], text::columns_of(cells[c]));
    const auto append_line = [&](const auto& cells, std::string_view start) {
      std::string line;
      for (std::size_t c = 0; c < column_count; ++c) {
        const std::string_view cell = cells[c];
        if (c + 1 == column_count) {
          line += cell;
          break;
        }
        // Names and commits to the left, numbers to the right.
        const std::size_t pad = width[c] - text::columns_of(cell);
        const bool left = c <= 2;
        if (!left) line.append(pad, ' ');
        line += cell;
        if (left) line.append(pad, ' ');
        line += "  ";
      }
      if (!start.empty()) out += start;
      out += line;
      if (!start.empty()) out += table_detail::colour_end;
      out += '\n';
    };
    append_line(headings, {});
    for (const auto& [cells, verdict] : lines)
      append_line(cells, options.colour ? table_detail::colour_start(verdict) : std::string_view{});
  }
  if (options.summary)
    out += fmt::format("{} over {} commits\n", verdict_summary(search.counts), history.commits.size());
  return out;
}

std::vector<std::string> history_notes(const commit_history& history, const history_search& search) {
  std::vector<std::string> notes;
  if (search.failure_counters != 0)
    notes.push_back(fmt::format("{} failure counters not searched (compare judges a new failure)",
                                search.failure_counters));
  for (const searched_metric& searched : search.metrics)
    if (searched.gone_after)
      notes.push_back(fmt::format("{}: no sample at the newest commit {}, the last at {}",
                                  text::printable(history.metrics[searched.metric].name),
                                  commit_label(history.commits.back().id),
                                  commit_label(history.commits[*searched.gone_after].id)));
  for (const searched_metric& searched : search.metrics)
    for (const std::size_t at : searched.result.outliers)
      notes.push_back(fmt::format("{}: commit {} is an outlier, not a change",
                                  text::printable(history.metrics[searched.metric].name),
                                  commit_label(history.commits[at].id)));
  return notes;
}

}  // namespace perfmail
