// The summary of a result file (declared in include/perfmail/analysis/file_summary.hpp).

#include "perfmail/analysis/file_summary.hpp"

#include "perfmail/error.hpp"
#include "perfmail/metrics/classifier.hpp"
#include "perfmail/model/matrix.hpp"
#include "perfmail/text/printable.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <utility>

namespace perfmail {

file_summary summarize_file(const matrix& results, std::string path, bool plan, summary_plan_settings& settings) {
  const auto classifier = metric_classifier::robot();
  file_summary f;
  f.path = std::move(path);
  f.runs = results.run_count();
  // Each metric classified and summarised once: the family needs every metric before any plan.
  std::vector<metric_class> classes;
  std::vector<summary> stats;
  std::size_t family = 0;
  for (const auto& series : results.metrics()) {
    classes.push_back(classifier->classify(series.name()));
    stats.push_back(summarize(series.present_values()));
    if (tested_by_compare(classes.back(), stats.back())) ++family;
  }
  // The correction's family is the file's tested metrics: a lone change among them is held to this.
  const double level = planning_level(settings.request, family);
  settings.family = std::max(settings.family, family);
  settings.level = settings.files == 0 ? level : std::min(settings.level, level);
  ++settings.files;
  std::size_t index = 0;
  for (const auto& series : results.metrics()) {
    const metric_class& cls = classes[index];
    metric_summary row;
    row.name = series.name();
    row.unit = results.unit_hint(series.name()).value_or(metric_unit{});
    row.stats = std::move(stats[index++]);
    if (!row.stats.empty()) {
      row.stddev_percent = stddev_percent(row.stats);
      if (row.stddev_percent && !std::isfinite(*row.stddev_percent))
        throw value_error(fmt::format("metric {}: the standard deviation in percent of the mean is beyond the "
                                      "range of a double",
                                      text::quoted(series.name())));
      if (plan) row.plan = plan_of(cls, row.stats, level, settings.request);
    }
    f.metrics.push_back(std::move(row));
  }
  f.textual_metrics.assign(results.textual_metrics().begin(), results.textual_metrics().end());
  return f;
}

}  // namespace perfmail
