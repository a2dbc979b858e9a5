#pragma once
// The Mann-Whitney U test on samples their caller has sorted already: the statistical policies sort each
// side of a metric for its summaries, and the test then merges the two sides instead of sorting them
// again.

#include "perfmail/stats/significance.hpp"

#include <span>

namespace perfmail::detail {

/// mann_whitney_u(a, b) for `a` and `b` each sorted ascending: the same result, without the sorting.
[[nodiscard]] test_result mann_whitney_u_sorted(std::span<const double> a, std::span<const double> b);

}  // namespace perfmail::detail
