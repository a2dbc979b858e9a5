#pragma once
// The robot's sort-and-trim: sort the samples, drop leading -1 values (its marker for an empty data
// point), then cut min(n >> 5, margin) samples from each end. Change detection works on what is left.

#include <algorithm>
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace perfmail {

/// What is left of already sorted samples after the robot's margins: leading -1 values dropped, then
/// min(n >> 5, max_margin) cut from each end (n counts the -1 values too).
[[nodiscard]] inline std::span<const double> trim_sorted(std::span<const double> sorted,
                                                         std::optional<std::size_t> max_margin = std::nullopt) {
  if (sorted.empty()) return {};
  std::size_t margin = sorted.size() >> 5;
  if (max_margin) margin = std::min(margin, *max_margin);
  const auto first = std::find_if(sorted.begin(), sorted.end(), [](double x) { return x != -1; });
  const std::span<const double> kept{first, sorted.end()};
  if (kept.size() <= 2 * margin) return {};
  return kept.subspan(margin, kept.size() - 2 * margin);
}

/// Sorts `xs` into `buffer` and returns the part left after the robot's margins. Callers that decide
/// many metrics pass one buffer for all of them, so deciding a metric allocates nothing. Compiled
/// (src/stats/trim.cpp) with the sort (stats/sorted_copy.hpp).
[[nodiscard]] std::span<const double> sort_and_trim_into(std::span<const double> xs, std::vector<double>& buffer,
                                                         std::optional<std::size_t> max_margin = std::nullopt);

/// Sorted samples with the robot's margins removed; `max_margin` caps the n >> 5 margin.
[[nodiscard]] std::vector<double> sort_and_trim(std::span<const double> xs,
                                                std::optional<std::size_t> max_margin = std::nullopt);

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
