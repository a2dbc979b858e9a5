#pragma once
// A metric's runs in a result set as a trend plot's samples, so that a program draws a metric of two
// result sets as `perfmail plot BASE HEAD --metric NAME` does. Declarations only:
// src/plot/metric_samples.cpp.

#include "perfmail/plot/options.hpp"

#include <string_view>

namespace perfmail {
class matrix;
}  // namespace perfmail

namespace perfmail::plot {

/// The samples of `metric` in `results`, a run each in run order, a missing run as an undefined sample
/// (NaN), so that every run keeps its place on the x axis; nullopt when the results have no such metric
/// with numbers (one of text included).
[[nodiscard]] trend_series metric_samples(const matrix& results, std::string_view metric);

}  // namespace perfmail::plot
