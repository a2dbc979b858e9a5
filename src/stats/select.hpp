#pragma once
// Selection of order statistics of doubles, for the Hodges-Lehmann estimates: the median and two interval
// limits of n1 n2 differences, metric after metric. std::nth_element's partition branches on each
// comparison, and on differences of noisy samples half of those branches are mispredicted; at 20 against
// 20 runs that was most of utest's estimate. This partition moves every element the same way whatever
// the comparison says, so the comparison decides an index, not a branch.
//
// The value selected is the same as std::nth_element's: the i-th order statistic is one number whatever
// the algorithm. Which of two equal values lands there may differ, which matters only for zeros of both
// signs; callers that print a selected zero make it +0.

#include <algorithm>
#include <bit>
#include <cstddef>
#include <span>
#include <utility>

namespace perfmail::detail {

/// Rearranges `xs` so that xs[nth] is the value that would be there were `xs` sorted, no element before it
/// greater and none after it smaller (std::nth_element's contract). The values must not be NaN. Past
/// 2 log2(n) + 8 partitions (a pattern that keeps the pivots at the ends) the rest goes to
/// std::nth_element, whose introselect bounds the time at O(n log n).
inline void select_nth(std::span<double> xs, std::size_t nth) {
  double* first = xs.data();
  double* last = first + xs.size();
  double* const target = first + nth;
  int budget = 2 * std::bit_width(xs.size()) + 8;
  while (last - first > 16) {
    if (--budget < 0) {
      std::nth_element(first, target, last);
      return;
    }
    // The median of the first, middle and last element as the pivot, kept at the front meanwhile.
    double* const middle = first + (last - first) / 2;
    double a = *first;
    double b = *middle;
    double c = last[-1];
    if (b < a) std::swap(a, b);
    if (c < b) std::swap(b, c);
    if (b < a) std::swap(a, b);
    const double pivot = b;
    std::swap(*first, *(*middle == pivot ? middle : (last[-1] == pivot ? last - 1 : first)));
    // [first + 1, store) < pivot <= [store, read): every element is swapped, the store advanced by the
    // comparison.
    double* store = first + 1;
    for (double* read = first + 1; read != last; ++read) {
      const double value = *read;
      const bool smaller = value < pivot;
      *read = *store;
      *store = value;
      store += smaller;
    }
    // The pivot between the two parts: [first, store - 1) < pivot at store - 1 <= [store, last).
    --store;
    std::swap(*first, *store);
    if (target < store) {
      last = store;
      continue;
    }
    if (target == store) return;
    // The elements equal to the pivot, gathered after it: many equal differences (integer samples, ties)
    // would otherwise leave the right part barely smaller than the whole.
    double* equal_end = store + 1;
    for (double* read = store + 1; read != last; ++read) {
      const double value = *read;
      const bool equal = !(pivot < value);
      *read = *equal_end;
      *equal_end = value;
      equal_end += equal;
    }
    if (target < equal_end) return;
    first = equal_end;
  }
  std::sort(first, last);
}

}  // namespace perfmail::detail
