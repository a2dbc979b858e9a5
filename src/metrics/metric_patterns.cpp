// The metrics a caller chose by patterns (include/perfmail/metrics/metric_patterns.hpp).

#include "perfmail/metrics/metric_patterns.hpp"

#include "perfmail/error.hpp"
#include "perfmail/metrics/name_pattern.hpp"
#include "perfmail/text/nearest_name.hpp"
#include "perfmail/text/printable.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace perfmail {

struct metric_patterns::compiled {
  name_pattern pattern;
};

metric_patterns::metric_patterns() = default;
metric_patterns::metric_patterns(metric_patterns&&) noexcept = default;
metric_patterns& metric_patterns::operator=(metric_patterns&&) noexcept = default;
metric_patterns::~metric_patterns() = default;

metric_patterns::metric_patterns(const std::vector<std::string>& patterns, std::string_view given_as)
    : given_as_(given_as) {
  for (const std::string& given : patterns) {
    try {
      patterns_.push_back(std::make_unique<compiled>(compiled{name_pattern::parse(given)}));
    } catch (const usage_error& e) {
      throw usage_error(fmt::format("{} {}", given_as_, e.what()));
    }
  }
}

bool metric_patterns::empty() const noexcept { return patterns_.empty(); }

bool metric_patterns::chosen(std::string_view metric) const {
  bool any_include = false;
  bool included = false;
  for (const auto& p : patterns_) {
    const bool hit = p->pattern.matches(metric);
    if (p->pattern.excludes()) {
      if (hit) return false;
    } else {
      any_include = true;
      included = included || hit;
    }
  }
  return !any_include || included;
}

std::vector<std::string> metric_patterns::unmatched(std::span<const std::string_view> names) const {
  std::vector<std::string> out;
  for (const auto& p : patterns_) {
    if (p->pattern.excludes()) continue;
    const bool any =
        std::any_of(names.begin(), names.end(), [&](std::string_view name) { return p->pattern.matches(name); });
    if (!any) out.push_back(p->pattern.text());
  }
  return out;
}

void metric_patterns::require_matches(std::span<const std::string_view> names) const {
  const auto missing = unmatched(names);
  if (missing.empty()) return;
  std::string listed;
  for (const auto& m : missing) listed += (listed.empty() ? "" : ", ") + text::quoted(m);
  // A pattern that is a plain name (no glob, no /regex/) was most likely a mistyped one.
  std::string hint;
  const std::string& only = missing.front();
  if (missing.size() == 1 && only.find_first_of("*?[") == std::string::npos && only.front() != '/')
    hint = text::did_you_mean(only, names);
  throw usage_error(fmt::format("{} {} matched no metric of the results{}", given_as_, listed, hint));
}

}  // namespace perfmail
