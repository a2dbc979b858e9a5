#pragma once
// What the statistical policies add to a comparison's text, for people rather than the robot's readers:
//
// - `render_details`: one line per metric in a layout like benchstat's: each column's median with the
//   half-width of its 95% interval in percent and the samples tested, then per compared column the
//   estimated change with its 95% interval, p and q, or `~` where no change was selected; and one
//   geometric-mean line per direction (higher is better, lower is better) over the metrics shown.
// - `statistical_notes`: the lines that say where a test could not have selected anything (utest cannot
//   reach alpha with 3 and 3 runs), printed under either table.
//
// The robot's dialects (table/classic.hpp, table/modern.hpp) are left exactly as they are. Declarations
// only: src/table/details.cpp formats.

#include "perfmail/analysis/comparison.hpp"
#include "perfmail/table/header.hpp"

#include <span>
#include <string>

namespace perfmail {

/// The details table of the rows of `cmp` that are selected (every row with compare_options::all).
/// Throws usage_error for a comparison of the robot policy, which has no inference to show.
/// **Example** (utest, one compared column):
///   metric                base                  head                 change [95% CI]           p       q
///   fio.write_bw_MBps     1000 ± 0.5% (20)      1020 ± 0.4% (20)     +2.0% [+1.8%, +2.2%]  1.5e-11 7.4e-09
[[nodiscard]] std::string render_details(const comparison& cmp, const table_header& header);

/// The same for the selected ones of `rows` (rows of `cmp`), in their order, without the notes that
/// statistical_notes() writes: for a caller that prints its own lines between the two.
[[nodiscard]] std::string render_details(const comparison& cmp, const table_header& header,
                                         std::span<const comparison_row* const> rows);

/// One line per compared column where the policy's test cannot reach alpha with the runs it has, and per
/// column where metrics had too few samples present to reach it; empty for the robot policy or when
/// every test could select. For example:
///   `note: utest cannot reach alpha 0.05 with 3 and 3 runs; 4 per side are needed`
[[nodiscard]] std::string statistical_notes(const comparison& cmp, const table_header& header);

}  // namespace perfmail
