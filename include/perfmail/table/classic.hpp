#pragma once
// The classic table (the robot's 2017 layout; seeds 000, 002, 003), to the character. docs/FORMAT.md
// section 3 is the specification; each cell function below states its rule. Pure formatting: every number
// comes from the row (analysis/row.hpp), which the analysis computed with the classic table's arithmetic.

#include "perfmail/analysis/row.hpp"
#include "perfmail/table/colour.hpp"
#include "perfmail/table/header.hpp"

#include <fmt/core.h>

#include <cmath>
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

[[nodiscard]] inline number_mode number_mode_of(const comparison_row& row) {
  number_mode mode;
  for (const column_summary& c : row.columns) {
    mode.floating = mode.floating || c.small_float;
    mode.exponent = mode.exponent || c.large;
  }
  return mode;
}

/// The mean, 10 wide: `%10.4g` in exponent mode unless it is below 1e8 without small floats (`%10d`),
/// `%10.2f` in float mode, else `%10d` (truncated).
[[nodiscard]] inline std::string value_cell(double mean, number_mode mode) {
  using table_detail::formatted;
  if (mode.exponent) return formatted(std::fabs(mean) < 1e8 && !mode.floating ? "%10d" : "%10.4g", mean, "mean");
  if (mode.floating) return formatted("%10.2f", mean, "mean");
  return formatted("%10d", mean, "mean");
}

/// ` ±NN%`, 6 wide, when the spread (column_summary::classic_spread) is above 3; blank for a single
/// sample or a negative mean.
[[nodiscard]] inline std::string stddev_cell(const column_summary& c) {
  const auto spread = c.classic_spread();
  if (!spread) return std::string(6, ' ');
  const double shown = *spread;
  if (!(shown > 3) && std::isfinite(shown)) return std::string(6, ' ');
  return table_detail::formatted(" \u00b1%3d%%", shown, "standard deviation in percent of the mean");
}

/// The change of a performance row against the base, 10 wide: the absolute change where the metric's
/// class says so (`%9.0g `), else the relative change in percent, blank below 3% (and over a zero base),
/// `%8.0f%% ` below 100000%, `%8.0g%% ` above.
[[nodiscard]] inline std::string change_cell(const metric_class& cls, const column_change& change) {
  using table_detail::formatted;
  if (cls.classic_change == change_shown::absolute) return formatted("%9.0g ", change.classic_absolute, "change of the mean");
  const double p = change.relative.value_or(0);
  if (std::fabs(p) < 3) return std::string(10, ' ');
  if (std::fabs(p) < 100000) return formatted("%8.0f%% ", p, "change of the mean");
  return formatted("%8.0g%% ", p, "change of the mean");
}

/// A failure row's `count:runs` cell: the count as `%11d` (blank when 0) in plain mode, or the value
/// format of the mode; then `:` and the runs left-aligned in 4.
[[nodiscard]] inline std::string failure_cell(const column_summary& c, number_mode mode) {
  std::string out;
  if (mode.floating || mode.exponent) out = value_cell(c.failure_count, mode);
  else out = c.failure_count == 0 ? std::string(11, ' ') : table_detail::formatted("%11d", c.failure_count, "failure count");
  out += fmt::format(":{:<4}", c.runs);
  return out;
}

/// A failure row's change: the difference of the failing-run percentages, each column divided by its
/// own run count (the robot divides by the base's), always printed.
[[nodiscard]] inline std::string failure_change_cell(const column_change& change) {
  return table_detail::formatted("%8.0f%% ", change.reproduction, "change of the failure rate");
}

/// The printed line of one row, without its newline.
[[nodiscard]] inline std::string row_text(const comparison_row& row) {
  std::string line;
  const number_mode mode = number_mode_of(row);
  if (row.failure()) {
    line += failure_cell(row.columns[0], mode);
    for (std::size_t c = 1; c < row.columns.size(); ++c) {
      line += "  ";
      line += failure_change_cell(row.change(c));
      line += failure_cell(row.columns[c], mode);
    }
  } else {
    line += value_cell(row.columns[0].first_sample_mean(), mode);
    line += stddev_cell(row.columns[0]);
    for (std::size_t c = 1; c < row.columns.size(); ++c) {
      line += "  ";
      line += change_cell(row.cls, row.change(c));
      line += value_cell(row.columns[c].first_sample_mean(), mode);
      line += stddev_cell(row.columns[c]);
    }
  }
  line += "  ";
  line += text::printable(row.name);  // one line whatever the name holds (a newline, an escape)
  return line;
}

/// The same, naming the metric in a value_error (a number beyond the range of a double).
[[nodiscard]] inline std::string row_line(const comparison_row& row) {
  return table_detail::for_metric(row.name, [&] { return row_text(row); });
}

/// The change cell of compared column `column` (1-based) as the table prints it, 10 wide.
[[nodiscard]] inline std::string change_text(const comparison_row& row, std::size_t column) {
  return table_detail::for_metric(row.name, [&] {
    if (row.failure()) return failure_change_cell(row.change(column));
    return change_cell(row.cls, row.change(column));
  });
}

}  // namespace perfmail::classic

namespace perfmail {

/// The classic table block: group header, blank line, commit line and dashes, the rows with their
/// headers (each printed once, just before the first row of its kind), and one blank line. Rows print
/// in the given order; unselected rows are skipped, and so is noise unless `options.noise_filter` is off.
[[nodiscard]] inline std::string render_classic(const table_header& header, std::span<const comparison_row* const> rows,
                                                const render_options& options = {}) {
  using namespace table_detail;
  const std::size_t columns = column_count_of(header, rows);
  const std::size_t n = columns - 1;

  std::string out = fmt::format("testcase/path_params/tbox_group/run: {}/{}/{}\n\n", text::printable(header.testcase),
                                text::printable(header.path_params), text::printable(header.tbox_group));
  out += cut_id(header.commits[0], 16) + "  ";
  for (std::size_t c = 1; c < columns; ++c) out += cut_id(header.commits[c], 26) + "  ";
  out += '\n';
  out += std::string(16, '-') + "  ";
  for (std::size_t c = 1; c < columns; ++c) out += std::string(26, '-') + "  ";
  out += '\n';

  bool perf_header = false;
  bool failure_header = false;
  for (const comparison_row* row : rows) {
    if (!row->selected) continue;
    require_columns(*row, columns);
    if (options.noise_filter && row->noisy) continue;
    if (row->failure() && !failure_header) {
      out += repeat_after("       fail:runs", "  %reproduction    fail:runs", n) + '\n';
      out += repeat_after("           |    ", "         |             |    ", n) + '\n';
      failure_header = true;
    } else if (!row->failure() && !perf_header) {
      out += repeat_after("         %stddev", "      change         %stddev", n) + '\n';
      out += repeat_after("             \\  ", "        |                \\  ", n) + '\n';
      perf_header = true;
    }
    table_detail::append_row_line(out, classic::row_line(*row), *row, options.colour,
                                  {.drop_noisy = options.noise_filter});
  }
  out += '\n';
  return out;
}

}  // namespace perfmail
