#include <doctest/doctest.h>

#include "perfmail/table/classic.hpp"
#include "perfmail/table/modern.hpp"

using namespace perfmail;
using namespace perfmail::modern;

namespace {
metric_series ints(std::vector<double> v) { return {"m", std::move(v), sample_kind::integer}; }
}  // namespace

TEST_CASE("modern value cell is chosen from the mean alone") {
  CHECK(value_cell(442.91) == "    442.91");
  CHECK(value_cell(999.994) == "    999.99");
  CHECK(value_cell(22918424) == "  22918424");
  CHECK(value_cell(1e8) == " 100000000");  // exactly 1e8 stays %d
  CHECK(value_cell(1.999e8) == " 1.999e+08");
  CHECK(value_cell(-0.0) == "     -0.00");
}

TEST_CASE("modern stddev cell") {
  CHECK(stddev_cell(summarize(std::vector<double>{5})) == "      ");
  CHECK(stddev_cell(summarize(std::vector<double>{-25})) == " \u00b1  4%");  // single sample: stddev -1
  CHECK(stddev_cell(summarize(std::vector<double>{100, 104})) == "      ");    // exactly 2% hidden
  CHECK(stddev_cell(summarize(std::vector<double>{100, 104.2})) == " \u00b1  2%");
  CHECK(stddev_cell(summarize(std::vector<double>{-3, 3})) == " \u00b1  3%");  // zero mean: raw
}

TEST_CASE("modern change cell is never blank") {
  CHECK(change_cell("vm-scalability.throughput", 22918424, 24793308) == "      +8.2% ");
  CHECK(change_cell("fio.x", 0, 0) == "    -100.0% ");  // 1e-100 replaces a zero base on both sides
  CHECK(change_cell("fio.x", 0, 5) == "   +5e+102% ");
  CHECK(change_cell("fio.x", 1, 1100) == "  +1.1e+05% ");
  CHECK(change_cell("mpstat.cpu.idle%", 37.80, 41.83) == "      +4.0  ");
  CHECK(change_cell("mpstat.cpu.soft%", 0.001, 0.001) == "      +0.0  ");
  CHECK(change_cell("perf-profile.self.x", 10, 10.01) == "      +0.0  ");
  CHECK(change_cell("perf-profile.self.x", 0, 200000) == "    +2e+05  ");
  CHECK(change_cell("perf-profile.self.x", 0, -160000) == "  -1.6e+05  ");
}

TEST_CASE("modern failure rows divide each column by its own run count") {
  const auto row = make_row("dmesg.x", {ints({0, 0, 0, 0, 0, 0, 0, 0, 0, 0}), ints({1, 0, 0, 0, 0, 0, 0, 0, 0})}, true);
  CHECK(row_line(row) == "           :10          11%           1:9     dmesg.x");
}

TEST_CASE("a row is one line whatever its metric name holds") {
  // Found by fuzz_table_render: a name holding a newline printed its row on two lines (in both dialects).
  const auto row = make_row("fio.a\nb\x1b", {ints({100}), ints({150})}, false);
  CHECK(row_line(row).ends_with("  fio.a\\x0Ab\\x1B"));
  CHECK(classic::row_line(row).ends_with("  fio.a\\x0Ab\\x1B"));
}

TEST_CASE("modern table puts failure rows first, each section under its own header") {
  table_header h;
  h.axes = {{"tbox_group", "box"}, {"testcase", "fio-basic"}};
  h.commits = {"0123456789abcdef0123456789abcdef01234567", "fedcba9876543210fedcba9876543210fedcba98"};
  const std::vector<comparison_row> rows{make_row("fio.x", {ints({100}), ints({150})}, false),
                                         make_row("dmesg.y", {ints({0, 0}), ints({1, 1})}, true)};
  const std::string expected =
      std::string(89, '=') +
      "\n"
      "tbox_group/testcase:\n"
      "  box/fio-basic\n"
      "\n"
      "commit: \n"
      "  0123456789abcdef0123456789abcdef01234567\n"
      "  fedcba9876543210fedcba9876543210fedcba98\n"
      "\n"
      "0123456789abcdef fedcba9876543210fedcba9876 \n"
      "---------------- -------------------------- \n"
      "       fail:runs  %reproduction    fail:runs\n"
      "           |             |             |    \n"
      "           :2          100%           2:2     dmesg.y\n"
      "         %stddev     %change         %stddev\n"
      "             \\          |                \\  \n"
      "    100.00           +50.0%     150.00        fio.x\n"
      "\n";
  CHECK(render_modern(h, rows) == expected);
}

TEST_CASE("modern sums from zero: a column of -0.0 prints 0.00") {
  const auto row = make_row("fio.x", {metric_series{"m", {-0.0, -0.0}}, metric_series{"m", {5.5}}}, false);
  CHECK(row_line(row).starts_with("      0.00"));
}
