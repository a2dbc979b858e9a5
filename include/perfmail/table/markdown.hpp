#pragma once
// A comparison as a GitHub-flavoured Markdown table, for pull requests and issues: one row per metric,
// the base's mean and spread, and for each compared column its mean and spread, its change and the
// verdict. The numbers are the modern table's cells without their padding (table/modern.hpp), so a
// Markdown table and the robot's table never print a number differently.

#include "perfmail/analysis/verdict.hpp"
#include "perfmail/table/header.hpp"
#include "perfmail/table/modern.hpp"

#include <cstddef>
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

}  // namespace perfmail::markdown

namespace perfmail {

/// The Markdown table of `rows` (the selected ones, in order), with a header naming the commits of
/// `header`, and an empty line after it. `verdicts` as for the summary line (the classic noise filter,
/// when the caller applies it). Failure counts print as `failures:runs`, their change as the change of
/// the share of runs failing.
[[nodiscard]] inline std::string render_markdown(const table_header& header, std::span<const comparison_row* const> rows,
                                                 const verdict_options& verdicts = {}) {
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
      std::string line = fmt::format("| {} | {} |", escaped(text::printable(row->name)), escaped(markdown::value_text(*row, 0)));
      for (std::size_t c = 1; c < columns; ++c)
        line += fmt::format(" {} | {} | {} |", escaped(markdown::value_text(*row, c)),
                            escaped(markdown::trimmed(modern::change_text(*row, c))),
                            name_of(change_verdict_names, verdict_of(*row, c, verdicts)));
      return line;
    });
    out += '\n';
  }
  out += '\n';
  return out;
}

}  // namespace perfmail
