#pragma once
// How two summaries differ: relative change in percent, absolute change, and how often a failure
// reproduces. Each returns a plain number; the table dialects decide how to print zero bases.

#include "perfmail/stats/summary.hpp"

#include <cstddef>
#include <optional>

namespace perfmail {

/// 100 * (head - base) / base; nullopt over a zero base (never an infinity or NaN).
[[nodiscard]] constexpr std::optional<double> relative_change(double base, double head) {
  if (base == 0) return std::nullopt;
  return 100 * (head - base) / base;
}

/// head - base.
[[nodiscard]] constexpr double absolute_change(double base, double head) { return head - base; }

/// Percent of runs in which a failure was seen: 100 * count / runs (0 for no runs).
[[nodiscard]] constexpr double reproduction_percent(double failure_count, std::size_t runs) {
  return runs == 0 ? 0.0 : 100 * failure_count / static_cast<double>(runs);
}

/// Change of the reproduction rate between two columns, each divided by its own run count.
[[nodiscard]] constexpr double reproduction_change(double base_count, std::size_t base_runs, double head_count,
                                                   std::size_t head_runs) {
  return reproduction_percent(head_count, head_runs) - reproduction_percent(base_count, base_runs);
}

static_assert(relative_change(100, 110).value() == 10);
static_assert(!relative_change(0, 5).has_value());
static_assert(reproduction_change(0, 10, 1, 9) > 11.1 && reproduction_change(0, 10, 1, 9) < 11.2);

}  // namespace perfmail
