#include <doctest/doctest.h>

#include "perfmail/analysis/comparison.hpp"
#include "perfmail/table/render.hpp"

#include <string>
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
