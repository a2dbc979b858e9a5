#pragma once
// A comparison as a GitHub-flavoured Markdown table, for pull requests and issues: one row per metric,
// the base's mean and spread, and for each compared column its mean and spread, its change and the
// verdict. The numbers are the modern table's cells without their padding (table/modern.hpp), so a
// Markdown table and the robot's table never print a number differently.

#include "perfmail/analysis/verdict.hpp"
#include "perfmail/model/origin.hpp"
#include "perfmail/stats/change.hpp"
#include "perfmail/table/quantity.hpp"
#include "perfmail/table/header.hpp"
#include "perfmail/table/modern.hpp"

#include <cmath>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace perfmail::markdown {

/// `text` (already printable) safe in a table cell: the characters that inline Markdown could read as
/// syntax are escaped with a backslash (CommonMark allows that for any ASCII punctuation), a `|`
/// included, so that no name splits a cell, starts emphasis, code or a link, or becomes HTML or an
/// entity. A cell holds inline content only, so `#`, `+`, `-` and `>` start nothing there.
[[nodiscard]] inline std::string escaped(std::string_view text) {
  static constexpr std::string_view syntax = "\\`*_[]<>|~&";
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    if (syntax.find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

/// A modern cell without its padding (the cells are fixed-width columns of the robot's table).
[[nodiscard]] inline std::string trimmed(std::string_view cell) {
  const auto first = cell.find_first_not_of(' ');
  if (first == std::string_view::npos) return {};
  const auto last = cell.find_last_not_of(' ');
  return std::string{cell.substr(first, last - first + 1)};
}

/// A column's value: `1234 ±3%` (mean and spread, as the modern table prints them) or, for a failure
/// count, `3:10` (failures over runs).
[[nodiscard]] inline std::string value_text(const comparison_row& row, std::size_t column) {
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

/// Under other tools' conventions, what a column that was not compared shows instead of numbers: `-`
/// where the column lacks the metric, `failed` where it has no sample of it; nullopt where it has samples.
[[nodiscard]] inline std::optional<std::string_view> missing_cell(const comparison_row& row, std::size_t column) {
  for (std::size_t c = 1; c <= row.compared_columns(); ++c) {
    const presence sides = row.verdicts[c - 1].sides;
    if (column == 0 && sides == presence::added) return "-";
    if (column == 0 && sides == presence::base_failed) return "failed";
    if (column == c && sides == presence::gone) return "-";
    if (column == c && sides == presence::failed) return "failed";
  }
  return std::nullopt;
}

/// A column's value among other tools' results: the mean in its unit and its spread, `3.909µs ±1%`.
[[nodiscard]] inline std::string quantity_text(const comparison_row& row, std::size_t column) {
  if (const auto missing = missing_cell(row, column)) return std::string{*missing};
  const column_summary& c = row.columns[column];
  std::string text = format_quantity(c.mean, row.cls.unit);
  if (c.n >= 2 && c.mean != 0) text += fmt::format(" ±{:.0f}%", percent_of(c.stddev, std::fabs(c.mean)));
  return text;
}

/// The change among other tools' results: `+3.97%` of the mean, empty where nothing was compared.
[[nodiscard]] inline std::string quantity_change_text(const comparison_row& row, std::size_t column) {
  if (row.verdicts[column - 1].sides != presence::both) return {};
  const std::optional<double> relative = row.change(column).relative;
  return relative ? fmt::format("{:+.2f}%", *relative) : std::string{"?"};
}

}  // namespace perfmail::markdown

namespace perfmail {

/// The Markdown table of `rows` (the selected ones, in order), with a header naming the commits of
/// `header`, and an empty line after it. `verdicts` as for the summary line (the classic noise filter,
/// when the caller applies it). Failure counts print as `failures:runs`, their change as the change of
/// the share of runs failing.
[[nodiscard]] inline std::string render_markdown(const table_header& header, std::span<const comparison_row* const> rows,
                                                 const verdict_options& verdicts = {},
                                                 result_conventions conventions = result_conventions::robot) {
  const bool tool = conventions == result_conventions::benchmark_tool;
  const auto value = [tool](const comparison_row& row, std::size_t c) {
    return tool ? markdown::quantity_text(row, c) : markdown::value_text(row, c);
  };
  const auto change = [tool](const comparison_row& row, std::size_t c) {
    return tool ? markdown::quantity_change_text(row, c) : markdown::trimmed(modern::change_text(row, c));
  };
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

}  // namespace perfmail
