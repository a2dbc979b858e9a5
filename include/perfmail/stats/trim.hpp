#pragma once
// The robot's sort-and-trim: sort the samples, drop leading -1 values (its marker for an empty data
// point), then cut min(n >> 5, margin) samples from each end. Change detection works on what is left.

#include <algorithm>
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace perfmail {

/// Sorted samples with the robot's margins removed; `max_margin` caps the n >> 5 margin.
[[nodiscard]] inline std::vector<double> sort_and_trim(std::span<const double> xs,
                                                       std::optional<std::size_t> max_margin = std::nullopt) {
  if (xs.empty()) return {};
  std::size_t margin = xs.size() >> 5;
  if (max_margin) margin = std::min(margin, *max_margin);
  std::vector<double> sorted(xs.begin(), xs.end());
  std::sort(sorted.begin(), sorted.end());
  auto first = std::find_if(sorted.begin(), sorted.end(), [](double x) { return x != -1; });
  sorted.erase(sorted.begin(), first);
  if (sorted.size() <= 2 * margin) return {};
  return {sorted.begin() + static_cast<std::ptrdiff_t>(margin), sorted.end() - static_cast<std::ptrdiff_t>(margin)};
}

/// The ends and the upper median of sorted samples, as the robot's change detection reads them.
struct trimmed_range {
  double min = 0;
  double median = 0;  ///< sorted[n / 2]
  double max = 0;
  std::size_t n = 0;
  [[nodiscard]] constexpr double length() const noexcept { return max - min; }
};

[[nodiscard]] inline trimmed_range range_of_sorted(std::span<const double> sorted) {
  if (sorted.empty()) return {};
  return {sorted.front(), sorted[sorted.size() / 2], sorted.back(), sorted.size()};
}

}  // namespace perfmail
