#include <doctest/doctest.h>

#include "perfmail/table/classic.hpp"
#include "support/rows.hpp"

using namespace perfmail;
using namespace perfmail::classic;
using namespace perfmail::testing;

namespace {
/// A column's summary of `samples`, as a row computes it.
column_summary column_of(std::vector<double> samples) {
  return row_of({floats("m", samples), floats("m", samples)}).row.columns[0];
}
/// The classic change cell of `name` from `base` to `head` (one sample each).
std::string change_of(const std::string& name, double base, double head) {
  const auto r = row_of({floats(name, {base}), floats(name, {head})});
  return change_cell(r.row.cls, r.row.change(1));
}
}  // namespace

TEST_CASE("classic number mode comes from every sample of every column") {
  CHECK(number_mode_of(row_of({ints("m", {500}), floats("m", {5.5})}).row) == number_mode{true, false});
  // a zero float does not count
  CHECK(number_mode_of(row_of({floats("m", {0.0}), ints("m", {500})}).row) == number_mode{false, false});
  // exactly 1e8 switches to exponent mode
  CHECK(number_mode_of(row_of({ints("m", {100000000}), ints("m", {5})}).row) == number_mode{false, true});
}

TEST_CASE("classic value cell") {
  CHECK(value_cell(442.91, {}) == "       442");
  CHECK(value_cell(66.58, {true, false}) == "     66.58");
  CHECK(value_cell(1e8, {false, true}) == "     1e+08");
  CHECK(value_cell(-2e8, {false, true}) == "    -2e+08");
  CHECK(value_cell(95320324, {false, true}) == "  95320324");
  CHECK(value_cell(95320324, {true, true}) == " 9.532e+07");
}

TEST_CASE("classic stddev cell") {
  CHECK(stddev_cell(column_of({5})) == "      ");                 // one sample
  CHECK(stddev_cell(column_of({100, 106})) == "      ");           // exactly 3% is hidden
  CHECK(stddev_cell(column_of({100, 106.2})) == " \u00b1  3%");
  CHECK(stddev_cell(column_of({0, 0, 10382, 0, 0})) == " \u00b1200%");  // x (1.0/n)
  CHECK(stddev_cell(column_of({-1000, 1000})) == " \u00b11000%");      // zero mean: raw
  CHECK(stddev_cell(column_of({-100, -200})) == "      ");              // negative mean
}

TEST_CASE("classic change cell") {
  CHECK(change_of("fio.write_bw_MBps", 66.58, 82.64) == "      24% ");
  CHECK(change_of("fio.x", 100, 102.9) == "          ");  // below 3%
  CHECK(change_of("fio.x", 0, 5) == "          ");      // over a zero base
  CHECK(change_of("fio.x", 1, 1000.9) == "   99990% ");
  CHECK(change_of("fio.x", 1, 1001.1) == "   1e+05% ");
  CHECK(change_of("fio.x", 5, 0) == "    -100% ");
  CHECK(change_of("latency_stats.max.x", 1659, 187515) == "    2e+05 ");
  CHECK(change_of("perf-profile.self.x", 0, 5) == "        5 ");
  CHECK(change_of("mpstat.cpu.idle%", 37.8, 41.83) == "      11% ");  // `%` metrics are relative here
}

TEST_CASE("classic failure cells: count:runs and the per-column reproduction") {
  const auto zeros = row_of({ints("dmesg.x", std::vector<double>(10, 0)), ints("dmesg.x", std::vector<double>(10, 0))});
  CHECK(failure_cell(zeros.row.columns[0], {}) == "           :10  ");
  const auto r = row_of({ints("dmesg.x", {0, 0, 0, 0, 0, 0, 0, 0, 0, 0}), ints("dmesg.x", {1, 0, 0, 0, 0, 0, 0, 0, 0})});
  CHECK(failure_cell(r.row.columns[1], {}) == "          1:9   ");
  CHECK(failure_cell(row_of({floats("dmesg.x", {1, 1, 0}), floats("dmesg.x", {0})}).row.columns[0], {true, false}) ==
        "      2.00:3   ");
  CHECK(failure_change_cell(r.row.change(1)) == "      11% ");
  CHECK(row_line(r.row) == "           :10          11%           1:9     dmesg.x");
}

TEST_CASE("classic noise filter: the row's verdict, computed by the analysis") {
  CHECK(row_of({floats("fio.x", {1, 10}), floats("fio.x", {5})}).row.noisy);
  CHECK(row_of({floats("fio.x", {9, 10}), floats("fio.x", {5, 50})}).row.noisy);
  CHECK_FALSE(row_of({floats("fio.x", {9, 10}), floats("fio.x", {5, 6})}).row.noisy);
  CHECK(row_of({floats("fio.x", {-9, -10}), floats("fio.x", {5})}).row.noisy);
  CHECK_FALSE(row_of({floats("latency_stats.max.x", {1, 10}), floats("latency_stats.max.x", {5})}).row.noisy);
  CHECK_FALSE(row_of({ints("dmesg.x", {0, 10}), ints("dmesg.x", {5})}).row.noisy);
  CHECK_FALSE(row_of({floats("fio.x", {-5}), floats("fio.x", {5})}).row.noisy);  // one sample: no spread
}

TEST_CASE("classic table with three columns repeats each header unit") {
  // Built in place rather than assigned: GCC 12 at -O2 warns (-Wrestrict) on a short literal assigned
  // to a string here, a false warning of its own.
  const table_header h{.testcase = "t",
                       .path_params = "p",
                       .tbox_group = "b",
                       .axes = {},
                       .commits = {"aaaaaaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "c"},
                       .commit_lines = {}};
  const auto r = row_of({ints("fio.x", {100}), ints("fio.x", {150}), ints("fio.x", {200})});
  const std::vector<const comparison_row*> rows{&r.row};
  const std::string expected =
      "testcase/path_params/tbox_group/run: t/p/b\n"
      "\n"
      "aaaaaaaaaaaaaaaa  bbbbbbbbbbbbbbbbbbbbbbbbbb                           c  \n"
      "----------------  --------------------------  --------------------------  \n"
      "         %stddev      change         %stddev      change         %stddev\n"
      "             \\          |                \\          |                \\  \n"
      "       100              50%        150             100%        200        fio.x\n"
      "\n";
  CHECK(render_classic(h, rows) == expected);
}

TEST_CASE("classic sums from the first sample: a column of -0.0 prints -0.00 in float mode") {
  const auto r = row_of({floats("fio.x", {-0.0, -0.0}), floats("fio.x", {5.5})});
  CHECK(row_line(r.row).starts_with("     -0.00"));
}
