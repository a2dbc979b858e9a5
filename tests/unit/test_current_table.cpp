#include <doctest/doctest.h>

#include "perfmail/error.hpp"
#include "perfmail/analysis/comparison.hpp"
#include "perfmail/io/matrix_json.hpp"
#include "perfmail/stats/summary.hpp"
#include "perfmail/table/current.hpp"
#include "perfmail/table/render.hpp"

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

using namespace perfmail;

// The current table dialect (FORMAT-current.md 7.9 to 7.11): its header, its rows (the modern ones),
// lkp-tests' order of today and its compensated mean.

namespace {

std::shared_ptr<const matrix> matrix_of(std::string_view json) {
  return std::make_shared<const matrix>(io::parse_matrix(json, "inline"));
}

comparison compared(std::string_view base, std::string_view head, const compare_options& options) {
  return compare({matrix_of(base), matrix_of(head)}, options);
}

/// The rows' names in order, joined by spaces (a failed check shows them).
std::string names_of(const comparison& c, bool selected_only = false) {
  std::string out;
  for (const auto& r : c.rows) {
    if (selected_only && !r.selected) continue;
    if (!out.empty()) out += ' ';
    out += r.name;
  }
  return out;
}

std::vector<const comparison_row*> selected_rows(const comparison& c) {
  std::vector<const comparison_row*> out;
  for (const auto& r : c.rows)
    if (r.selected) out.push_back(&r);
  return out;
}

const std::string base_id = "2b837027cdc60ac3c1ab3bc1b4d6ab1c1ea1d3a4";
const std::string head_id = "e932fd3f1772e1fbc0b90dcfb4fbc689729a48f8";

table_header sample_header() {
  table_header h;
  h.testcase = "fio-basic";
  h.tbox_group = "lkp-bdw-de1";
  // In job order: the current table sorts them.
  h.axes = {{"testcase", "fio-basic"}, {"tbox_group", "lkp-bdw-de1"}, {"fs2", "nfsv4"}, {"fs", "btrfs"}, {"disk", "1SSD"}};
  h.commits = {base_id, head_id};
  h.commit_lines = {"2b837027cd (\"mm: base\")", "e932fd3f17 (\"mm: vmscan: kick flushers\")"};
  return h;
}

const std::string sample_base = R"({"fio.write_bw_MBps": [66, 67, 65], "perf-profile.self.cycles-pp.foo": [10.0, 10.2, 10.1]})";
const std::string sample_head = R"({"fio.write_bw_MBps": [82, 83, 81], "perf-profile.self.cycles-pp.foo": [12.0, 12.1, 12.2]})";

compare_options given_order() {
  compare_options o;
  o.all = true;
  o.order = row_order::given;
  return o;
}

}  // namespace

TEST_CASE("current table: axes sorted as key=value strings, byte by byte") {
  const std::vector<std::pair<std::string, std::string>> axes{
      {"fs", "btrfs"}, {"fs2", "nfsv4"}, {"disk", "1SSD"}, {"fs1", "ext4"}};
  const auto sorted = current::sorted_axes(axes);
  REQUIRE(sorted.size() == 4);
  CHECK(sorted[0].first == "disk");
  CHECK(sorted[1].first == "fs1");  // '1' and '2' sort before '='
  CHECK(sorted[2].first == "fs2");
  CHECK(sorted[3].first == "fs");
  CHECK(current::head_width == 27);
}

TEST_CASE("current table: render_current of a small comparison, to the character") {
  const comparison c = compared(sample_base, sample_head, given_order());
  const auto rows = selected_rows(c);
  REQUIRE(rows.size() == 2);
  const std::string expected =
      "=========================================================================================\n"
      "disk/fs2/fs/tbox_group/testcase:\n"
      "  1SSD/nfsv4/btrfs/lkp-bdw-de1/fio-basic\n"
      "\n"
      "commit: \n"
      "  2b837027cd (\"mm: base\")\n"
      "  e932fd3f17 (\"mm: vmscan: kick flushers\")\n"
      "\n"
      "2b837027cdc60ac3 e932fd3f1772e1fbc0b90dcfb4f \n"
      "---------------- --------------------------- \n"
      "         %stddev     %change         %stddev\n"
      "             \\          |                \\  \n"
      "     66.00           +24.2%      82.00        fio.write_bw_MBps\n"
      "     10.10            +2.0       12.10        perf-profile.self.cycles-pp.foo\n"
      "\n";
  CHECK(render_current(sample_header(), rows) == expected);
  CHECK(render_table(table_dialect::current, sample_header(), rows) == expected);

  SUBCASE("the rows are the modern table's, under a different header") {
    const std::string modern = render_table(table_dialect::modern, sample_header(), rows);
    const std::string rows_text = expected.substr(expected.find("         %stddev"));
    CHECK(modern.ends_with(rows_text));
    CHECK(modern.find("commit: \n  " + base_id + "\n  " + head_id + "\n") != std::string::npos);
    CHECK(modern.find("e932fd3f1772e1fbc0b90dcfb4 \n") != std::string::npos);  // 26 wide there
  }
  SUBCASE("printed_change of the current table is the modern one") {
    for (const comparison_row* row : rows) {
      CAPTURE(row->name);
      CHECK(printed_change(table_dialect::current, *row) == printed_change(table_dialect::modern, *row));
    }
    CHECK(printed_change(table_dialect::current, *rows[0]) == "+24.2%");
    CHECK(printed_change(table_dialect::current, *rows[1]) == "+2.0");
  }
}

TEST_CASE("current table: a release tag stands right-aligned in the id line; no commit lines prints the ids") {
  const comparison c = compared(sample_base, sample_head, given_order());
  const auto rows = selected_rows(c);
  table_header h = sample_header();
  h.commits = {"v6.16-rc4", "9b8b84879d4adc506b0d3944e20a7e3c3bbf5d6e"};
  h.commit_lines = {"v6.16-rc4", "9b8b84879d (\"mm: something\")"};
  const std::string text = render_current(h, rows);
  CHECK(text.find("commit: \n  v6.16-rc4\n  9b8b84879d (\"mm: something\")\n\n"
                  "       v6.16-rc4 9b8b84879d4adc506b0d3944e20 \n"
                  "---------------- --------------------------- \n") != std::string::npos);
  h.commit_lines.clear();
  CHECK(render_current(h, rows).find("commit: \n  v6.16-rc4\n  9b8b84879d4adc506b0d3944e20a7e3c3bbf5d6e\n\n") !=
        std::string::npos);
  SUBCASE("commit lines must name every column") {
    h.commit_lines = {"v6.16-rc4"};
    CHECK_THROWS_WITH_AS((void)render_current(h, rows), "the table has 2 columns but 1 commit lines were given",
                         usage_error);
  }
}

TEST_CASE("current table: failure rows under their own header, first") {
  const comparison c = compared(R"({"fio.write_bw_MBps": [66, 67, 65], "dmesg.WARNING:at_foo": [0, 0, 0]})",
                                R"({"fio.write_bw_MBps": [82, 83, 81], "dmesg.WARNING:at_foo": [1, 1, 1]})", given_order());
  table_header h = sample_header();
  h.axes = {{"testcase", "fio-basic"}};
  const std::string text = render_current(h, selected_rows(c));
  CHECK(text.find("---------------- --------------------------- \n"
                  "       fail:runs  %reproduction    fail:runs\n"
                  "           |             |             |    \n"
                  "           :3          100%           3:3     dmesg.WARNING:at_foo\n"
                  "         %stddev     %change         %stddev\n") != std::string::npos);
}

TEST_CASE("row order: robot_families puts the test program's family first, or by its count") {
  // fio (3 rows), meminfo (1), vmstat (2): fio is a test program.
  const std::string base = R"({"vmstat.b": [1, 1, 1], "fio.c": [1, 1, 1], "meminfo.a": [1, 1, 1],
                               "fio.b": [1, 1, 1], "vmstat.a": [1, 1, 1], "fio.a": [1, 1, 1]})";
  const std::string head = R"({"vmstat.b": [2, 2, 2], "fio.c": [2, 2, 2], "meminfo.a": [2, 2, 2],
                               "fio.b": [2, 2, 2], "vmstat.a": [2, 2, 2], "fio.a": [2, 2, 2]})";
  compare_options o;
  o.all = true;
  o.order = row_order::robot_families;
  SUBCASE("testcase first (lkp-tests until mid 2023 and from 2026-03)") {
    o.testcase_first = true;
    CHECK(names_of(compared(base, head, o)) ==
          "fio.a fio.b fio.c meminfo.a vmstat.a vmstat.b");
  }
  SUBCASE("by count (2023-06 to 2026-02)") {
    o.testcase_first = false;
    CHECK(names_of(compared(base, head, o)) ==
          "meminfo.a vmstat.a vmstat.b fio.a fio.b fio.c");
  }
  SUBCASE("a family that is no test program is never forced first") {
    o.testcase_first = true;
    const std::string b = R"({"vmstat.a": [1, 1, 1], "vmstat.b": [1, 1, 1], "meminfo.a": [1, 1, 1]})";
    const std::string h = R"({"vmstat.a": [2, 2, 2], "vmstat.b": [2, 2, 2], "meminfo.a": [2, 2, 2]})";
    CHECK(names_of(compared(b, h, o)) == "meminfo.a vmstat.a vmstat.b");
  }
  SUBCASE("families of equal count by name") {
    o.testcase_first = false;
    const std::string b = R"({"zz.a": [1, 1, 1], "aa.a": [1, 1, 1], "mm.a": [1, 1, 1]})";
    const std::string h = R"({"zz.a": [2, 2, 2], "aa.a": [2, 2, 2], "mm.a": [2, 2, 2]})";
    CHECK(names_of(compared(b, h, o)) == "aa.a mm.a zz.a");
  }
}

TEST_CASE("row order: failure families first, by -10000 + their count") {
  const std::string base = R"({"meminfo.a": [1, 1, 1], "dmesg.b": [0, 0, 0], "stderr.x": [0, 0, 0],
                               "dmesg.a": [0, 0, 0], "fio.a": [1, 1, 1]})";
  const std::string head = R"({"meminfo.a": [2, 2, 2], "dmesg.b": [1, 1, 1], "stderr.x": [1, 1, 1],
                               "dmesg.a": [1, 1, 1], "fio.a": [2, 2, 2]})";
  compare_options o;
  o.all = true;
  o.order = row_order::robot_families;
  const comparison c = compared(base, head, o);
  // stderr (-9999) before dmesg (-9998), both before the test's family (0) and meminfo (1).
  CHECK(names_of(c) == "stderr.x dmesg.a dmesg.b fio.a meminfo.a");
  CHECK(c.rows[0].failure());
}

TEST_CASE("row order: perf-profile calltrace, children, self, each by change ascending") {
  const std::string base = R"({"perf-profile.self.cycles-pp.a": [10.0, 10.0],
                               "perf-profile.children.cycles-pp.b": [10.0, 10.0],
                               "perf-profile.calltrace.cycles-pp.d": [10.0, 10.0],
                               "perf-profile.children.cycles-pp.c": [10.0, 10.0],
                               "perf-profile.calltrace.cycles-pp.e": [10.0, 10.0],
                               "perf-profile.self.cycles-pp.f": [10.0, 10.0]})";
  const std::string head = R"({"perf-profile.self.cycles-pp.a": [11.0, 11.0],
                               "perf-profile.children.cycles-pp.b": [13.0, 13.0],
                               "perf-profile.calltrace.cycles-pp.d": [10.5, 10.5],
                               "perf-profile.children.cycles-pp.c": [8.0, 8.0],
                               "perf-profile.calltrace.cycles-pp.e": [9.5, 9.5],
                               "perf-profile.self.cycles-pp.f": [9.0, 9.0]})";
  compare_options o;
  o.all = true;
  o.order = row_order::robot_families;
  CHECK(names_of(compared(base, head, o)) ==
        "perf-profile.calltrace.cycles-pp.e perf-profile.calltrace.cycles-pp.d perf-profile.children.cycles-pp.c perf-profile.children.cycles-pp.b perf-profile.self.cycles-pp.f perf-profile.self.cycles-pp.a");
  SUBCASE("rows of equal keys keep their order") {
    const std::string b = R"({"perf-profile.self.cycles-pp.z": [10.0, 10.0], "perf-profile.self.cycles-pp.y": [10.0, 10.0],
                              "perf-profile.self.cycles-pp.x": [10.0, 10.0]})";
    const std::string h = R"({"perf-profile.self.cycles-pp.z": [11.0, 11.0], "perf-profile.self.cycles-pp.y": [11.0, 11.0],
                              "perf-profile.self.cycles-pp.x": [11.0, 11.0]})";
    CHECK(names_of(compared(b, h, o)) == "perf-profile.self.cycles-pp.z perf-profile.self.cycles-pp.y perf-profile.self.cycles-pp.x");
  }
}

TEST_CASE("row order: families are counted over the selected rows only") {
  // meminfo has 3 rows but 1 changed; vmstat 2, both changed: meminfo (1) comes before vmstat (2).
  const std::string base = R"({"vmstat.a": [1000, 1010, 1020], "vmstat.b": [1000, 1010, 1020],
                               "meminfo.a": [10000, 10100, 10200], "meminfo.b": [10000, 10100, 10200],
                               "meminfo.c": [10000, 10100, 10200]})";
  const std::string head = R"({"vmstat.a": [3000, 3010, 3020], "vmstat.b": [3000, 3010, 3020],
                               "meminfo.a": [30000, 30100, 30200], "meminfo.b": [10000, 10100, 10200],
                               "meminfo.c": [10000, 10100, 10200]})";
  compare_options o;
  o.order = row_order::robot_families;
  const comparison c = compared(base, head, o);
  REQUIRE(names_of(c, true) == "meminfo.a vmstat.a vmstat.b");
  o.all = true;  // now meminfo has 3 rows
  CHECK(names_of(compared(base, head, o)) ==
        "vmstat.a vmstat.b meminfo.a meminfo.b meminfo.c");
}

TEST_CASE("compensated mean: the %d print of docs/FORMAT.md section 2's example") {
  const std::vector<double> xs{5721.666, 5759.41, 5686.69, 5719.15, 5793.084};
  const summary compensated = summarize(xs, sum_start::compensated);
  const summary plain = summarize(xs, sum_start::zero);
  CHECK(compensated.mean == 5736.0);
  CHECK(plain.mean == 5735.999999999999);
  CHECK(modern::value_cell(compensated.mean) == "      5736");
  CHECK(modern::value_cell(plain.mean) == "      5735");
  CHECK(robot_sum(xs, sum_start::compensated) == 28680.0);
  CHECK(compensated.n == plain.n);
  CHECK(compensated.min == plain.min);
  CHECK(compensated.max == plain.max);
  CHECK(compensated.median == plain.median);
  CHECK(compensated.stddev == doctest::Approx(plain.stddev));
  SUBCASE("integers add exactly either way") {
    const std::vector<double> ints{1, 2, 3, 4};
    CHECK(summarize(ints, sum_start::compensated).mean == 2.5);
  }
}

TEST_CASE("compensated mean: compare with mean_sum compensated changes only the mean") {
  const std::string base = R"({"fio.write_bw_MBps": [5721.666, 5759.41, 5686.69, 5719.15, 5793.084]})";
  const std::string head = R"({"fio.write_bw_MBps": [6721.666, 6759.41, 6686.69, 6719.15, 6793.084]})";
  compare_options o;
  o.order = row_order::given;
  const comparison plain = compared(base, head, o);
  o.mean_sum = sum_start::compensated;
  const comparison compensated = compared(base, head, o);
  REQUIRE(plain.rows.size() == 1);
  REQUIRE(compensated.rows.size() == 1);
  const auto& p = plain.rows[0];
  const auto& k = compensated.rows[0];
  CHECK(p.columns[0].mean == 5735.999999999999);
  CHECK(k.columns[0].mean == 5736.0);
  CHECK(p.selected == k.selected);
  CHECK(p.selected);
  CHECK(p.verdicts == k.verdicts);
  for (std::size_t col = 0; col < 2; ++col) {
    CAPTURE(col);
    CHECK(p.columns[col].n == k.columns[col].n);
    CHECK(p.columns[col].min == k.columns[col].min);
    CHECK(p.columns[col].max == k.columns[col].max);
    CHECK(p.columns[col].median == k.columns[col].median);
    CHECK(p.columns[col].runs == k.columns[col].runs);
    CHECK(p.columns[col].stddev == doctest::Approx(k.columns[col].stddev));
  }
  CHECK(modern::row_line(p).starts_with("      5735"));
  CHECK(modern::row_line(k).starts_with("      5736"));
  // The rest of the line is alike.
  CHECK(modern::row_line(p).substr(10) == modern::row_line(k).substr(10));
}
