#pragma once
// Which metrics a caller chose, by patterns (metrics/name_pattern.hpp): a glob (`fio.*`, `*_bw_MBps`,
// matched against the whole name), a regular expression between slashes (`/lat_(50|99)/`, RE2, found
// anywhere in the name), and a leading `!` to exclude what the rest matches. A metric is chosen when it
// matches an including pattern (or there is none) and no excluding one. Declarations only:
// src/metrics/metric_patterns.cpp.

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail {

class metric_patterns {
 public:
  metric_patterns();
  /// Throws usage_error naming a pattern that is empty or not a regular expression; `given_as` names
  /// where the patterns came from in every message (an option, `--metrics`, or a document's field).
  explicit metric_patterns(const std::vector<std::string>& patterns, std::string_view given_as = "--metrics");
  metric_patterns(metric_patterns&&) noexcept;
  metric_patterns& operator=(metric_patterns&&) noexcept;
  ~metric_patterns();

  [[nodiscard]] bool empty() const noexcept;
  [[nodiscard]] bool chosen(std::string_view metric) const;
  /// The including patterns that match none of `names`: a mistyped pattern, which would otherwise make
  /// a CI gate pass by judging nothing.
  [[nodiscard]] std::vector<std::string> unmatched(std::span<const std::string_view> names) const;
  /// Throws usage_error naming the including patterns that match none of `names`, and the name a lone
  /// plain one probably meant.
  void require_matches(std::span<const std::string_view> names) const;

 private:
  struct compiled;
  std::vector<std::unique_ptr<compiled>> patterns_;
  std::string given_as_;
};

}  // namespace perfmail
