#pragma once
// A sorted copy of a few samples. Change detection sorts every column of every metric, and the robot's
// columns are short (3 to 30 runs): there a comparison sort spends most of its time in mispredicted
// branches. Placing each sample at its rank does more comparisons but no branches: the count of samples
// smaller than each one is a loop of fixed length that the compiler vectorises, and equal samples, which
// share that count, take its slots in run order.

#include "perfmail/stats/simd_clones.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstddef>
#include <span>
#include <vector>

namespace perfmail {

/// Columns up to this length are sorted by rank; longer ones by std::stable_sort.
inline constexpr std::size_t rank_sort_limit = 32;

namespace detail {
/// The samples of `xs` placed at their ranks in `out` (both of length n, n <= rank_sort_limit).
PERFMAIL_SIMD_CLONES inline void place_by_rank(const double* xs, std::size_t n, double* out) {
  // How many samples are smaller than each: equal samples have the same count, and a smaller sample a
  // smaller count, so the count is where a sample's group of equal ones starts.
  std::array<std::uint8_t, rank_sort_limit> smaller{};
  for (std::size_t i = 0; i < n; ++i) {
    const double x = xs[i];
    // 64-bit counts: the lanes of the vectorised comparison are 64 bits wide.
    std::uint64_t count = 0;
    for (std::size_t j = 0; j < n; ++j) count += xs[j] < x ? 1 : 0;
    smaller[i] = static_cast<std::uint8_t>(count);
  }
  // Equal samples fill their group's slots in run order (a stable sort: 0.0 and -0.0 keep theirs).
  std::array<std::uint8_t, rank_sort_limit> taken{};
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint8_t start = smaller[i];
    out[start + taken[start]++] = xs[i];
  }
}
}  // namespace detail

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
