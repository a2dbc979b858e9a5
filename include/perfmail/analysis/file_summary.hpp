#pragma once
// What `perfmail summary` tells of result files: each metric's samples summarised and, with a plan, the
// runs a comparison of it would need (analysis/plan.hpp) at the level the file's family of tested
// metrics is held to. The command line prints these; io/output_json.hpp writes them as JSON.
// Declarations only: src/analysis/file_summary.cpp.

#include "perfmail/analysis/plan.hpp"
#include "perfmail/model/unit.hpp"
#include "perfmail/stats/summary.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace perfmail {

class matrix;

/// One metric's row of the summary table.
struct metric_summary {
  std::string name;
  summary stats;                          ///< n == 0: no samples
  std::optional<double> stddev_percent;   ///< none where the table prints `-` (spread about a zero mean)
  std::optional<metric_plan> plan;        ///< with a plan
  metric_unit unit;                       ///< what the samples measure, where their tool said (the text prints it)
};

/// One result file's table.
struct file_summary {
  std::string path;  ///< as given on the command line
  std::size_t runs = 0;
  std::vector<metric_summary> metrics;
  std::vector<std::string> textual_metrics;  ///< ignored: not numbers
};

/// The planning settings, printed once above the tables with a plan.
struct summary_plan_settings {
  plan_request request;    ///< what was asked: alpha, power, the correction, the floors, --detect
  std::size_t family = 0;  ///< the metrics a comparison of the file would test (the largest over the files)
  double level = 0.05;     ///< the level a lone change is held to: alpha after the correction (the smallest)
  std::size_t files = 0;   ///< the files summarised under these settings so far
};

/// The summary of `results` (named `path`), each metric classified by the robot's rules; with `plan`,
/// each metric's plan at the level of the file's family of tested metrics (the correction holds a lone
/// change to it). `settings` gives the request and takes the file's family and level: the largest family
/// and the smallest level of the files so far. Throws value_error for a spread beyond a double.
[[nodiscard]] file_summary summarize_file(const matrix& results, std::string path, bool plan,
                                          summary_plan_settings& settings);

}  // namespace perfmail
