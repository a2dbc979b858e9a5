#pragma once
// How two summaries differ: relative change in percent, absolute change, and how often a failure
// reproduces. Each returns a plain number; the table dialects decide how to print zero bases.

#include "perfmail/stats/summary.hpp"

#include <cmath>
#include <cstddef>
#include <optional>

namespace perfmail {

/// 100 * (head - base) / base in the robot's order of operations, so that ordinary values print the
/// robot's last digit. Where an intermediate result overflows (head - base beyond a double's range) while
/// the true change is a double, it is computed from halves instead. Not finite only when the true change
/// is not a double (or `base` is 0): printers refuse such a value (value_error), never print it.
[[nodiscard]] inline double percent_change(double base, double head) {
  const double p = 100 * (head - base) / base;
  if (std::isfinite(p) || base == 0) return p;
  return 200 * ((head / 2 - base / 2) / base);
}

/// 100 * part / whole, likewise: from the quotient when the product overflows.
[[nodiscard]] inline double percent_of(double part, double whole) {
  const double p = 100 * part / whole;
  if (std::isfinite(p) || whole == 0) return p;
  return part / whole * 100;
}

/// 100 * (head - base) / base; nullopt over a zero base.
[[nodiscard]] inline std::optional<double> relative_change(double base, double head) {
  if (base == 0) return std::nullopt;
  return percent_change(base, head);
}

/// head - base.
[[nodiscard]] constexpr double absolute_change(double base, double head) { return head - base; }

/// Percent of runs in which a failure was seen: 100 * count / runs (0 for no runs).
[[nodiscard]] inline double reproduction_percent(double failure_count, std::size_t runs) {
  return runs == 0 ? 0.0 : percent_of(failure_count, static_cast<double>(runs));
}

/// Change of the reproduction rate between two columns, each divided by its own run count.
[[nodiscard]] inline double reproduction_change(double base_count, std::size_t base_runs, double head_count,
                                                   std::size_t head_runs) {
  return reproduction_percent(head_count, head_runs) - reproduction_percent(base_count, base_runs);
}


}  // namespace perfmail
