#include <doctest/doctest.h>

#include "perfmail/table/classic.hpp"

using namespace perfmail;
using namespace perfmail::classic;

namespace {
metric_series floats(std::vector<double> v) { return {"m", std::move(v), sample_kind::floating}; }
metric_series ints(std::vector<double> v) { return {"m", std::move(v), sample_kind::integer}; }
}  // namespace

TEST_CASE("classic number mode comes from every sample of every column") {
  const std::vector<metric_series> small_float{ints({500}), floats({5.5})};
  CHECK(number_mode_of(small_float) == number_mode{true, false});
  const std::vector<metric_series> zero_float{floats({0.0}), ints({500})};
  CHECK(number_mode_of(zero_float) == number_mode{false, false});  // a zero float does not count
  const std::vector<metric_series> big{ints({100000000}), ints({5})};
  CHECK(number_mode_of(big) == number_mode{false, true});  // exactly 1e8 switches to exponent mode
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
  CHECK(stddev_cell(summarize(std::vector<double>{5})) == "      ");  // one sample
  CHECK(stddev_cell(summarize(std::vector<double>{100, 106})) == "      ");  // exactly 3% is hidden
  CHECK(stddev_cell(summarize(std::vector<double>{100, 106.2})) == " \u00b1  3%");
  CHECK(stddev_cell(summarize(std::vector<double>{0, 0, 10382, 0, 0})) == " \u00b1200%");  // x (1.0/n)
  CHECK(stddev_cell(summarize(std::vector<double>{-1000, 1000})) == " \u00b11000%");      // zero mean: raw
  CHECK(stddev_cell(summarize(std::vector<double>{-100, -200})) == "      ");              // negative mean
}

TEST_CASE("classic change cell") {
  CHECK(change_cell("fio.write_bw_MBps", 66.58, 82.64) == "      24% ");
  CHECK(change_cell("fio.x", 100, 102.9) == "          ");  // below 3%
  CHECK(change_cell("fio.x", 0, 5) == "          ");      // over a zero base
  CHECK(change_cell("fio.x", 1, 1000.9) == "   99990% ");
  CHECK(change_cell("fio.x", 1, 1001.1) == "   1e+05% ");
  CHECK(change_cell("fio.x", 5, 0) == "    -100% ");
  CHECK(change_cell("latency_stats.max.x", 1659, 187515) == "    2e+05 ");
  CHECK(change_cell("perf-profile.self.x", 0, 5) == "        5 ");
  CHECK(change_cell("mpstat.cpu.idle%", 37.8, 41.83) == "      11% ");  // `%` metrics are relative here
}

TEST_CASE("classic failure cells: count:runs and the per-column reproduction") {
  CHECK(failure_cell(0, 10, {}) == "           :10  ");
  CHECK(failure_cell(1, 9, {}) == "          1:9   ");
  CHECK(failure_cell(2, 3, {true, false}) == "      2.00:3   ");
  const auto row = make_row("dmesg.x", {ints({0, 0, 0, 0, 0, 0, 0, 0, 0, 0}), ints({1, 0, 0, 0, 0, 0, 0, 0, 0})}, true);
  CHECK(failure_change_cell(row.changes[0]) == "      11% ");
  CHECK(row_line(row) == "           :10          11%           1:9     dmesg.x");
}

TEST_CASE("classic noise filter") {
  CHECK(is_noise(make_row("fio.x", {floats({1, 10}), floats({5})}, false)));
  CHECK(is_noise(make_row("fio.x", {floats({9, 10}), floats({5, 50})}, false)));
  CHECK_FALSE(is_noise(make_row("fio.x", {floats({9, 10}), floats({5, 6})}, false)));
  CHECK(is_noise(make_row("fio.x", {floats({-9, -10}), floats({5})}, false)));
  CHECK_FALSE(is_noise(make_row("latency_stats.max.x", {floats({1, 10}), floats({5})}, false)));
  CHECK_FALSE(is_noise(make_row("dmesg.x", {ints({0, 10}), ints({5})}, true)));
  CHECK_FALSE(is_noise(make_row("fio.x", {floats({-5}), floats({5})}, false)));  // one sample: no spread
}

TEST_CASE("classic table with three columns repeats each header unit") {
  table_header h;
  h.testcase = "t";
  h.path_params = "p";
  h.tbox_group = "b";
  h.commits = {"aaaaaaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "c"};
  const std::vector<comparison_row> rows{
      make_row("fio.x", {ints({100}), ints({150}), ints({200})}, false)};
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
  const auto row = make_row("fio.x", {floats({-0.0, -0.0}), floats({5.5})}, false);
  CHECK(row_line(row).starts_with("     -0.00"));
}
