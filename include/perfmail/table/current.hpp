#pragma once
// The current table (lkp-tests' compare of 2019 to today; the robot's emails of 2020 on), to the
// character. FORMAT-current.md sections 7.9 to 7.11 are the specification: the modern table's rows
// (table/modern.hpp) under a header whose axes are sorted, whose `commit:` block prints a line per
// commit and whose head column is 27 wide. The row order is the comparison's (row_order::robot_families).

#include "perfmail/analysis/row.hpp"
#include "perfmail/table/header.hpp"

#include <cstddef>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace perfmail::current {

/// The head column's width: 16 + 10 + 1 (lkp-tests since 2019: `ABS_WIDTH + ERR_WIDTH + REL_WIDTH + 1`).
inline constexpr std::size_t head_width = 27;

/// The axes in the order lkp-tests prints them: sorted as the strings `key=value`, byte by byte, so that
/// `fs2=nfsv4` comes before `fs=btrfs` ('2' sorts before '=').
[[nodiscard]] std::vector<std::pair<std::string, std::string>> sorted_axes(
    std::span<const std::pair<std::string, std::string>> axes);

}  // namespace perfmail::current

namespace perfmail {

/// The current table block: the `=====` group header with the sorted axes, `commit: ` (with its trailing
/// space) over one line per commit, the ids cut to 16 and 27 (a release tag stands in place of an id),
/// the rows as the modern table prints them, and one empty line.
[[nodiscard]] std::string render_current(const table_header& header, std::span<const comparison_row* const> rows,
                                         const render_options& options = {});

}  // namespace perfmail
