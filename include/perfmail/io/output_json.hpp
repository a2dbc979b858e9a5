#pragma once
// The JSON the command line writes besides a comparison's: the statistics of `perfmail summary
// --format json`, and a comparison with fields put in front of it (a report's subject and Message-ID).
//
// Declarations only: the writer lives in src/io/ so that its JSON library stays out of these headers.
// Text from the input (paths, metric names) is written as UTF-8 JSON in ASCII escapes, a byte that is not
// UTF-8 as U+FFFD, as comparison_to_json writes it. docs/REPORT.md describes the report's fields; the
// summary's are below (summary_to_json).

#include "perfmail/analysis/file_summary.hpp"
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

/// The summary's types live in the analysis layer (analysis/file_summary.hpp); these names stay for the
/// writer's callers.
using perfmail::file_summary;
using perfmail::metric_summary;
using perfmail::summary_plan_settings;

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
