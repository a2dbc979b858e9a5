#pragma once
// The rules that say what a metric is, as data: rows that match names, grouped by the fact they decide.
// `metric_rules::robot()` is the robot's (the lists its configuration holds and the rules its code writes,
// restated in our own form in src/metrics/robot_rules.cpp); a caller copies it, edits rows, and builds a
// metric_classifier of its own. docs/TABLES.md lists every row with the robot's name for it.

#include "perfmail/metrics/metric_class.hpp"
#include "perfmail/text/enum_names.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace perfmail {

/// How a rule's text is matched against a metric name.
enum class name_match : std::uint8_t {
  exact,     ///< the whole name
  prefix,    ///< the name starts with the text
  suffix,    ///< the name ends with the text
  contains,  ///< the text appears anywhere
  pattern,   ///< a regular expression (RE2 syntax, metrics/name_pattern.hpp) matched from the start of the name
  search,    ///< a regular expression found anywhere in the name (`^` and `$` anchor it)
};

/// The match kinds' names in report documents (`directions[].match`).
inline constexpr std::array<enum_name<name_match>, 6> name_match_names{{
    {name_match::exact, "exact"},
    {name_match::prefix, "prefix"},
    {name_match::suffix, "suffix"},
    {name_match::contains, "contains"},
    {name_match::pattern, "pattern"},
    {name_match::search, "search"},
}};
/// The name of `value` (its `name_match_names` entry): what `<<` and `fmt::format("{}", value)` print.
[[nodiscard]] constexpr std::string_view name_of(name_match value) noexcept { return name_of(name_match_names, value); }

struct name_rule {
  name_match how = name_match::prefix;
  std::string text;
  bool operator==(const name_rule&) const = default;
};

/// What a change must reach to be reported, for the metrics whose name a floor rule matches. `max` is the
/// larger of the two sides' (trimmed) maxima, `delta` the difference of their medians.
enum class floor_test : std::uint8_t {
  reaches,       ///< max >= value, and for a whole `value` also delta >= value / 2 (rounded down)
  max_at_least,  ///< max >= value (the robot's thresholds written with a fraction, such as 2.00)
  max_above,     ///< max > value
  delta_above,   ///< delta > value
};

struct floor_rule {
  name_rule name;
  floor_test test = floor_test::reaches;
  double value = 0;
  bool operator==(const floor_rule&) const = default;
};

struct direction_rule {
  name_rule name;
  /// None: the metrics the rule matches have no direction (an exception that stops the rules after it,
  /// such as a share of I/Os in a latency bucket, which is neither better higher nor lower).
  std::optional<better> direction = better::higher;
  bool operator==(const direction_rule&) const = default;
};

struct family_rule {
  name_rule name;
  metric_family family = metric_family::none;
  bool operator==(const family_rule&) const = default;
};

struct metric_rules {
  // --- failure counts ---
  std::vector<name_rule> failure;         ///< counts of failures per run
  std::vector<name_rule> pass;            ///< counts of passes per run, shown as failure rows too
  std::vector<name_rule> never_failure;   ///< names that are never counts, whatever else matches
  std::vector<name_rule> sibling_free;    ///< failure counts compared without a pass/fail sibling
  std::vector<name_rule> every_run;       ///< failure counts compared over incomplete runs too
  /// With the robot's `regression-only` or `all-critical`: failure counts whose disappearance marks a boot
  /// fix (kernel messages), those not reported once one did (the kernel log), and those `all-critical`
  /// keeps when they disappear (the messages of a killed kernel).
  std::vector<name_rule> boot_fix;
  std::vector<name_rule> dropped_after_boot_fix;
  std::vector<name_rule> kill_messages;
  std::vector<std::string> failure_endings{"error", "warn", "fail"};  ///< last components that need `.pass`
  std::string pass_ending = "pass";       ///< the last component that needs one of failure_endings

  // --- which metrics are reported ---
  std::vector<name_rule> deny;            ///< never reported (unless every metric is asked for)...
  std::vector<name_rule> allow;           ///< ...except these,
  std::vector<name_rule> report_allow;    ///< ...and these

  // --- performance metrics ---
  std::vector<std::string> benchmarks;    ///< programs: `<name>.` metrics are a test's own and primary
  /// Every program that runs as a test or a daemon (lkp-tests `programs/*/run` and `*/daemon`): the
  /// families the current table puts first (FORMAT-current.md 7.11).
  std::vector<std::string> test_programs;
  std::vector<name_rule> primary;         ///< monitors whose small changes count
  std::vector<floor_rule> floors;         ///< the first that matches decides a metric's floor
  std::vector<family_rule> families;

  // --- how tables print them ---
  std::vector<name_rule> classic_absolute;  ///< absolute changes in the classic table
  std::vector<name_rule> modern_absolute;   ///< absolute changes in the modern table
  std::vector<name_rule> never_noise;       ///< kept by the classic noise filter

  /// Which way is better; the first that matches decides.
  std::vector<direction_rule> directions;

  /// The metric whose non-zero samples mark runs that did not finish.
  std::string incomplete_run_marker = "last_state.is_incomplete_run";

  /// The robot's rules (src/metrics/robot_rules.cpp).
  [[nodiscard]] static const metric_rules& robot();
  /// The rules for results of other benchmark tools: none. No failure counters, deny lists, families or
  /// floors; a metric's direction comes from its unit (matrix::unit_hint) or the caller's rules.
  [[nodiscard]] static const metric_rules& tool();

  bool operator==(const metric_rules&) const = default;
};

}  // namespace perfmail
