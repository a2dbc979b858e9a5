#pragma once
// How a comparison decides whether a metric changed between a base and a compared column. Three policies:
//
// - `robot`: the robot's heuristic (docs/TABLES.md): trimmed samples, upper medians, the default rule
//   (each median outside the other side's range) or its `distance`, `gap` and `variance` variants, then
//   the ratio floors and per-family floors. No statistics behind it, but it is what the robot reports.
// - `mann_whitney`: a two-sided Mann-Whitney U test on the present samples.
// - `welch`: Welch's t-test on the present samples.
// The statistical policies select a metric when its p-value, adjusted for the other metrics tested in the
// same column (`correction`, Benjamini-Hochberg by default), is at most alpha, and its change clears a
// practical floor: the robot's floors, or `min_change_percent`.
//
// Every policy shares the robot's candidate rules (deny list, too few runs, metrics the base lacks) and
// decides failure counts by the robot's rule (the maxima differ): a count of failing runs is not a sample
// of a continuous distribution. The rules on trimmed ranges are constexpr and proven below; the decision
// itself is compiled (src/analysis/decide.cpp).

#include "perfmail/stats/correction.hpp"
#include "perfmail/stats/trim.hpp"
#include "perfmail/text/enum_names.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace perfmail {

enum class policy_kind : std::uint8_t { robot, mann_whitney, welch };

/// The robot's candidate rule on runs: a performance metric is compared only when a side has at least this
/// many runs (unless `whole`). So a plan of equal runs a side never asks for fewer.
inline constexpr std::size_t compare_min_runs = 3;

/// The policies' names on the command line, in report documents and in the JSON.
inline constexpr std::array<enum_name<policy_kind>, 3> policy_names{{
    {policy_kind::robot, "robot"},
    {policy_kind::mann_whitney, "utest"},
    {policy_kind::welch, "ttest"},
}};
/// The name of `value` (its `policy_names` entry): what `<<` and `fmt::format("{}", value)` print.
[[nodiscard]] constexpr std::string_view name_of(policy_kind value) noexcept { return name_of(policy_names, value); }

/// The robot's variants of its rule; at most one applies, in the order variance, gap, distance.
struct robot_rule_options {
  std::optional<double> distance;  ///< ranges apart by more than half the median difference
  std::optional<double> gap;       ///< ranges apart by more than `gap` x the median difference
  std::optional<double> variance;  ///< spread, not level: needs 10+ runs on each side
  /// Departs from the robot: a failure count whose medians are equal is not reported (so a failure seen
  /// in a minority of runs is not). The robot reports such counts, and so does the default.
  bool failure_needs_median_change = false;
  /// The robot's `more`: the stat deny list is not applied.
  bool more = false;
  /// The robot's `whole`: performance metrics are compared with fewer than 3 runs on both sides.
  bool whole = false;
  /// The robot's `ignore-incomplete-run`: where a matrix marks incomplete runs, the first pass (failure
  /// counts over every run) is skipped.
  bool ignore_incomplete_runs = false;
  /// The robot's `perf-profile`: a CPU profile's share (`perf-profile.`) changed when either median
  /// exceeds this many percent, and no floor applies to it. The robot compares only medians of the
  /// threshold's Ruby class: `perf_profile_integer` says the threshold was written as an integer.
  std::optional<double> perf_profile;
  bool perf_profile_integer = true;
  /// The robot's `regression-only`: a failure count that disappeared (no failure left on the compared
  /// side) is not reported. `all-critical`: the same, but for the messages of a killed kernel.
  bool regression_only = false;
  bool all_critical = false;
  /// The robot's `resize`: only the compared side's first `resize` runs are compared (robot policy only).
  std::optional<std::size_t> resize;
  bool operator==(const robot_rule_options&) const = default;
};

struct change_policy {
  policy_kind kind = policy_kind::robot;
  robot_rule_options robot{};
  double alpha = 0.05;  ///< significance level of the statistical policies
  /// The statistical policies' correction for the many metrics of one comparison column.
  p_correction correction = p_correction::bh;
  /// The statistical policies' practical floor: |change of the mean| of at least this many percent of the
  /// base mean. nullopt: the robot's floors (ratio of medians above 1.01, above 1.05 for secondary
  /// metrics, and the family's floor).
  std::optional<double> min_change_percent;
  /// The statistical policies' intervals (the change's and each median's) cover at this level.
  double confidence = 0.95;
  bool operator==(const change_policy&) const = default;
};

// --- The robot's rule on trimmed ranges ----------------------------------------------------------------

/// The default rule: each side's median lies strictly outside the other side's range.
[[nodiscard]] constexpr bool medians_outside_ranges(const trimmed_range& a, const trimmed_range& b) {
  return (b.min > a.median && b.median > a.max) || (a.min > b.median && a.median > b.max);
}

/// `distance`: with fewer than 3 samples on a side, the ranges must be apart by more than `distance` x
/// the wider range; else by more than half the median difference. The robot keeps Ruby's number types:
/// when the compared side's maximum was written as an integer, ranges exactly 1 apart are never a change
/// (`max_integer`), and when both medians were, half their difference is rounded down
/// (`medians_integer`).
[[nodiscard]] constexpr bool ranges_apart_by_distance(const trimmed_range& a, const trimmed_range& b, double distance,
                                                      bool max_integer, bool medians_integer = false) {
  if (max_integer && (a.min - b.max == 1 || b.min - a.max == 1)) return false;
  if (a.n < 3 || b.n < 3) {
    const double wider = std::max(a.length(), b.length()) * distance;
    return b.min - a.max > wider || a.min - b.max > wider;
  }
  const auto half = [medians_integer](double difference) {
    const double h = difference / 2;
    // std::floor is not constexpr before C++23: an integer's half rounded down, by hand.
    if (!medians_integer) return h;
    const auto whole = static_cast<double>(static_cast<long long>(h));
    return whole > h ? whole - 1 : whole;
  };
  return (b.min > a.max && (b.min - a.max) > half(b.median - a.median)) ||
         (a.min > b.max && (a.min - b.max) > half(a.median - b.median));
}

/// `gap`: the ranges are disjoint and apart by more than `gap` x the median difference.
[[nodiscard]] constexpr bool ranges_apart_by_gap(const trimmed_range& a, const trimmed_range& b, double gap) {
  return (b.min > a.max && (b.min - a.max) > (b.median - a.median) * gap) ||
         (a.min > b.max && (a.min - b.max) > (a.median - b.median) * gap);
}

/// `variance`: one side spreads more than `variance` times the other, relative to its level.
[[nodiscard]] constexpr bool spread_changed(const trimmed_range& a, const trimmed_range& b, double variance) {
  return a.length() * b.median > variance * b.length() * a.median ||
         b.length() * a.median > variance * a.length() * b.median;
}

/// Failure counts: the maxima differ.
[[nodiscard]] constexpr bool failure_changed(const trimmed_range& a, const trimmed_range& b) { return a.max != b.max; }

struct ratio_delta {
  double ratio = 0;
  double delta = 0;
  double max = 0;
};

/// ratio = larger median / smaller median (5 when the smaller is <= 0), capped at 5; delta = |median
/// difference|; max = the larger maximum.
[[nodiscard]] constexpr ratio_delta ratio_and_delta(const trimmed_range& a, const trimmed_range& b) {
  const trimmed_range& high = a.median > b.median ? a : b;
  const trimmed_range& low = a.median > b.median ? b : a;
  double ratio = 5;
  if (low.median > 0) ratio = high.median / low.median;
  if (ratio > 5) ratio = 5;
  return {ratio, high.median - low.median, std::max(a.max, b.max)};
}

static_assert(medians_outside_ranges({10, 11, 12, 5}, {1, 2, 3, 5}));
static_assert(!medians_outside_ranges({1, 2, 3, 5}, {2, 3, 4, 5}));
static_assert(ranges_apart_by_gap({10, 11, 12, 5}, {1, 2, 3, 5}, 0.5));
static_assert(!ranges_apart_by_distance({4, 4, 4, 5}, {1, 3, 3, 5}, 1, true));  // integer ranges 1 apart
static_assert(ranges_apart_by_distance({4, 4, 4, 5}, {1, 3, 3, 5}, 1, false));  // a float maximum 1 apart: changed
// Apart by 3.25: more than half of 13 - 6 rounded down (3), not more than 3.5.
static_assert(ranges_apart_by_distance({11.25, 13, 14, 5}, {1, 6, 8, 5}, 1, false, true));
static_assert(!ranges_apart_by_distance({11.25, 13, 14, 5}, {1, 6, 8, 5}, 1, false, false));
static_assert(ratio_and_delta({10, 11, 12, 5}, {1, 2, 3, 5}).ratio == 5);
static_assert(ratio_and_delta({0, 0, 0, 3}, {0, 0, 1, 3}).ratio == 5);  // a zero median: capped

}  // namespace perfmail
