// Deciding one metric (include/perfmail/analysis/decide.hpp): docs/TABLES.md states each rule.

#include "perfmail/analysis/decide.hpp"

#include "perfmail/error.hpp"
#include "perfmail/stats/change.hpp"
#include "perfmail/stats/estimate.hpp"
#include "perfmail/stats/significance.hpp"
#include "perfmail/stats/summary.hpp"
#include "perfmail/stats/sorted_copy.hpp"
#include "perfmail/stats/trim.hpp"
#include "stats/mann_whitney_sorted.hpp"

#include <algorithm>
#include <cmath>

namespace perfmail {

namespace {

/// Whether `value`, a sample of `side`, was written as an integer: every sample equal to it was (the
/// padding of a short or absent series holds integer zeros). Ruby sorts equal samples in no set order,
/// so where an integer and a float are equal the robot's choice is its sort's; a float is taken then.
bool written_as_integer(const side_samples& side, double value) {
  if (side.source == nullptr) return true;
  for (std::size_t i = 0; i < side.values.size(); ++i)
    if (side.values[i] == value && i < side.source->size() && side.source->kind(i) == sample_kind::floating) return false;
  return true;
}

verdict skipped(std::string_view reason) {
  verdict v;
  v.reason = reason;
  return v;
}

std::span<const double> sorted_side(const side_samples& side, std::vector<double>& buffer) {
  if (side.sorted) return *side.sorted;
  sorted_copy(side.values, buffer);
  return buffer;
}

/// The robot's floors on the ratio of the medians (larger over smaller): above 1.01, and above 1.05 for a
/// metric that is not primary. Why the ratio falls short, or empty when it clears them.
std::string_view below_ratio_floor(const metric_class& cls, double ratio) {
  if (!(ratio > 1.01)) return "ratio below 1.01";
  if (!(ratio > 1.05) && !cls.primary) return "ratio below 1.05 for a secondary metric";
  return {};
}

/// The practical floor of the statistical policies: |change of the mean| of at least min_change_percent of
/// the base mean, or else the robot's floors on the medians of the present samples.
bool clears_practical_floor(const metric_class& cls, std::span<const double> head_sorted,
                            std::span<const double> base_sorted, double head_mean, double base_mean,
                            const metric_classifier& classifier, const change_policy& policy) {
  if (policy.min_change_percent) {
    const double difference = std::abs(head_mean - base_mean);
    if (base_mean == 0) return difference > 0;
    return difference >= *policy.min_change_percent / 100 * std::abs(base_mean);
  }
  const trimmed_range a = range_of_sorted(head_sorted);
  const trimmed_range b = range_of_sorted(base_sorted);
  const ratio_delta rd = ratio_and_delta(a, b);
  return below_ratio_floor(cls, rd.ratio).empty() && classifier.clears_floor(cls, rd.delta, rd.max);
}

/// A change in the samples' unit in percent of the base mean, as the tables divide it; nullopt over a zero
/// mean or where the quotient is not a double.
std::optional<double> percent_of_base(double x, double base_mean) {
  if (base_mean == 0) return std::nullopt;
  const double percent = percent_of(x, base_mean);
  if (!std::isfinite(percent)) return std::nullopt;
  return percent;
}

/// The test, the estimate with its interval and the effect size of the statistical policies, on the
/// present samples (at least two a side).
/// `head_sorted` and `base_sorted` are `head` and `base` sorted ascending. Without `estimate`, the change
/// is not estimated: only the estimator that would be used is said.
change_inference infer(const metric_class& cls, std::span<const double> head, std::span<const double> base,
                       std::span<const double> head_sorted, std::span<const double> base_sorted,
                       const metric_classifier& classifier, const change_policy& policy, bool estimate) {
  change_inference out;
  out.n_head = static_cast<std::uint32_t>(head.size());
  out.n_base = static_cast<std::uint32_t>(base.size());
  const summary head_summary = summarize_sorted(head, head_sorted, sum_start::zero);
  const summary base_summary = summarize_sorted(base, base_sorted, sum_start::zero);
  out.clears_floor = clears_practical_floor(cls, head_sorted, base_sorted, head_summary.mean, base_summary.mean,
                                            classifier, policy);
  // The change in percent of the base mean's magnitude, so that its sign says which way the values
  // moved, as the effect size's does (the robot's tables divide by the signed mean; docs/STATISTICS.md).
  const double base_magnitude = std::abs(base_summary.mean);
  const double sign = base_summary.mean < 0 ? -1.0 : 1.0;
  const auto percent_of_ratio = [sign](const interval& ratios) {
    const double low = sign * 100 * (ratios.low - 1);
    const double high = sign * 100 * (ratios.high - 1);
    return interval{std::min(low, high), std::max(low, high)};
  };
  std::optional<shift_estimate> shift;
  if (policy.kind == policy_kind::mann_whitney) {
    const test_result t = detail::mann_whitney_u_sorted(head_sorted, base_sorted);
    out.p_value = t.p_value;
    out.q_value = t.p_value;  // one metric is no family: compare() corrects over the column
    out.reachable = smallest_p_value(policy.kind, head.size(), base.size()) <= policy.alpha;
    out.effect_size = cliffs_delta_of_u(t.statistic, base.size(), head.size());
    // Positive samples: the shift of the logs, a ratio whose interval covers the change in percent at
    // the confidence it claims. Otherwise the shift in the samples' unit over the base mean. The estimator
    // is decided here alone, whether or not the change is estimated (the sorted sides start with their
    // least).
    const bool positive = head_sorted.front() > 0 && base_sorted.front() > 0;
    out.estimator = positive ? change_estimator::hodges_lehmann_ratio : change_estimator::hodges_lehmann_shift;
    if (!estimate) return out;
    try {
      if (positive) {
        const auto ratio = hodges_lehmann_ratio(base, head, policy.confidence);  // positive: never nullopt
        out.estimate_percent = 100 * (ratio->estimate - 1);
        if (ratio->ci) out.ci_percent = percent_of_ratio(*ratio->ci);
        return out;
      }
      shift = hodges_lehmann_shift(base, head, policy.confidence);
    } catch (const value_error&) {
      // A difference (or ratio) of two samples beyond the range of a double: no estimate in that unit.
    }
  } else {
    out.estimator = change_estimator::mean_ratio;
    const test_result t = welch_t_test(head, base);
    out.p_value = t.p_value;
    out.q_value = t.p_value;  // one metric is no family: compare() corrects over the column
    out.effect_size = hedges_g(base, head);
    if (!estimate) return out;
    try {
      shift = welch_difference(base, head, policy.confidence);
    } catch (const value_error&) {
      // The difference of the means is beyond the range of a double: no estimate in that unit.
    }
    if (shift) {
      out.estimate_percent = percent_of_base(shift->estimate, base_magnitude);
      // Fieller's interval of the ratio of the means: the difference's interval over the base's sample mean
      // would ignore the noise of that mean, and cover less than it claims.
      if (out.estimate_percent)
        if (const auto ratio = fieller_ratio(base, head, policy.confidence); ratio && ratio->ci)
          out.ci_percent = percent_of_ratio(*ratio->ci);
      return out;
    }
  }
  if (shift) {
    out.estimate_percent = percent_of_base(shift->estimate, base_magnitude);
    if (shift->ci && out.estimate_percent) {
      const auto low = percent_of_base(shift->ci->low, base_magnitude);
      const auto high = percent_of_base(shift->ci->high, base_magnitude);
      if (low && high) out.ci_percent = interval{*low, *high};
    }
  }
  return out;
}

}  // namespace

double smallest_p_value(policy_kind kind, std::size_t n_head, std::size_t n_base) {
  return kind == policy_kind::mann_whitney ? mann_whitney_smallest_p(n_head, n_base) : 0.0;
}

verdict decide(const metric_class& cls, const side_samples& head_side, const side_samples& base_side,
               const metric_context& context, const metric_classifier& classifier, const change_policy& policy,
               decide_buffers& buffers) {
  std::span<const double> head = head_side.values;
  const std::span<const double> base = base_side.values;
  const bool failure = cls.kind == metric_kind::failure;
  const robot_rule_options& o = policy.robot;

  // The robot's `variance` compares nothing at all, failure counts included, unless both sides have 10
  // runs or more.
  if (policy.kind == policy_kind::robot && o.variance && (context.head_runs < 10 || context.base_runs < 10))
    return skipped("variance needs 10 runs on each side");

  // Candidate rules. They depend on the policy alone, never on which rows a caller shows: the candidates
  // of a statistical policy are the family its correction counts (docs/STATISTICS.md).
  const bool deny_list = !o.more && !(context.everything && policy.kind == policy_kind::robot);
  if (deny_list && !cls.reportable) return skipped("deny-listed");
  if (failure) {
    if (!cls.sibling_free && cls.sibling != sibling_rule::none && !context.base_has_sibling)
      return skipped("no pass/fail sibling in the base");
  } else {
    if (context.head_runs < compare_min_runs && context.base_runs < compare_min_runs && !o.whole)
      return skipped("fewer than 3 runs on both sides");
    const bool family_in_base = cls.family != metric_family::none && context.base_has_family;
    if (!context.in_base && !family_in_base) return skipped("not in the base");
  }

  // Trimmed ranges. The robot's `resize` keeps the compared side's first runs only.
  std::size_t margin = failure ? 0 : 3;
  const std::span<const double> base_sorted_all = sorted_side(base_side, buffers.base);
  const auto sorted_base = trim_sorted(base_sorted_all, margin);
  if (sorted_base.empty()) return skipped("no base samples");
  if (base.size() <= 3 && margin > 1) margin = 1;
  side_samples resized = head_side;
  if (policy.kind == policy_kind::robot && o.resize && head.size() > *o.resize) {
    head = head.first(*o.resize);
    resized.values = head;
    resized.sorted.reset();
  }
  const std::span<const double> head_sorted_all = sorted_side(resized, buffers.head);
  const auto sorted_head = trim_sorted(head_sorted_all, margin);
  if (sorted_head.empty()) return skipped("no samples");
  const trimmed_range a = range_of_sorted(sorted_head);
  const trimmed_range b = range_of_sorted(sorted_base);

  verdict v;
  v.candidate = true;
  const ratio_delta rd = ratio_and_delta(a, b);
  v.ratio = rd.ratio;
  v.delta = rd.delta;

  // The rule.
  if (failure) {
    if (!failure_changed(a, b)) {
      v.reason = "failure maxima equal";
      return v;
    }
  } else if (policy.kind == policy_kind::robot) {
    bool changed = false;
    // `perf-profile`: a CPU profile's share changed when either median exceeds the threshold, where the
    // compared median is a number of the threshold's Ruby class (an integer threshold meets integer
    // medians only, a fractional one fractional medians).
    const bool profile_threshold =
        o.perf_profile && cls.family == metric_family::perf_profile &&
        written_as_integer(resized, a.median) == o.perf_profile_integer;
    if (profile_threshold) changed = a.median > *o.perf_profile || b.median > *o.perf_profile;
    else if (o.variance) changed = spread_changed(a, b, *o.variance);
    else if (o.gap) changed = ranges_apart_by_gap(a, b, *o.gap);
    else if (o.distance)
      changed = ranges_apart_by_distance(a, b, *o.distance, written_as_integer(resized, a.max),
                                         written_as_integer(resized, a.median) && written_as_integer(base_side, b.median));
    else changed = medians_outside_ranges(a, b);
    if (!changed) {
      v.reason = "ranges overlap";
      return v;
    }
  } else {
    const std::span<const double> head_present = head_side.present.value_or(head_side.values);
    const std::span<const double> base_present = base_side.present.value_or(base_side.values);
    if (head_present.size() < 2 || base_present.size() < 2) {
      v.reason = "fewer than 2 samples for the test";
      return v;
    }
    // The sides sorted above serve the test where every sample is present; the present ones are sorted
    // here otherwise (into the buffer of their own side, which the sorted side then no longer needs).
    const std::span<const double> head_present_sorted =
        head_side.present ? (sorted_copy(head_present, buffers.head), std::span<const double>{buffers.head}) : head_sorted_all;
    const std::span<const double> base_present_sorted =
        base_side.present ? (sorted_copy(base_present, buffers.base), std::span<const double>{buffers.base}) : base_sorted_all;
    const change_inference inference =
        infer(cls, head_present, base_present, head_present_sorted, base_present_sorted, classifier, policy,
              context.estimate);
    v.inference = inference;
    v.p_value = inference.p_value;
    v.changed = inference.p_value <= policy.alpha && inference.clears_floor;
    v.reason = !(inference.p_value <= policy.alpha) ? "not significant"
               : inference.clears_floor            ? "significant"
                                                   : "below the practical floor";
    return v;
  }

  // `regression-only` and `all-critical`: failures that disappeared, and the kernel log after a boot fix.
  if (policy.kind == policy_kind::robot && failure && (o.regression_only || o.all_critical)) {
    if (a.max == 0) {
      if (cls.boot_fix) buffers.boot_fix_seen = true;
      if (o.regression_only || (o.all_critical && !cls.kill_message)) {
        v.reason = "the failure disappeared";
        return v;
      }
    }
    if (buffers.boot_fix_seen && cls.dropped_after_boot_fix) {
      v.reason = "after a boot fix";
      return v;
    }
  }

  // Floors; with `perf-profile`, a CPU profile's shares have none.
  if (policy.kind == policy_kind::robot && o.perf_profile && cls.family == metric_family::perf_profile) {
    v.changed = true;
    v.reason = "changed";
    return v;
  }
  if (const std::string_view below = below_ratio_floor(cls, rd.ratio); !below.empty()) {
    v.reason = below;
    return v;
  }
  if (failure && o.failure_needs_median_change && a.median == b.median) {
    v.reason = "failure medians equal";
    return v;
  }
  if (!classifier.clears_floor(cls, rd.delta, rd.max)) {
    v.reason = "below the family's floor";
    return v;
  }
  v.changed = true;
  v.reason = "changed";
  return v;
}

}  // namespace perfmail
