#include <doctest/doctest.h>

#include "perfmail/table/classic.hpp"
#include "perfmail/table/modern.hpp"
#include "support/rows.hpp"

using namespace perfmail;
using namespace perfmail::modern;
using namespace perfmail::testing;

namespace {
column_summary column_of(std::vector<double> samples) {
  return row_of({floats("m", samples), floats("m", samples)}).row.columns[0];
}
std::string change_of(const std::string& name, double base, double head) {
  const auto r = row_of({floats(name, {base}), floats(name, {head})});
  return change_cell(r.row.cls, r.row.change(1));
}
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
  CHECK(stddev_cell(column_of({5})) == "      ");
  CHECK(stddev_cell(column_of({-25})) == " \u00b1  4%");  // single sample: stddev -1
  CHECK(stddev_cell(column_of({100, 104})) == "      ");    // exactly 2% hidden
  CHECK(stddev_cell(column_of({100, 104.2})) == " \u00b1  2%");
  CHECK(stddev_cell(column_of({-3, 3})) == " \u00b1  3%");  // zero mean: raw
}

TEST_CASE("modern change cell is never blank") {
  CHECK(change_of("vm-scalability.throughput", 22918424, 24793308) == "      +8.2% ");
  CHECK(change_of("fio.x", 0, 0) == "    -100.0% ");  // 1e-100 replaces a zero base on both sides
  CHECK(change_of("fio.x", 0, 5) == "   +5e+102% ");
  CHECK(change_of("fio.x", 1, 1100) == "  +1.1e+05% ");
  CHECK(change_of("mpstat.cpu.idle%", 37.80, 41.83) == "      +4.0  ");
  CHECK(change_of("mpstat.cpu.soft%", 0.001, 0.001) == "      +0.0  ");
  CHECK(change_of("perf-profile.self.x", 10, 10.01) == "      +0.0  ");
  CHECK(change_of("perf-profile.self.x", 0, 200000) == "    +2e+05  ");
  CHECK(change_of("perf-profile.self.x", 0, -160000) == "  -1.6e+05  ");
}

TEST_CASE("modern failure rows divide each column by its own run count") {
  const auto r = row_of({ints("dmesg.x", {0, 0, 0, 0, 0, 0, 0, 0, 0, 0}), ints("dmesg.x", {1, 0, 0, 0, 0, 0, 0, 0, 0})});
  CHECK(row_line(r.row) == "           :10          11%           1:9     dmesg.x");
}

TEST_CASE("a row is one line whatever its metric name holds") {
  // Found by fuzz_table_render: a name holding a newline printed its row on two lines (in both dialects).
  const auto r = row_of({ints("fio.a\nb\x1b", {100}), ints("fio.a\nb\x1b", {150})});
  CHECK(row_line(r.row).ends_with("  fio.a\\x0Ab\\x1B"));
  CHECK(classic::row_line(r.row).ends_with("  fio.a\\x0Ab\\x1B"));
}

TEST_CASE("modern table puts failure rows first, each section under its own header") {
  table_header h;
  h.axes = {{"tbox_group", "box"}, {"testcase", "fio-basic"}};
  h.commits = {"0123456789abcdef0123456789abcdef01234567", "fedcba9876543210fedcba9876543210fedcba98"};
  const auto x = row_of({ints("fio.x", {100}), ints("fio.x", {150})});
  const auto y = row_of({ints("dmesg.y", {0, 0}), ints("dmesg.y", {1, 1})});
  const std::vector<const comparison_row*> rows{&x.row, &y.row};
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
  const auto r = row_of({floats("fio.x", {-0.0, -0.0}), floats("fio.x", {5.5})});
  CHECK(row_line(r.row).starts_with("      0.00"));
}
