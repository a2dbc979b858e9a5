// The box of further tests (email/box.hpp).

#include "perfmail/email/box.hpp"

#include "perfmail/table/header.hpp"
#include "perfmail/text/printable.hpp"
#include "perfmail/text/utf8.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::email {

std::vector<std::string> box_parameters(std::span<const parameter> parameters) {
  std::vector<std::string> out;
  out.reserve(parameters.size());
  for (const auto& p : parameters) out.push_back(text::printable(p.key + '=' + p.value));
  std::sort(out.begin(), out.end());
  return out;
}

std::string box_change_line(const box_entry& e, const box_style& style) {
  std::string change = e.change;
  if (style.minus_as_space && change.starts_with('-')) change.front() = ' ';
  return text::printable(fmt::format("{}: {} {} {}", e.testcase, e.metric, change, e.word));
}

std::string render_box(std::span<const box_entry> entries, const box_style& style) {
  using text::columns_of;
  struct rows_of_entry {
    std::string change;
    std::string machine;
    std::vector<std::string> parameters;
  };
  std::vector<rows_of_entry> blocks;
  std::size_t width = 0;
  for (const auto& e : entries) {
    rows_of_entry b{box_change_line(e, style), text::printable(e.machine), box_parameters(e.parameters)};
    width = std::max(width, columns_of(b.change));
    if (style.machine_row) width = std::max(width, columns_of(b.machine));
    for (const auto& p : b.parameters) width = std::max(width, columns_of(p));
    blocks.push_back(std::move(b));
  }
  const std::string border = fmt::format("+{:-<18}+{:-<{}}+\n", "", "", width + 2);
  const auto row = [&](std::string_view label, std::string_view content) {
    return fmt::format("| {:<16} | {}{:{}} |\n", label, content, "", width - columns_of(content));
  };
  std::string out = border;
  for (const auto& b : blocks) {
    out += row("testcase: change", b.change);
    if (style.machine_row) out += row("test machine", b.machine);
    for (std::size_t i = 0; i < b.parameters.size(); ++i) out += row(i == 0 ? "test parameters" : "", b.parameters[i]);
    out += border;
  }
  return out;
}

}  // namespace perfmail::email
