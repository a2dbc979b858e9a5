#include <doctest/doctest.h>

#include "perfmail/error.hpp"
#include "perfmail/analysis/comparison.hpp"
#include "perfmail/analysis/verdict.hpp"
#include "perfmail/table/render.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

using namespace perfmail;

namespace {

matrix make_matrix(std::vector<std::pair<std::string, std::vector<double>>> metrics, std::size_t runs = 0) {
  matrix m;
  for (auto& [name, values] : metrics) m.add(metric_series{name, values, sample_kind::integer});
  if (runs != 0) m.set_stats_source(std::vector<std::string>(runs, "stats.json"));
  return m;
}

std::vector<std::string> selected_names(const comparison& c) {
  std::vector<std::string> out;
  for (const auto& r : c.rows)
    if (r.selected) out.push_back(std::string{r.name});
  return out;
}

/// Rows alike in every number and verdict (their samples are views into different matrices).
bool same_rows(const comparison& a, const comparison& b) {
  if (a.rows.size() != b.rows.size()) return false;
  for (std::size_t i = 0; i < a.rows.size(); ++i) {
    const auto& x = a.rows[i];
    const auto& y = b.rows[i];
    if (x.name != y.name || x.cls != y.cls || x.columns != y.columns ||
        x.verdicts != y.verdicts || x.selected != y.selected || x.noisy != y.noisy)
      return false;
  }
  return true;
}

}  // namespace

TEST_CASE("compare selects the metrics whose change the robot's rules detect") {
  const std::vector<matrix> cols{
      make_matrix({{"fio.bw", {100, 101, 102}}, {"fio.iops", {50, 60, 70}}, {"meminfo.Active", {5000, 5001, 5002}}}),
      make_matrix({{"fio.bw", {120, 121, 122}}, {"fio.iops", {55, 65, 72}}, {"meminfo.Active", {5000, 5001, 5002}}})};
  const comparison c = compare(cols);
  CHECK(selected_names(c) == std::vector<std::string>{"fio.bw"});
  CHECK(c.rows.size() == 3);
  const auto* iops = c.find("fio.iops");
  REQUIRE(iops != nullptr);
  CHECK_FALSE(iops->selected);
  CHECK(iops->verdicts.at(0).reason == "ranges overlap");
  CHECK(c.selected_count() == 1);
}

TEST_CASE("compare with all selects every metric of either side") {
  const std::vector<matrix> cols{make_matrix({{"fio.bw", {100, 101, 102}}, {"base.only", {1, 1, 1}}}),
                                 make_matrix({{"fio.bw", {100, 101, 102}}, {"head.only", {2, 2, 2}}})};
  compare_options o;
  o.all = true;
  o.order = row_order::given;
  const comparison c = compare(cols, o);
  CHECK(selected_names(c) == std::vector<std::string>{"fio.bw", "head.only", "base.only"});
  SUBCASE("a metric missing from a column counts as zeros there") {
    const auto* base_only = c.find("base.only");
    REQUIRE(base_only != nullptr);
    CHECK(base_only->columns[1].mean == 0);
    CHECK(base_only->columns[1].runs == 3);
  }
}

TEST_CASE("robot order: the test's own metrics, then failures, then families by change") {
  const std::vector<matrix> cols{
      make_matrix({{"turbostat.Avg_MHz", {100, 100, 100}},
                   {"dmesg.BUG:x", {0, 0, 0}},
                   {"fio.time.user_time", {100, 100, 100}},
                   {"fio.bw", {100, 100, 100}},
                   {"fio.iops", {100, 100, 100}}}),
      make_matrix({{"turbostat.Avg_MHz", {200, 200, 200}},
                   {"dmesg.BUG:x", {1, 1, 1}},
                   {"fio.time.user_time", {300, 300, 300}},
                   {"fio.bw", {120, 120, 120}},
                   {"fio.iops", {150, 150, 150}}})};
  compare_options o;
  o.all = true;
  const comparison c = compare(cols, o);
  CHECK(selected_names(c) ==
        std::vector<std::string>{"fio.iops", "fio.bw", "fio.time.user_time", "dmesg.BUG:x", "turbostat.Avg_MHz"});
  o.order = row_order::given;
  CHECK(selected_names(compare(cols, o)).front() == "turbostat.Avg_MHz");
}

TEST_CASE("incomplete runs: failures over every run, performance over the complete runs") {
  // Run 3 of the head did not finish: its throughput is garbage and must not count.
  const std::vector<matrix> cols{
      make_matrix({{"fio.bw", {100, 101, 102, 100}}, {"last_state.is_incomplete_run", {0, 0, 0, 0}}}),
      make_matrix({{"fio.bw", {100, 101, 102, 5}}, {"last_state.is_incomplete_run", {0, 0, 0, 1}}})};
  compare_options o;
  o.policy.robot.failure_needs_median_change = false;
  const comparison c = compare(cols, o);
  const auto* flag = c.find("last_state.is_incomplete_run");
  REQUIRE(flag != nullptr);
  CHECK(flag->selected);
  CHECK(flag->columns[1].runs == 4);  // every run
  const auto* bw = c.find("fio.bw");
  REQUIRE(bw != nullptr);
  CHECK_FALSE(bw->selected);
  CHECK(bw->columns[1].runs == 3);  // the complete runs only
  CHECK(bw->columns[1].mean == 101);
}

TEST_CASE("N compared columns: a row is selected when any column changed") {
  const std::vector<matrix> cols{make_matrix({{"fio.bw", {100, 101, 102}}}),
                                 make_matrix({{"fio.bw", {100, 101, 102}}}),
                                 make_matrix({{"fio.bw", {200, 201, 202}}})};
  const comparison c = compare(cols);
  REQUIRE(c.rows.size() == 1);
  CHECK(c.rows[0].selected);
  CHECK_FALSE(c.rows[0].verdicts[0].changed);
  CHECK(c.rows[0].verdicts[1].changed);
  CHECK(c.run_counts == std::vector<std::size_t>{3, 3, 3});
}

TEST_CASE("compare needs two matrices") {
  const std::vector<matrix> one{make_matrix({{"fio.bw", {1, 2, 3}}})};
  CHECK_THROWS_AS((void)compare(one), usage_error);
}

TEST_CASE("caller order: the named metrics first, as named, then the rest in file order") {
  const std::vector<matrix> cols{make_matrix({{"a.x", {1, 1, 1}}, {"b.x", {1, 1, 1}}, {"c.x", {1, 1, 1}}}),
                                 make_matrix({{"a.x", {2, 2, 2}}, {"b.x", {2, 2, 2}}, {"c.x", {2, 2, 2}}})};
  compare_options o;
  o.all = true;
  o.order = row_order::caller;
  o.caller_order = {"c.x", "nonexistent", "a.x"};
  CHECK(selected_names(compare(cols, o)) == std::vector<std::string>{"c.x", "a.x", "b.x"});
}

TEST_CASE("every row keeps its summaries and verdicts, and views its samples in the matrices the comparison holds") {
  const std::vector<matrix> cols{make_matrix({{"fio.bw", {100, 101, 102}}, {"fio.iops", {50, 60, 70}}}),
                                 make_matrix({{"fio.bw", {120, 121, 122}}, {"fio.iops", {55, 65, 72}}})};
  const comparison c = compare(cols);
  const auto* iops = c.find("fio.iops");
  REQUIRE(iops != nullptr);
  CHECK_FALSE(iops->selected);
  REQUIRE(iops->columns.size() == 2);
  CHECK(iops->columns[1].mean == doctest::Approx(64));
  CHECK(iops->compared_columns() == 1);
  REQUIRE(c.columns.size() == 2);
  CHECK(iops->samples[0] == c.columns[0]->find("fio.iops"));
  CHECK(iops->samples[1]->raw_values()[2] == 72);
  SUBCASE("the comparison outlives the matrices it was given") {
    const comparison moved = [] {
      std::vector<matrix> local{make_matrix({{"fio.bw", {1, 2, 3}}}), make_matrix({{"fio.bw", {4, 5, 6}}})};
      return compare(std::move(local));
    }();
    CHECK(moved.rows[0].name == "fio.bw");
    CHECK(moved.rows[0].samples[1]->raw_values()[0] == 4);
  }
}

TEST_CASE("matrices listing their metrics in different orders compare the same as aligned ones") {
  const std::vector<matrix> aligned{
      make_matrix({{"fio.bw", {100, 101, 102}}, {"fio.iops", {50, 51, 52}}, {"base.only", {1, 1, 1}}}),
      make_matrix({{"fio.bw", {120, 121, 122}}, {"fio.iops", {80, 81, 82}}, {"head.only", {2, 2, 2}}})};
  const std::vector<matrix> shuffled{
      make_matrix({{"base.only", {1, 1, 1}}, {"fio.iops", {50, 51, 52}}, {"fio.bw", {100, 101, 102}}}),
      make_matrix({{"fio.bw", {120, 121, 122}}, {"fio.iops", {80, 81, 82}}, {"head.only", {2, 2, 2}}})};
  compare_options o;
  o.order = row_order::given;
  const comparison a = compare(aligned, o);
  const comparison b = compare(shuffled, o);
  REQUIRE(a.rows.size() == 4);
  CHECK(same_rows(a, b));
  CHECK(a.rows.back().name == "base.only");  // base-only metrics come last
}

TEST_CASE("robot order: an empty second component is no sub-group") {
  const std::vector<matrix> cols{make_matrix({{"vm.a.x", {1, 1, 1}}, {"vm..y", {1, 1, 1}}, {"vm.b", {1, 1, 1}}}),
                                 make_matrix({{"vm.a.x", {1, 1, 1}}, {"vm..y", {1, 1, 1}}, {"vm.b", {1, 1, 1}}})};
  compare_options o;
  o.all = true;
  const comparison c = compare(cols, o);
  // The group's own metrics (`vm..y` among them) before its sub-group `vm.a`.
  CHECK(selected_names(c) == std::vector<std::string>{"vm..y", "vm.b", "vm.a.x"});
}

TEST_CASE("robot order: a name that is only a benchmark's name is no benchmark metric") {
  // `fio` and `fio.bw` share their group key; only the dotted one is the test's own metric, however the
  // rows follow each other.
  const std::vector<matrix> cols{
      make_matrix({{"fio", {100, 100, 100}}, {"fio.bw", {100, 100, 100}}, {"fio", {100, 100, 100}}}),
      make_matrix({{"fio", {300, 300, 300}}, {"fio.bw", {120, 120, 120}}})};
  compare_options o;
  o.all = true;
  const comparison c = compare(cols, o);
  CHECK(selected_names(c) == std::vector<std::string>{"fio.bw", "fio"});
  const std::vector<matrix> reversed{make_matrix({{"fio.bw", {100, 100, 100}}, {"fio", {100, 100, 100}}}),
                                     make_matrix({{"fio.bw", {120, 120, 120}}, {"fio", {300, 300, 300}}})};
  CHECK(selected_names(compare(reversed, o)) == std::vector<std::string>{"fio.bw", "fio"});
}

TEST_CASE("a table whose first row is not selected renders") {
  const std::vector<matrix> cols{make_matrix({{"fio.iops", {50, 60, 70}}, {"fio.bw", {100, 101, 102}}}),
                                 make_matrix({{"fio.iops", {55, 65, 72}}, {"fio.bw", {120, 121, 122}}})};
  compare_options o;
  o.order = row_order::given;
  const comparison c = compare(cols, o);
  REQUIRE_FALSE(c.rows.front().selected);
  CHECK(c.rows.front().column_count() == 2);
  table_header h;
  h.commits = {"base", "head"};
  for (const auto dialect : {table_dialect::classic, table_dialect::modern}) {
    const std::string table = render_table(dialect, h, c.rows);
    CHECK(table.find("fio.bw") != std::string::npos);
    CHECK(table.find("fio.iops") == std::string::npos);
  }
}

TEST_CASE("statistical policies test the samples that are present, not missing runs as zeros") {
  // Ten runs a side, the compared side 5% higher; one of its runs did not report the metric.
  const std::vector<double> base{100, 101, 99, 100.5, 99.5, 100, 101, 99, 100.2, 99.8};
  metric_series head{"fio.bw"};
  for (std::size_t r = 0; r < base.size(); ++r) {
    if (r == 3) head.push_missing();
    else head.push_back(base[r] * 1.05, sample_kind::floating);
  }
  matrix with_missing;
  with_missing.add(head);
  for (const policy_kind kind : {policy_kind::welch, policy_kind::mann_whitney}) {
    CAPTURE(static_cast<int>(kind));
    compare_options o;
    o.policy.kind = kind;
    const comparison c = compare({make_matrix({{"fio.bw", base}}), with_missing}, o);
    const auto* row = c.find("fio.bw");
    REQUIRE(row != nullptr);
    CHECK(row->verdicts[0].changed);
    CHECK(row->columns[1].n == 9);
  }
  // A series shorter than the run count (stats_source lists 10 runs): its padding is not tested either.
  compare_options o;
  o.policy.kind = policy_kind::welch;
  const std::vector<double> short_head{105, 106.05, 103.95, 105.5, 104.5, 105, 106.05};
  const comparison c = compare({make_matrix({{"fio.bw", base}}, 10), make_matrix({{"fio.bw", short_head}}, 10)}, o);
  REQUIRE(c.find("fio.bw") != nullptr);
  CHECK(c.find("fio.bw")->verdicts[0].changed);
}

namespace {

/// A matrix of another tool's results, with series of their own lengths (missing samples where given as
/// nullopt) and a unit.
matrix tool_matrix(std::vector<std::pair<std::string, std::vector<std::optional<double>>>> metrics) {
  matrix m;
  for (auto& [name, values] : metrics) {
    metric_series s{name};
    for (const auto& v : values) {
      if (v) s.push_back(*v, sample_kind::floating);
      else s.push_missing();
    }
    m.add(s);
  }
  m.set_origin({result_conventions::benchmark_tool, "go test"});
  return m;
}

std::vector<std::optional<double>> ramp(double from, std::size_t n, double step = 1) {
  std::vector<std::optional<double>> out;
  for (std::size_t i = 0; i < n; ++i) out.emplace_back(from + step * static_cast<double>(i));
  return out;
}

const comparison_row& row_named(const comparison& c, std::string_view name) {
  const comparison_row* row = c.find(name);
  REQUIRE(row != nullptr);
  return *row;
}

}  // namespace

TEST_CASE("other tools' results: a metric on one side only, or without samples, is never compared") {
  const auto base = tool_matrix({{"A.ns/op", ramp(100, 8)}, {"Gone.ns/op", ramp(200, 8)}, {"Failed.ns/op", ramp(5, 8)},
                                 {"BaseFailed.ns/op", {std::nullopt, std::nullopt}}});
  const auto head = tool_matrix({{"A.ns/op", ramp(100, 8)}, {"New.ns/op", ramp(1, 8)},
                                 {"Failed.ns/op", {std::nullopt, std::nullopt, std::nullopt}},
                                 {"BaseFailed.ns/op", ramp(7, 8)}});
  compare_options options;
  options.policy.kind = policy_kind::mann_whitney;
  options.policy.min_change_percent = 0;
  const comparison c = compare({base, head}, options);
  CHECK(c.conventions == result_conventions::benchmark_tool);
  CHECK(row_named(c, "Gone.ns/op").verdicts[0].sides == presence::gone);
  CHECK(row_named(c, "New.ns/op").verdicts[0].sides == presence::added);
  CHECK(row_named(c, "Failed.ns/op").verdicts[0].sides == presence::failed);
  CHECK(row_named(c, "BaseFailed.ns/op").verdicts[0].sides == presence::base_failed);
  CHECK(verdict_of(row_named(c, "Gone.ns/op"), 1) == change_verdict::gone);
  CHECK(verdict_of(row_named(c, "New.ns/op"), 1) == change_verdict::added);
  CHECK(verdict_of(row_named(c, "Failed.ns/op"), 1) == change_verdict::failed);
  CHECK(verdict_of(row_named(c, "BaseFailed.ns/op"), 1) == change_verdict::added);
  CHECK(verdict_of(row_named(c, "A.ns/op"), 1) == change_verdict::unchanged);
  // Nothing that was not compared joins the correction's family.
  for (const auto name : {"Gone.ns/op", "New.ns/op", "Failed.ns/op", "BaseFailed.ns/op"})
    CHECK(c.inference_of(row_named(c, name), 1) == nullptr);
  // A side without the metric shows no samples, not zeros.
  CHECK(row_named(c, "Gone.ns/op").columns[1].n == 0);
  CHECK(row_named(c, "Gone.ns/op").columns[1].runs == 0);
  std::vector<const comparison_row*> rows;
  for (const auto& r : c.rows) rows.push_back(&r);
  const verdict_counts counts = count_verdicts(rows);
  CHECK(counts.gone == 1);
  CHECK(counts.added == 2);
  CHECK(counts.failed == 1);
  CHECK(verdict_summary(counts) == "1 failed, 1 gone, 2 new, 1 unchanged");
}

TEST_CASE("other tools' results: each metric is compared on its own samples, never padded to the longest") {
  // Ten samples of 10.0-10.9 against 30.0-30.9, beside a metric of 30 samples: the robot's conventions pad
  // the short series with zeros (and find nothing); a tool's compare the ten present.
  auto base = tool_matrix({{"short.time", ramp(10, 10, 0.1)}, {"long.time", ramp(50, 30, 0.01)}});
  auto head = tool_matrix({{"short.time", ramp(30, 10, 0.1)}, {"long.time", ramp(50, 30, 0.01)}});
  compare_options options;
  options.policy.kind = policy_kind::mann_whitney;
  options.policy.min_change_percent = 0;
  const comparison tool = compare({base, head}, options);
  const comparison_row& row = row_named(tool, "short.time");
  CHECK(row.verdicts[0].changed);
  CHECK(row.columns[0].n == 10);
  CHECK(tool.inference_of(row, 1)->n_base == 10);
  options.conventions = result_conventions::robot;
  options.policy.kind = policy_kind::robot;
  options.policy.min_change_percent.reset();
  const comparison robot = compare({base, head}, options);
  CHECK(robot.conventions == result_conventions::robot);
  CHECK_FALSE(row_named(robot, "short.time").verdicts[0].changed);
}

TEST_CASE("the robot's results keep the robot's conventions: an absent metric is compared as zeros") {
  const auto base = make_matrix({{"fio.a", {1, 2, 3}}, {"dmesg.oops", {0, 0, 0}}}, 3);
  const auto head = make_matrix({{"fio.a", {1, 2, 3}}}, 3);
  const comparison c = compare({base, head});
  CHECK(c.conventions == result_conventions::robot);
  for (const auto& row : c.rows) CHECK(row.verdicts[0].sides == presence::both);
  CHECK(row_named(c, "dmesg.oops").columns[1].runs == 3);
}
