#pragma once
// The JSON the command line writes besides a comparison's: the statistics of `perfmail summary
// --format json`, and a comparison with fields put in front of it (a report's subject and Message-ID).
//
// Declarations only: the writer lives in src/io/ so that its JSON library stays out of these headers.
// Text from the input (paths, metric names) is written as UTF-8 JSON in ASCII escapes, a byte that is not
// UTF-8 as U+FFFD, as comparison_to_json writes it. docs/REPORT.md describes the report's fields; the
// summary's are below (summary_to_json).

#include "perfmail/analysis/plan.hpp"
#include "perfmail/stats/summary.hpp"

#include "perfmail/model/unit.hpp"

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::io {

/// A text field: a string, or null when absent.
struct json_text_field {
  std::string name;
  std::optional<std::string> value;
};

/// `object` (a JSON object, as comparison_to_json writes it) with `fields` as its first members, in
/// order, and its own members after them, unchanged. `indent` as comparison_json_options::indent.
[[nodiscard]] std::string json_with_fields_first(std::string_view object, std::span<const json_text_field> fields,
                                                 int indent = 2);

/// One metric's row of the summary table.
struct metric_summary {
  std::string name;
  summary stats;                          ///< n == 0: no samples
  std::optional<double> stddev_percent;   ///< none where the table prints `-` (spread about a zero mean)
  std::optional<metric_plan> plan;        ///< with --plan
  metric_unit unit;                       ///< what the samples measure, where their tool said (the text prints it)
};

/// One result file's table.
struct file_summary {
  std::string path;  ///< as given on the command line
  std::size_t runs = 0;
  std::vector<metric_summary> metrics;
  std::vector<std::string> textual_metrics;  ///< ignored: not numbers
};

/// The planning settings, written once at the top with --plan.
struct summary_plan_settings {
  plan_request request;    ///< what was asked: alpha, power, the correction, the floors, --detect
  std::size_t family = 0;  ///< the metrics a comparison of the file would test (the largest over the files)
  double level = 0.05;     ///< the level a lone change is held to: alpha after the correction (the smallest)
};

/// The numbers of `perfmail summary`'s tables:
///
///     {"plan": {"alpha", "power", "detect_percent", "runs_limit", "correction", "family", "level",
///               "min_runs", "cv_confidence", "min_change_percent"},          (with --plan only)
///      "files": [{"path", "runs",
///                 "metrics": [{"name", "n", "mean", "stddev", "stddev_percent", "min", "median", "max",
///                              "plan": {"basis", "detectable_percent", "ttest_runs", "utest_runs"}}],
///                 "ignored": [textual metric names]}]}
///
/// `stddev` is the population standard deviation, `stddev_percent` it in percent of the mean: null where
/// the table prints `-` (spread about a zero mean). A metric without samples has `n` 0 and null
/// statistics. `plan` (with --plan): `basis` "estimated" with the numbers, "exact" where the table prints
/// `exact` (no spread: any change stands out) and "none" where it prints `-` (fewer than 2 samples or a
/// zero mean), both with null numbers; `detectable_percent` the smallest change in percent a t-test
/// detects at the metric's runs and spread; `ttest_runs` and `utest_runs` (with --detect only) the runs a
/// side the change needs, null where more than `runs_limit` would (the table's `>100000`).
/// Throws value_error for a number JSON cannot hold (an infinite mean).
[[nodiscard]] std::string summary_to_json(std::span<const file_summary> files,
                                          const std::optional<summary_plan_settings>& plan, int indent = 2);

}  // namespace perfmail::io
