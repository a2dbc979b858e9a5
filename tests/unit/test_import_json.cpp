// The JSON importers (io/import.hpp): Google Benchmark, hyperfine, pytest-benchmark.
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

namespace {

const std::string gbench_runs = R"({
  "context": {"date": "2026-11-30", "num_cpus": 8},
  "benchmarks": [
    {"name": "BM_A", "run_name": "BM_A", "run_type": "iteration", "repetitions": 2, "repetition_index": 1,
     "threads": 1, "iterations": 1000, "real_time": 2.5, "cpu_time": 2.0, "time_unit": "us", "bytes_per_second": 9e8,
     "hits": 7, "label": "warm"},
    {"name": "BM_A", "run_name": "BM_A", "run_type": "iteration", "repetitions": 2, "repetition_index": 0,
     "threads": 1, "iterations": 1000, "real_time": 2.25, "cpu_time": 2.0, "time_unit": "us", "bytes_per_second": 8e8,
     "hits": 6, "label": "cold"},
    {"name": "BM_A_mean", "run_name": "BM_A", "run_type": "aggregate", "aggregate_name": "mean",
     "real_time": 2.375, "cpu_time": 2.0, "time_unit": "us"}
  ]
})";

}  // namespace

TEST_CASE("gbench: repetitions are runs by repetition_index, in nanoseconds, aggregates skipped") {
  const matrix m = io::parse_gbench_json(gbench_runs, "g.json");
  CHECK(m.run_count() == 2);
  CHECK(values_of(m, "BM_A.real_time") == std::vector<double>{2250, 2500});
  CHECK(values_of(m, "BM_A.cpu_time") == std::vector<double>{2000, 2000});
  CHECK(values_of(m, "BM_A.bytes_per_second") == std::vector<double>{8e8, 9e8});
  CHECK(values_of(m, "BM_A.hits") == std::vector<double>{6, 7});
  // Bookkeeping fields are not counters, and strings are not samples.
  CHECK_FALSE(m.contains("BM_A.iterations"));
  CHECK_FALSE(m.contains("BM_A.threads"));
  CHECK_FALSE(m.contains("BM_A_mean.real_time"));
  CHECK(m.direction_hint("BM_A.real_time") == better::lower);
  CHECK(m.direction_hint("BM_A.bytes_per_second") == better::higher);
  CHECK_FALSE(m.direction_hint("BM_A.hits").has_value());
}

TEST_CASE("gbench: a failed repetition is a missing sample, and old files without repetition_index count in order") {
  const matrix m = io::parse_gbench_json(R"({"context": {}, "benchmarks": [
    {"name": "BM_B", "real_time": 3, "cpu_time": 3, "time_unit": "ns"},
    {"name": "BM_B", "error_occurred": true, "error_message": "no device"},
    {"name": "BM_B", "real_time": 5, "cpu_time": 4, "time_unit": "ns"}]})",
                                         "g.json");
  const series_view* s = m.find("BM_B.real_time");
  REQUIRE(s != nullptr);
  REQUIRE(s->size() == 3);
  CHECK(s->is_missing(1));
  CHECK(s->raw_values()[2] == 5);
}

TEST_CASE("gbench: bad input names the place") {
  const auto parse = [](const std::string& t) { return io::parse_gbench_json(t, "in.json"); };
  CHECK(error_of(parse, R"({"context": {}, "benchmarks": [{"name": "A", "real_time": "1", "cpu_time": 1}]})") ==
        "in.json:1:59: benchmarks[0].real_time is a string; expected a number");
  CHECK(error_of(parse, R"({"context": {}, "benchmarks": [{"name": "A", "real_time": 1, "cpu_time": 1, "time_unit": "h"}]})") ==
        "in.json:1:90: benchmarks[0].time_unit is \"h\"; expected ns, us, ms or s");
  CHECK(error_of(parse, R"({"context": {}, "benchmarks": [{"real_time": 1}]})") == "in.json:1:32: benchmarks[0] has no \"name\"");
  CHECK(error_of(parse, R"({"context": {}, "benchmarks": [{"name": "A", "name": "B"}]})") ==
        "in.json:1:46: key \"name\" appears twice in benchmarks[0] (first at 1:33)");
  CHECK(error_of(parse, R"({"context": {}, "benchmarks": []})") ==
        "in.json: no samples: \"benchmarks\" lists no run (aggregates are not samples)");
  CHECK(error_of(parse, R"({"context": {}, "benchmarks": [1,]})") == "in.json:1:33: a trailing comma before ']'");
  CHECK(error_of(parse, R"({"context": {}, "benchmarks": [{"name": "A", "run_type": "other", "real_time": 1}]})")
            .find("run_type is \"other\"") != std::string::npos);
}

TEST_CASE("gbench: a key twice is found in a run of many counters too") {
  // Past a few dozen keys the reader looks keys up in a table rather than scanning: both find the first key.
  std::string run = R"({"name": "A", "real_time": 1, "cpu_time": 1)";
  for (int c = 0; c < 40; ++c) run += fmt::format(", \"c{}\": 1", c);
  const std::string text = fmt::format(
      R"({{"context": {{}}, "benchmarks": [{{"name": "B", "real_time": 1, "cpu_time": 1}}, {}, "c7": 2, "c39": 3}}]}})", run);
  const auto parse = [](const std::string& t) { return io::parse_gbench_json(t, "in.json"); };
  CHECK(error_of(parse, text) == fmt::format("in.json:1:{}: key \"c7\" appears twice in benchmarks[1] (first at 1:{})",
                                             text.rfind("\"c7\"") + 1, text.find("\"c7\"") + 1));
}

TEST_CASE("hyperfine: one metric per command, times in seconds, failed runs missing") {
  const matrix m = io::parse_hyperfine_json(R"({"results": [
    {"command": "sleep 0.1", "mean": 0.1, "times": [0.101, 0.102, 0.1, 0.2], "exit_codes": [0, 1, 0, null]},
    {"command": "true", "times": [0.001, 0.002]}]})",
                                            "h.json");
  const series_view* s = m.find("sleep 0.1.time");
  REQUIRE(s != nullptr);
  CHECK(s->size() == 4);
  CHECK(s->is_missing(1));
  CHECK_FALSE(s->is_missing(2));
  CHECK(s->is_missing(3));
  CHECK(values_of(m, "true.time")[1] == 0.002);
  CHECK(m.direction_hint("true.time") == better::lower);
  CHECK_FALSE(m.contains("sleep 0.1.mean"));
}

TEST_CASE("directions from units: a Google Benchmark counter named as a rate, hyperfine's and pytest's seconds") {
  const matrix g = io::parse_gbench_json(R"({"context": {}, "benchmarks": [{"name": "BM_Draw", "run_type": "iteration",
    "iterations": 10, "real_time": 5, "cpu_time": 5, "time_unit": "ms", "frames/s": 60, "items_per_second": 7,
    "hits": 3}]})",
                                         "g.json");
  CHECK(g.direction_hint("BM_Draw.real_time") == better::lower);
  CHECK(g.direction_hint("BM_Draw.frames/s") == better::higher);
  CHECK(g.direction_hint("BM_Draw.items_per_second") == better::higher);
  CHECK_FALSE(g.direction_hint("BM_Draw.hits").has_value());
  const matrix h = io::parse_hyperfine_json(R"({"results": [{"command": "render frames/s", "times": [1, 2]}]})", "h.json");
  CHECK(h.direction_hint("render frames/s.time") == better::lower);  // seconds, whatever the command says
  const matrix p = io::parse_pytest_json(
      R"({"machine_info": {}, "benchmarks": [{"name": "a", "fullname": "t.py::test_a/s", "stats": {"data": [1]}}]})",
      "p.json");
  CHECK(p.direction_hint("t.py::test_a/s.time") == better::lower);
}

TEST_CASE("hyperfine: one file's commands as result sets of their own, the reference first") {
  const matrix m = io::parse_hyperfine_json(R"({"results": [
    {"command": "old", "times": [0.3, 0.31], "exit_codes": [0, 1]},
    {"command": "new", "times": [0.2, 0.21, 0.22]},
    {"command": "newer", "times": [0.1]}]})",
                                            "h.json");
  const auto split = io::hyperfine_commands(m, 1);
  REQUIRE(split.size() == 3);
  CHECK(values_of(split[0], "time") == std::vector<double>{0.2, 0.21, 0.22});
  CHECK(split[1].find("time")->is_missing(1));  // old's failed run stays missing
  CHECK(split[2].find("time")->present_values() == std::vector<double>{0.1});
  for (const matrix& c : split) {
    CHECK(c.size() == 1);
    CHECK(c.direction_hint("time") == better::lower);
    CHECK(c.unit_hint("time") == metric_unit{quantity::seconds, 0});
    CHECK(c.origin() == m.origin());
  }
  CHECK(split[0].notes().size() == m.notes().size());
  CHECK(io::timed_name_of("old.time") == "old");
  CHECK(io::timed_name_of("a.b.time") == "a.b");
  CHECK(io::timed_name_of("time") == "time");
  CHECK_THROWS_AS((void)io::hyperfine_commands(m, 3), usage_error);
  CHECK_THROWS_AS((void)io::hyperfine_commands(io::parse_pytest_json(R"({"machine_info": {}, "benchmarks": [
    {"name": "a", "stats": {"data": [1]}}]})", "p.json")), usage_error);
}

TEST_CASE("hyperfine: bad input") {
  const auto parse = [](const std::string& t) { return io::parse_hyperfine_json(t, "in.json"); };
  CHECK(error_of(parse, R"({"results": [{"command": "a", "times": [1, true]}]})") ==
        "in.json:1:44: results[0].times[1] is true or false; expected a number of seconds");
  CHECK(error_of(parse, R"({"results": [{"times": [1]}]})") == "in.json:1:14: results[0] has no \"command\"");
  CHECK(error_of(parse, R"({"results": [{"command": "a", "times": [1]}, {"command": "a", "times": [2]}]})")
            .find("the command \"a\" is listed twice") != std::string::npos);
  CHECK(error_of(parse, R"({"results": [{"command": "a", "times": [1, 2], "exit_codes": [0]}]})")
            .find("exit_codes lists 1 codes for 2 times") != std::string::npos);
}

TEST_CASE("pytest: stats.data are the rounds, and without them the file is refused, not invented") {
  const matrix m = io::parse_pytest_json(R"({"machine_info": {}, "benchmarks": [
    {"name": "test_a", "fullname": "t.py::test_a", "stats": {"mean": 0.2, "data": [0.1, 0.3]}}]})",
                                         "p.json");
  CHECK(values_of(m, "t.py::test_a.time") == std::vector<double>{0.1, 0.3});
  CHECK(m.direction_hint("t.py::test_a.time") == better::lower);
  const auto parse = [](const std::string& t) { return io::parse_pytest_json(t, "in.json"); };
  CHECK(error_of(parse, R"({"machine_info": {}, "benchmarks": [{"name": "a", "stats": {"mean": 1}}]})")
            .find("in.json:1:60: benchmarks[0].stats has no \"data\"") == 0);
  CHECK(error_of(parse, R"({"machine_info": {}, "benchmarks": [{"name": "a", "stats": {"data": [1, "2"]}}]})") ==
        "in.json:1:73: benchmarks[0].stats.data[1] is a string; expected a number of seconds");
}

TEST_CASE("imports keep the limit of runs") {
  io::load_limits limits;
  limits.max_runs = 2;
  CHECK_THROWS_AS((void)io::parse_hyperfine_json(R"({"results": [{"command": "a", "times": [1, 2, 3]}]})", "h.json", limits),
                  input_error);
  CHECK_NOTHROW((void)io::parse_hyperfine_json(R"({"results": [{"command": "a", "times": [1, 2]}]})", "h.json", limits));
}

TEST_CASE("hyperfine: exit codes are whole numbers; failed runs are noted") {
  const matrix m = io::parse_hyperfine_json(
      R"({"results": [{"command": "flaky", "times": [0.1, 0.2, 0.3], "exit_codes": [0, 2, -1]}]})", "h.json");
  CHECK(m.find("flaky.time")->present_count() == 1);
  REQUIRE(m.notes().size() == 1);
  CHECK(m.notes()[0] == "h.json:1: \"flaky\" failed (a non-zero exit code) in 2 of its 3 runs: 1 sample of it remains");
  const auto parse = [](const std::string& t) { return io::parse_hyperfine_json(t, "in.json"); };
  CHECK(error_of(parse, R"({"results": [{"command": "a", "times": [1, 2], "exit_codes": [0, 1.5]}]})") ==
        "in.json:1:66: results[0].exit_codes[1] is \"1.5\"; expected an exit code (a whole number)");
  CHECK(error_of(parse, R"({"results": [{"command": "a", "times": [1], "exit_codes": [1e0]}]})") ==
        "in.json:1:60: results[0].exit_codes[0] is \"1e0\"; expected an exit code (a whole number)");
  CHECK(error_of(parse, R"({"results": [{"command": "a", "times": [1], "exit_codes": ["0"]}]})") ==
        "in.json:1:60: results[0].exit_codes[0] is a string; expected an exit code (a whole number)");
}

TEST_CASE("gbench: a file of aggregates alone is refused with the way to get samples") {
  const auto parse = [](const std::string& t) { return io::parse_gbench_json(t, "g.json"); };
  const std::string message = error_of(parse, R"({"context": {}, "benchmarks": [
    {"name": "BM_A_mean", "run_name": "BM_A", "run_type": "aggregate", "aggregate_name": "mean", "real_time": 2, "cpu_time": 2},
    {"name": "BM_A_median", "run_name": "BM_A", "run_type": "aggregate", "aggregate_name": "median", "real_time": 2, "cpu_time": 2}]})");
  CHECK(message.find("g.json:1:31: \"benchmarks\" holds only aggregates") == 0);
  CHECK(message.find("rerun with --benchmark_repetitions=N and without --benchmark_report_aggregates_only") !=
        std::string::npos);
  // An empty list is not that.
  CHECK(error_of(parse, R"({"context": {}, "benchmarks": []})").find("lists no run") != std::string::npos);
}

TEST_CASE("gbench: a failed benchmark is noted once") {
  const matrix m = io::parse_gbench_json(R"({"context": {}, "benchmarks": [
    {"name": "BM_F", "run_type": "iteration", "repetition_index": 0, "error_occurred": true, "error_message": "x"},
    {"name": "BM_F", "run_type": "iteration", "repetition_index": 1, "error_occurred": true, "error_message": "x"}]})",
                                         "g.json");
  CHECK(m.find("BM_F.real_time")->present_count() == 0);
  REQUIRE(m.notes().size() == 1);
  CHECK(m.notes()[0] == "g.json:2: \"BM_F\" failed (error_occurred) in 2 repetitions: no sample of it remains");
}

TEST_CASE("gbench: a benchmark that failed in some repetitions says how many samples remain") {
  const matrix m = io::parse_gbench_json(R"({"context": {}, "benchmarks": [
    {"name": "BM_F", "run_type": "iteration", "repetition_index": 0, "error_occurred": true, "error_message": "x"},
    {"name": "BM_F", "run_type": "iteration", "repetition_index": 1, "real_time": 2, "cpu_time": 2, "time_unit": "ns"},
    {"name": "BM_F", "run_type": "iteration", "repetition_index": 2, "real_time": 3, "cpu_time": 3, "time_unit": "ns"}]})",
                                         "g.json");
  CHECK(m.find("BM_F.real_time")->present_count() == 2);
  REQUIRE(m.notes().size() == 1);
  CHECK(m.notes()[0] == "g.json:2: \"BM_F\" failed (error_occurred) in 1 repetition: 2 samples of it remain");
}

TEST_CASE("JSON with a UTF-8 byte-order mark is read; places count its bytes") {
  const std::string bom = "\xEF\xBB\xBF";
  const matrix m = io::parse_gbench_json(bom + gbench_runs, "g.json");
  CHECK(values_of(m, "BM_A.real_time") == std::vector<double>{2250, 2500});
  CHECK(io::detect_input_format(bom + gbench_runs, "g.json") == io::input_format::gbench);
  CHECK(values_of(io::parse_input(bom + gbench_runs, "g.json", io::input_format::automatic), "BM_A.cpu_time").size() == 2);
  const auto hyperfine = [](const std::string& t) { return io::parse_hyperfine_json(t, "h.json"); };
  CHECK(error_of(hyperfine, bom + R"({"results": [{"command": "a", "times": [1, true]}]})") ==
        "h.json:1:47: results[0].times[1] is true or false; expected a number of seconds");
  CHECK(error_of(hyperfine, bom + R"({"results": [1,]})") == "h.json:1:18: a trailing comma before ']'");
  CHECK(values_of(io::parse_pytest_json(bom + R"({"machine_info": {}, "benchmarks": [
    {"name": "a", "stats": {"data": [1]}}]})", "p.json"), "a.time") == std::vector<double>{1});
}
