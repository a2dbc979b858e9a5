// The modern table's cells and block (table/modern.hpp).

#include "perfmail/table/modern.hpp"

#include "perfmail/table/colour.hpp"
#include "perfmail/text/printable.hpp"

#include "table/table_text.hpp"

#include <fmt/core.h>

#include <cmath>
#include <cstddef>
#include <span>
#include <string>
#include <utility>

namespace perfmail::modern {

std::string value_cell(double mean) {
  using table_detail::formatted;
  if (std::fabs(mean) < 1000) return formatted("%10.2f", mean, "mean");
  if (std::fabs(mean) > 1e8) return formatted("%10.4g", mean, "mean");
  return formatted("%10d", mean, "mean");
}

std::string stddev_cell(const column_summary& c) {
  const double shown = c.modern_spread();
  if (!(shown > 2) && std::isfinite(shown)) return std::string(6, ' ');
  return table_detail::formatted(" \u00b1%3d%%", shown, "standard deviation in percent of the mean");
}

std::string change_cell(const metric_class& cls, const column_change& change) {
  using table_detail::formatted;
  if (cls.modern_change == change_shown::absolute) {
    const double d = change.absolute;
    return formatted(std::fabs(d) >= 100000 ? "%+10.2g  " : "%+10.1f  ", d, "change of the mean");
  }
  const double p = change.modern_relative;
  return formatted(std::fabs(p) >= 100000 ? "%+10.2g%% " : "%+10.1f%% ", p, "change of the mean");
}

std::string failure_cell(const column_summary& c) {
  std::string out =
      c.failure_count == 0 ? std::string(11, ' ') : table_detail::formatted("%11d", c.failure_count, "failure count");
  out += fmt::format(":{:<4}", c.runs);
  return out;
}

std::string failure_change_cell(const column_change& change) {
  return table_detail::formatted("%10.0f%% ", change.reproduction, "change of the failure rate");
}

std::string row_text(const comparison_row& row) {
  std::string line;
  if (row.failure()) {
    line += failure_cell(row.columns[0]);
    for (std::size_t c = 1; c < row.columns.size(); ++c) {
      line += failure_change_cell(row.change(c));
      line += failure_cell(row.columns[c]);
    }
  } else {
    line += value_cell(row.columns[0].mean);
    line += stddev_cell(row.columns[0]);
    for (std::size_t c = 1; c < row.columns.size(); ++c) {
      line += change_cell(row.cls, row.change(c));
      line += value_cell(row.columns[c].mean);
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

void append_group_header(std::string& out, std::span<const std::pair<std::string, std::string>> axes) {
  out += std::string(89, '=');
  out += '\n';
  if (axes.empty()) return;
  std::string keys;
  std::string values;
  for (const auto& [key, value] : axes) {
    if (!keys.empty()) {
      keys += '/';
      values += '/';
    }
    keys += text::printable(key);
    values += text::printable(value);
  }
  out += keys + ":\n  " + values + "\n\n";
}

void append_id_lines(std::string& out, std::span<const std::string> commits, std::size_t width) {
  using table_detail::cut_id;
  out += cut_id(commits[0], 16) + ' ';
  for (std::size_t c = 1; c < commits.size(); ++c) out += cut_id(commits[c], width) + ' ';
  out += '\n';
  out += std::string(16, '-') + ' ';
  for (std::size_t c = 1; c < commits.size(); ++c) out += std::string(width, '-') + ' ';
  out += '\n';
}

void append_rows(std::string& out, std::span<const comparison_row* const> rows, std::size_t columns,
                 bool colour) {
  using namespace table_detail;
  const std::size_t n = columns - 1;
  for (const bool failures : {true, false}) {
    bool headed = false;
    for (const comparison_row* row : rows) {
      if (!row->selected || row->failure() != failures) continue;
      require_columns(*row, columns);
      if (!headed) {
        if (failures) {
          out += repeat_after("       fail:runs", "  %reproduction    fail:runs", n) + '\n';
          out += repeat_after("           |    ", "         |             |    ", n) + '\n';
        } else {
          out += repeat_after("         %stddev", "     %change         %stddev", n) + '\n';
          out += repeat_after("             \\  ", "        |                \\  ", n) + '\n';
        }
        headed = true;
      }
      table_detail::append_row_line(out, modern::row_line(*row), *row, colour);
    }
  }
}

}  // namespace perfmail::modern

namespace perfmail {

std::string render_modern(const table_header& header, std::span<const comparison_row* const> rows,
                          const render_options& options) {
  using namespace table_detail;
  const std::size_t columns = column_count_of(header, rows);
  std::string out;
  modern::append_group_header(out, header.axes);
  out += "commit: \n";
  for (const auto& id : header.commits) out += "  " + text::printable(id) + '\n';
  out += '\n';
  modern::append_id_lines(out, header.commits, 26);
  modern::append_rows(out, rows, columns, options.colour);
  out += '\n';
  return out;
}

}  // namespace perfmail
