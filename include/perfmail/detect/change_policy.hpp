#pragma once
// Whether a metric changed between a base and a compared column. Three policies:
//
// - `robot`: the robot's heuristic (docs/FORMAT.md section 5): trimmed samples, upper medians, the
//   default rule (each median outside the other side's range) or its `distance`, `gap` and `variance`
//   variants, then the ratio floors and per-family floors. No statistics behind it, but it is what the
//   robot reports.
// - `mann_whitney`: a two-sided Mann-Whitney U test on the samples, changed when p < alpha.
// - `welch`: Welch's t-test, changed when p < alpha.
//
// Every policy shares the robot's candidate rules (deny list, too few runs, metrics the base lacks)
// and decides failure counts by the robot's rule (the maxima differ): a count of failing runs is not a
// sample of a continuous distribution. The rules on trimmed ranges are constexpr and proven below.

#include "perfmail/detect/metric_families.hpp"
#include "perfmail/stats/significance.hpp"
#include "perfmail/stats/trim.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::detect {

enum class policy_kind : std::uint8_t { robot, mann_whitney, welch };

[[nodiscard]] constexpr std::string_view to_string(policy_kind k) noexcept {
  switch (k) {
    case policy_kind::robot: return "robot";
    case policy_kind::mann_whitney: return "utest";
    case policy_kind::welch: return "ttest";
  }
  return "robot";
}

/// The robot's variants of its rule; at most one applies, in the order variance, gap, distance.
struct robot_rule_options {
  std::optional<double> distance;  ///< ranges apart by more than half the median difference
  std::optional<double> gap;       ///< ranges apart by more than `gap` x the median difference
  std::optional<double> variance;  ///< spread, not level: needs 10+ runs on each side
  /// docs/FORMAT.md step 6: a failure count whose medians are equal is not reported (so a failure seen
  /// in a minority of runs is not). The robot's own code reports such counts; false does the same.
  bool failure_needs_median_change = true;
  bool operator==(const robot_rule_options&) const = default;
};

struct change_policy {
  policy_kind kind = policy_kind::robot;
  robot_rule_options robot{};
  double alpha = 0.05;  ///< significance level of the statistical policies
  bool operator==(const change_policy&) const = default;
};

/// The verdict on one metric for one compared column.
struct verdict {
  bool changed = false;
  bool candidate = false;          ///< passed the candidate rules (not skipped)
  std::optional<double> p_value;   ///< statistical policies, when the test could run
  double ratio = 0;                ///< larger median / smaller median, capped at 5
  double delta = 0;                ///< |median difference|
  /// One phrase: why changed, or why not. Always a string literal, so verdicts copy and compare freely.
  std::string_view reason;
};

// --- The robot's rule on trimmed ranges ----------------------------------------------------------------

/// The default rule: each side's median lies strictly outside the other side's range.
[[nodiscard]] constexpr bool medians_outside_ranges(const trimmed_range& a, const trimmed_range& b) {
  return (b.min > a.median && b.median > a.max) || (a.min > b.median && a.median > b.max);
}

/// `distance`: with fewer than 3 samples on a side, the ranges must be apart by more than `distance` x
/// the wider range; else by more than half the median difference. Integer ranges exactly 1 apart are
/// never a change.
[[nodiscard]] constexpr bool ranges_apart_by_distance(const trimmed_range& a, const trimmed_range& b, double distance,
                                                      bool integer_samples) {
  if (integer_samples && (a.min - b.max == 1 || b.min - a.max == 1)) return false;
  if (a.n < 3 || b.n < 3) {
    const double wider = std::max(a.length(), b.length()) * distance;
    return b.min - a.max > wider || a.min - b.max > wider;
  }
  return (b.min > a.max && (b.min - a.max) > (b.median - a.median) / 2) ||
         (a.min > b.max && (a.min - b.max) > (a.median - b.median) / 2);
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
static_assert(!ranges_apart_by_distance({4, 4, 4, 5}, {1, 2, 3, 5}, 1, true));  // integer ranges 1 apart
static_assert(ratio_and_delta({10, 11, 12, 5}, {1, 2, 3, 5}).ratio == 5);
static_assert(ratio_and_delta({0, 0, 0, 3}, {0, 0, 1, 3}).ratio == 5);  // a zero median: capped

// --- One metric ---------------------------------------------------------------------------------------

/// What the candidate rules need to know about a metric beyond its samples.
struct metric_context {
  std::size_t head_runs = 0;        ///< run count of the compared column (cols_a)
  std::size_t base_runs = 0;        ///< run count of the base (cols_b)
  bool in_base = true;              ///< the base matrix has the metric
  bool base_has_sibling = true;     ///< `.fail` & co.: the base has the `.pass`; `.pass`: the base has a fail
  bool base_has_family = false;     ///< `perf-profile.*`/`lock_stat.*`: the base has others of the family
  bool everything = false;          ///< the caller asked for every metric: no deny list
  std::optional<bool> failure;      ///< the metric's family when already known (else decided by name)
};

namespace policy_detail {

inline bool all_integers(std::span<const double> xs) {
  return std::all_of(xs.begin(), xs.end(), [](double x) { return std::trunc(x) == x; });
}

inline verdict skipped(std::string_view reason) {
  verdict v;
  v.reason = reason;
  return v;
}

/// Sort buffers reused from one decision to the next.
struct trim_buffers {
  std::vector<double> head;
  std::vector<double> base;
};

}  // namespace policy_detail

/// Whether metric `name`, with `head` and `base` samples (missing runs as 0, each padded to its run
/// count), changed under `policy`.
/// One side's samples in run order and, when the caller already has one, a sorted copy of them.
struct side_samples {
  std::span<const double> values;
  std::optional<std::span<const double>> sorted;
};

/// `buffers` are scratch space, reused across calls so that deciding allocates nothing; a side's sorted
/// copy, when given, saves sorting it again.
[[nodiscard]] inline verdict decide(std::string_view name, const side_samples& head_side, const side_samples& base_side,
                                    const metric_context& context, const metric_families& families,
                                    const change_policy& policy, policy_detail::trim_buffers& buffers) {
  const std::span<const double> head = head_side.values;
  const std::span<const double> base = base_side.values;
  const auto sorted = [](const side_samples& side, std::vector<double>& buffer) -> std::span<const double> {
    if (side.sorted) return *side.sorted;
    sorted_copy(side.values, buffer);
    return buffer;
  };
  using policy_detail::skipped;
  const bool failure = context.failure ? *context.failure : families.is_failure(name);

  // Candidate rules (docs/FORMAT.md section 5, step 3).
  if (!context.everything && families.is_denied(name)) return skipped("deny-listed");
  if (failure) {
    const bool counted_family = name.starts_with("dmesg.") || name.starts_with("kmsg.") ||
                                name.starts_with("last_state.") || name.starts_with("stderr.");
    if (!counted_family && !context.base_has_sibling) return skipped("no pass/fail sibling in the base");
  } else {
    if (context.head_runs < 3 && context.base_runs < 3) return skipped("fewer than 3 runs on both sides");
    const bool family_in_base =
        (name.starts_with("perf-profile.") || name.starts_with("lock_stat.")) && context.base_has_family;
    if (!context.in_base && !family_in_base) return skipped("not in the base");
  }

  // Trimmed ranges (step 4).
  std::size_t margin = failure ? 0 : 3;
  const auto sorted_base = trim_sorted(sorted(base_side, buffers.base), margin);
  if (sorted_base.empty()) return skipped("no base samples");
  if (base.size() <= 3 && margin > 1) margin = 1;
  const auto sorted_head = trim_sorted(sorted(head_side, buffers.head), margin);
  if (sorted_head.empty()) return skipped("no samples");
  const trimmed_range a = range_of_sorted(sorted_head);
  const trimmed_range b = range_of_sorted(sorted_base);

  verdict v;
  v.candidate = true;
  const ratio_delta rd = ratio_and_delta(a, b);
  v.ratio = rd.ratio;
  v.delta = rd.delta;

  // The rule (step 5).
  if (failure) {
    if (!failure_changed(a, b)) {
      v.reason = "failure maxima equal";
      return v;
    }
  } else if (policy.kind == policy_kind::robot) {
    const auto& o = policy.robot;
    bool changed = false;
    if (o.variance && (context.head_runs < 10 || context.base_runs < 10)) {
      v.reason = "variance needs 10 runs on each side";
      return v;
    }
    if (o.variance) changed = spread_changed(a, b, *o.variance);
    else if (o.gap) changed = ranges_apart_by_gap(a, b, *o.gap);
    else if (o.distance)
      changed = ranges_apart_by_distance(a, b, *o.distance, policy_detail::all_integers(head) &&
                                                                policy_detail::all_integers(base));
    else changed = medians_outside_ranges(a, b);
    if (!changed) {
      v.reason = "ranges overlap";
      return v;
    }
  } else {
    if (head.size() < 2 || base.size() < 2) {
      v.reason = "fewer than 2 samples for the test";
      return v;
    }
    const test_result t = policy.kind == policy_kind::mann_whitney ? mann_whitney_u(head, base) : welch_t_test(head, base);
    v.p_value = t.p_value;
    if (!(t.p_value < policy.alpha)) {
      v.reason = "not significant";
      return v;
    }
    v.changed = true;
    v.reason = "significant";
    return v;
  }

  // Floors (step 6).
  if (!(rd.ratio > 1.01)) {
    v.reason = "ratio below 1.01";
    return v;
  }
  if (!(rd.ratio > 1.05) && !families.is_primary_performance(name)) {
    v.reason = "ratio below 1.05 for a secondary metric";
    return v;
  }
  if (failure && policy.robot.failure_needs_median_change && a.median == b.median) {
    v.reason = "failure medians equal";
    return v;
  }
  if (!clears_floor(families, name, rd.delta, rd.max)) {
    v.reason = "below the family's floor";
    return v;
  }
  v.changed = true;
  v.reason = "changed";
  return v;
}

/// The same, with scratch space of its own (one decision; loops should pass their buffers).
[[nodiscard]] inline verdict decide(std::string_view name, std::span<const double> head, std::span<const double> base,
                                    const metric_context& context, const metric_families& families,
                                    const change_policy& policy) {
  policy_detail::trim_buffers buffers;
  return decide(name, side_samples{head, std::nullopt}, side_samples{base, std::nullopt}, context, families, policy,
                buffers);
}

}  // namespace perfmail::detect
