#pragma once
// A comparison as a GitHub-flavoured Markdown table, for pull requests and issues: one row per metric,
// the base's mean and spread, and for each compared column its mean and spread, its change and the
// verdict. The numbers are the modern table's cells without their padding (table/modern.hpp), so a
// Markdown table and the robot's table never print a number differently.

#include "perfmail/analysis/comparison.hpp"
#include "perfmail/analysis/verdict.hpp"
#include "perfmail/model/origin.hpp"
#include "perfmail/table/header.hpp"

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
[[nodiscard]] std::string escaped(std::string_view text);

/// A modern cell without its padding (the cells are fixed-width columns of the robot's table).
[[nodiscard]] std::string trimmed(std::string_view cell);

/// A column's value: `1234 ±3%` (mean and spread, as the modern table prints them) or, for a failure
/// count, `3:10` (failures over runs).
[[nodiscard]] std::string value_text(const comparison_row& row, std::size_t column);

/// Under other tools' conventions, what a column that was not compared shows instead of numbers: `-`
/// where the column lacks the metric, `failed` where it has no sample of it; nullopt where it has samples.
[[nodiscard]] std::optional<std::string_view> missing_cell(const comparison_row& row, std::size_t column);

/// A column's value among other tools' results: the mean in its unit and its spread, `3.909µs ±1%`.
[[nodiscard]] std::string quantity_text(const comparison_row& row, std::size_t column);

/// The change among other tools' results: `+3.97%` of the mean, empty where nothing was compared.
[[nodiscard]] std::string quantity_change_text(const comparison_row& row, std::size_t column);

}  // namespace perfmail::markdown

namespace perfmail {

/// The Markdown table of `rows` (the selected ones, in order), with a header naming the commits of
/// `header`, and an empty line after it. `verdicts` as for the summary line (the classic noise filter,
/// when the caller applies it). Failure counts print as `failures:runs`, their change as the change of
/// the share of runs failing.
[[nodiscard]] std::string render_markdown(const table_header& header, std::span<const comparison_row* const> rows,
                                          const verdict_options& verdicts = {},
                                          result_conventions conventions = result_conventions::robot);

/// The Markdown table of rows of `cmp`, by the conventions it was judged by: the robot's table above for
/// the robot's results (or the robot policy), and for other tools' results the benchstat table's numbers
/// (medians with the reach of their intervals, the change the text prints: table/benchstat.hpp).
[[nodiscard]] std::string render_markdown(const comparison& cmp, const table_header& header,
                                          std::span<const comparison_row* const> rows,
                                          const verdict_options& verdicts = {});

}  // namespace perfmail
