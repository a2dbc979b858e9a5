#include <doctest/doctest.h>

#include "perfmail/analysis/verdict.hpp"
#include "perfmail/table/markdown.hpp"
#include "perfmail/table/render.hpp"
#include "support/rows.hpp"

#include <string>
#include <vector>

using namespace perfmail;
using namespace perfmail::testing;

namespace {

/// A row of `base` and `head` samples whose policy decision is `changed` (verdicts are the policy's to
/// give; these tests read them).
owned_row decided(std::string name, std::vector<double> base, std::vector<double> head, bool changed = true) {
  auto r = row_of({floats(name, std::move(base)), floats(name, std::move(head))});
  column_verdict verdict;
  verdict.changed = changed;
  r.row.verdicts.assign(1, verdict);
  r.row.selected = changed;
  return r;
}

}  // namespace

TEST_CASE("the verdict follows the direction of the metric and the way its mean moved") {
  CHECK(verdict_of(decided("fio.write_bw_MBps", {100, 100}, {120, 120}).row, 1) == change_verdict::improvement);
  CHECK(verdict_of(decided("fio.write_bw_MBps", {100, 100}, {80, 80}).row, 1) == change_verdict::regression);
  CHECK(verdict_of(decided("fio.write_clat_mean_us", {50, 50}, {60, 60}).row, 1) == change_verdict::regression);
  CHECK(verdict_of(decided("fio.write_clat_mean_us", {50, 50}, {40, 40}).row, 1) == change_verdict::improvement);
  // No direction rule: a change nobody can call better or worse.
  CHECK(verdict_of(decided("vmstat.cpu.us", {10, 10}, {20, 20}).row, 1) == change_verdict::changed);
  // A change of spread alone (--variance) moves no mean.
  CHECK(verdict_of(decided("fio.write_bw_MBps", {90, 110}, {50, 150}).row, 1) == change_verdict::changed);
  // The policy's decision comes first: what it did not select is unchanged, however far it moved.
  CHECK(verdict_of(decided("fio.write_bw_MBps", {100, 100}, {80, 80}, false).row, 1) == change_verdict::unchanged);
  // No such column.
  CHECK(verdict_of(decided("fio.write_bw_MBps", {100, 100}, {80, 80}).row, 2) == change_verdict::unchanged);
  CHECK(verdict_of(decided("fio.write_bw_MBps", {100, 100}, {80, 80}).row, 0) == change_verdict::unchanged);
}

TEST_CASE("failure counts are better fewer, pass counts better more") {
  auto more_failures = decided("dmesg.BUG:soft_lockup", {0, 0, 0, 0}, {1, 0, 1, 1});
  REQUIRE(more_failures.row.failure());
  CHECK(direction_of(more_failures.row) == better::lower);
  CHECK(verdict_of(more_failures.row, 1) == change_verdict::regression);
  CHECK(verdict_of(decided("dmesg.BUG:soft_lockup", {1, 1, 1, 1}, {0, 0, 0, 0}).row, 1) == change_verdict::improvement);
  auto passes = decided("kernel-selftests.x86.test.pass", {0, 0, 0, 0}, {1, 1, 1, 1});
  REQUIRE(passes.row.failure());
  CHECK(direction_of(passes.row) == better::higher);
  CHECK(verdict_of(passes.row, 1) == change_verdict::improvement);
  // The same share of runs failing, more failures in each: the count per run decides.
  CHECK(verdict_of(decided("dmesg.BUG:soft_lockup", {1, 1}, {3, 3}).row, 1) == change_verdict::regression);
}

TEST_CASE("the classic table's noise filter makes a dropped row no change") {
  auto noisy = decided("fio.write_bw_MBps", {10, 100}, {300, 310});
  noisy.row.noisy = true;
  CHECK(verdict_of(noisy.row, 1) == change_verdict::improvement);
  CHECK(verdict_of(noisy.row, 1, {.drop_noisy = true}) == change_verdict::unchanged);
}

TEST_CASE("a row's verdict is the gravest of its columns'") {
  auto r = row_of({floats("fio.write_bw_MBps", {100, 100}), floats("fio.write_bw_MBps", {120, 120}),
                   floats("fio.write_bw_MBps", {80, 80})});
  column_verdict changed;
  changed.changed = true;
  r.row.verdicts.assign({changed, column_verdict{}});
  CHECK(row_verdict(r.row) == change_verdict::improvement);
  r.row.verdicts[1].changed = true;
  CHECK(row_verdict(r.row) == change_verdict::regression);
  const std::vector<const comparison_row*> rows{&r.row};
  CHECK(count_verdicts(rows) == verdict_counts{.regressions = 1, .improvements = 1});
}

TEST_CASE("counts add up in every state") {
  verdict_counts a{.regressions = 1, .improvements = 2, .changed = 3, .unchanged = 4, .gone = 5, .added = 6, .failed = 7};
  a += verdict_counts{.regressions = 10, .improvements = 20, .changed = 30, .unchanged = 40, .gone = 50, .added = 60,
                      .failed = 70};
  CHECK(a == verdict_counts{.regressions = 11, .improvements = 22, .changed = 33, .unchanged = 44, .gone = 55,
                            .added = 66, .failed = 77});
}

TEST_CASE("the summary line counts each verdict, grouped by thousands") {
  CHECK(verdict_summary({}) == "no changes, 0 unchanged");
  CHECK(verdict_summary({.unchanged = 12}) == "no changes, 12 unchanged");
  CHECK(verdict_summary({.regressions = 2, .improvements = 1, .unchanged = 9997}) ==
        "2 regressions, 1 improvement, 9,997 unchanged");
  CHECK(verdict_summary({.regressions = 1, .changed = 1, .unchanged = 1'000'000}) ==
        "1 regression, 1 change of unknown direction, 1,000,000 unchanged");
  CHECK(verdict_summary({.improvements = 1000, .changed = 3, .unchanged = 999}) ==
        "1,000 improvements, 3 changes of unknown direction, 999 unchanged");
}

TEST_CASE("the headline prefers the most important regression, else the first performance row") {
  auto gain = decided("fio.write_bw_MBps", {100, 100}, {106, 106});
  auto latency = decided("fio.write_clat_mean_us", {50, 50}, {57, 57});
  auto small_latency = decided("fio.read_clat_mean_us", {50, 50}, {51, 51});
  auto monitor = decided("vmstat.system.cs_latency", {50, 50}, {100, 100});
  auto failure = decided("dmesg.BUG:soft_lockup", {0, 0}, {1, 1});
  REQUIRE(latency.row.cls.own_metric);
  REQUIRE(!monitor.row.cls.own_metric);
  using rows = std::vector<const comparison_row*>;
  // Today's case: a +14% latency regression after a +6% improvement.
  CHECK(headline_row_of(rows{&gain.row, &latency.row}) == &latency.row);
  // The larger of two regressions of the test's own metrics.
  CHECK(headline_row_of(rows{&gain.row, &small_latency.row, &latency.row}) == &latency.row);
  // The test's own metric before a monitor's larger change.
  CHECK(headline_row_of(rows{&monitor.row, &small_latency.row}) == &small_latency.row);
  // No regression: the first performance row printed, as the robot's emails do; failures never.
  CHECK(headline_row_of(rows{&failure.row, &gain.row}) == &gain.row);
  CHECK(headline_row_of(rows{&failure.row}) == nullptr);
  CHECK(headline_row_of(rows{}) == nullptr);
}

TEST_CASE("rows take the colour of their verdict only when asked") {
  auto latency = decided("fio.write_clat_mean_us", {50, 50}, {57, 57});
  auto gain = decided("fio.write_bw_MBps", {100, 100}, {106, 106});
  auto cpu = decided("vmstat.cpu.us", {10, 10}, {20, 20});
  const std::vector<const comparison_row*> rows{&latency.row, &gain.row, &cpu.row};
  table_header header;
  header.commits = {"base", "head"};
  const std::string plain = render_table(table_dialect::modern, header, rows);
  CHECK(plain.find('\x1b') == std::string::npos);
  const std::string coloured = render_table(table_dialect::modern, header, rows, {.colour = true});
  CHECK(coloured.find("\x1b[31m") != std::string::npos);
  CHECK(coloured.find("\x1b[32m") != std::string::npos);
  CHECK(coloured.find("\x1b[31m     50.00  ") != std::string::npos);
  CHECK(coloured.find("fio.write_clat_mean_us\x1b[0m\n") != std::string::npos);
  CHECK(coloured.find("vmstat.cpu.us\n") != std::string::npos);
}

TEST_CASE("a Markdown table escapes what Markdown would read and keeps a cell per column") {
  auto odd = decided("lat|p99_*ms*", {50, 50}, {57, 57});
  const std::vector<const comparison_row*> rows{&odd.row};
  table_header header;
  header.commits = {"v6.1", "<head>"};
  const std::string md = render_markdown(header, rows);
  CHECK(md ==
        "| metric | v6.1 | \\<head\\> | change | verdict |\n"
        "| :--- | ---: | ---: | ---: | :--- |\n"
        "| lat\\|p99\\_\\*ms\\* | 50.00 | 57.00 | +14.0% | changed |\n"
        "\n");
}
