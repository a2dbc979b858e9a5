#pragma once
// Colour in a table on a terminal: a regression's row red, an improvement's green, the rest as they
// are. The verdicts are those of analysis/verdict.hpp, so colours, the summary line and --fail-on agree.
// Only the CLI turns it on (render_options::colour), for a terminal that wants it.

#include "perfmail/analysis/verdict.hpp"

#include <string>
#include <string_view>

namespace perfmail::table_detail {

/// The SGR sequence that starts a row of verdict `v` (empty: no colour), and the one that ends it.
[[nodiscard]] constexpr std::string_view colour_start(change_verdict v) noexcept {
  switch (v) {
    case change_verdict::failed:
    case change_verdict::regression: return "\x1b[31m";
    case change_verdict::improvement: return "\x1b[32m";
    case change_verdict::gone:
    case change_verdict::added:
    case change_verdict::changed:
    case change_verdict::unchanged: return {};
  }
  return {};
}
inline constexpr std::string_view colour_end = "\x1b[0m";

/// Appends `line` (a row's printed text, without its newline) and a newline, in the colour of the row's
/// verdict when `colour`. The escape sequences wrap the line's text only, so that a terminal's line
/// ends stay plain.
inline void append_row_line(std::string& out, const std::string& line, const comparison_row& row, bool colour,
                            const verdict_options& verdicts = {}) {
  const std::string_view start = colour ? colour_start(row_verdict(row, verdicts)) : std::string_view{};
  if (start.empty()) {
    out += line;
  } else {
    out += start;
    out += line;
    out += colour_end;
  }
  out += '\n';
}

}  // namespace perfmail::table_detail
