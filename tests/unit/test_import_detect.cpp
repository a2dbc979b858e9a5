// Detecting the input format (io/import.hpp), reading what a benchmark command printed
// (io/command_output.hpp), and the importers' direction hints in a comparison: the
// caller's rules first, then the hint, then the built-in name rules.
#include <doctest/doctest.h>

#include "support/matrix_text.hpp"

#include "io/format_detection.hpp"
#include "io/input_formats.hpp"

#include "perfmail/analysis/comparison.hpp"
#include "perfmail/analysis/verdict.hpp"
#include "perfmail/error.hpp"
#include "perfmail/io/command_output.hpp"
#include "perfmail/io/import.hpp"
#include "perfmail/io/input_format.hpp"
#include "perfmail/io/matrix_json.hpp"
#include "perfmail/metrics/classifier.hpp"
#include "perfmail/metrics/rules.hpp"

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

using namespace perfmail;
using io::input_format;

namespace {

std::string detect_error(const std::string& text) {
  try {
    (void)io::detect_input_format(text, "in");
  } catch (const input_error& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("detection: each format by its content") {
  CHECK(io::detect_input_format(R"({"context": {}, "benchmarks": []})", "in") == input_format::gbench);
  CHECK(io::detect_input_format(R"({"machine_info": {}, "benchmarks": []})", "in") == input_format::pytest);
  CHECK(io::detect_input_format(R"({"results": [{"command": "a", "times": [1]}]})", "in") == input_format::hyperfine);
  CHECK(io::detect_input_format(R"({"fio.write_bw_MBps": [1, 2], "stats_source": ["a", "b"]})", "in") ==
        input_format::matrix);
  // A robot metric named like another format's key is still a matrix: its value is an array of samples.
  CHECK(io::detect_input_format(R"({"results": [1, 2], "x.context": [3]})", "in") == input_format::matrix);
  CHECK(io::detect_input_format("goos: linux\nBenchmarkA-8 10 5 ns/op\nPASS\n", "in") == input_format::go);
  CHECK(io::detect_input_format("metric,run,value\na,1,2\n", "in") == input_format::csv);
  CHECK(io::detect_input_format("metric\t1\t2\na\t1\t2\n", "in") == input_format::tsv);
  CHECK(io::detect_input_format("\"metric\",run,value\na,1,2\n", "in") == input_format::csv);
  CHECK(io::detect_input_format("\"metric\"\t1\t2\na\t1\t2\n", "in") == input_format::tsv);
  CHECK(io::detect_input_format("1.5\n2\n", "in") == input_format::numbers);
}

TEST_CASE("the formats' one list makes the enum, its names, and which formats are a tool's results") {
  // The enum's values are the list's lines in order, each named by its line.
  for (std::size_t i = 0; i < io::input_format_names.size(); ++i)
    CHECK(static_cast<std::size_t>(io::input_format_names[i].value) == i);
  CHECK(io::name_of(input_format::automatic) == "auto");
  CHECK(io::name_of(input_format::pytest) == "pytest");
  for (const input_format format : {input_format::matrix, input_format::gbench, input_format::hyperfine,
                                    input_format::go, input_format::pytest})
    CHECK(io::is_tool_results(format));
  for (const input_format format : {input_format::automatic, input_format::csv, input_format::tsv,
                                    input_format::numbers})
    CHECK_FALSE(io::is_tool_results(format));
}

TEST_CASE("detection: ambiguous or unknown content is refused, naming the candidates") {
  CHECK(detect_error(R"({"context": {}, "machine_info": {}, "benchmarks": []})") ==
        "in: the format is ambiguous: it could be gbench (Google Benchmark JSON) or pytest (pytest-benchmark JSON); "
        "say which with --input-format");
  CHECK(detect_error("metric,run,value\nBenchmarkA 1 2 ns/op,1,2\n").find("it could be csv or go") != std::string::npos);
  // Both lists of what a file may be come from the one table of formats (src/io/input_formats.hpp).
  CHECK(detect_error("hello\n") ==
        "in: no format perfmail reads: expected JSON (matrix.json, Google Benchmark, hyperfine, pytest-benchmark), Go "
        "benchmark lines (`BenchmarkName  N  123 ns/op`), a CSV or TSV header row starting `metric`, or plain "
        "numbers; or say which with --input-format");
  CHECK(detect_error(R"({"results": 5})") ==
        "in:1:1: a JSON object of no format perfmail reads: expected a matrix.json (metrics mapped to arrays), Google "
        "Benchmark (\"context\" and \"benchmarks\"), hyperfine (\"results\" with \"times\") or pytest-benchmark "
        "(\"machine_info\" and \"benchmarks\")");
  CHECK(detect_error(R"([{"benchmarks": 1}])").find("the top level is not a JSON object") != std::string::npos);
  CHECK(detect_error("1\n2\nx\n") == "in:3:1: not a number: \"x\"");
  // An empty file, and text in UTF-16 or UTF-32, fit no format: named as such, not as JSON, unless the
  // file's name says JSON, where the matrix reader's messages, those of what perfmail read before it read
  // other formats, are kept.
  CHECK(io::detect_input_format("  \n", "in.json") == input_format::matrix);
  CHECK(io::detect_input_format(std::string{"\xFF\xFE{\0", 4}, "in.JSON") == input_format::matrix);
  CHECK(detect_error("") == "in: the file is empty");
  CHECK(detect_error("  \n") == "in: the file holds nothing but white space");
  CHECK(detect_error(std::string{"\xFF\xFEm\0,\0", 6}) ==
        "in:1:1: text in UTF-16 (byte-order mark FF FE); the text must be UTF-8: convert it, e.g. with iconv -f UTF-16 "
        "-t UTF-8");
  CHECK(detect_error(std::string{"m\0,\0", 4}) ==
        "in:1:2: a NUL byte, as in text in UTF-16 or UTF-32; the text must be UTF-8: convert it, e.g. with iconv -f "
        "UTF-16 -t UTF-8");
  for (const std::string& wide : {std::string{}, std::string{"\xFF\xFEm\0", 4}, std::string{"\0\0\xFE\xFF", 4}}) {
    const std::string message = detect_error(wide);
    CHECK(message.starts_with("in"));  // refused
    CHECK(message.find("JSON") == std::string::npos);
  }
  CHECK_THROWS_WITH_AS((void)io::parse_input("", "in.json", input_format::automatic),
                       "in.json: no JSON value (the file is empty)", input_error);
  // A UTF-8 byte-order mark is passed over for the other tools' files (Excel's "CSV UTF-8"; RFC 8259
  // lets a JSON reader ignore it); the robot's matrix.json keeps its strict reading, which names it.
  CHECK(io::detect_input_format("\xEF\xBB\xBFmetric,run,value\n", "in") == input_format::csv);
  CHECK(io::detect_input_format("\xEF\xBB\xBF{\"context\": {}, \"benchmarks\": []}", "in") == input_format::gbench);
  CHECK(io::detect_input_format("\xEF\xBB\xBF{\"a\": [1]}", "in") == input_format::matrix);
  CHECK_THROWS_WITH_AS((void)io::parse_input("\xEF\xBB\xBF{\"a\": [1]}", "in", input_format::automatic),
                       doctest::Contains("in:1:1: a byte-order mark (U+FEFF)"), input_error);
}

TEST_CASE("detection: a JSON format by its marks, wherever they are among the top-level members") {
  CHECK(io::detect_input_format(R"({"benchmarks": [], "other": 1, "context": {}})", "in") == input_format::gbench);
  CHECK(io::detect_input_format(R"({"benchmarks": [], "version": "4", "machine_info": {}})", "in") ==
        input_format::pytest);
  // hyperfine's mark is a member of the first result, wherever it is among its members.
  CHECK(io::detect_input_format(R"({"results": [{"command": "a", "mean": 1, "times": [1]}, 2]})", "in") ==
        input_format::hyperfine);
  // The matrix by its shape: arrays of samples, and a string stats_source (here one of the marks' keys).
  CHECK(io::detect_input_format(R"({"results": [1, null, "x"], "stats_source": "context"})", "in") ==
        input_format::matrix);
}

TEST_CASE("detection: content of several JSON formats is refused, naming them in one order") {
  const auto ambiguous = [](const std::string& names) {
    return "in: the format is ambiguous: it could be " + names + "; say which with --input-format";
  };
  const std::string gbench = "gbench (Google Benchmark JSON)", pytest = "pytest (pytest-benchmark JSON)",
                    hyperfine = "hyperfine (hyperfine --export-json)", matrix = "matrix (the robot's matrix.json)";
  CHECK(detect_error(R"({"machine_info": {}, "benchmarks": [], "context": {}})") == ambiguous(gbench + " or " + pytest));
  CHECK(detect_error(R"({"results": [{"times": [1]}], "benchmarks": [], "context": {}})") ==
        ambiguous(gbench + " or " + hyperfine));
  CHECK(detect_error(R"({"results": [{"times": [1]}], "benchmarks": [], "machine_info": {}})") ==
        ambiguous(pytest + " or " + hyperfine));
  CHECK(detect_error(R"({"results": [{"times": [1]}], "machine_info": {}, "context": {}, "benchmarks": []})") ==
        ambiguous(gbench + ", " + pytest + " or " + hyperfine));
  // Marks whose values are arrays of samples are a matrix's shape too.
  CHECK(detect_error(R"({"context": [1], "benchmarks": [2]})") == ambiguous(gbench + " or " + matrix));
  CHECK(detect_error(R"({"machine_info": [1], "benchmarks": [2], "stats_source": "s"})") ==
        ambiguous(pytest + " or " + matrix));
  // Reading the text, as well as detecting its format, refuses it so.
  CHECK_THROWS_WITH_AS((void)io::parse_input(R"({"context": [1], "benchmarks": [2]})", "in", input_format::automatic),
                       ambiguous(gbench + " or " + matrix).c_str(), input_error);
}

TEST_CASE("detection: a mark is a top-level member, and hyperfine's a member of the first result") {
  const std::string none =
      "in:1:1: a JSON object of no format perfmail reads: expected a matrix.json (metrics mapped to arrays), Google "
      "Benchmark (\"context\" and \"benchmarks\"), hyperfine (\"results\" with \"times\") or pytest-benchmark "
      "(\"machine_info\" and \"benchmarks\")";
  for (const std::string text : {
           R"({"run": {"context": {}, "benchmarks": []}})",
           R"({"runs": [{"machine_info": {}, "benchmarks": []}]})",
           R"({"benchmarks": [{"context": {}}]})",
           R"({"runs": [{"results": [{"times": [1]}]}]})",
           R"({"results": {"times": [1]}})",
           R"({"results": [1, {"times": [1]}]})",
           R"({"results": [{"command": "a"}, {"times": [1]}]})",
           R"({"results": [{"run": {"times": [1]}}]})",
           R"({"results": [[{"times": [1]}]]})",
       }) {
    CAPTURE(text);
    CHECK(detect_error(text) == none);
  }
}

TEST_CASE("detection: each JSON format by the marks its descriptor lists, and not by fewer") {
  // A member of the top-level object that is `mark`: its key, holding an object, or an array whose first
  // item has the mark's member.
  const auto member_of = [](const io::detail::json_mark& mark) {
    std::string out = std::string{"\""}.append(mark.key).append("\": ");
    if (mark.first_item_member.empty()) return out.append("{}");
    return out.append("[{\"").append(mark.first_item_member).append("\": [1]}]");
  };
  const auto object_of = [](const std::vector<std::string>& members) {
    std::string out = "{";
    for (const std::string& member : members) out.append(out.size() > 1 ? ", " : "").append(member);
    return out.append("}");
  };
  for (const auto& d : io::detail::input_formats) {
    if (!d.marked()) continue;
    std::vector<std::string> members;
    for (const auto& mark : d.json_marks)
      if (!mark.key.empty()) members.push_back(member_of(mark));
    CAPTURE(object_of(members));
    CHECK(io::detect_input_format(object_of(members), "in") == d.format);
    for (std::size_t left_out = 0; members.size() > 1 && left_out < members.size(); ++left_out) {
      std::vector<std::string> fewer = members;
      fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(left_out));
      CHECK(detect_error(object_of(fewer)).find("a JSON object of no format perfmail reads") != std::string::npos);
    }
  }
}

TEST_CASE("every input format is known by its marks or by a recognizer, never by both") {
  for (const auto& d : io::detail::input_formats) {
    CAPTURE(io::name_of(d.format));
    CHECK(d.json() != (d.recognizes != nullptr));
  }
}

TEST_CASE("each text format is recognized by its own mark, and no other text format by it") {
  const std::vector<std::pair<io::input_format, std::string_view>> texts{
      {io::input_format::csv, "\n metric,run,value\nx,1,2\n"},
      {io::input_format::tsv, "\"metric\"\tv1\nx\t2\n"},
      {io::input_format::go, "goos: linux\nBenchmarkParse-8  100  12.5 ns/op\n"},
      {io::input_format::numbers, "1 2.5\n3e2\n"},
  };
  for (const auto& [format, text] : texts)
    for (const auto& d : io::detail::input_formats) {
      if (d.recognizes == nullptr) continue;
      CAPTURE(io::name_of(format));
      CAPTURE(io::name_of(d.format));
      CHECK(d.recognizes(text) == (d.format == format));
    }
}

TEST_CASE("the quick scan for other formats' keys looks for the keys of the JSON formats' marks") {
  std::vector<std::string_view> keys(io::detail::json_mark_keys.begin(), io::detail::json_mark_keys.end());
  std::ranges::sort(keys);
  CHECK(keys == std::vector<std::string_view>{"benchmarks", "context", "machine_info", "results"});
  for (const std::string_view key : keys) {
    CHECK(io::detail::may_be_other_formats_key(key));
    CHECK(io::detail::may_be_other_formats_key(std::string{"x\""}.append(key)));
  }
  // hyperfine's "times" is a member of a result, not a top-level key: the scan need not look for it.
  CHECK_FALSE(io::detail::may_be_other_formats_key("times"));
  CHECK_FALSE(io::detail::may_be_other_formats_key("stats_source"));
}

TEST_CASE("go test -json is Go's format: an event with an Action on the first line") {
  CHECK(io::detect_input_format("{\"Action\":\"start\",\"Package\":\"p\"}\n{\"Action\":\"output\",\"Output\":\"x\"}\n", "in") ==
        input_format::go);
  // A matrix with a metric named Action is a matrix.
  CHECK(io::detect_input_format("{\"Action\": [1, 2]}\n", "in") == input_format::matrix);
}

namespace {

/// What a reading gave: the matrix written out whole (testing::matrix_text), or the error's message.
std::string outcome(const std::function<matrix()>& read) {
  try {
    return testing::matrix_text(read());
  } catch (const error& e) {
    return std::string{"error: "} + e.what();
  }
}

}  // namespace

TEST_CASE("JSON of unknown format read as a matrix first: the outcome of detection, then reading") {
  // Reading JSON as a matrix first, and detecting only when that does not settle it, must give what
  // detecting first gave: the same matrix, or the same error, for matrices, for the other formats, for
  // matrices with strings that are those formats' keys, and for faults of every kind.
  const std::vector<std::string> texts{
      R"({"fio.write_bw_MBps": [1, 2.5, null], "stats_source": ["a", "b", "c"]})",
      R"({"results": [1, 2], "x.context": [3], "y.machine_info": [4]})",
      // A matrix by its reading, with keys that make it ambiguous for detection, which refuses it.
      R"({"benchmarks": [1], "context": [2]})",
      R"({"x": [1], "benchmarks": [1], "machine_info": [2, "z"]})",
      R"({"a": [1, "benchmarks", "x\"context"], "stats_source": "results"})",
      R"({"a": [1, "text\"results\""]})",
      R"({"a": [123456789012345678901234567890, "results"]})",
      R"({"x\"context": [1], "y": [2]})",
      R"(  {  "machine_info": [1], "y": [2]})",
      R"({"context": {}, "benchmarks": [{"name": "b", "real_time": 5, "time_unit": "ns", "iterations": 1, "run_type": "iteration"}]})",
      R"({"results": [{"command": "a", "times": [1, 2]}]})",
      R"({"context": {}})",
      R"({"benchmarks": [], "context": {}, "machine_info": {}})",
      R"({"a": [1, 2})",
      R"({"a": [1], "a": [2]})",
      R"({"a": [1]} "results")",
      R"({"a": [1]} x)",
      R"({"a": [true]})",
      R"({"a": [-1], "dmesg.results": [1]})",
      "[1, 2]",
      "\xEF\xBB\xBF{\"a\": [1]}",
      "{\"a\": [1e400]}",
  };
  const std::filesystem::path file = std::filesystem::temp_directory_path() / "perfmail-test-unknown-format.json";
  const std::string name = file.string();
  const auto detected_first = [](const std::string& text, const std::string& source) {
    return outcome([&] { return io::parse_input(text, source, io::detect_input_format(text, source)); });
  };
  for (const std::string& text : texts) {
    CAPTURE(text);
    CHECK(outcome([&] { return io::parse_input(text, "in", input_format::automatic); }) == detected_first(text, "in"));
    // A file whose format is not given goes the same way, through the loader's own buffer and parser.
    std::ofstream(file, std::ios::binary) << text;
    CHECK(outcome([&] { return io::load_results(file); }) == detected_first(text, name));
  }
  std::filesystem::remove(file);
}

TEST_CASE("parse_input reads the format given, whatever the content looks like") {
  const matrix m = io::parse_input("1 2 3\n", "in", input_format::numbers);
  CHECK(m.find("value") != nullptr);
  CHECK_THROWS_AS((void)io::parse_input("1 2 3\n", "in", input_format::csv), input_error);
}

namespace {

matrix hinted(double level, std::optional<better> hint) {
  matrix m;
  m.add(metric_series("x.real_time", {level, level, level, level}, sample_kind::floating));
  if (hint) m.set_direction_hint("x.real_time", *hint);
  return m;
}

change_verdict verdict_with(std::optional<better> hint, std::vector<direction_rule> caller_rules = {},
                            std::shared_ptr<const metric_classifier> classifier = nullptr) {
  compare_options options;
  options.caller_rules = std::move(caller_rules);
  options.classifier = std::move(classifier);
  const comparison cmp = compare(std::vector<matrix>{hinted(100, hint), hinted(150, hint)}, options);
  const comparison_row* row = cmp.find("x.real_time");
  REQUIRE(row != nullptr);
  return verdict_of(*row, 1);
}

}  // namespace

TEST_CASE("direction: the importer's hint comes before the built-in name rules") {
  // The built-in rules call `.real_time` lower: a rise is a regression...
  CHECK(verdict_with(std::nullopt) == change_verdict::regression);
  // ...unless the file's unit says otherwise.
  CHECK(verdict_with(better::higher) == change_verdict::improvement);
}

TEST_CASE("direction: the caller's rules come before the importer's hint") {
  std::vector<direction_rule> rules{direction_rule{{name_match::exact, "x.real_time"}, better::lower}};
  CHECK(verdict_with(better::higher, rules) == change_verdict::regression);
  // A caller's rule that says "no direction" on purpose holds too.
  rules.front().direction = std::nullopt;
  CHECK(verdict_with(better::higher, rules) == change_verdict::changed);
  // A caller rule that does not match leaves the hint in force.
  rules.front() = direction_rule{{name_match::exact, "other"}, better::lower};
  CHECK(verdict_with(better::higher, rules) == change_verdict::improvement);
  // A classifier's own direction rules are built-in rules, whatever they are: the hint comes before them,
  // and the caller's rules before the hint.
  metric_rules replaced = metric_rules::robot();
  replaced.directions = {direction_rule{{name_match::suffix, ".real_time"}, better::lower}};
  const auto classifier = std::make_shared<const metric_classifier>(replaced);
  CHECK(verdict_with(std::nullopt, {}, classifier) == change_verdict::regression);
  CHECK(verdict_with(better::higher, {}, classifier) == change_verdict::improvement);
  CHECK(verdict_with(better::higher, {direction_rule{{name_match::prefix, "x."}, better::lower}}, classifier) ==
        change_verdict::regression);
}

TEST_CASE("direction hints survive copies and dropped runs") {
  matrix m = hinted(1, better::higher);
  const matrix copy = m;
  CHECK(copy.direction_hint("x.real_time") == better::higher);
  CHECK(m.without_runs({true, false, false, false}).direction_hint("x.real_time") == better::higher);
  m.set_direction_hint("x.real_time", better::lower);
  CHECK(m.direction_hint("x.real_time") == better::lower);
  CHECK_FALSE(m.direction_hint("y").has_value());
}

TEST_CASE("a command's output: the samples of the metric named, or of the one it printed, or what is wrong") {
  using problem = io::command_output_problem;
  const io::command_samples one = io::read_command_samples("101\n102.5\n", "bench.sh (run 1)", "");
  CHECK(one.problem == problem::none);
  CHECK(one.samples == std::vector<double>{101, 102.5});
  CHECK_FALSE(one.metric.empty());
  CHECK(io::read_command_samples(" \n\t", "bench.sh (run 1)", "").problem == problem::nothing_printed);
  CHECK(io::read_command_samples("", "bench.sh (run 1)", "value").problem == problem::nothing_printed);
  const io::command_samples junk = io::read_command_samples("abc\x1b[31m\n", "bench.sh (run 1)", "");
  CHECK(junk.problem == problem::unreadable);
  CHECK(junk.message.find("bench.sh (run 1)") != std::string::npos);
  CHECK(junk.message.find('\x1b') == std::string::npos);  // escaped for the terminal
  CHECK(junk.samples.empty());
  const io::command_samples two = io::read_command_samples(R"({"a": [1], "b": [2]})", "bench.sh (run 1)", "");
  CHECK(two.problem == problem::several_metrics);
  CHECK(two.names == std::vector<std::string>{"a", "b"});
  const io::command_samples named = io::read_command_samples(R"({"a": [1], "b": [2, 3]})", "bench.sh (run 1)", "b");
  CHECK(named.problem == problem::none);
  CHECK(named.samples == std::vector<double>{2, 3});
  const io::command_samples absent = io::read_command_samples(R"({"a": [1]})", "bench.sh (run 1)", "lat");
  CHECK(absent.problem == problem::no_samples);
  CHECK(absent.metric == "lat");
  CHECK(absent.names == std::vector<std::string>{"a"});
}
