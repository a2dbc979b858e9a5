// The Markdown table (table/markdown.hpp), from the modern table's cells.

#include "perfmail/table/markdown.hpp"

#include "perfmail/table/benchstat.hpp"
#include "perfmail/table/modern.hpp"
#include "perfmail/table/quantity.hpp"
#include "perfmail/text/printable.hpp"

#include "table/table_text.hpp"

#include <fmt/core.h>

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace perfmail::markdown {

std::string escaped(std::string_view text) {
  static constexpr std::string_view syntax = "\\`*_[]<>|~&";
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    if (syntax.find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

std::string trimmed(std::string_view cell) {
  const auto first = cell.find_first_not_of(' ');
  if (first == std::string_view::npos) return {};
  const auto last = cell.find_last_not_of(' ');
  return std::string{cell.substr(first, last - first + 1)};
}

std::string value_text(const comparison_row& row, std::size_t column) {
  const column_summary& c = row.columns[column];
  if (row.failure()) return table_detail::formatted("%d", c.failure_count, "failure count") + fmt::format(":{}", c.runs);
  std::string text = trimmed(modern::value_cell(c.mean));
  // ` ±  3%` is padded for the robot's columns; a cell reads `±3%`.
  if (std::string spread = trimmed(modern::stddev_cell(c)); !spread.empty()) {
    std::erase(spread, ' ');
    text += ' ' + spread;
  }
  return text;
}

std::optional<std::string_view> missing_cell(const comparison_row& row, std::size_t column) {
  for (std::size_t c = 1; c <= row.compared_columns(); ++c) {
    const presence sides = row.verdicts[c - 1].sides;
    if (column == 0 && sides == presence::added) return "-";
    if (column == 0 && sides == presence::base_failed) return "failed";
    if (column == c && sides == presence::gone) return "-";
    if (column == c && sides == presence::failed) return "failed";
  }
  return std::nullopt;
}

std::string quantity_text(const comparison_row& row, std::size_t column) {
  if (const auto missing = missing_cell(row, column)) return std::string{*missing};
  const column_summary& c = row.columns[column];
  std::string text = format_quantity(c.mean, row.cls.unit);
  if (const std::optional<double> spread = c.relative_spread()) text += fmt::format(" ±{:.0f}%", *spread);
  return text;
}

std::string quantity_change_text(const comparison_row& row, std::size_t column) {
  if (row.verdicts[column - 1].sides != presence::both) return {};
  const std::optional<double> relative = row.change(column).relative;
  return relative ? fmt::format("{:+.2f}%", *relative) : std::string{"?"};
}

}  // namespace perfmail::markdown

namespace perfmail {

namespace {

template <class Value, class Change>
std::string markdown_table(const table_header& header, std::span<const comparison_row* const> rows,
                           const verdict_options& verdicts, Value value, Change change) {
  using markdown::escaped;
  const std::size_t columns = table_detail::column_count_of(header, rows);
  const auto commit = [&](std::size_t c) {
    return c < header.commits.size() && !header.commits[c].empty() ? escaped(text::printable(header.commits[c]))
                                                                   : (c == 0 ? std::string{"base"} : fmt::format("head {}", c));
  };
  // fmt::format rather than `"..." + std::string`: GCC 12 warns falsely (-Wrestrict, its bug 105329) on
  // that operator at -O2, and a header must not break the builds of the projects that include it.
  std::string out = fmt::format("| metric | {} |", commit(0));
  std::string rule = "| :--- | ---: |";
  for (std::size_t c = 1; c < columns; ++c) {
    out += fmt::format(" {} | change | verdict |", commit(c));
    rule += " ---: | ---: | :--- |";
  }
  out += '\n';
  out += rule;
  out += '\n';
  for (const comparison_row* row : rows) {
    if (!row->selected) continue;
    if (verdicts.drop_noisy && row->noisy) continue;
    table_detail::require_columns(*row, columns);
    out += table_detail::for_metric(row->name, [&] {
      std::string line = fmt::format("| {} | {} |", escaped(text::printable(row->name)), escaped(value(*row, 0)));
      for (std::size_t c = 1; c < columns; ++c)
        line += fmt::format(" {} | {} | {} |", escaped(value(*row, c)), escaped(change(*row, c)),
                            name_of(change_verdict_names, verdict_of(*row, c, verdicts)));
      return line;
    });
    out += '\n';
  }
  out += '\n';
  return out;
}

}  // namespace

std::string render_markdown(const table_header& header, std::span<const comparison_row* const> rows,
                            const verdict_options& verdicts, result_conventions conventions) {
  const bool tool = conventions == result_conventions::benchmark_tool;
  return markdown_table(
      header, rows, verdicts,
      [tool](const comparison_row& row, std::size_t c) {
        return tool ? markdown::quantity_text(row, c) : markdown::value_text(row, c);
      },
      [tool](const comparison_row& row, std::size_t c) {
        return tool ? markdown::quantity_change_text(row, c) : markdown::trimmed(modern::change_text(row, c));
      });
}

std::string render_markdown(const comparison& cmp, const table_header& header,
                            std::span<const comparison_row* const> rows, const verdict_options& verdicts) {
  if (cmp.conventions != result_conventions::benchmark_tool || cmp.policy.kind == policy_kind::robot)
    return render_markdown(header, rows, verdicts, cmp.conventions);
  // The numbers of the text table, so that a pull request's comment and the terminal agree.
  return markdown_table(
      header, rows, verdicts, [&](const comparison_row& row, std::size_t c) { return benchstat_value(cmp, row, c); },
      [&](const comparison_row& row, std::size_t c) { return benchstat_change(cmp, row, c); });
}

}  // namespace perfmail
