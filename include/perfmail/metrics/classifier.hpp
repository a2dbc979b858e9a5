#pragma once
// The metric classifier: the one place that looks at a metric's name to decide what it is. It holds a
// metric_rules value compiled for speed (regular expressions and all, behind a pointer, so that including
// this header costs no regular-expression engine) and classifies each name once, where a comparison
// unites the names of its results; rows carry the result.
//
// **Example**:
//   const auto robot = perfmail::metric_classifier::robot();
//   robot->classify("dmesg.WARNING:at_mm/slub.c").kind == perfmail::metric_kind::failure
//
//   perfmail::metric_rules mine = perfmail::metric_rules::robot();
//   mine.benchmarks.push_back("mybench");
//   const perfmail::metric_classifier classifier{std::move(mine)};

#include "perfmail/metrics/metric_class.hpp"
#include "perfmail/metrics/rules.hpp"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail {

class metric_classifier {
 public:
  /// Compiles `rules`; throws usage_error naming a rule whose regular expression does not compile.
  explicit metric_classifier(metric_rules rules);

  /// What `name` is.
  [[nodiscard]] metric_class classify(std::string_view name) const;

  /// The names of the siblings a failure or pass count needs in the base (metric_class::sibling): the base
  /// has one of them, or the count is not compared.
  [[nodiscard]] std::vector<std::string> sibling_names(std::string_view name, const metric_class& c) const;

  /// Whether a change of a metric classified `c` clears its floor (metrics/rules.hpp, floor_test).
  [[nodiscard]] bool clears_floor(const metric_class& c, double delta, double max) const;

  [[nodiscard]] const metric_rules& rules() const noexcept;

  /// The robot's rules, compiled once and shared.
  [[nodiscard]] static std::shared_ptr<const metric_classifier> robot();
  /// The rules for other benchmark tools' results (metric_rules::tool), compiled once and shared.
  [[nodiscard]] static std::shared_ptr<const metric_classifier> tool();

 private:
  struct compiled;
  std::shared_ptr<const compiled> compiled_;
};

}  // namespace perfmail
