// The text of `perfmail summary` (table/summary.hpp): a table per file, and with a plan its line and
// columns, checked to the character.

#include <doctest/doctest.h>

#include "perfmail/analysis/file_summary.hpp"
#include "perfmail/stats/summary.hpp"
#include "perfmail/table/quantity.hpp"
#include "perfmail/table/summary.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

using namespace perfmail;

namespace {

metric_summary metric(std::string name, const std::vector<double>& samples, std::optional<double> stddev_percent) {
  metric_summary m;
  m.name = std::move(name);
  m.stats = summarize(samples);
  m.stddev_percent = stddev_percent;
  return m;
}

/// A file of one metric with spread, one about a zero mean, one without samples and one of text.
file_summary sample_file() {
  file_summary f;
  f.path = "base.json";
  f.runs = 3;
  f.metrics.push_back(metric("lat", {1, 2, 3}, 40.8248));
  f.metrics.push_back(metric("zero", {-1, 1}, std::nullopt));
  f.metrics.push_back(metric("empty", {}, std::nullopt));
  f.textual_metrics.push_back("host");
  return f;
}

const std::string heading = "metric     n            mean   %stddev             min          median             max";
const std::string lat_row = "lat        3               2     40.8%               1               2               3";
const std::string zero_row = "zero       2               0         -              -1               0               1";

}  // namespace

TEST_CASE("summary table: a table per file, `-` for spread about a zero mean, and the metrics without numbers") {
  const std::vector<file_summary> files{sample_file()};
  CHECK(render_summary(files) == "base.json (3 runs)\n" + heading + "\n" + lat_row + "\n" + zero_row + "\n" +
                                     "empty      0  (no samples)\nhost    (text, ignored)\n");
  CHECK(render_summary(std::vector<file_summary>{}).empty());
}

TEST_CASE("summary table: a value of a known unit prints in it, others with six digits") {
  file_summary f;
  f.path = "gbench.json";
  f.runs = 2;
  f.metrics.push_back(metric("a_long_name", {1000, 3000}, 50));
  f.metrics.back().unit = {quantity::seconds, -9};
  const std::vector<file_summary> files{f};
  const std::string text = render_summary(files);
  const metric_unit ns{quantity::seconds, -9};
  CHECK(text.find(format_quantity(2000, ns)) != std::string::npos);
  CHECK(text.find(format_quantity(1000, ns)) != std::string::npos);
  CHECK(text.find(" 2000 ") == std::string::npos);
  // The name column is as wide as the longest name.
  CHECK(text.find("\nmetric          n ") != std::string::npos);
}

TEST_CASE("summary table: with a plan, its line above the tables and the planning columns, runs beyond the limit "
          "as >LIMIT") {
  file_summary f = sample_file();
  metric_plan estimated;
  estimated.basis = plan_basis::estimated;
  estimated.detectable_percent = 11.04;
  estimated.ttest_runs = 84;
  f.metrics[0].plan = estimated;  // utest: none up to the limit
  f.metrics[1].plan = metric_plan{};  // none: a zero mean
  summary_plan_settings plan;
  plan.request.detect = 0.02;
  plan.request.runs_limit = 500;
  plan.family = 2;
  plan.level = 0.025;
  const std::string line =
      "plan: 80% power with Welch's t (ttest) and Mann-Whitney U (utest), at least 3 runs a side; alpha 0.05 with bh "
      "over 2 tested metrics: 0.025 for a lone change; floors: the robot's (medians 1% apart, 5% for secondary "
      "metrics); noise: the 80% upper bound of each metric's CV\n";
  CHECK(render_summary_plan_line(plan) == line);
  const std::vector<file_summary> files{f};
  CHECK(render_summary(files, plan) == line + "base.json (3 runs)\n" + heading + "  detectable   ttest 2%   utest 2%\n" +
                                           lat_row + "         11%         84       >500\n" + zero_row +
                                           "           -          -          -\n" +
                                           "empty      0  (no samples)\nhost    (text, ignored)\n");
  // Without a change to detect, the smallest detectable change alone; one family and a floor of its own.
  plan.request.detect.reset();
  plan.request.min_change_percent = 2.5;
  plan.family = 1;
  const std::string planned = render_summary(files, plan);
  CHECK(planned.find(heading + "  detectable\n" + lat_row + "         11%\n") != std::string::npos);
  CHECK(planned.find("over 1 tested metric: ") != std::string::npos);
  CHECK(planned.find("floors: a change of the mean of 2.5%;") != std::string::npos);
}
