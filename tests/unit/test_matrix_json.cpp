#include <doctest/doctest.h>

#include "perfmail/error.hpp"
#include "perfmail/io/import.hpp"
#include "perfmail/io/matrix_json.hpp"
#include "perfmail/text/utf8.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace perfmail;
namespace fs = std::filesystem;

namespace {

/// The message of the input_error that parsing `json` throws.
std::string parse_error_of(const std::string& json) {
  try {
    (void)io::parse_matrix(json, "m.json");
  } catch (const input_error& e) {
    return e.what();
  }
  return "(no error)";
}

struct scratch_dir {
  fs::path path;
  explicit scratch_dir(const std::string& name) : path(fs::temp_directory_path() / ("perfmail-test-" + name)) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~scratch_dir() { fs::remove_all(path); }
  void write(const fs::path& relative, const std::string& text) const {
    fs::create_directories((path / relative).parent_path());
    std::ofstream(path / relative, std::ios::binary) << text;
  }
};

}  // namespace

TEST_CASE("parse_matrix: metrics in file order with their kinds") {
  const auto m = io::parse_matrix(R"({
    "fio.write_iops": [16106, 17980],
    "fio.write_bw_MBps": [62.9, 70.0, 1e3],
    "dmesg.Mem-Info": [0, null]
  })",
                                  "m.json");
  REQUIRE(m.size() == 3);
  CHECK(m.metrics()[0].name() == "fio.write_iops");
  CHECK_FALSE(m.find("fio.write_iops")->any_floating());
  CHECK(m.find("fio.write_bw_MBps")->any_floating());
  CHECK(m.find("fio.write_bw_MBps")->raw_values()[2] == 1000);
  CHECK(m.find("dmesg.Mem-Info")->is_missing(1));
  CHECK(m.run_count() == 3);
}

TEST_CASE("parse_matrix: 5.0 and 1e3 are floats, 5 is an integer") {
  const auto m = io::parse_matrix(R"({"a": [5], "b": [5.0], "c": [1e3], "d": [-7]})", "m.json");
  CHECK(m.find("a")->kind(0) == sample_kind::integer);
  CHECK(m.find("b")->kind(0) == sample_kind::floating);
  CHECK(m.find("c")->kind(0) == sample_kind::floating);
  CHECK(m.find("d")->kind(0) == sample_kind::integer);
}

TEST_CASE("parse_matrix: stats_source gives the run count") {
  const auto m = io::parse_matrix(R"({"x": [1, 2], "stats_source": ["0/stats.json", "1/stats.json"]})", "m.json");
  CHECK(m.run_count() == 2);
  CHECK_FALSE(m.contains("stats_source"));
}

TEST_CASE("parse_matrix: a series shorter than stats_source ends with runs that did not report it") {
  // The robot writes a matrix so: a metric first seen in run 2 of 3 is [0, 1], the last run absent.
  const auto m = io::parse_matrix(R"({"x": [0, 1], "y": [1, 2, 3], "stats_source": ["a", "b", "c"]})", "m.json");
  CHECK(m.run_count() == 3);
  REQUIRE(m.find("x") != nullptr);
  CHECK(m.find("x")->size() == 2);
}

TEST_CASE("parse_matrix: string samples make a metric the robot ignores") {
  const auto m = io::parse_matrix(R"({"kernel.version": ["5.0"], "x": [1]})", "m.json");
  CHECK_FALSE(m.contains("kernel.version"));
  CHECK(m.textual_metrics().size() == 1);
}

TEST_CASE("parse_matrix: magnitudes at the ends of double") {
  const auto m = io::parse_matrix(R"({"big": [1e308], "tiny": [5e-324], "u": [18446744073709551615],
                                      "bigint": [123456789012345678901234567890]})",
                                  "m.json");
  CHECK(m.find("big")->raw_values()[0] == 1e308);
  CHECK(m.find("tiny")->raw_values()[0] > 0);
  CHECK(m.find("u")->raw_values()[0] == 18446744073709551615.0);
  CHECK(m.find("bigint")->raw_values()[0] == doctest::Approx(1.2345678901234568e29));
}

TEST_CASE("parse_matrix: an integer below -2^63 is read as the nearest double") {
  const auto m = io::parse_matrix(R"({"neg": [-9270954067825997824, -123456789012345678901234567890]})", "neg.json");
  CHECK(m.find("neg")->raw_values()[0] == -9270954067825997824.0);
  CHECK(m.find("neg")->raw_values()[1] == doctest::Approx(-1.2345678901234568e29));
  CHECK(m.find("neg")->kind(0) == sample_kind::integer);
}

TEST_CASE("parse_matrix: bad input names the place and the problem") {
  SUBCASE("empty text") { CHECK(parse_error_of("") == "m.json: no JSON value (the file is empty)"); }
  SUBCASE("a top-level array") {
    CHECK(parse_error_of("[1, 2]") ==
          "m.json:1:1: the top level is not a JSON object (expected metric names mapped to samples)");
  }
  SUBCASE("a metric that is not an array") {
    CHECK(parse_error_of("{\n  \"x\": 5\n}") == "m.json:2:8: metric \"x\" is not an array of samples");
  }
  SUBCASE("a sample that is an object") {
    CHECK(parse_error_of("{\"x\": [1, {}]}") == "m.json:1:11: metric \"x\": a sample is an object; expected a number");
  }
  SUBCASE("a sample that is true") {
    CHECK(parse_error_of("{\"x\": [true]}") ==
          "m.json:1:8: metric \"x\": a sample is true or false; expected a number");
  }
  SUBCASE("NaN, Infinity and 1e400 are refused") {
    CHECK(parse_error_of("{\"x\": [NaN]}").starts_with("m.json:1:"));
    CHECK(parse_error_of("{\"x\": [Infinity]}").starts_with("m.json:1:"));
    CHECK(parse_error_of("{\"x\": [1, 1e400]}") == "m.json:1:11: a number beyond the range of a double: \"1e400\"");
  }
  SUBCASE("truncated JSON") { CHECK(parse_error_of("{\"x\": [1, 2").find("m.json") == 0); }
  SUBCASE("text after the object") {
    CHECK(parse_error_of("{\"x\": [1]} 5") == "m.json:1:12: text after the end of the JSON value");
  }
  SUBCASE("a metric twice") { CHECK(parse_error_of(R"({"x": [1], "x": [2]})").find("appears twice") != std::string::npos); }
  SUBCASE("stats_source shorter than a series") {
    CHECK(parse_error_of(R"({"x": [1, 2, 3], "stats_source": ["a", "b"]})") ==
          "m.json: metric \"x\": has 3 samples but stats_source lists 2 runs");
  }
  SUBCASE("invalid UTF-8 in a name") {
    CHECK(parse_error_of("{\"x\xff\": [1]}").find("UTF-8") != std::string::npos);
  }
}

TEST_CASE("load_matrix: files") {
  const scratch_dir dir("load-matrix");
  SUBCASE("a missing file") {
    CHECK_THROWS_WITH_AS((void)io::load_matrix(dir.path / "nope.json"), doctest::Contains("no such file"), input_error);
  }
  SUBCASE("a directory") {
    CHECK_THROWS_WITH_AS((void)io::load_matrix(dir.path), doctest::Contains("is a directory"), input_error);
  }
  SUBCASE("a file over the size limit") {
    dir.write("m.json", R"({"x": [1, 2, 3]})");
    CHECK_THROWS_WITH_AS((void)io::load_matrix(dir.path / "m.json", {.max_file_bytes = 4}),
                         doctest::Contains("larger than the limit"), input_error);
  }
  SUBCASE("errors name the file") {
    dir.write("m.json", "{\"x\": [1,]}");
    try {
      (void)io::load_matrix(dir.path / "m.json");
      FAIL("no error");
    } catch (const input_error& e) {
      CHECK(e.file() == (dir.path / "m.json").string());
      CHECK(e.place().line == 1);
    }
  }
}

TEST_CASE("load_stats_directory: runs merged in numeric order") {
  const scratch_dir dir("stats-dir");
  dir.write("10/stats.json", R"({"fio.write_iops": 30, "dmesg.oops": 1})");
  dir.write("2/stats.json", R"({"fio.write_iops": 20})");
  dir.write("1/stats.json", R"({"fio.write_iops": 10.5, "kernel": "5.0"})");
  dir.write("notes/readme.txt", "not a run");
  const auto m = io::load_results(dir.path);
  CHECK(m.run_count() == 3);
  const auto* iops = m.find("fio.write_iops");
  REQUIRE(iops != nullptr);
  CHECK(iops->present_values() == std::vector<double>{10.5, 20, 30});
  const auto* oops = m.find("dmesg.oops");
  REQUIRE(oops != nullptr);
  CHECK(oops->size() == 3);
  CHECK(oops->is_missing(0));
  CHECK(oops->raw_values()[2] == 1);
  CHECK(m.textual_metrics().size() == 1);

  SUBCASE("a directory with a matrix.json uses it") {
    dir.write("matrix.json", R"({"x": [1, 2]})");
    CHECK(io::load_results(dir.path).contains("x"));
  }
}

TEST_CASE("load_stats_directory: errors") {
  const scratch_dir dir("stats-dir-bad");
  SUBCASE("no runs") {
    CHECK_THROWS_WITH_AS((void)io::load_stats_directory(dir.path), doctest::Contains("no run directories"), input_error);
  }
  SUBCASE("an array value in a stats.json") {
    dir.write("0/stats.json", R"({"x": [1, 2]})");
    CHECK_THROWS_WITH_AS((void)io::load_stats_directory(dir.path), doctest::Contains("one value per metric"), input_error);
  }
}

TEST_CASE("parse_matrix: limits refuse input that is too large to be real") {
  io::load_limits limits;
  limits.max_runs = 3;
  limits.max_name_bytes = 12;
  CHECK_NOTHROW((void)io::parse_matrix(R"({"x": [1, 2, 3]})", "m.json", limits));
  CHECK_THROWS_WITH_AS((void)io::parse_matrix(R"({"x": [1, 2, 3, 4]})", "m.json", limits),
                       "m.json:1:7: metric \"x\" has more than 3 samples (the limit of runs)", input_error);
  CHECK_THROWS_WITH_AS((void)io::parse_matrix(R"({"x": [1], "stats_source": ["a", "b", "c", "d"]})", "m.json", limits),
                       doctest::Contains("stats_source lists more than 3 runs"), input_error);
  CHECK_THROWS_WITH_AS((void)io::parse_matrix(R"({"abcdefghijklm": [1]})", "m.json", limits),
                       "m.json:1:19: a metric name of 13 bytes, longer than the limit of 12", input_error);
}

TEST_CASE("parse_matrix: failure counts are never negative") {
  CHECK_THROWS_WITH_AS((void)io::parse_matrix(R"({"dmesg.oops": [0, -1]})", "m.json"),
                       "m.json:1:20: metric \"dmesg.oops\": a failure count is negative", input_error);
  CHECK_NOTHROW((void)io::parse_matrix(R"({"mpstat.cpu.steal": [-1, 0]})", "m.json"));
}

TEST_CASE("parse_matrix: invalid UTF-8 is located") {
  CHECK(parse_error_of("{\"a\": [1],\n \"b\xc3\x28\": [2]}") == "m.json:2:4: text that is not valid UTF-8");
}

TEST_CASE("merge_run_stats: runs merged from texts") {
  const std::vector<io::run_stats_text> runs{{"0/stats.json", R"({"x": 1, "y": 2.5})"}, {"1/stats.json", R"({"x": 3})"}};
  const auto m = io::merge_run_stats(runs);
  CHECK(m.run_count() == 2);
  CHECK(m.find("x")->present_values() == std::vector<double>{1, 3});
  CHECK(m.find("y")->is_missing(1));
  io::load_limits one_run;
  one_run.max_runs = 1;
  CHECK_THROWS_WITH_AS((void)io::merge_run_stats(runs, one_run), "1/stats.json: more than 1 runs (the limit of runs)",
                       input_error);
}

TEST_CASE("load_all_results: matrices in the order given, the first failing path's error") {
  const scratch_dir dir("load-all");
  dir.write("a/matrix.json", R"({"x": [1, 2]})");
  dir.write("b/matrix.json", R"({"y": [3.5]})");
  dir.write("c/matrix.json", R"({"z": [1, )");
  const std::vector<fs::path> good{dir.path / "a", dir.path / "b", dir.path / "a"};
  const auto loaded = io::load_all_results(good);
  REQUIRE(loaded.size() == 3);
  CHECK(loaded[0].contains("x"));
  CHECK(loaded[1].contains("y"));
  CHECK(loaded[2].contains("x"));

  const std::vector<fs::path> bad{dir.path / "a", dir.path / "missing", dir.path / "c"};
  try {
    (void)io::load_all_results(bad);
    FAIL("no error");
  } catch (const input_error& e) {
    CHECK(std::string{e.what()}.find("missing") != std::string::npos);
  }
  CHECK(io::load_all_results(std::vector<fs::path>{}).empty());
}

TEST_CASE("load_all_results: a shorter file after a longer one is read on its own") {
  // One buffer and one parser serve every file in turn: nothing of the longer text may show through.
  const scratch_dir dir("load-reuse");
  std::string longer = R"({"long.metric": [)";
  for (int i = 0; i < 2000; ++i) longer += std::to_string(i) + (i + 1 < 2000 ? ", " : "]}");
  dir.write("a/matrix.json", longer);
  dir.write("b/matrix.json", R"({"s": [7]})");
  dir.write("c/matrix.json", R"({"t": [1.5, 2.5]})");
  const std::vector<fs::path> paths{dir.path / "a", dir.path / "b", dir.path / "c"};
  const auto loaded = io::load_all_results(paths);
  REQUIRE(loaded.size() == 3);
  CHECK(loaded[0].find("long.metric")->size() == 2000);
  CHECK(loaded[1].size() == 1);
  CHECK(loaded[1].find("s")->raw_values()[0] == 7);
  CHECK(loaded[2].find("t")->any_floating());
  // A truncated shorter file is reported as truncated, not completed by the longer text before it.
  dir.write("d/matrix.json", R"({"u": [1, )");
  try {
    (void)io::load_all_results(std::vector<fs::path>{dir.path / "a", dir.path / "d"});
    FAIL("no error");
  } catch (const input_error& e) {
    CHECK(std::string{e.what()}.find("d/matrix.json") != std::string::npos);
    CHECK(std::string{e.what()}.find("truncated") != std::string::npos);
  }
}

TEST_CASE("results_loader: files one after another, and again after a move") {
  const scratch_dir dir("loader");
  dir.write("a/matrix.json", R"({"x": [1, 2], "y": [3, 4]})");
  dir.write("b/matrix.json", R"({"x": [5, 6]})");
  io::results_loader loader;
  const matrix a = loader.load(dir.path / "a");
  const matrix b = loader.load(dir.path / "b");  // sized from a: room for two metrics, one used
  CHECK(a.size() == 2);
  CHECK(b.size() == 1);
  CHECK(b.find("x")->raw_values()[1] == 6);
  io::results_loader moved = std::move(loader);
  const matrix again = moved.load(dir.path / "a");
  CHECK(*again.find("y") == *a.find("y"));
  CHECK(loader.load(dir.path / "b").size() == 1);  // NOLINT(bugprone-use-after-move): a moved-from loader works
}

TEST_CASE("metric names: invisible formatting characters are refused by every loader, named by code point") {
  // Category Cf: a zero-width space, a soft hyphen, a byte order mark, a word joiner, an invisible
  // separator. `fio.write\u200B_iops` would print as `fio.write_iops` beside the real one.
  for (const char* format : {"\u200B", "\u00AD", "\uFEFF", "\u2060", "\u2063", "\U000E0001"}) {
    const std::string name = std::string{"fio.write"} + format + "_iops";
    const std::string code = fmt::format("U+{:04X}", text::decode_utf8(format, 0).code);
    CAPTURE(code);
    const std::string from_matrix = parse_error_of("{\n  \"" + name + "\": [1]\n}");
    CAPTURE(from_matrix);
    CHECK(from_matrix.starts_with("m.json:2:"));
    CHECK(from_matrix.find("invisible formatting character (" + code + ")") != std::string::npos);
    CHECK(from_matrix.find(format) == std::string::npos);
    std::string from_csv;
    try {
      (void)io::parse_delimited("metric,run,value\nok,r1,1\n" + name + ",r1,2\n", "c.csv", ',');
    } catch (const input_error& e) {
      from_csv = e.what();
    }
    CHECK(from_csv.starts_with("c.csv:3:"));
    CHECK(from_csv.find(code) != std::string::npos);
    CHECK(from_csv.find(format) == std::string::npos);
  }
  // Visible characters beyond ASCII stay welcome.
  CHECK(parse_error_of("{\"caf\u00E9.lat_\u00B5s\": [1]}") == "(no error)");
}

TEST_CASE("parse_matrix: a long metric name is quoted cut, and the reason follows it") {
  // A name of 3,000 bytes is a valid name; quoted whole, it pushed the reason past the 2,000-byte bound
  // of messages.
  const std::string name(3000, 'm');
  const std::string message = parse_error_of("{\"" + name + "\": 5}");
  CHECK(message == "m.json:1:3006: metric \"" + std::string(40, 'm') + "...\" is not an array of samples");
  CHECK(parse_error_of("{\"" + name + "\": [1, true]}").ends_with("a sample is true or false; expected a number"));
}
