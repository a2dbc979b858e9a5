// Whether result sets share a metric (include/perfmail/analysis/common_metrics.hpp).

#include "perfmail/analysis/common_metrics.hpp"

#include "perfmail/model/matrix.hpp"

#include <algorithm>

namespace perfmail {

bool shares_a_metric(const matrix& base, const matrix& other) {
  const auto metrics = other.metrics();
  return std::any_of(metrics.begin(), metrics.end(), [&](const series_view& s) { return base.contains(s.name()); });
}

std::optional<std::size_t> first_column_sharing_no_metric(std::span<const std::shared_ptr<const matrix>> columns) {
  for (std::size_t c = 1; c < columns.size(); ++c)
    if (!shares_a_metric(*columns.front(), *columns[c])) return c;
  return std::nullopt;
}

}  // namespace perfmail
