#pragma once
// Which way is better for a metric, decided in one place and in one order:
//
//   1. the caller's rules (--higher-is-better, --lower-is-better, a report document's `directions`: the
//      `caller_rules` of compare_options and history_options), the first that matches deciding, a rule
//      that says "no direction" on purpose included;
//   2. the direction of the metric's unit, as its results' files say (model/unit.hpp: a matrix's
//      direction_hint, a history's metric_history::direction), for a performance metric: a failure count
//      is better fewer whatever its unit;
//   3. the built-in rules (metric_rules::directions of the classifier: the robot's KPI lists for its
//      results, none for other tools').
//
// compare() and search_history() classify every metric through classify_with_directions, and so do
// `perfmail compare`, `history` and `report` and compose() (which compare through compare()): none of them
// merges rules of its own. Declarations only: src/metrics/directions.cpp.

#include "perfmail/metrics/classifier.hpp"
#include "perfmail/metrics/metric_class.hpp"
#include "perfmail/metrics/rules.hpp"
#include "perfmail/model/direction.hpp"

#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace perfmail {

/// A caller's direction rules, compiled once for the names of a comparison or a history.
class caller_directions {
 public:
  /// No rules: nothing is decided by the caller.
  caller_directions() = default;
  /// Compiles `rules`; throws usage_error naming a rule whose regular expression does not compile.
  explicit caller_directions(std::vector<direction_rule> rules);

  /// The first rule that matches `name`, or null where none does.
  [[nodiscard]] const direction_rule* first_match(std::string_view name) const;
  [[nodiscard]] bool empty() const noexcept { return compiled_ == nullptr; }

 private:
  struct compiled;
  std::shared_ptr<const compiled> compiled_;
};

/// What `name` is by the rules of `built_in` (metric_classifier::classify), with its direction decided in
/// the order above: `callers`' first matching rule, else `unit_direction` (the direction of the metric's
/// unit, where its results say; a performance metric's only), else the built-in rules'.
/// **Example**: the robot's rules call `x.real_time` better lower; a unit that says higher (`ops/s`)
/// decides over them, and the caller's rule `{{name_match::exact, "x.real_time"}, better::lower}` over both.
[[nodiscard]] metric_class classify_with_directions(std::string_view name, const metric_classifier& built_in,
                                                    const caller_directions& callers,
                                                    std::optional<better> unit_direction = std::nullopt);

}  // namespace perfmail
