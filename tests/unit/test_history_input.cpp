// Reading a history of commits (io/history_input.hpp): one results path per commit, a long CSV, and the
// wide CSV that Apache Otava reads.
#include <doctest/doctest.h>

#include <fmt/format.h>

#include "unit/import_checks.hpp"

#include "perfmail/error.hpp"
#include "perfmail/io/history_input.hpp"
#include "perfmail/io/matrix_json.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace perfmail;

using testing::error_of;

namespace {

const metric_history& metric_named(const commit_history& h, std::string_view name) {
  for (const auto& m : h.metrics)
    if (m.name == name) return m;
  FAIL("no metric ", std::string(name));
  throw;
}

std::vector<std::string> ids_of(const commit_history& h) {
  std::vector<std::string> ids;
  for (const auto& c : h.commits) ids.push_back(c.id);
  return ids;
}

commit_history csv(const std::string& text, io::history_csv_options options = {}) {
  return io::parse_history_csv(text, "h.csv", options);
}

/// A directory of its own under the system's temporary one, removed at the end of the test.
struct scratch_dir {
  std::filesystem::path path;
  explicit scratch_dir(const std::string& name) : path(std::filesystem::temp_directory_path() / name) {
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~scratch_dir() { std::filesystem::remove_all(path); }
  std::filesystem::path write(const std::string& relative, const std::string& text) const {
    const auto file = path / relative;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file) << text;
    return file;
  }
};

}  // namespace

TEST_CASE("history csv: long, one sample a row, commits in the order first seen") {
  const commit_history h = csv("commit,metric,value,time\n"
                               "a1,x.ns,10,2026-01-01\n"
                               "a1,x.ns,11,2026-01-01\n"
                               "b2,x.ns,12,2026-01-02\n"
                               "a1,y,1,2026-01-01\n"
                               "b2,y,,2026-01-02\n");
  CHECK(ids_of(h) == std::vector<std::string>{"a1", "b2"});
  CHECK(h.commits[1].time == "2026-01-02");
  CHECK(h.commits[1].source == "h.csv:4");
  CHECK(metric_named(h, "x.ns").samples == std::vector<std::vector<double>>{{10, 11}, {12}});
  CHECK(metric_named(h, "y").samples == std::vector<std::vector<double>>{{1}, {}});
  CHECK(h.conventions == result_conventions::benchmark_tool);
}

TEST_CASE("history csv: quoted fields with doubled quotes, kept from the first row to the last") {
  // The reader keeps each unescaped field for as long as it lives: every row is read before any is used.
  std::string text = "commit,metric,value\n";
  std::vector<std::string> expected;
  for (int i = 0; i < 300; ++i) {
    text += fmt::format("\"c\"\"{}\"\"\",\"m,\"\"x\"\"\",{}\n", i, i);
    expected.push_back(fmt::format("c\"{}\"", i));
  }
  const commit_history h = csv(text);
  CHECK(ids_of(h) == expected);
  REQUIRE(h.metrics.size() == 1);
  CHECK(h.metrics[0].name == "m,\"x\"");
  CHECK(h.metrics[0].samples[299] == std::vector<double>{299});
}

TEST_CASE("history csv: a metric column without a value column is the wide form's attribute") {
  // Found by fuzzing: the long form's reader took such a header and read a value column it does not have.
  const commit_history h = csv("commit,metric,valuk\n\"a,b\",x,1\nc,y,2\n");
  CHECK(ids_of(h) == std::vector<std::string>{"a,b", "c"});
  CHECK(metric_named(h, "valuk").samples == std::vector<std::vector<double>>{{1}, {2}});
  CHECK(h.metrics.size() == 1);
}

TEST_CASE("history csv: wide, as Otava reads it: a time, attributes, a column a metric, runs together") {
  const commit_history h = csv("time,commit,branch,throughput,latency\n"
                               "2026-01-01 10:00:00 +0000,aaa,main,100,5.5\n"
                               "2026-01-01 10:05:00 +0000,aaa,main,101,\n"
                               "2026-01-02 10:00:00 +0000,bbb,main,90,6\n");
  CHECK(ids_of(h) == std::vector<std::string>{"aaa", "bbb"});
  CHECK(h.commits[0].time == "2026-01-01 10:00:00 +0000");
  REQUIRE(h.metrics.size() == 2);  // `branch` is text alone: an attribute
  CHECK(metric_named(h, "throughput").samples == std::vector<std::vector<double>>{{100, 101}, {90}});
  CHECK(metric_named(h, "latency").samples == std::vector<std::vector<double>>{{5.5}, {6}});
}

TEST_CASE("history csv: wide without a commit column: the time names the point") {
  const commit_history h = csv("time,x\nt1,1\nt2,2\nt3,3\n");
  CHECK(ids_of(h) == std::vector<std::string>{"t1", "t2", "t3"});
  io::history_csv_options tab;
  tab.separator = '\t';
  tab.commit_column = "sha";
  CHECK(ids_of(csv("sha\tx\nq\t1\nr\t2\n", tab)) == std::vector<std::string>{"q", "r"});
}

TEST_CASE("history csv: a named attribute of numbers is no metric") {
  io::history_csv_options options;
  options.attributes = {"build"};
  const commit_history h = csv("commit,build,x\na,17,1\nb,18,2\n", options);
  REQUIRE(h.metrics.size() == 1);
  CHECK(h.metrics[0].name == "x");
}

TEST_CASE("history csv: what is outside the grammar is refused where it is") {
  const auto parse = [](const std::string& t) { return csv(t); };
  CHECK(error_of(parse, "") == "h.csv: an empty file: expected a header row");
  CHECK(error_of(parse, std::string("\xFF\xFE" "c\0o\0m\0m\0i\0t\0", 14)).find("h.csv:1:1: text in UTF-16 (byte-order mark FF FE)") == 0);
  CHECK(error_of(parse, std::string("c\0o\0m\0m\0i\0t\0", 12)).find("h.csv:1:2: a NUL byte, as in text in UTF-16") == 0);
  CHECK(error_of(parse, "commit,x\n") == "h.csv: the CSV has a header and no rows");
  CHECK(error_of(parse, "metric,value\nx,1\n") ==
        "h.csv:1:1: a CSV of one sample a row (metric, value) needs a \"commit\" column");
  CHECK(error_of(parse, "commit,metric,value,run\na,x,1,1\n") ==
        "h.csv:1:21: column \"run\" is none of \"commit\", \"time\", metric and value");
  CHECK(error_of(parse, "name,x\na,1\n").find("neither a \"commit\" nor a \"time\" column") != std::string::npos);
  CHECK(error_of(parse, "commit,x\na,1\nb,fast\n") ==
        "h.csv:3:3: column \"x\" holds numbers and text (\"fast\"): name it with --attribute if it does not measure");
  CHECK(error_of(parse, "commit,x\na,1\nb,-Inf\n") ==
        "h.csv:3:3: not a number: \"-Inf\" in column \"x\" (a sample is a finite number)");
  CHECK(error_of(parse, "commit,x\na,NaN\nb,1\n") ==
        "h.csv:2:3: not a number: \"NaN\" in column \"x\" (a sample is a finite number)");
  CHECK(error_of(parse, "commit,metric,value\na,,1\n") ==
        "h.csv:2:3: an empty metric name: a metric is named in tables, plots and --metrics");
  CHECK(error_of(parse, "commit,,y\na,1,2\n") ==
        "h.csv:1:8: an empty metric name: a metric is named in tables, plots and --metrics");
  CHECK(error_of(parse, "commit,x\na,1\nb,2\na,3\n") ==
        "h.csv:4:1: \"commit\" \"a\" again, after other commits (first at line 2): the runs of a commit must "
        "follow one another, oldest commit first");
  CHECK(error_of(parse, "commit,x\na,1,2\n") == "h.csv:2:1: a row of 3 fields; the header has 2");
  CHECK(error_of(parse, "commit,metric,value\na,x,1e999\n") ==
        "h.csv:2:5: a number beyond the range of a double: 1e999");
  CHECK(error_of(parse, "commit,metric,value\na,x,0x1\n") == "h.csv:2:5: not a number: \"0x1\"");
  CHECK(error_of(parse, "commit,x,x\na,1,2\n") == "h.csv:1:10: column \"x\" appears twice");
  CHECK(error_of(parse, "commit,x\na,\nb,\n").find("no column of numbers") != std::string::npos);
  CHECK(error_of(parse, "commit,metric,value\na,x,\n") == "h.csv: the CSV has no sample: every value is empty");
  CHECK(error_of(parse, "commit,metric,value,time\na,x,1,t1\na,x,2,t2\n") ==
        "h.csv:3:7: commit \"a\" has time \"t2\" here and \"t1\" at h.csv:2");
  CHECK(error_of(parse, "commit,metric,value\n,x,1\n") == "h.csv:2:1: an empty commit");
}

TEST_CASE("history csv: a long file gives back what it has read, and a fault after that names its own place") {
  // More than 8 MiB of rows before the fault: the reader has given the pages of the rows behind it
  // back to the system (read_history_csv), and still counts lines and columns right, names the place
  // of a commit seen early, and reads the same history as from the text.
  const scratch_dir dir("perfmail-history-release");
  std::string good = "commit,metric,value,time\n";
  for (int c = 0; c < 300; ++c)
    for (int m = 0; m < 1500; ++m) good += fmt::format("c{},metric{},{},t{}\n", c, m, 100 + m % 7, c);
  REQUIRE(good.size() > (std::size_t{8} << 20U));
  const std::size_t rows = 300 * 1500;
  const auto read = [&](const std::string& text) {
    return io::read_history_csv(dir.write("h.csv", text), {}, io::load_limits{});
  };
  const commit_history from_file = read(good);
  const commit_history from_text = csv(good);
  REQUIRE(from_file.metrics.size() == 1500);
  CHECK(from_file.commits.size() == 300);
  CHECK(from_file.commits.back().source == fmt::format("{}:{}", (dir.path / "h.csv").string(), rows - 1500 + 2));
  CHECK(metric_named(from_file, "metric1499").samples == metric_named(from_text, "metric1499").samples);
  const std::string file = (dir.path / "h.csv").string();
  const auto fault = [&](const std::string& row) {
    return error_of([&](const std::string& t) { return read(t); }, good + row);
  };
  CHECK(fault("c1,m1,fast,t1\n") == fmt::format("{}:{}:7: not a number: \"fast\"", file, rows + 2));
  CHECK(fault("c7,m1,1,t8\n") == fmt::format("{}:{}:9: commit \"c7\" has time \"t8\" here and \"t7\" at {}:{}", file,
                                             rows + 2, file, 7 * 1500 + 2));
  CHECK(fault("c7,m1,1\n") == fmt::format("{}:{}:1: a row of 3 fields; the header has 4", file, rows + 2));
}

TEST_CASE("history csv: read as it streams, a fault far into the file is refused at its own line") {
  const auto parse = [](const std::string& t) { return csv(t); };
  // Two thousand good rows (200 commits of 10 metrics) before the fault: the rows are not kept, so each
  // check is made as its row is read, and names the row's place.
  std::string good_long = "commit,metric,value,time\n";
  std::string good_wide = "commit,time,x,y\n";
  for (int c = 0; c < 200; ++c) {
    for (int m = 0; m < 10; ++m) good_long += fmt::format("c{},m{},{},t{}\n", c, m, 100 + m, c);
    good_wide += fmt::format("c{},t{},{},{}\n", c, c, 100 + c, 7);
  }
  CHECK(csv(good_long).commits.size() == 200);
  CHECK(csv(good_wide).metrics.size() == 2);
  CHECK(error_of(parse, good_long + "c1,m1,1\n") == "h.csv:2002:1: a row of 3 fields; the header has 4");
  CHECK(error_of(parse, good_long + "c1,m1,fast,t1\n") == "h.csv:2002:7: not a number: \"fast\"");
  CHECK(error_of(parse, good_long + ",m1,1,t1\n") == "h.csv:2002:1: an empty commit");
  CHECK(error_of(parse, good_long + "c7,m1,1,t8\n") ==
        "h.csv:2002:9: commit \"c7\" has time \"t8\" here and \"t7\" at h.csv:72");
  CHECK(error_of(parse, good_long + "c7,\"m\x7f\",1,t7\n").find("h.csv:2002:4: ") == 0);
  CHECK(error_of(parse, good_long + "c7,\"m1,1,t7\n") == "h.csv:2002:4: a quoted field is not closed");
  CHECK(error_of(parse, good_long + "c7,m1,1e999,t7\n") == "h.csv:2002:7: a number beyond the range of a double: 1e999");
  CHECK(error_of(parse, good_wide + "c9,t9,1,1\n") ==
        "h.csv:202:1: \"commit\" \"c9\" again, after other commits (first at line 11): the runs of a commit must "
        "follow one another, oldest commit first");
  CHECK(error_of(parse, good_wide + "c200,t200,1\n") == "h.csv:202:1: a row of 3 fields; the header has 4");
  CHECK(error_of(parse, good_wide + "c200,t200,1,1e999\n") ==
        "h.csv:202:13: a number beyond the range of a double: 1e999");
  io::load_limits limits;
  limits.max_runs = 3;
  CHECK(error_of([&](const std::string& t) { return io::parse_history_csv(t, "h.csv", {}, limits); },
                 "commit,metric,value\na,x,1\nb,x,1\na,x,2\na,x,3\na,x,4\n") ==
        "h.csv:6:5: more than 3 samples of metric \"x\" at one commit (--max-runs)");
}

TEST_CASE("history csv: too sparse a table of metrics by commits is refused where it grows past the limit") {
  const auto parse = [](const std::string& t) { return csv(t); };
  // Each row a new commit and a new metric: after r rows the table would hold r * r lists for r samples,
  // more than 16 times r plus 65,536 from the 265th row (compare's limit, io/import_support.cpp).
  std::string sparse = "commit,metric,value\n";
  for (int r = 0; r < 1000; ++r) sparse += fmt::format("c{},m{},{}\n", r, r, r);
  CHECK(error_of(parse, sparse) ==
        "h.csv:266:1: the history is too sparse: 265 metrics over 265 commits would hold 70225 lists of samples, "
        "empty ones included, for the 265 samples the input gives so far (at most 16 times as many are kept)");
  // A dense history of the same shape as large as that is read, whatever its rows' order: metric by
  // metric (each metric's commits together) or commit by commit.
  std::string by_metric = "commit,metric,value\n";
  std::string by_commit = "commit,metric,value\n";
  for (int m = 0; m < 700; ++m)
    for (int c = 0; c < 100; ++c) by_metric += fmt::format("c{},m{},{}\n", c, m, c + m);
  for (int c = 0; c < 100; ++c)
    for (int m = 0; m < 700; ++m) by_commit += fmt::format("c{},m{},{}\n", c, m, c + m);
  const commit_history a = csv(by_metric);
  const commit_history b = csv(by_commit);
  CHECK(a.metrics.size() == 700);
  CHECK(a.commits.size() == 100);
  CHECK(metric_named(a, "m699").samples[99] == std::vector<double>{798});
  CHECK(metric_named(b, "m699").samples[99] == std::vector<double>{798});
  CHECK(metric_named(b, "m0").samples.size() == 100);
}

TEST_CASE("history of result files: named by file, or by directory where the files share a name") {
  const scratch_dir dir("perfmail-test-history-input");
  const auto a = dir.write("c1.txt", "1\n2\n3\n");
  const auto b = dir.write("c2.txt", "4\n5\n");
  const std::vector<std::filesystem::path> files{a, b};
  const commit_history h = io::history_of_results(files);
  CHECK(ids_of(h) == std::vector<std::string>{"c1", "c2"});
  REQUIRE(h.metrics.size() == 1);
  CHECK(h.metrics[0].samples == std::vector<std::vector<double>>{{1, 2, 3}, {4, 5}});
  CHECK(h.commits[0].source == a.string());

  const std::vector<std::filesystem::path> nested{dir.write("0a1b/bench.txt", "1\n"), dir.write("9f8e/bench.txt", "2\n")};
  CHECK(ids_of(io::history_of_results(nested)) == std::vector<std::string>{"0a1b", "9f8e"});

  const std::vector<std::filesystem::path> twice{a, a};
  std::string message = "(no error)";
  try {
    (void)io::history_of_results(twice);
  } catch (const input_error& e) {
    message = e.what();
  }
  CHECK(message == a.string() + ": names commit \"c1\", as " + a.string() + " does: give each commit's "
                                               "results once");
}

TEST_CASE("history csv: a metric named with a unit has the unit's direction, as from Go") {
  const commit_history h = csv("commit,parse.ns/op,read.MB/s,render.frames/s,plain,x.s\na,1,2,3,4,5\nb,1,2,3,4,5\n");
  REQUIRE(h.metrics.size() == 5);
  CHECK(h.metrics[0].direction == better::lower);
  REQUIRE(h.metrics[0].unit);
  CHECK(h.metrics[0].unit->power == -9);
  CHECK(h.metrics[1].direction == better::higher);
  CHECK(h.metrics[2].direction == better::higher);
  CHECK_FALSE(h.metrics[2].unit);
  CHECK_FALSE(h.metrics[3].direction);
  CHECK_FALSE(h.metrics[4].direction);  // "x.s" is a name, not seconds
}
