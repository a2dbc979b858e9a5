#pragma once
// Which way is better for a metric, so that a headline can say "improvement" or "regression".
// A small built-in table covers the benchmarks the robot reports most; callers add or replace rules.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::email {

enum class better { higher, lower };

/// How a rule's text is matched against a metric name.
enum class match_kind {
  exact,     ///< the whole name
  prefix,    ///< the name starts with the text
  suffix,    ///< the name ends with the text
  contains,  ///< the text appears anywhere
};

struct direction_rule {
  match_kind kind;
  std::string text;
  better direction;

  [[nodiscard]] bool matches(std::string_view metric) const {
    switch (kind) {
      case match_kind::exact: return metric == text;
      case match_kind::prefix: return metric.starts_with(text);
      case match_kind::suffix: return metric.ends_with(text);
      case match_kind::contains: return metric.find(text) != std::string_view::npos;
    }
    return false;
  }
};

/// An ordered list of rules: the first that matches decides.
class direction_table {
 public:
  direction_table() = default;
  explicit direction_table(std::vector<direction_rule> rules) : rules_(std::move(rules)) {}

  /// The built-in rules: throughput, bandwidth, operations and scores are better higher; latency,
  /// completion latency, elapsed and run times are better lower.
  static direction_table builtin() {
    using enum match_kind;
    using enum better;
    return direction_table{{
        // Exceptions first: names that would otherwise fall under a broader rule below.
        {suffix, ".time.elapsed_time", lower},
        {suffix, ".time.elapsed_time.max", lower},
        {contains, "latency", lower},
        {contains, "_clat_", lower},
        {contains, ".clat_", lower},
        {contains, "_lat_", lower},
        {suffix, "_time_ms", lower},
        {suffix, ".seconds", lower},
        {suffix, ".duration", lower},
        {suffix, ".runtime", lower},
        {suffix, ".real_time", lower},
        {suffix, ".wakeup_cost", lower},
        {prefix, "hackbench.", higher},  // hackbench.throughput
        {suffix, ".throughput", higher},
        {contains, ".throughput", higher},
        {suffix, "_bw_MBps", higher},
        {suffix, "_iops", higher},
        {suffix, "_score", higher},
        {suffix, ".score", higher},
        {contains, "ops_per_sec", higher},
        {contains, "ops/s", higher},
        {contains, "per_sec", higher},
        {contains, "per_second", higher},
        {suffix, ".jobs-per-min", higher},
        {suffix, ".workload", higher},
        {suffix, ".median", higher},
        {suffix, "files_per_sec", higher},
        {suffix, ".requests_per_second", higher},
        {suffix, ".iterations_per_sec", higher},
        {prefix, "will-it-scale.per_", higher},
        {prefix, "unixbench.score", higher},
        {prefix, "stress-ng.", higher},  // bogo operations per second
        {suffix, ".bogo_ops_s", higher},
        {suffix, ".MB_per_sec", higher},
        {suffix, ".Gbps", higher},
        {suffix, ".fps", higher},
    }};
  }

  /// Adds a rule that takes precedence over every existing one.
  void prepend(direction_rule rule) { rules_.insert(rules_.begin(), std::move(rule)); }

  [[nodiscard]] std::optional<better> direction_of(std::string_view metric) const {
    for (const auto& rule : rules_)
      if (rule.matches(metric)) return rule.direction;
    return std::nullopt;
  }

  [[nodiscard]] const std::vector<direction_rule>& rules() const noexcept { return rules_; }

 private:
  std::vector<direction_rule> rules_;
};

/// "improvement", "regression", or "change" when the direction is unknown or nothing changed.
[[nodiscard]] inline std::string_view change_word(std::optional<better> direction, double relative_change) {
  if (!direction || relative_change == 0) return "change";
  const bool went_up = relative_change > 0;
  return went_up == (*direction == better::higher) ? "improvement" : "regression";
}

}  // namespace perfmail::email
