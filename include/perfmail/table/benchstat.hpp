#pragma once
// The table for results of other benchmark tools, in the style benchstat's users read: per metric the
// median of each column with the reach of its 95% interval, then for each compared column the change with
// its interval (or `~` where the test found none), p, q and the samples tested. A metric one side lacks,
// or has no sample of, says so (`gone`, `new`, `failed`) and is never compared. Values print with their
// units (table/quantity.hpp). A line above names what was compared and how; footnotes under it say
// where an interval needs more samples. Declarations only: src/table/benchstat.cpp.

#include "perfmail/analysis/comparison.hpp"
#include "perfmail/table/header.hpp"

#include <span>
#include <string>

namespace perfmail {

/// The table of `rows` (rows of `cmp`, in print order) with the columns named by `header.commits`, and a
/// blank line after it. `cmp` must be of a statistical policy (usage_error otherwise): the table prints
/// its tests.
[[nodiscard]] std::string render_benchstat(const comparison& cmp, const table_header& header,
                                           std::span<const comparison_row* const> rows);

/// Under the table: what its footnotes mark (an interval that needs more samples), one line each.
[[nodiscard]] std::string benchstat_footnotes(const comparison& cmp, std::span<const comparison_row* const> rows);

}  // namespace perfmail
