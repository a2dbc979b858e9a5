// The table of a dialect (table/render.hpp).

#include "perfmail/table/render.hpp"

#include "perfmail/analysis/change_verdict.hpp"
#include "perfmail/analysis/verdict.hpp"
#include "perfmail/error.hpp"
#include "perfmail/text/printable.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace perfmail {

std::string render_table(table_dialect dialect, const table_header& header,
                         std::span<const comparison_row* const> rows,
                         const render_options& options) {
  switch (dialect) {
    case table_dialect::classic: return render_classic(header, rows, options);
    case table_dialect::modern: return render_modern(header, rows, options);
    case table_dialect::current: return render_current(header, rows, options);
    case table_dialect::benchstat: break;  // needs the comparison's tests: table/benchstat.hpp
  }
  throw usage_error("unknown table dialect");
}

std::string render_table(table_dialect dialect, const table_header& header,
                         std::span<const comparison_row> rows, const render_options& options) {
  std::vector<const comparison_row*> pointers;
  pointers.reserve(rows.size());
  for (const comparison_row& row : rows) pointers.push_back(&row);
  return render_table(dialect, header, pointers, options);
}

std::vector<const comparison_row*> robot_table_rows(std::span<const comparison_row* const> rows) {
  std::vector<const comparison_row*> compared;
  for (const comparison_row* row : rows)
    if (std::all_of(row->verdicts.begin(), row->verdicts.end(),
                    [](const column_verdict& v) { return v.sides == presence::both; }))
      compared.push_back(row);
  return compared;
}

std::string render_rows_left_out(std::span<const comparison_row* const> rows, const table_header& header) {
  std::string out;
  for (const comparison_row* row : rows)
    for (std::size_t c = 1; c <= row->compared_columns(); ++c) {
      const presence sides = row->verdicts[c - 1].sides;
      if (sides == presence::both) continue;
      out += fmt::format("{}: {} in {}\n", text::printable(row->name),
                         name_of(change_verdict_names, *verdict_of(sides)), text::printable(header.commits[c]));
    }
  return out;
}

std::string printed_change(table_dialect dialect, const comparison_row& row,
                           std::size_t column) {
  std::string cell = dialect == table_dialect::classic ? classic::change_text(row, column)
                                                       : modern::change_text(row, column);
  const auto first = cell.find_first_not_of(' ');
  if (first == std::string::npos) return {};
  const auto last = cell.find_last_not_of(' ');
  return cell.substr(first, last - first + 1);
}

std::optional<double> relative_change_of(const comparison_row& row, std::size_t column) {
  return row.change(column).relative;
}

}  // namespace perfmail
