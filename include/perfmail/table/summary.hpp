#pragma once
// The text of `perfmail summary`: a table per result file of each metric's statistics (runs present,
// mean, standard deviation in percent of the mean, min, median, max) and, with a plan, the line of what
// the plan assumes above the tables and each metric's planning columns. io/output_json.hpp writes the
// same numbers as JSON. Declarations only: src/table/summary.cpp.

#include "perfmail/analysis/file_summary.hpp"

#include <span>
#include <string>

namespace perfmail {

/// What a plan assumes, one line: the power and the tests, the fewest runs a side, alpha with its
/// correction over the family of tested metrics and the level a lone change is held to, the floors and
/// the noise.
[[nodiscard]] std::string render_summary_plan_line(const summary_plan_settings& plan);

/// The tables of `files`, a table per file.
[[nodiscard]] std::string render_summary(std::span<const file_summary> files);

/// The plan's line, then the tables of `files` with each metric's planning columns: the smallest change
/// it detects (`-` without a plan, `exact` without spread) and, with `plan.request.detect`, the runs a
/// side ttest and utest need (`>LIMIT` where none up to `plan.request.runs_limit` is enough).
[[nodiscard]] std::string render_summary(std::span<const file_summary> files, const summary_plan_settings& plan);

}  // namespace perfmail
