#pragma once
// One entry point for both dialects, and the pieces of a table that an email's headline quotes.

#include "perfmail/analysis/row.hpp"
#include "perfmail/table/classic.hpp"
#include "perfmail/table/current.hpp"
#include "perfmail/table/dialect.hpp"
#include "perfmail/table/header.hpp"
#include "perfmail/table/modern.hpp"

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace perfmail {

/// The table block in `dialect`: group header, commits, rows, and one blank line after them. The rows
/// are the comparison's (pointers, so that a caller prints a chosen few without copying them).
/// **Example**: `render_table(table_dialect::modern, header, rows)` starts with 89 `=` and a newline.
[[nodiscard]] std::string render_table(table_dialect dialect, const table_header& header,
                                       std::span<const comparison_row* const> rows,
                                       const render_options& options = {});

/// The same for every row of a comparison, in its order.
[[nodiscard]] std::string render_table(table_dialect dialect, const table_header& header,
                                       std::span<const comparison_row> rows, const render_options& options = {});

/// The rows of `rows` a robot table can print: those compared in every column. A robot table prints a
/// metric a side lacks as zeros, which under other tools' conventions (analysis/row.hpp, `presence`)
/// would read as a change to or from nothing; such rows are listed under it instead
/// (render_rows_left_out).
[[nodiscard]] std::vector<const comparison_row*> robot_table_rows(std::span<const comparison_row* const> rows);

/// What robot_table_rows leaves out of `rows`, a line for each metric and column not compared: `name:
/// gone in COMMIT`, `name: new in COMMIT`, `name: failed in COMMIT`, the commit a column of `header`.
/// Empty when every row was compared.
[[nodiscard]] std::string render_rows_left_out(std::span<const comparison_row* const> rows,
                                               const table_header& header);

/// The change of compared column `column` (1-based) exactly as the table prints it (the current table
/// prints the modern cells), without the padding: `24%`, `+8.2%`, `2e+05`, `+4.0`, `11%`; empty where the classic table leaves it blank.
[[nodiscard]] std::string printed_change(table_dialect dialect, const comparison_row& row,
                                         std::size_t column = 1);

/// The unrounded relative change in percent of compared column `column` (1-based); nullopt over a
/// zero base. Classic headlines print it with `%.2g`.
[[nodiscard]] std::optional<double> relative_change_of(const comparison_row& row, std::size_t column = 1);

}  // namespace perfmail
