// The summary line of verdicts: see analysis/verdict.hpp.

#include "perfmail/analysis/verdict.hpp"

#include <fmt/format.h>

#include <string>
#include <vector>

namespace perfmail {

namespace {

/// `9,997`: digits grouped by three with commas, whatever the locale (a CI log reads the same everywhere).
std::string grouped(std::size_t n) {
  std::string digits = fmt::format("{}", n);
  std::string out;
  const std::size_t lead = digits.size() % 3;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i != 0 && (i + 3 - lead) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

/// `1 regression`, `2 regressions`.
std::string counted(std::size_t n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", grouped(n), n == 1 ? one : many);
}

}  // namespace

std::string verdict_summary(const verdict_counts& counts) {
  std::vector<std::string> parts;
  if (counts.changes() == 0) parts.emplace_back("no changes");
  if (counts.regressions != 0) parts.push_back(counted(counts.regressions, "regression", "regressions"));
  if (counts.improvements != 0) parts.push_back(counted(counts.improvements, "improvement", "improvements"));
  if (counts.changed != 0)
    parts.push_back(counted(counts.changed, "change of unknown direction", "changes of unknown direction"));
  if (counts.failed != 0) parts.push_back(grouped(counts.failed) + " failed");
  if (counts.gone != 0) parts.push_back(grouped(counts.gone) + " gone");
  if (counts.added != 0) parts.push_back(grouped(counts.added) + " new");
  parts.push_back(grouped(counts.unchanged) + " unchanged");
  std::string line;
  for (const auto& part : parts) line += (line.empty() ? "" : ", ") + part;
  return line;
}

}  // namespace perfmail
