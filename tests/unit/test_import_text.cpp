// The text importers (io/import.hpp): Go benchmark text, CSV and TSV, plain numbers.
#include <doctest/doctest.h>

#include "unit/import_checks.hpp"

#include "perfmail/error.hpp"
#include "perfmail/io/import.hpp"

#include <fmt/format.h>

#include <string>
#include <vector>

using namespace perfmail;

using testing::error_of;
using testing::values_of;

TEST_CASE("go: one metric per benchmark and unit, -count lines are runs") {
  const matrix m = io::parse_go_bench("goos: linux\npkg: example.com/x\nBenchmarkA-8  100  12.5 ns/op  64 B/op\n"
                                      "BenchmarkA-8\t100\t13 ns/op\t64 B/op\nBenchmarkB  5  2.5e+06 ns/op  400.5 MB/s\n"
                                      "--- BENCH: BenchmarkB\nPASS\nok  \texample.com/x\t1.2s\n",
                                      "g.txt");
  CHECK(values_of(m, "BenchmarkA-8.ns/op") == std::vector<double>{12.5, 13});
  CHECK(values_of(m, "BenchmarkA-8.B/op") == std::vector<double>{64, 64});
  CHECK(m.find("BenchmarkB.ns/op")->raw_values()[0] == 2.5e6);
  CHECK(m.direction_hint("BenchmarkA-8.ns/op") == better::lower);
  CHECK(m.direction_hint("BenchmarkB.MB/s") == better::higher);
  CHECK(m.run_count() == 2);
}

TEST_CASE("go: benchmarks of several packages are named with their package") {
  const matrix m = io::parse_go_bench("pkg: a\nBenchmarkX 1 1 ns/op\npkg: b\nBenchmarkX 1 2 ns/op\n", "g.txt");
  CHECK(values_of(m, "a.BenchmarkX.ns/op") == std::vector<double>{1});
  CHECK(values_of(m, "b.BenchmarkX.ns/op") == std::vector<double>{2});
}

TEST_CASE("go: bad lines") {
  const auto parse = [](const std::string& t) { return io::parse_go_bench(t, "g.txt"); };
  CHECK(error_of(parse, "BenchmarkA 10 0x10 ns/op\n") == "g.txt:1:15: not a number: \"0x10\"");
  CHECK(error_of(parse, "BenchmarkA 10 1 ns/op 5\n") == "g.txt:1:23: \"5\" has no unit after it");
  CHECK(error_of(parse, "BenchmarkA x 1 ns/op\n").find("g.txt:1:12: expected the iteration count") == 0);
  CHECK(error_of(parse, "PASS\n").find("g.txt: no samples") == 0);
  // `Benchmarking` is not a benchmark (benchfmt's rule), so this is no result line.
  CHECK(error_of(parse, "Benchmarking 10 1 ns/op\n").find("no samples") != std::string::npos);
}

TEST_CASE("csv: long form, runs by their label in the order first seen, empty values missing") {
  const matrix m = io::parse_delimited("metric,run,value\r\na.s,r1,1.5\r\nb.s,r2,3\r\na.s,r2,2\r\nb.s,r1,\r\n", "c.csv", ',');
  CHECK(values_of(m, "a.s") == std::vector<double>{1.5, 2});
  const series_view* b = m.find("b.s");
  REQUIRE(b != nullptr);
  CHECK(b->is_missing(0));
  CHECK(b->raw_values()[1] == 3);
}

TEST_CASE("csv: wide form and RFC 4180 quoting") {
  const matrix m = io::parse_delimited("metric,1,2,3\n\"x, \"\"quoted\"\"\",1,2,3\ny,4,,6\n", "c.csv", ',');
  CHECK(values_of(m, "x, \"quoted\"") == std::vector<double>{1, 2, 3});
  CHECK(m.find("y")->is_missing(1));
  const matrix t = io::parse_delimited("metric\ta\tb\nz\t1\t2\n", "t.tsv", '\t');
  CHECK(values_of(t, "z") == std::vector<double>{1, 2});
}

TEST_CASE("csv: bad input") {
  const auto parse = [](const std::string& t) { return io::parse_delimited(t, "c.csv", ','); };
  CHECK(error_of(parse, "metric,run,value\na,1,1x\n") == "c.csv:2:5: not a number: \"1x\"");
  CHECK(error_of(parse, "metric,run,value\na,1,1\na,1,2\n") == "c.csv:3:1: metric \"a\" has a second sample for run \"1\"");
  CHECK(error_of(parse, "metric,run,value\n\"a,1,1\n") == "c.csv:2:1: a quoted field is not closed");
  CHECK(error_of(parse, "metric,run,value\n\"a\"b,1,1\n") == "c.csv:2:4: text after a quoted field's closing quote");
  CHECK(error_of(parse, "metric,run,value\na\"b,1,1\n").find("c.csv:2:2: a quote inside") == 0);
  CHECK(error_of(parse, "metric,1,2\na,1\n") == "c.csv:2:1: a row of 2 fields; the header has 3");
  CHECK(error_of(parse, "metric,1\na,1\na,2\n") == "c.csv:3:1: metric \"a\" has a second row (the first is line 2)");
  CHECK(error_of(parse, "name,1\na,1\n").find("c.csv:1:1: the CSV header's first field is \"name\"") == 0);
  CHECK(error_of(parse, "metric,run,value\n") == "c.csv: no samples: the CSV file has a header and no rows");
  CHECK(error_of(parse, "metric,run,value\na,1,1\rb,1,1\n").find("a carriage return that ends no line") != std::string::npos);
}

TEST_CASE("csv: runs too sparse for their samples are refused, not padded into a huge matrix") {
  std::string text = "metric,run,value\n";
  for (int i = 0; i < 2000; ++i) text += fmt::format("m{},r{},1\n", i, i);
  const auto parse = [](const std::string& t) { return io::parse_delimited(t, "c.csv", ','); };
  const std::string message = error_of(parse, text);
  CHECK(message.find("c.csv:") == 0);
  CHECK(message.find(": the runs are too sparse: ") != std::string::npos);
  // Dense input of the same size is read.
  std::string dense = "metric,run,value\n";
  for (int i = 0; i < 2000; ++i) dense += fmt::format("m{},r{},1\n", i % 20, i / 20);
  CHECK(io::parse_delimited(dense, "c.csv", ',').run_count() == 100);
}

TEST_CASE("numbers: one metric named value, strict numbers") {
  const matrix m = io::parse_numbers("1 2.5\n\n3e2\n", "n.txt");
  CHECK(values_of(m, "value") == std::vector<double>{1, 2.5, 300});
  CHECK(m.find("value")->kind(0) == sample_kind::integer);
  CHECK(m.find("value")->kind(1) == sample_kind::floating);
  const auto parse = [](const std::string& t) { return io::parse_numbers(t, "n.txt"); };
  CHECK(error_of(parse, "1\n+2\n") == "n.txt:2:1: not a number: \"+2\"");
  CHECK(error_of(parse, "1 1e400\n") == "n.txt:1:3: a number beyond the range of a double");
  CHECK(error_of(parse, " \n") == "n.txt: no samples: the file holds no number");
}

TEST_CASE("units say which way is better") {
  CHECK(io::direction_of_unit("ns/op") == better::lower);
  CHECK(io::direction_of_unit("allocs/op") == better::lower);
  CHECK(io::direction_of_unit("s") == better::lower);
  CHECK(io::direction_of_unit("MB/s") == better::higher);
  CHECK(io::direction_of_unit("items_per_second") == better::higher);
  CHECK_FALSE(io::direction_of_unit("widgets").has_value());
}
