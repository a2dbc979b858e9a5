// The classic table's cells and block (table/classic.hpp).

#include "perfmail/table/classic.hpp"

#include "perfmail/table/colour.hpp"
#include "perfmail/text/printable.hpp"

#include "table/table_text.hpp"

#include <fmt/core.h>

#include <cmath>
#include <cstddef>
#include <span>
#include <string>

namespace perfmail::classic {

number_mode number_mode_of(const comparison_row& row) {
  number_mode mode;
  for (const column_summary& c : row.columns) {
    mode.floating = mode.floating || c.small_float;
    mode.exponent = mode.exponent || c.large;
  }
  return mode;
}

std::string value_cell(double mean, number_mode mode) {
  using table_detail::formatted;
  if (mode.exponent) return formatted(std::fabs(mean) < 1e8 && !mode.floating ? "%10d" : "%10.4g", mean, "mean");
  if (mode.floating) return formatted("%10.2f", mean, "mean");
  return formatted("%10d", mean, "mean");
}

std::string stddev_cell(const column_summary& c) {
  const auto spread = c.classic_spread();
  if (!spread) return std::string(6, ' ');
  const double shown = *spread;
  if (!(shown > 3) && std::isfinite(shown)) return std::string(6, ' ');
  return table_detail::formatted(" \u00b1%3d%%", shown, "standard deviation in percent of the mean");
}

std::string change_cell(const metric_class& cls, const column_change& change) {
  using table_detail::formatted;
  if (cls.classic_change == change_shown::absolute) return formatted("%9.0g ", change.classic_absolute, "change of the mean");
  const double p = change.relative.value_or(0);
  if (std::fabs(p) < 3) return std::string(10, ' ');
  if (std::fabs(p) < 100000) return formatted("%8.0f%% ", p, "change of the mean");
  return formatted("%8.0g%% ", p, "change of the mean");
}

std::string failure_cell(const column_summary& c, number_mode mode) {
  std::string out;
  if (mode.floating || mode.exponent) out = value_cell(c.failure_count, mode);
  else out = c.failure_count == 0 ? std::string(11, ' ') : table_detail::formatted("%11d", c.failure_count, "failure count");
  out += fmt::format(":{:<4}", c.runs);
  return out;
}

std::string failure_change_cell(const column_change& change) {
  return table_detail::formatted("%8.0f%% ", change.reproduction, "change of the failure rate");
}

std::string row_text(const comparison_row& row) {
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

std::string row_line(const comparison_row& row) {
  return table_detail::for_metric(row.name, [&] { return row_text(row); });
}

std::string change_text(const comparison_row& row, std::size_t column) {
  return table_detail::for_metric(row.name, [&] {
    if (row.failure()) return failure_change_cell(row.change(column));
    return change_cell(row.cls, row.change(column));
  });
}

}  // namespace perfmail::classic

namespace perfmail {

std::string render_classic(const table_header& header, std::span<const comparison_row* const> rows,
                           const render_options& options) {
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
