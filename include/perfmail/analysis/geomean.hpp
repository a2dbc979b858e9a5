#pragma once
// The geometric mean of the changes of many metrics, per compared column and per direction (which way is
// better): the summary benchstat's users read under a table. It is the analysis layer's, so that the
// details table and the JSON give the same figure from the same rows. Declarations only:
// src/analysis/geomean.cpp.

#include "perfmail/analysis/comparison.hpp"

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace perfmail {

/// The geometric mean of the changes the rows print (the statistical policies' estimates, else head mean
/// over base mean), as a change in percent, over `count` metrics.
struct direction_geomean {
  std::size_t count = 0;
  double change_percent = 0;  ///< 100 (exp(mean of log(head / base)) - 1); 0 when count is 0
  bool operator==(const direction_geomean&) const = default;
};

/// One compared column's geometric means: of the metrics where higher is better, and where lower is.
struct column_geomeans {
  direction_geomean higher;
  direction_geomean lower;
  bool operator==(const column_geomeans&) const = default;
};

/// Per compared column (the first at index 0), over the selected ones of `rows` (rows of `cmp`) that
/// have a known direction and a change that is a positive ratio (an estimate, or positive means on both
/// sides); failure counts and sides without samples are left out. Under the statistical policies it
/// needs the estimates of every metric (estimate_scope::every_metric): with estimate_scope::changed the
/// rows that did not change have none and are left out too.
[[nodiscard]] std::vector<column_geomeans> geomeans(const comparison& cmp, std::span<const comparison_row* const> rows);

/// The summary row under a table of one unit, as benchstat defines it: per column (base first) the
/// geometric mean of the medians of `rows` that have samples in every column. nullopt where fewer than two
/// rows have (one row's geomean is the row itself) or where any such median is 0 or negative (a
/// logarithm of it is undefined; such rows are usually counts, as allocs/op, and benchstat skips them so).
[[nodiscard]] std::optional<std::vector<double>> median_geomeans(std::span<const comparison_row* const> rows);

}  // namespace perfmail
