#pragma once
// The modern table (the robot's 2018 layout; seed 001), to the character. docs/FORMAT.md section 4 is
// the specification; each cell function below states its rule. Pure formatting: every number comes from
// the row (analysis/row.hpp), which the analysis computed with the modern table's arithmetic.

#include "perfmail/analysis/row.hpp"
#include "perfmail/table/header.hpp"

#include <cstddef>
#include <span>
#include <string>
#include <utility>

namespace perfmail::modern {

/// The mean, 10 wide, chosen from the mean alone: `%10.2f` below 1000, `%10.4g` above 1e8 (exactly
/// 1e8 stays `%10d`), else `%10d` (truncated).
[[nodiscard]] std::string value_cell(double mean);

/// ` ±NN%`, 6 wide, when the spread (column_summary::modern_spread, where a single sample counts as
/// stddev -1) is above 2.
[[nodiscard]] std::string stddev_cell(const column_summary& c);

/// The change, 12 wide, never blank: the absolute difference where the metric's class says so
/// (`%+10.1f`, or `%+10.2g` from 100000) and two spaces, or the relative change in percent over a base
/// replaced by 1e-100 when it is zero (`%+10.1f%%`, or `%+10.2g%%` from 100000%) and a space.
[[nodiscard]] std::string change_cell(const metric_class& cls, const column_change& change);

/// A failure row's `count:runs` cell (plain: the count as `%11d`, blank when 0).
[[nodiscard]] std::string failure_cell(const column_summary& c);

/// A failure row's change, 12 wide: each column's count divided by its own run count (the robot
/// divides the head's by the base's run count; perfmail does not reproduce that bug).
[[nodiscard]] std::string failure_change_cell(const column_change& change);

/// The printed line of one row, without its newline.
[[nodiscard]] std::string row_text(const comparison_row& row);

/// The same, naming the metric in a value_error (a number beyond the range of a double).
[[nodiscard]] std::string row_line(const comparison_row& row);

/// The change cell of compared column `column` (1-based) as the table prints it, 12 wide.
[[nodiscard]] std::string change_text(const comparison_row& row, std::size_t column);

/// The 89 `=` and, when there are axes, their names joined by `/` over their values, and an empty line.
void append_group_header(std::string& out, std::span<const std::pair<std::string, std::string>> axes);

/// The base's id cut to 16 and right-aligned, each other column's cut to `width`, then the dashes.
void append_id_lines(std::string& out, std::span<const std::string> commits, std::size_t width);

/// The failure rows under their header, then the performance rows under theirs (modern and current
/// tables print the same rows). Unselected rows are skipped; `colour` colours rows by their verdict.
void append_rows(std::string& out, std::span<const comparison_row* const> rows, std::size_t columns,
                 bool colour = false);

}  // namespace perfmail::modern

namespace perfmail {

/// The modern table block: the `=====` group header with the axes (left out when there are none), the
/// full commit ids, the cut ids and dashes, then the failure rows under their header, the performance
/// rows under theirs, and one blank line. Unselected rows are skipped.
[[nodiscard]] std::string render_modern(const table_header& header, std::span<const comparison_row* const> rows,
                                        const render_options& options = {});

}  // namespace perfmail
