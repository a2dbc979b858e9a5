// Geometric means of changes (declared in include/perfmail/analysis/geomean.hpp).

#include "perfmail/analysis/geomean.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

namespace perfmail {

std::vector<column_geomeans> geomeans(const comparison& cmp, std::span<const comparison_row* const> rows) {
  const std::size_t compared = cmp.run_counts.empty() ? 0 : cmp.run_counts.size() - 1;
  struct log_sums {
    double higher = 0;
    double lower = 0;
  };
  std::vector<log_sums> sums(compared);
  std::vector<column_geomeans> out(compared);
  for (const comparison_row* row : rows) {
    if (!row->selected || row->failure() || !row->cls.direction) continue;
    for (std::size_t c = 1; c <= compared && c <= row->compared_columns(); ++c) {
      if (row->verdicts[c - 1].sides != presence::both) continue;
      // The change the row prints: the statistical policies' estimate (a Hodges-Lehmann ratio, or the
      // change of the means under ttest), else the change of the means (the robot's tables).
      double ratio = 0;
      if (const change_inference* inference = cmp.inference_of(*row, c); inference != nullptr) {
        if (!inference->estimate_percent) continue;
        ratio = 1 + *inference->estimate_percent / 100;
      } else {
        const double base = row->columns[0].mean;
        const double head = row->columns[c].mean;
        if (!(base > 0 && head > 0)) continue;
        ratio = head / base;
      }
      if (!(ratio > 0) || !std::isfinite(ratio)) continue;
      const bool higher = *row->cls.direction == better::higher;
      (higher ? sums[c - 1].higher : sums[c - 1].lower) += std::log(ratio);
      ++(higher ? out[c - 1].higher : out[c - 1].lower).count;
    }
  }
  for (std::size_t c = 0; c < compared; ++c) {
    for (auto [geomean, sum] : {std::pair{&out[c].higher, sums[c].higher}, std::pair{&out[c].lower, sums[c].lower}})
      if (geomean->count > 0) geomean->change_percent = 100 * std::expm1(sum / static_cast<double>(geomean->count));
  }
  return out;
}

std::optional<std::vector<double>> median_geomeans(std::span<const comparison_row* const> rows) {
  std::vector<double> log_sums;
  std::size_t count = 0;
  for (const comparison_row* row : rows) {
    const bool everywhere =
        std::all_of(row->verdicts.begin(), row->verdicts.end(), [](const column_verdict& v) { return v.sides == presence::both; }) &&
        std::all_of(row->columns.begin(), row->columns.end(), [](const column_summary& c) { return c.n > 0; });
    if (!everywhere) continue;
    if (log_sums.empty()) log_sums.assign(row->columns.size(), 0);
    if (row->columns.size() != log_sums.size()) return std::nullopt;
    for (std::size_t c = 0; c < log_sums.size(); ++c) {
      if (!(row->columns[c].median > 0)) return std::nullopt;
      log_sums[c] += std::log(row->columns[c].median);
    }
    ++count;
  }
  if (count < 2) return std::nullopt;
  for (double& sum : log_sums) sum = std::exp(sum / static_cast<double>(count));
  return log_sums;
}

}  // namespace perfmail
