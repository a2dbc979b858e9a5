// The text importers (io/import.hpp): Go benchmark text, CSV and TSV, plain numbers.
#include <doctest/doctest.h>

#include "unit/import_checks.hpp"

#include "perfmail/error.hpp"
#include "perfmail/io/import.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
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
  // UTF-16 (what Excel's "Unicode text" writes) is named, not read as rows of one field of NUL bytes.
  const std::string convert = "; the text must be UTF-8: convert it, e.g. with iconv -f UTF-16 -t UTF-8";
  CHECK(error_of(parse, std::string("\xFF\xFEm\0e\0t\0", 8)) == "c.csv:1:1: text in UTF-16 (byte-order mark FF FE)" + convert);
  CHECK(error_of(parse, std::string("\xFE\xFF\0m\0e\0t", 8)) == "c.csv:1:1: text in UTF-16 (byte-order mark FE FF)" + convert);
  CHECK(error_of(parse, std::string("m\0e\0t\0", 6)) == "c.csv:1:2: a NUL byte, as in text in UTF-16 or UTF-32" + convert);
  CHECK(error_of([](const std::string& t) { return io::parse_delimited(t, "t.tsv", '\t'); }, std::string("metric\tx\na\t\0\n", 13))
            .find("t.tsv:2:3: a NUL byte") == 0);
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

TEST_CASE("fields split at blanks of every length, wherever they fall in the text's 8-byte words") {
  // Lines of numbers between runs of spaces and tabs of random lengths (none to twenty), so that field
  // starts and ends fall on every byte of a word and fields and blanks span words: every number must
  // come back, and a token that is not one must be named at its own column.
  std::mt19937 random(7);
  const auto blanks = [&](std::size_t at_least) {
    std::string out;
    const std::size_t n = at_least + random() % 21;
    for (std::size_t i = 0; i < n; ++i) out += random() % 3 == 0 ? '\t' : ' ';
    return out;
  };
  for (int trial = 0; trial < 200; ++trial) {
    std::string text;
    std::vector<double> expected;
    std::size_t column = 0;  // where the odd token goes, on the last line
    const std::size_t lines = 1 + random() % 4;
    for (std::size_t l = 0; l < lines; ++l) {
      std::string line = blanks(0);
      const std::size_t fields = 1 + random() % 6;
      for (std::size_t f = 0; f < fields; ++f) {
        const auto value = static_cast<double>(random() % 100000) / (1 + random() % 8);
        line += fmt::format("{}", value);
        expected.push_back(value);
        line += blanks(f + 1 < fields ? 1 : 0);
      }
      if (l + 1 == lines) column = line.size() + 1;
      text += line + "\n";
    }
    CAPTURE(text);
    CHECK(values_of(io::parse_numbers(text, "n.txt"), "value") == expected);
    text.insert(text.size() - 1, " x1");
    const auto parse = [](const std::string& t) { return io::parse_numbers(t, "n.txt"); };
    CHECK(error_of(parse, text) == fmt::format("n.txt:{}:{}: not a number: \"x1\"", lines, column + 1));
  }
}

TEST_CASE("units say which way is better") {
  CHECK(io::direction_of_unit("ns/op") == better::lower);
  CHECK(io::direction_of_unit("allocs/op") == better::lower);
  CHECK(io::direction_of_unit("s") == better::lower);
  CHECK(io::direction_of_unit("MB/s") == better::higher);
  CHECK(io::direction_of_unit("items_per_second") == better::higher);
  CHECK_FALSE(io::direction_of_unit("widgets").has_value());
}

TEST_CASE("directions from units: rates higher, times and bytes per operation lower, in Go and CSV alike") {
  CHECK(io::direction_of_unit("frames/s") == better::higher);
  CHECK(io::direction_of_unit("req/sec") == better::higher);
  CHECK(io::direction_of_unit("MB/op") == better::lower);
  CHECK_FALSE(io::direction_of_unit("/s").has_value());
  CHECK_FALSE(io::direction_of_unit("hits/op").has_value());
  // Go's custom units from b.ReportMetric: a rate is better higher, a count per operation says nothing.
  const matrix go = io::parse_go_bench("BenchmarkDraw-8  100  4100 ns/op  60.5 frames/s  2.5 MB/op  3 hits/op\n", "g.txt");
  CHECK(go.direction_hint("BenchmarkDraw-8.ns/op") == better::lower);
  CHECK(go.direction_hint("BenchmarkDraw-8.frames/s") == better::higher);
  CHECK(go.direction_hint("BenchmarkDraw-8.MB/op") == better::lower);
  CHECK(go.unit_hint("BenchmarkDraw-8.MB/op") == metric_unit{quantity::bytes, 6});
  CHECK_FALSE(go.unit_hint("BenchmarkDraw-8.frames/s").has_value());
  CHECK_FALSE(go.direction_hint("BenchmarkDraw-8.hits/op").has_value());
  // A CSV gives no units: the unit a name ends in decides, as the same name from Go would.
  for (const char separator : {',', '\t'}) {
    const std::string s{separator};
    const matrix csv = io::parse_delimited("metric" + s + "1" + s + "2\nparse.ns/op" + s + "5" + s + "6\nrender.frames/s" + s +
                                               "30" + s + "31\nx.s" + s + "1" + s + "2\nhits/op" + s + "1" + s + "2\n",
                                           "c.csv", separator);
    CHECK(csv.direction_hint("parse.ns/op") == better::lower);
    CHECK(csv.unit_hint("parse.ns/op") == metric_unit{quantity::seconds, -9});
    CHECK(csv.direction_hint("render.frames/s") == better::higher);
    CHECK_FALSE(csv.direction_hint("x.s").has_value());      // a name, not seconds
    CHECK_FALSE(csv.direction_hint("hits/op").has_value());  // no '.': no unit after a name
  }
}

TEST_CASE("go: a benchmark that failed is a metric with missing samples, never absent or zero, and is noted") {
  // Failed after its name was printed (a later -count pass): the other runs are read.
  const matrix m = io::parse_go_bench("BenchmarkFlaky-2 \t 100\t 10 ns/op\t 8 B/op\n"
                                      "BenchmarkFlaky-2 \t--- FAIL: BenchmarkFlaky-2\n"
                                      "    flaky_test.go:12: it broke\n"
                                      "BenchmarkOK-2 \t 100\t 5 ns/op\n"
                                      "BenchmarkOK-2 \t 100\t 6 ns/op\n"
                                      "FAIL\nexit status 1\n",
                                      "g.txt");
  const series_view* t = m.find("BenchmarkFlaky-2.ns/op");
  REQUIRE(t != nullptr);
  CHECK(t->raw_values()[0] == 10);
  CHECK(t->is_missing(1));
  CHECK(m.find("BenchmarkFlaky-2.B/op")->is_missing(1));
  CHECK(values_of(m, "BenchmarkOK-2.ns/op") == std::vector<double>{5, 6});
  REQUIRE(m.notes().size() == 1);
  CHECK(m.notes()[0] == "g.txt:2: \"BenchmarkFlaky-2\" failed (`--- FAIL`): no sample of it there");

  // Failed in its first run: go test names it without the -cpu suffix and runs it no more; it takes the
  // suffix every result shares, so that it meets the base's results of the same benchmark.
  const matrix first = io::parse_go_bench("BenchmarkA-8 1 2 ns/op\n--- FAIL: BenchmarkB\n    b_test.go:3: no\n", "g.txt");
  const series_view* b = first.find("BenchmarkB-8.ns/op");
  REQUIRE(b != nullptr);
  CHECK(b->present_count() == 0);
  CHECK(first.direction_hint("BenchmarkB-8.ns/op") == better::lower);
  CHECK(first.notes()[0] == "g.txt:2: \"BenchmarkB-8\" failed (`--- FAIL`): no sample of it there");
  // Results without a shared suffix (GOMAXPROCS=1, or -cpu 1,2): the name as printed.
  const matrix plain = io::parse_go_bench("BenchmarkA 1 2 ns/op\nBenchmarkC-2 1 2 ns/op\n--- FAIL: BenchmarkB\n", "g.txt");
  CHECK(plain.find("BenchmarkB.ns/op") != nullptr);
  // A sub-benchmark that fails fails its parent, which go test reports after it (as go 1.19 prints
  // them): the parent measured nothing of its own and is no metric.
  const matrix sub = io::parse_go_bench("BenchmarkParent/ok-2 \t 1000\t 0.61 ns/op\n--- FAIL: BenchmarkParent/bad\n"
                                        "    sub_test.go:11: boom\n--- FAIL: BenchmarkParent\n",
                                        "g.txt");
  CHECK(sub.size() == 2);
  CHECK(sub.find("BenchmarkParent/bad-2.ns/op")->present_count() == 0);
  CHECK(sub.notes().size() == 1);
  // So after a sub-benchmark that failed in a later run.
  const matrix late = io::parse_go_bench("BenchmarkP/a-2 \t 10\t 1 ns/op\nBenchmarkP/a-2 \t--- FAIL: BenchmarkP/a-2\n"
                                         "--- FAIL: BenchmarkP\n",
                                         "g.txt");
  CHECK(late.size() == 1);
  CHECK(late.find("BenchmarkP/a-2.ns/op")->is_missing(1));
  // A benchmark that panicked: go test prints 0 iterations and NaN before the panic. Missing, noted; a NaN
  // of a benchmark that ran is still no number.
  const matrix panicked = io::parse_go_bench("BenchmarkOK-2 \t 1000\t 0.69 ns/op\nBenchmarkPanics-2 \t 0\t NaN ns/op\n"
                                             "panic: boom\n\ngoroutine 7 [running]:\nexit status 2\n",
                                             "g.txt");
  CHECK(panicked.find("BenchmarkPanics-2.ns/op")->present_count() == 0);
  REQUIRE(panicked.notes().size() == 1);
  CHECK(panicked.notes()[0] == "g.txt:2: \"BenchmarkPanics-2\" ran 0 iterations (it panicked, or stopped before its "
                               "loop): no sample of it there");
  CHECK(error_of([](const std::string& s) { return io::parse_go_bench(s, "g.txt"); }, "BenchmarkA 1 NaN ns/op\n") ==
        "g.txt:1:14: not a number: \"NaN\"");
  // A test's failure is not a benchmark's.
  CHECK(io::parse_go_bench("BenchmarkA 1 2 ns/op\n--- FAIL: TestX\n", "g.txt").size() == 1);
  // A skipped benchmark measured nothing by choice: noted, no metric.
  const matrix skipped = io::parse_go_bench("BenchmarkA 1 2 ns/op\nBenchmarkS \t--- SKIP: BenchmarkS\n", "g.txt");
  CHECK(skipped.size() == 1);
  CHECK(skipped.notes()[0] == "g.txt:2: \"BenchmarkS\" was skipped (`--- SKIP`): no sample of it there");
  const matrix skipped_first = io::parse_go_bench("BenchmarkA-4 1 2 ns/op\n--- SKIP: BenchmarkS\n", "g.txt");
  CHECK(skipped_first.size() == 1);
  CHECK(skipped_first.notes()[0] == "g.txt:2: \"BenchmarkS-4\" was skipped (`--- SKIP`): no sample of it there");
  // Several failed runs are one note.
  const matrix again = io::parse_go_bench("BenchmarkF \t--- FAIL: BenchmarkF\nBenchmarkF \t--- FAIL: BenchmarkF\n", "g.txt");
  CHECK(again.find("BenchmarkF.ns/op")->size() == 2);
  CHECK(again.notes().size() == 1);
  CHECK(again.notes()[0] == "g.txt:1: \"BenchmarkF\" failed (`--- FAIL`) in 2 runs: no sample of it in those runs");
  // Anything else after `---` is not a result line perfmail knows.
  CHECK(error_of([](const std::string& s) { return io::parse_go_bench(s, "g.txt"); }, "BenchmarkA --- PASS\n")
            .find("g.txt:1:12: expected the iteration count, or `--- FAIL:`") == 0);
}

TEST_CASE("go: configurations set results apart as benchstat does") {
  // Two architectures: two metrics, never one series of both.
  const matrix m = io::parse_go_bench("goos: linux\ngoarch: amd64\nBenchmarkX 1 5 ns/op\n"
                                      "goarch: arm64\nBenchmarkX 1 50 ns/op\n",
                                      "g.txt");
  CHECK(m.size() == 2);
  CHECK(values_of(m, "goarch=amd64:BenchmarkX.ns/op") == std::vector<double>{5});
  CHECK(values_of(m, "goarch=arm64:BenchmarkX.ns/op") == std::vector<double>{50});
  CHECK(m.direction_hint("goarch=arm64:BenchmarkX.ns/op") == better::lower);
  // The keys that vary, in the order goos, goarch, cpu; the package as before, after them.
  const matrix all = io::parse_go_bench("cpu: A\npkg: p\nBenchmarkX 1 1 ns/op\ncpu: B @ 2GHz\npkg: q\nBenchmarkX 1 2 ns/op\n",
                                        "g.txt");
  CHECK(values_of(all, "cpu=B @ 2GHz:q.BenchmarkX.ns/op") == std::vector<double>{2});
  CHECK(all.find("cpu=A:p.BenchmarkX.ns/op") != nullptr);
  // One configuration: names as Go prints them, so base and head of one machine meet by name.
  const matrix one = io::parse_go_bench("goos: linux\ngoarch: amd64\ncpu: X\npkg: p\nBenchmarkX 1 5 ns/op\n", "g.txt");
  CHECK(one.find("BenchmarkX.ns/op") != nullptr);
  // A configuration line the same as before changes nothing; other keys are no configuration.
  const matrix same = io::parse_go_bench("goarch: amd64\nBenchmarkX 1 5 ns/op\ngoarch: amd64\nnote: x\n"
                                         "BenchmarkX 1 6 ns/op\n",
                                         "g.txt");
  CHECK(values_of(same, "BenchmarkX.ns/op") == std::vector<double>{5, 6});
}

TEST_CASE("go -json: the benchmark lines inside test2json's output events") {
  const std::string json =
      "{\"Time\":\"t\",\"Action\":\"output\",\"Package\":\"p\",\"Output\":\"goos: linux\\n\"}\n"
      "{\"Action\":\"output\",\"Package\":\"p\",\"Output\":\"BenchmarkA-2   \\t\"}\n"
      "{\"Action\":\"output\",\"Package\":\"p\",\"Output\":\"   100\\t  12 ns/op\\n\"}\n"
      "{\"Action\":\"output\",\"Package\":\"p\",\"Output\":\"BenchmarkA-2   \\t   100\\t  13 ns/op\\n\"}\n"
      "{\"Action\":\"output\",\"Package\":\"p\",\"Test\":\"BenchmarkB\",\"Output\":\"--- FAIL: BenchmarkB\\n\"}\n"
      "{\"Action\":\"fail\",\"Package\":\"p\",\"Test\":\"BenchmarkB\"}\n"
      "{\"Action\":\"fail\",\"Package\":\"p\",\"Elapsed\":1.5}\n";
  const matrix m = io::parse_go_bench(json, "g.json");
  CHECK(values_of(m, "BenchmarkA-2.ns/op") == std::vector<double>{12, 13});
  CHECK(m.find("BenchmarkB-2.ns/op")->present_count() == 0);
  REQUIRE(m.notes().size() == 1);
  CHECK(m.notes()[0] == "g.json:5: \"BenchmarkB-2\" failed (`--- FAIL`): no sample of it there");
  CHECK(io::detect_input_format(json, "g.json") == io::input_format::go);
  CHECK(values_of(io::parse_input(json, "g.json", io::input_format::automatic), "BenchmarkA-2.ns/op").size() == 2);

  const auto parse = [](const std::string& t) { return io::parse_go_bench(t, "g.json"); };
  // A problem inside an Output string is placed at that string in the file.
  CHECK(error_of(parse, "{\"Action\":\"output\",\"Output\":\"goos: linux\\n\"}\n"
                        "{\"Action\":\"output\",\"Output\":\"BenchmarkA 1 0x1 ns/op\\n\"}\n") ==
        "g.json:2:29: not a number: \"0x1\" (in the Output of the go test -json event there)");
  CHECK(error_of(parse, "{\"Action\":\"output\",\"Output\":\"x\\n\"}\n{\"Action\":\"output\",\"Output\":7}\n") ==
        "g.json:2:1: an output event without an \"Output\" string");
  CHECK(error_of(parse, "{\"Action\":\"output\",\"Output\":\"x\\n\"}\n{\"Action\":\"output\",}\n")
            .find("g.json:2:19: ") == 0);
  CHECK(error_of(parse, "{\"Action\":\"output\",\"Output\":\"x\\n\"}\n[1]\n") ==
        "g.json:2:1: expected a test2json event (a JSON object) on each line");
  CHECK(error_of(parse, "{\"Action\":\"start\"}\n").find("g.json: no samples") == 0);
}

TEST_CASE("a UTF-8 byte-order mark before text is passed over, and never printed") {
  const std::string bom = "\xEF\xBB\xBF";
  const matrix csv = io::parse_delimited(bom + "metric,run,value\na,1,2\n", "c.csv", ',');
  CHECK(values_of(csv, "a") == std::vector<double>{2});
  CHECK(values_of(io::parse_delimited(bom + "metric\t1\na\t2\n", "t.tsv", '\t'), "a") == std::vector<double>{2});
  CHECK(values_of(io::parse_go_bench(bom + "BenchmarkA 1 2 ns/op\n", "g.txt"), "BenchmarkA.ns/op") ==
        std::vector<double>{2});
  CHECK(values_of(io::parse_numbers(bom + "1 2\n", "n.txt"), "value") == std::vector<double>{1, 2});
  CHECK(io::detect_input_format(bom + "metric,run,value\na,1,2\n", "in") == io::input_format::csv);
  CHECK(io::detect_input_format(bom + "metric\t1\na\t2\n", "in") == io::input_format::tsv);
  CHECK(io::detect_input_format(bom + "1 2\n", "in") == io::input_format::numbers);
  // Places still count the mark's three bytes, as an editor shows the first line.
  const auto parse = [](const std::string& t) { return io::parse_delimited(t, "c.csv", ','); };
  CHECK(error_of(parse, bom + "name,1\n") == "c.csv:1:4: the CSV header's first field is \"name\"; expected \"metric\" "
                                             "(then run, value for one sample a row, or one column a run)");
  CHECK(error_of(parse, bom + "metric,run,value\na,1,x\n") == "c.csv:2:5: not a number: \"x\"");
}

TEST_CASE("numbers beyond a double's range: every reader reads the same token as the same double") {
  // Too small for a double, however it is written: the nearest double, a zero with the token's sign.
  const std::string tiny = "0." + std::string(400, '0') + "1";
  const auto csv = io::parse_delimited(fmt::format("metric,run,value\na,1,-1e-400\na,2,{}\nb,1,1\nb,2,2\n", tiny),
                                       "t.csv", ',');
  const auto a = values_of(csv, "a");
  REQUIRE(a.size() == 2);
  CHECK(a[0] == 0);
  CHECK(std::signbit(a[0]));
  CHECK(a[1] == 0);
  CHECK_FALSE(std::signbit(a[1]));
  const auto numbers = io::parse_numbers(fmt::format("-1e-400\n{}\n", tiny), "n.txt");
  CHECK(std::signbit(numbers.metrics()[0].raw_values()[0]));
  CHECK_FALSE(std::signbit(numbers.metrics()[0].raw_values()[1]));
  const auto gbench = io::parse_gbench_json(
      R"({"context": {}, "benchmarks": [{"name": "a", "run_type": "iteration", "iterations": 1, "real_time": -1e-400,
          "cpu_time": 1e-400, "time_unit": "ns"}]})",
      "g.json");
  CHECK(std::signbit(gbench.find("a.real_time")->raw_values()[0]));
  CHECK_FALSE(std::signbit(gbench.find("a.cpu_time")->raw_values()[0]));
  // Too large: refused, by every reader, whichever way it is written.
  const auto parse_numbers = [](const std::string& text) { return io::parse_numbers(text, "n.txt"); };
  CHECK(error_of(parse_numbers, "1.5e400\n").find("n.txt:1") != std::string::npos);
  CHECK_THROWS_AS((void)io::parse_numbers("1" + std::string(400, '0') + "\n", "n.txt"), input_error);
  CHECK_THROWS_AS((void)io::parse_gbench_json(R"({"context": {}, "benchmarks": [{"name": "a", "run_type": "iteration",
      "iterations": 1, "real_time": 1.5e400, "cpu_time": 1, "time_unit": "ns"}]})", "g.json"), input_error);
}

TEST_CASE("plain numbers: every token read as the nearest double, as from_chars reads it") {
  // The text formats read numbers with fast_float: the same double as the standard library's from_chars
  // for every value in range, whatever the form (shortest digits of any double, subnormals included;
  // decimals; long mantissas with exponents).
  std::mt19937_64 random{20261204};
  std::vector<std::string> tokens;
  while (tokens.size() < 30'000) {
    switch (tokens.size() % 3) {
      case 0: {
        const std::uint64_t bits = random();
        double x = 0;
        std::memcpy(&x, &bits, sizeof x);
        if (std::isfinite(x)) tokens.push_back(fmt::format("{}", x));
        break;
      }
      case 1: tokens.push_back(fmt::format("{}.{}", random() % 100'000'000, random() % 1'000'000)); break;
      default:
        tokens.push_back(fmt::format("{}e{}", random() % 10'000'000'000'000'000'000ULL,
                                     static_cast<int>(random() % 560) - 320));
    }
  }
  std::string text;
  for (const std::string& t : tokens) text += t + "\n";
  const std::vector<double> got = values_of(io::parse_numbers(text, "n.txt"), "value");
  REQUIRE(got.size() == tokens.size());
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    double expected = 0;
    std::from_chars(tokens[i].data(), tokens[i].data() + tokens[i].size(), expected);
    CAPTURE(tokens[i]);
    REQUIRE(std::memcmp(&got[i], &expected, sizeof expected) == 0);  // bit for bit, the sign of zero too
  }
}

