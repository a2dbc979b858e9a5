#pragma once
// A sorted copy of a few samples. Change detection sorts every column of every metric, and the robot's
// columns are short (3 to 30 runs): there a comparison sort spends most of its time in mispredicted
// branches. Placing each sample at its rank (the count of samples before it in order) does more
// comparisons but no branches, and the compiler vectorises the counting.

#include "perfmail/stats/simd_clones.hpp"

#include <algorithm>
#include <cstddef>
#include <span>
#include <vector>

namespace perfmail {

namespace detail {
/// The ranks of `xs` placed in `out` (both of length n, n <= rank_sort_limit).
PERFMAIL_SIMD_CLONES inline void place_by_rank(const double* xs, std::size_t n, double* out) {
  for (std::size_t i = 0; i < n; ++i) {
    const double x = xs[i];
    // Samples before this one that are not greater, and after it that are smaller: a distinct rank
    // for every sample, equal ones in their original order.
    std::size_t rank = 0;
    for (std::size_t j = 0; j < i; ++j) rank += xs[j] <= x ? 1 : 0;
    for (std::size_t j = i + 1; j < n; ++j) rank += xs[j] < x ? 1 : 0;
    out[rank] = x;
  }
}
}  // namespace detail

/// Columns up to this length are sorted by rank; longer ones by std::stable_sort.
inline constexpr std::size_t rank_sort_limit = 32;

/// `out` becomes `xs` in ascending order (equal samples keep their order). The samples must not be NaN.
inline void sorted_copy(std::span<const double> xs, std::vector<double>& out) {
  const std::size_t n = xs.size();
  if (n > rank_sort_limit) {
    out.assign(xs.begin(), xs.end());
    std::stable_sort(out.begin(), out.end());
    return;
  }
  out.resize(n);
  detail::place_by_rank(xs.data(), n, out.data());
}

}  // namespace perfmail
