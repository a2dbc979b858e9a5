// Which way is better for a metric, in one order (declared in include/perfmail/metrics/directions.hpp).

#include "perfmail/metrics/directions.hpp"

#include "name_matcher.hpp"

#include <array>
#include <cstdint>
#include <span>
#include <utility>

namespace perfmail {

namespace {

/// The rules' names as one list of the classifier's matcher.
metrics_detail::name_matcher matcher_of(const std::vector<direction_rule>& rules) {
  std::vector<name_rule> names;
  names.reserve(rules.size());
  for (const direction_rule& rule : rules) names.push_back(rule.name);
  return metrics_detail::name_matcher(std::array<std::span<const name_rule>, 1>{names});
}

}  // namespace

struct caller_directions::compiled {
  explicit compiled(std::vector<direction_rule> r) : rules(std::move(r)), matcher(matcher_of(rules)) {}

  std::vector<direction_rule> rules;
  metrics_detail::name_matcher matcher;  ///< the rules' names, in the rules' order
};

caller_directions::caller_directions(std::vector<direction_rule> rules) {
  if (!rules.empty()) compiled_ = std::make_shared<const compiled>(std::move(rules));
}

const direction_rule* caller_directions::first_match(std::string_view name) const {
  if (compiled_ == nullptr) return nullptr;
  std::array<std::uint32_t, 1> first{};
  compiled_->matcher.match(name, first);
  return first[0] == metrics_detail::name_matcher::no_match ? nullptr : &compiled_->rules[first[0]];
}

metric_class classify_with_directions(std::string_view name, const metric_classifier& built_in,
                                      const caller_directions& callers, std::optional<better> unit_direction) {
  metric_class c = built_in.classify(name);
  if (const direction_rule* rule = callers.first_match(name)) {
    c.direction = rule->direction;
    return c;
  }
  if (unit_direction && c.kind == metric_kind::performance) c.direction = unit_direction;
  return c;
}

}  // namespace perfmail
