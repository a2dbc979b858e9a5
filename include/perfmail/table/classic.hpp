#pragma once
// The classic table (the robot's 2017 layout; seeds 000, 002, 003), to the character. docs/FORMAT.md
// section 3 is the specification; each cell function below states its rule. Pure formatting: every number
// comes from the row (analysis/row.hpp), which the analysis computed with the classic table's arithmetic.

#include "perfmail/analysis/row.hpp"
#include "perfmail/table/header.hpp"

#include <cstddef>
#include <span>
#include <string>

namespace perfmail::classic {

/// How a row prints its numbers, chosen from every sample of every column.
struct number_mode {
  bool floating = false;  ///< a JSON float sample, non-zero, with |x| < 100
  bool exponent = false;  ///< a sample with |x| >= 1e8
  bool operator==(const number_mode&) const = default;
};

[[nodiscard]] number_mode number_mode_of(const comparison_row& row);

/// The mean, 10 wide: `%10.4g` in exponent mode unless it is below 1e8 without small floats (`%10d`),
/// `%10.2f` in float mode, else `%10d` (truncated).
[[nodiscard]] std::string value_cell(double mean, number_mode mode);

/// ` ±NN%`, 6 wide, when the spread (column_summary::classic_spread) is above 3; blank for a single
/// sample or a negative mean.
[[nodiscard]] std::string stddev_cell(const column_summary& c);

/// The change of a performance row against the base, 10 wide: the absolute change where the metric's
/// class says so (`%9.0g `), else the relative change in percent, blank below 3% (and over a zero base),
/// `%8.0f%% ` below 100000%, `%8.0g%% ` above.
[[nodiscard]] std::string change_cell(const metric_class& cls, const column_change& change);

/// A failure row's `count:runs` cell: the count as `%11d` (blank when 0) in plain mode, or the value
/// format of the mode; then `:` and the runs left-aligned in 4.
[[nodiscard]] std::string failure_cell(const column_summary& c, number_mode mode);

/// A failure row's change: the difference of the failing-run percentages, each column divided by its
/// own run count (the robot divides by the base's), always printed.
[[nodiscard]] std::string failure_change_cell(const column_change& change);

/// The printed line of one row, without its newline.
[[nodiscard]] std::string row_text(const comparison_row& row);

/// The same, naming the metric in a value_error (a number beyond the range of a double).
[[nodiscard]] std::string row_line(const comparison_row& row);

/// The change cell of compared column `column` (1-based) as the table prints it, 10 wide.
[[nodiscard]] std::string change_text(const comparison_row& row, std::size_t column);

}  // namespace perfmail::classic

namespace perfmail {

/// The classic table block: group header, blank line, commit line and dashes, the rows with their
/// headers (each printed once, just before the first row of its kind), and one blank line. Rows print
/// in the given order; unselected rows are skipped, and so is noise unless `options.noise_filter` is off.
[[nodiscard]] std::string render_classic(const table_header& header, std::span<const comparison_row* const> rows,
                                         const render_options& options = {});

}  // namespace perfmail
