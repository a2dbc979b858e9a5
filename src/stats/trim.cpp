// The robot's sort-and-trim of a column (include/perfmail/stats/trim.hpp): compiled, so that the sort
// is instantiated here and not in every file that includes the statistics.

#include "perfmail/stats/trim.hpp"

#include "perfmail/stats/sorted_copy.hpp"

namespace perfmail {

std::span<const double> sort_and_trim_into(std::span<const double> xs, std::vector<double>& buffer,
                                           std::optional<std::size_t> max_margin) {
  sorted_copy(xs, buffer);
  return trim_sorted(buffer, max_margin);
}

std::vector<double> sort_and_trim(std::span<const double> xs, std::optional<std::size_t> max_margin) {
  std::vector<double> buffer;
  const auto kept = sort_and_trim_into(xs, buffer, max_margin);
  return {kept.begin(), kept.end()};
}

}  // namespace perfmail
