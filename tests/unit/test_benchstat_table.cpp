// The benchstat table on a screen (table/benchstat.hpp): a table per unit, short names, geomean rows,
// folded rows and a width every line keeps.

#include "perfmail/analysis/comparison.hpp"
#include "perfmail/analysis/geomean.hpp"
#include "perfmail/analysis/verdict.hpp"
#include "perfmail/io/import.hpp"
#include "perfmail/table/benchstat.hpp"
#include "perfmail/table/request.hpp"
#include "perfmail/text/utf8.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <sstream>
#include <string>
#include <vector>

using namespace perfmail;

namespace {

/// `runs` runs of Go benchmarks: each name's ns/op from `times` (scaled by the run), and 0 B/op.
std::string go_text(const std::vector<std::pair<std::string, double>>& times, int runs, double factor = 1) {
  std::string out = "pkg: example.com/x\n";
  for (int r = 0; r < runs; ++r)
    for (const auto& [name, ns] : times)
      out += fmt::format("Benchmark{}-8  1000  {} ns/op  0 B/op\n", name, ns * factor * (1 + 0.001 * r));
  return out;
}

comparison compare_go(const std::string& base, const std::string& head) {
  std::vector<matrix> columns;
  columns.push_back(io::parse_go_bench(base, "base.txt"));
  columns.push_back(io::parse_go_bench(head, "head.txt"));
  return compare(std::move(columns), tool_table().comparison);
}

std::vector<const comparison_row*> rows_of(const comparison& cmp) {
  std::vector<const comparison_row*> rows;
  for (const comparison_row& row : cmp.rows) rows.push_back(&row);
  return rows;
}

benchstat_layout layout(std::size_t width, bool fold) {
  benchstat_layout l;
  l.width = width;
  l.fold = fold;
  return l;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace

TEST_CASE("benchstat table: one table per unit, short names, geomean, zeros folded") {
  const std::vector<std::pair<std::string, double>> times{
      {"Parse/small", 100}, {"Parse/large", 1000}, {"Parse/huge", 10000}};
  const comparison cmp = compare_go(go_text(times, 10), go_text(times, 10, 1.5));
  table_header header;
  header.commits = {"base.txt", "head.txt"};
  const std::vector<const comparison_row*> rows = rows_of(cmp);
  const std::string text = render_benchstat(cmp, header, rows, layout(80, true));
  INFO(text);
  const std::vector<std::string> lines = lines_of(text);
  // ns/op first, its rows without `Benchmark` and the shared `Parse/`.
  REQUIRE(lines.size() >= 6);
  CHECK(lines[0].starts_with("ns/op "));
  CHECK(lines[1].starts_with("small-8 "));
  CHECK(lines[3].starts_with("huge-8 "));
  // The geomean of the medians: 1000ns each side scaled, so +50% (the runs' drift is the same each side).
  CHECK(lines[4].starts_with("geomean "));
  CHECK(lines[4].find("+50.00%") != std::string::npos);
  // B/op: three rows of 0B unchanged are one line, and no geomean (a logarithm of 0).
  CHECK(text.find("B/op ") != std::string::npos);
  CHECK(text.find("3 benchmarks: 0B \u00b1 0% everywhere, unchanged (--all)") != std::string::npos);
  CHECK(text.find("geomean", text.find("B/op")) == std::string::npos);
  for (const std::string& line : lines) CHECK(text::columns_of(line) <= 80);

  // --all: every row.
  const std::string all = render_benchstat(cmp, header, rows, layout(80, false));
  CHECK(all.find("everywhere") == std::string::npos);
  CHECK(lines_of(all).size() == lines.size() + 2);
}

TEST_CASE("benchstat table: narrowed to the width, and says so") {
  const std::vector<std::pair<std::string, double>> times{{"Decode/a_very_long_name_of_a_case_that_runs", 100},
                                                          {"Decode/another_long_name_of_the_second_case", 200}};
  const comparison cmp = compare_go(go_text(times, 10), go_text(times, 10, 1.2));
  table_header header;
  header.commits = {"base.txt", "head.txt"};
  const std::vector<const comparison_row*> rows = rows_of(cmp);
  const std::string wide = render_benchstat(cmp, header, rows, layout(0, true));
  CHECK(wide.find("q<0.001") != std::string::npos);  // the whole test's figures
  CHECK(wide.find("narrowed") == std::string::npos);
  for (const std::size_t width : {std::size_t{60}, std::size_t{70}, std::size_t{80}}) {
    const std::string text = render_benchstat(cmp, header, rows, layout(width, true));
    INFO(text);
    for (const std::string& line : lines_of(text)) CHECK(text::columns_of(line) <= width);
    CHECK(text.find("(narrowed to fit") != std::string::npos);
  }
}

TEST_CASE("median geomeans: benchstat's rules") {
  const std::vector<std::pair<std::string, double>> one{{"A", 100}};
  const comparison single = compare_go(go_text(one, 6), go_text(one, 6, 2));
  CHECK_FALSE(median_geomeans(rows_of(single)).has_value());  // one benchmark: it is its own geomean
  const std::vector<std::pair<std::string, double>> two{{"A", 100}, {"B", 400}};
  const comparison pair = compare_go(go_text(two, 6), go_text(two, 6, 2));
  std::vector<const comparison_row*> times;
  for (const comparison_row* row : rows_of(pair))
    if (benchmark_and_unit_of(*row).unit == "ns/op") times.push_back(row);
  const auto g = median_geomeans(times);
  REQUIRE(g.has_value());
  CHECK((*g)[1] / (*g)[0] == doctest::Approx(2));
  std::vector<const comparison_row*> bytes;
  for (const comparison_row* row : rows_of(pair))
    if (benchmark_and_unit_of(*row).unit == "B/op") bytes.push_back(row);
  CHECK_FALSE(median_geomeans(bytes).has_value());  // medians of 0
}

TEST_CASE("compare() without options follows the conventions of the results") {
  const std::vector<std::pair<std::string, double>> both{{"Kept", 100}, {"Gone", 200}};
  const std::vector<std::pair<std::string, double>> kept{{"Kept", 100}};
  std::vector<matrix> columns;
  columns.push_back(io::parse_go_bench(go_text(both, 10), "base.txt"));
  columns.push_back(io::parse_go_bench(go_text(kept, 10, 2), "head.txt"));
  const comparison cmp = compare(std::move(columns));
  // As `perfmail compare` judges Go's results: the exact test, no floor, every benchmark.
  CHECK(cmp.policy.kind == policy_kind::mann_whitney);
  CHECK(cmp.policy.min_change_percent == 0);
  CHECK(cmp.policy == tool_table().comparison.policy);
  CHECK(cmp.conventions == result_conventions::benchmark_tool);
  const comparison_row* slower = cmp.find("BenchmarkKept-8.ns/op");
  REQUIRE(slower != nullptr);
  CHECK(verdict_of(*slower, 1) == change_verdict::regression);
  // A benchmark gone is not a change of -100%.
  const comparison_row* gone = cmp.find("BenchmarkGone-8.ns/op");
  REQUIRE(gone != nullptr);
  CHECK(verdict_of(*gone, 1) == change_verdict::gone);
  CHECK_FALSE(gone->change(1).relative.has_value());

  // Rows follow the base file's order, not the head's.
  const std::vector<std::pair<std::string, double>> ba{{"B", 100}, {"A", 100}};
  const std::vector<std::pair<std::string, double>> ab{{"A", 100}, {"B", 100}};
  std::vector<matrix> reordered;
  reordered.push_back(io::parse_go_bench(go_text(ba, 6), "base.txt"));
  reordered.push_back(io::parse_go_bench(go_text(ab, 6), "head.txt"));
  const comparison ordered = compare(std::move(reordered));
  REQUIRE(ordered.rows.size() == 4);
  CHECK(ordered.rows[0].name == "BenchmarkB-8.ns/op");
  CHECK(ordered.rows[2].name == "BenchmarkA-8.ns/op");

  // The robot's results keep the robot's defaults.
  CHECK(default_options(result_conventions::robot).policy == change_policy{});
}

TEST_CASE("benchstat table: the lines above it say what was compared and how") {
  const comparison cmp = compare_go(go_text({{"Decode", 100}, {"Encode", 200}}, 6),
                                    go_text({{"Decode", 100}, {"Encode", 200}}, 6, 1.1));
  table_header header;
  header.commits = {"base.txt", "head.txt"};
  const std::string defaults = render_benchstat_method(cmp, header, 80, true);
  CHECK(defaults == "go test: base.txt vs head.txt\n"
                    "Mann-Whitney U test on each metric's own samples, Benjamini-Hochberg over 4\n"
                    "  metrics, alpha 0.05, no minimum change (the defaults for results of other\n"
                    "  tools: docs/INPUTS.md)\n\n");
  const std::string chosen = render_benchstat_method(cmp, header, 80, false);
  CHECK(chosen.find("the defaults") == std::string::npos);
  // Wrapped to the width, continuation lines two columns in.
  for (const std::string& line : lines_of(render_benchstat_method(cmp, header, 40, true))) CHECK(line.size() <= 40);
}

TEST_CASE("table_asked: the table a dialect, a named policy and the results' conventions give") {
  using conv = result_conventions;
  SUBCASE("nothing named: the conventions' default table") {
    CHECK(table_asked(std::nullopt, false, conv::robot).dialect == table_dialect::modern);
    CHECK(table_asked(std::nullopt, false, conv::robot).comparison.policy.kind == policy_kind::robot);
    CHECK(table_asked(std::nullopt, false, conv::benchmark_tool).dialect == table_dialect::benchstat);
  }
  SUBCASE("the robot's policy named on other tools' results: the robot's modern table, with their test") {
    const table_request r = table_asked(std::nullopt, true, conv::benchmark_tool);
    CHECK(r.dialect == table_dialect::modern);
    CHECK(r.comparison.conventions == conv::benchmark_tool);
    CHECK(r.comparison.policy.kind == policy_kind::mann_whitney);
    CHECK(r.comparison.policy.min_change_percent == std::optional<double>{0});
  }
  SUBCASE("the benchstat table of the robot's results: the robot's rows, in its order") {
    const table_request r = table_asked(table_dialect::benchstat, false, conv::robot);
    CHECK(r.dialect == table_dialect::benchstat);
    CHECK_FALSE(r.comparison.all);
    CHECK(r.comparison.order == row_order::robot);
    CHECK(r.comparison.conventions == conv::robot);
  }
  SUBCASE("a robot dialect named: that dialect's table") {
    CHECK(table_asked(table_dialect::classic, false, conv::robot).dialect == table_dialect::classic);
    CHECK(table_asked(table_dialect::current, false, conv::benchmark_tool).comparison.policy.kind ==
          policy_kind::mann_whitney);
  }
}
