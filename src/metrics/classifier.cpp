// The metric classifier (include/perfmail/metrics/classifier.hpp).

#include "perfmail/metrics/classifier.hpp"

#include "name_matcher.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <unordered_set>

namespace perfmail {

namespace {

template <class Rule, class Project>
std::vector<name_rule> names_of(const std::vector<Rule>& rules, Project name) {
  std::vector<name_rule> out;
  out.reserve(rules.size());
  for (const Rule& r : rules) out.push_back(std::invoke(name, r));
  return out;
}

/// Lengths of a name's group (its first component) and sub-group (its first two components when it has
/// three or more and the second is not empty; else the group).
/// A length within a name, as metric_class holds it.
std::uint16_t clamped_length(std::size_t n) { return static_cast<std::uint16_t>(std::min<std::size_t>(n, UINT16_MAX)); }

std::pair<std::uint16_t, std::uint16_t> group_lengths(std::string_view name) {
  const auto clamp = clamped_length;
  const auto first = name.find('.');
  if (first == std::string_view::npos) return {clamp(name.size()), clamp(name.size())};
  const auto second = name.find('.', first + 1);
  if (second == std::string_view::npos || second == first + 1) return {clamp(first), clamp(first)};
  return {clamp(first), clamp(second)};
}

}  // namespace

namespace {

/// The lists of name rules, in the order the compiled matcher holds them.
enum class rule_list : std::uint8_t {
  failure, pass, never_failure, sibling_free, every_run, deny, allow, report_allow, primary, floors, families,
  classic_absolute, modern_absolute, never_noise, directions, boot_fix, dropped_after_boot_fix, kill_messages,
};
constexpr std::size_t rule_list_count = static_cast<std::size_t>(rule_list::kill_messages) + 1;

}  // namespace

struct metric_classifier::compiled {
  /// Hashes text of any kind alike, so that a string_view finds a std::string (a member type rather than
  /// one of this file's own: a type of internal linkage may not be a member's).
  struct text_hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
  };

  explicit compiled(metric_rules r)
      : rules(std::move(r)),
        floor_names(names_of(rules.floors, &floor_rule::name)),
        family_names(names_of(rules.families, &family_rule::name)),
        direction_names(names_of(rules.directions, &direction_rule::name)),
        matcher(std::array<std::span<const name_rule>, rule_list_count>{
            rules.failure, rules.pass, rules.never_failure, rules.sibling_free, rules.every_run, rules.deny,
            rules.allow, rules.report_allow, rules.primary, floor_names, family_names, rules.classic_absolute,
            rules.modern_absolute, rules.never_noise, direction_names, rules.boot_fix, rules.dropped_after_boot_fix,
            rules.kill_messages}),
        benchmarks(rules.benchmarks.begin(), rules.benchmarks.end()) {}

  metric_rules rules;
  std::vector<name_rule> floor_names, family_names, direction_names;
  metrics_detail::name_matcher matcher;  ///< every list at once, in rule_list's order
  std::unordered_set<std::string, text_hash, std::equal_to<>> benchmarks;
};

metric_classifier::metric_classifier(metric_rules rules) : compiled_(std::make_shared<const compiled>(std::move(rules))) {}

const metric_rules& metric_classifier::rules() const noexcept { return compiled_->rules; }

metric_class metric_classifier::classify(std::string_view name) const {
  const compiled& k = *compiled_;
  std::array<std::uint32_t, rule_list_count> first;
  k.matcher.match(name, first);
  const auto matches = [&](rule_list l) { return first[static_cast<std::size_t>(l)] != metrics_detail::name_matcher::no_match; };
  const auto first_of = [&](rule_list l) -> std::optional<std::size_t> {
    if (!matches(l)) return std::nullopt;
    return first[static_cast<std::size_t>(l)];
  };

  metric_class c;
  std::tie(c.group_length, c.sub_group_length) = group_lengths(name);
  if (!matches(rule_list::never_failure) && (matches(rule_list::failure) || matches(rule_list::pass)))
    c.kind = metric_kind::failure;
  c.every_run = matches(rule_list::every_run);
  c.sibling_free = matches(rule_list::sibling_free);
  c.boot_fix = matches(rule_list::boot_fix);
  c.dropped_after_boot_fix = matches(rule_list::dropped_after_boot_fix);
  c.kill_message = matches(rule_list::kill_messages);
  if (const auto dot = name.rfind('.'); dot != std::string_view::npos) {
    const std::string_view last = name.substr(dot + 1);
    const auto& endings = k.rules.failure_endings;
    if (std::find(endings.begin(), endings.end(), last) != endings.end()) c.sibling = sibling_rule::needs_pass;
    else if (last == k.rules.pass_ending) c.sibling = sibling_rule::needs_failure;
    if (c.sibling != sibling_rule::none) c.stem_length = static_cast<std::uint16_t>(std::min<std::size_t>(dot, UINT16_MAX));
  }

  c.reportable = !matches(rule_list::deny) || matches(rule_list::allow) || matches(rule_list::report_allow);
  const bool dotted = c.group_length < name.size();
  c.own_metric = dotted && k.benchmarks.contains(name.substr(0, c.group_length));
  c.primary = c.own_metric || matches(rule_list::primary);
  if (const auto f = first_of(rule_list::families)) c.family = k.rules.families[*f].family;
  c.sort_key_length = clamped_length(name.size());
  if (c.family == metric_family::perf_profile)
    if (const auto second = name.find('.', std::size_t{c.group_length} + 1); second != std::string_view::npos)
      c.sort_key_length = clamped_length(second);
  if (const auto f = first_of(rule_list::floors)) c.floor = static_cast<std::int16_t>(std::min<std::size_t>(*f, INT16_MAX));
  c.never_noise = matches(rule_list::never_noise);
  if (matches(rule_list::classic_absolute)) c.classic_change = change_shown::absolute;
  if (matches(rule_list::modern_absolute)) c.modern_change = change_shown::absolute;
  if (const auto d = first_of(rule_list::directions)) c.direction = k.rules.directions[*d].direction;
  c.incomplete_run_marker = name == k.rules.incomplete_run_marker;
  return c;
}

std::vector<std::string> metric_classifier::sibling_names(std::string_view name, const metric_class& c) const {
  const std::string stem{name.substr(0, c.stem_length)};
  std::vector<std::string> out;
  if (c.sibling == sibling_rule::needs_pass) out.push_back(stem + "." + rules().pass_ending);
  if (c.sibling == sibling_rule::needs_failure)
    for (const auto& ending : rules().failure_endings) out.push_back(stem + "." + ending);
  return out;
}

bool metric_classifier::clears_floor(const metric_class& c, double delta, double max) const {
  if (c.floor < 0) return true;
  const floor_rule& rule = rules().floors[static_cast<std::size_t>(c.floor)];
  switch (rule.test) {
    case floor_test::reaches:
      if (max < rule.value) return false;
      // A whole threshold also asks for half of it as the change, rounded down as integers divide.
      if (std::trunc(rule.value) == rule.value && delta < std::floor(rule.value / 2)) return false;
      return true;
    case floor_test::max_at_least: return max >= rule.value;
    case floor_test::max_above: return max > rule.value;
    case floor_test::delta_above: return delta > rule.value;
  }
  return true;
}

const metric_rules& metric_rules::tool() {
  static const metric_rules rules = [] {
    metric_rules r;
    r.failure_endings.clear();
    r.pass_ending.clear();
    r.incomplete_run_marker.clear();
    return r;
  }();
  return rules;
}

std::shared_ptr<const metric_classifier> metric_classifier::tool() {
  static const auto shared = std::make_shared<const metric_classifier>(metric_rules::tool());
  return shared;
}

std::shared_ptr<const metric_classifier> metric_classifier::robot() {
  static const auto shared = std::make_shared<const metric_classifier>(metric_rules::robot());
  return shared;
}

}  // namespace perfmail
