// The current table's header and block (table/current.hpp); its rows are the modern table's.

#include "perfmail/table/current.hpp"

#include "perfmail/table/modern.hpp"
#include "perfmail/text/printable.hpp"

#include "table/table_text.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cstddef>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace perfmail::current {

std::vector<std::pair<std::string, std::string>> sorted_axes(
    std::span<const std::pair<std::string, std::string>> axes) {
  std::vector<std::pair<std::string, std::string>> out(axes.begin(), axes.end());
  std::stable_sort(out.begin(), out.end(), [](const auto& x, const auto& y) {
    return x.first + '=' + x.second < y.first + '=' + y.second;
  });
  return out;
}

}  // namespace perfmail::current

namespace perfmail {

std::string render_current(const table_header& header, std::span<const comparison_row* const> rows,
                           const render_options& options) {
  using namespace table_detail;
  const std::size_t columns = column_count_of(header, rows);
  if (!header.commit_lines.empty() && header.commit_lines.size() != columns)
    throw usage_error(fmt::format("the table has {} columns but {} commit lines were given", columns,
                                  header.commit_lines.size()));
  std::string out;
  modern::append_group_header(out, current::sorted_axes(header.axes));
  out += "commit: \n";
  for (const auto& line : header.commit_lines.empty() ? header.commits : header.commit_lines)
    out += "  " + text::printable(line) + '\n';
  out += '\n';
  modern::append_id_lines(out, header.commits, current::head_width);
  modern::append_rows(out, rows, columns, options.colour);
  out += '\n';
  return out;
}

}  // namespace perfmail
