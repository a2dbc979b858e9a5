// A metric's runs as a trend plot's samples (declared in include/perfmail/plot/metric_samples.hpp).

#include "perfmail/plot/metric_samples.hpp"

#include "perfmail/model/matrix.hpp"

#include <cstddef>
#include <limits>

namespace perfmail::plot {

trend_series metric_samples(const matrix& results, std::string_view metric) {
  const series_view* s = results.find(metric);
  if (s == nullptr) return std::nullopt;
  samples out(s->size());
  for (std::size_t run = 0; run < s->size(); ++run)
    out[run] = s->is_missing(run) ? std::numeric_limits<double>::quiet_NaN() : s->raw_values()[run];
  return out;
}

}  // namespace perfmail::plot
