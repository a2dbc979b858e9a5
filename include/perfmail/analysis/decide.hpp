#pragma once
// Deciding one metric for one compared column: the candidate rules (deny list, too few runs, metrics the
// base lacks, pass/fail siblings), then the policy's rule, then the floors. compare() calls it for every
// metric and column; it is public for callers who decide metrics of their own.

#include "perfmail/analysis/inference.hpp"
#include "perfmail/analysis/policy.hpp"
#include "perfmail/model/series_view.hpp"
#include "perfmail/metrics/classifier.hpp"
#include "perfmail/metrics/metric_class.hpp"

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace perfmail {

/// The verdict on one metric for one compared column.
struct verdict {
  bool changed = false;
  bool candidate = false;         ///< passed the candidate rules (not skipped)
  std::optional<double> p_value;  ///< statistical policies, when the test could run
  /// Statistical policies, when the test could run: p, the estimate, its interval, the effect size. Its
  /// q-value is the p-value here: one metric is no family (compare() corrects over the column).
  std::optional<change_inference> inference;
  double ratio = 0;               ///< larger median / smaller median, capped at 5
  double delta = 0;               ///< |median difference|
  /// One phrase: why changed, or why not. Always a string literal, so verdicts copy and compare freely.
  std::string_view reason;
};

/// What the candidate rules need to know about a metric beyond its samples and its class.
struct metric_context {
  std::size_t head_runs = 0;     ///< run count of the compared column
  std::size_t base_runs = 0;     ///< run count of the base
  bool in_base = true;           ///< the base matrix has the metric
  bool base_has_sibling = true;  ///< the base has a sibling the class asks for (metric_class::sibling)
  bool base_has_family = false;  ///< the base has other metrics of the class's family
  /// The robot policy, asked for every row (--all): no deny list, as the robot's tables have it. The
  /// statistical policies ignore it: what a caller shows never changes what they test.
  bool everything = false;
  /// The statistical policies: estimate the change and its interval. compare() with
  /// estimate_scope::changed leaves them out, then asks again for the columns that changed.
  bool estimate = true;
};

/// One side's samples in run order (missing runs as 0, padded to its run count, as the robot compares
/// them) and, when the caller already has one, a sorted copy of them. The statistical policies test the
/// present samples only: a run that did not report a metric is not a measurement of 0.
struct side_samples {
  std::span<const double> values;
  std::optional<std::span<const double>> sorted;
  /// The series the values come from, for how each was written (the robot's `distance` rule tells
  /// Ruby's integers from its floats); null: every value was written as an integer (zeros of an absent
  /// metric, or a caller's integers).
  const series_view* source = nullptr;
  /// The samples that are present, for the statistical policies, where they differ from `values` (a
  /// missing run, or padding to the run count); nullopt: all of `values` are.
  std::optional<std::span<const double>> present = std::nullopt;
};

/// What one decision hands the next, for one compared column: sort buffers, reused so that deciding
/// allocates nothing, and what the robot remembers from metric to metric.
struct decide_buffers {
  std::vector<double> head;
  std::vector<double> base;
  /// With `regression_only` or `all_critical`: a kernel message disappeared (a boot fix), so the kernel
  /// log's counts decided after it are not reported. The robot decides the compared column's metrics in
  /// order (the compared matrix's, then base-only ones) and keeps this across its two passes.
  bool boot_fix_seen = false;
};

/// The smallest p-value the policy's test can give with these present samples: utest's exact floor
/// (mann_whitney_smallest_p), 0 for ttest (its p reaches any level with 2 samples a side) and for the
/// robot policy (no test). What reachability is judged by, alone (decide) and under the correction
/// (compare).
[[nodiscard]] double smallest_p_value(policy_kind kind, std::size_t n_head, std::size_t n_base);

/// Whether a metric classified `cls` changed under `policy`. `classifier` decides its floor. For the
/// statistical policies, changed means p <= alpha (uncorrected) and the change clears the practical floor.
[[nodiscard]] verdict decide(const metric_class& cls, const side_samples& head, const side_samples& base,
                             const metric_context& context, const metric_classifier& classifier,
                             const change_policy& policy, decide_buffers& buffers);

}  // namespace perfmail
