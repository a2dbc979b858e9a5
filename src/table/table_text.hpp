#pragma once
// Text the table renderers share (src/table/, the email's box and notes): widths, cut ids, the plus-minus
// sign, and every number a table prints checked finite before it is formatted. Private to the library:
// a table's reader needs the rendered text, not these.

#include "perfmail/error.hpp"
#include "perfmail/stats/estimate.hpp"
#include "perfmail/table/header.hpp"
#include "perfmail/text/printable.hpp"
#include "perfmail/text/ruby_format.hpp"
#include "perfmail/text/statistic_text.hpp"
#include "perfmail/text/utf8.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace perfmail {

namespace table_detail {


/// `id` cut to `width` characters and right-aligned in that width, printed safely (text/printable.hpp).
[[nodiscard]] inline std::string cut_id(std::string_view id, std::size_t width) {
  return fmt::format("{:>{}}", text::printable(id.substr(0, width)), width);
}

/// The columns of a table: the rows' (every row has the same), or the header's when there are no rows. The
/// header must name every column.
template <class Rows>
[[nodiscard]] std::size_t column_count_of(const table_header& header, const Rows& rows) {
  const std::size_t columns = rows.empty() ? header.commits.size() : rows.front()->column_count();
  if (header.commits.size() != columns)
    throw usage_error(fmt::format("the table has {} columns but {} commit names were given", columns,
                                  header.commits.size()));
  if (columns < 2) throw usage_error("a table needs a base and at least one other column");
  return columns;
}

/// A row of a table must have the table's columns.
template <class Row>
void require_columns(const Row& row, std::size_t columns) {
  if (row.column_count() != columns)
    throw usage_error(fmt::format("metric {}: {} columns where the table has {}", row.name, row.column_count(), columns));
}

/// `unit` repeated `n` times after `first`.
[[nodiscard]] inline std::string repeat_after(std::string_view first, std::string_view unit, std::size_t n) {
  std::string out{first};
  for (std::size_t i = 0; i < n; ++i) out += unit;
  return out;
}

inline constexpr std::string_view plus_minus = "\u00b1";

/// The mark of an interval the samples cannot give, and of the note that explains it (benchstat_footnotes).
inline constexpr std::string_view needs_more_mark = "\u00b9";

/// The `R` of a cell's `median ± R`: how far the median's interval reaches from it (text::reach_from), in
/// percent of the median with `decimals` decimals, or over a zero median the distance itself as
/// `distance` prints it in the value's unit; `∞¹` where the samples give no interval.
template <class Distance>
[[nodiscard]] std::string reach_cell(double median, const std::optional<interval>& ci, int decimals, Distance distance) {
  if (!ci) return fmt::format("\u221e{}", needs_more_mark);
  if (std::optional<std::string> percent = text::reach_percent_text(median, *ci, decimals)) return std::move(*percent);
  return distance(text::reach_from(median, *ci));
}

/// `value` as `pattern` prints it (text::ruby_format), or a value_error naming `what` when it is not a
/// finite number: every number a table prints passes here, so no infinity or NaN is ever printed. The
/// arithmetic before it (stats/summary.hpp, stats/change.hpp) is finite wherever the true value is a
/// double, so this refuses exactly the values a double cannot hold.
[[nodiscard]] inline std::string formatted(std::string_view pattern, double value, std::string_view what) {
  if (!std::isfinite(value)) throw value_error(fmt::format("the {} is beyond the range of a double", what));
  return text::ruby_format(pattern, value);
}

/// Runs `print` for the row of `metric`, naming the metric in a value_error it throws.
template <class Print>
[[nodiscard]] std::string for_metric(std::string_view metric, Print print) {
  try {
    return print();
  } catch (const value_error& e) {
    throw value_error(fmt::format("metric {}: {}", text::quoted(metric), e.what()));
  }
}

}  // namespace table_detail
}  // namespace perfmail
