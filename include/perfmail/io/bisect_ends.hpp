#pragma once
// The ends of a bisection measured before it (`perfmail bisect --good FILE --bad FILE`), read for the
// judge: the metric judged and each build's samples of it, and the samples of a commit's results.
// Declarations only: src/io/bisect_ends.cpp.

#include "perfmail/analysis/bisect.hpp"

#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::io {

struct load_limits;

/// The metric a bisection judges and the samples of each end, a list a build (a results path each).
struct stored_ends {
  std::string metric;
  end_samples good;
  end_samples bad;
};

/// Reads the results of each end (anything compare reads, a path a build) and chooses the metric:
/// `metric` when given, which every path must have (the name it probably meant when it has not), else
/// the one metric every path shares. Throws input_error for results it cannot read and usage_error for
/// a metric that is not there, or not one.
[[nodiscard]] stored_ends read_stored_ends(std::span<const std::filesystem::path> good,
                                           std::span<const std::filesystem::path> bad, std::string_view metric,
                                           const load_limits& limits);

/// The present samples of `metric` in the results at `path`; empty when the results have none.
[[nodiscard]] std::vector<double> samples_of_metric(const std::filesystem::path& path, std::string_view metric,
                                                    const load_limits& limits);

}  // namespace perfmail::io
