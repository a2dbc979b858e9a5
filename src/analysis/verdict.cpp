// The summary line of verdicts: see analysis/verdict.hpp.

#include "perfmail/analysis/verdict.hpp"

#include "perfmail/text/grouped.hpp"

#include <fmt/format.h>

#include <string>
#include <vector>

namespace perfmail {

namespace {

/// `1 regression`, `2 regressions`.
std::string counted(std::size_t n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", text::grouped(n), n == 1 ? one : many);
}

}  // namespace

std::string verdict_summary(const verdict_counts& counts) {
  std::vector<std::string> parts;
  if (counts.changes() == 0) parts.emplace_back("no changes");
  if (counts.regressions != 0) parts.push_back(counted(counts.regressions, "regression", "regressions"));
  if (counts.improvements != 0) parts.push_back(counted(counts.improvements, "improvement", "improvements"));
  if (counts.changed != 0)
    parts.push_back(counted(counts.changed, "change of unknown direction", "changes of unknown direction"));
  if (counts.failed != 0) parts.push_back(text::grouped(counts.failed) + " failed");
  if (counts.gone != 0) parts.push_back(text::grouped(counts.gone) + " gone");
  if (counts.added != 0) parts.push_back(text::grouped(counts.added) + " new");
  parts.push_back(text::grouped(counts.unchanged) + " unchanged");
  std::string line;
  for (const auto& part : parts) line += (line.empty() ? "" : ", ") + part;
  return line;
}

}  // namespace perfmail
