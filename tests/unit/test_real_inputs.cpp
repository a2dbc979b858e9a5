// The files the real tools wrote (tests/data/inputs/real/, made by make_real.sh there), read through
// perfmail::io and checked metric by metric against what tests/reference/real_inputs_reference.py read
// from them without perfmail (tests/reference/real_inputs_reference.tsv): the same metrics, the present
// samples' count, mean, median, min and max, and the direction the unit gives.
#include <doctest/doctest.h>

#include "perfmail/io/import.hpp"
#include "perfmail/io/matrix_json.hpp"
#include "perfmail/model/matrix.hpp"
#include "perfmail/stats/summary.hpp"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace perfmail;

namespace {

const std::filesystem::path data_dir{PERFMAIL_TEST_DATA_DIR};

struct expected_row {
  std::string tool, side, metric;
  std::size_t n = 0;
  double mean = 0, median = 0, min = 0, max = 0;
  std::string direction, verdict;
};

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream in(line);
  std::string field;
  while (std::getline(in, field, '\t')) out.push_back(field);
  return out;
}

std::vector<expected_row> expected_rows() {
  std::ifstream in(data_dir / ".." / "reference" / "real_inputs_reference.tsv");
  REQUIRE(in.good());
  std::string line;
  std::getline(in, line);
  REQUIRE(line == "tool\tside\tmetric\tn\tmean\tmedian\tmin\tmax\tdirection\tp\tq\tverdict");
  std::vector<expected_row> out;
  while (std::getline(in, line)) {
    const auto f = split_tabs(line);
    REQUIRE(f.size() == 12);
    expected_row r;
    r.tool = f[0];
    r.side = f[1];
    r.metric = f[2];
    r.n = std::stoul(f[3]);
    if (r.n > 0) {
      r.mean = std::strtod(f[4].c_str(), nullptr);
      r.median = std::strtod(f[5].c_str(), nullptr);
      r.min = std::strtod(f[6].c_str(), nullptr);
      r.max = std::strtod(f[7].c_str(), nullptr);
    }
    r.direction = f[8];
    r.verdict = f[11];
    out.push_back(std::move(r));
  }
  return out;
}

std::filesystem::path file_of(const std::string& tool, const std::string& side) {
  const std::string ext = tool == "go" ? "txt" : "json";
  return data_dir / "inputs" / "real" / tool / (side + "." + ext);
}

std::string direction_name(const matrix& m, const std::string& name) {
  const auto hint = m.direction_hint(name);
  if (!hint) return "none";
  return *hint == better::lower ? "lower" : "higher";
}

bool close(double got, double want) { return std::abs(got - want) <= 1e-9 * std::abs(want); }

}  // namespace

TEST_CASE("real files: every metric's samples and direction as an independent reading finds them") {
  const auto rows = expected_rows();
  std::map<std::pair<std::string, std::string>, std::set<std::string>> expected_names;
  for (const auto& r : rows) expected_names[{r.tool, r.side}].insert(r.metric);
  REQUIRE(expected_names.size() == 10);  // five tools' base and head

  std::map<std::pair<std::string, std::string>, matrix> loaded;
  for (const auto& entry : expected_names) {
    // References, not a structured binding: CHECK_MESSAGE's lambda cannot capture one in clang 14.
    const auto& key = entry.first;
    const auto& names = entry.second;
    // Detected from the content, as the command line reads them.
    matrix m = io::load_results(file_of(key.first, key.second));
    std::set<std::string> got;
    for (const auto& s : m.metrics()) got.insert(std::string{s.name()});
    CHECK_MESSAGE(got == names, key.first, " ", key.second);
    loaded.emplace(key, std::move(m));
  }
  for (const auto& r : rows) {
    INFO(r.tool, " ", r.side, " ", r.metric);
    const matrix& m = loaded.at({r.tool, r.side});
    const series_view* s = m.find(r.metric);
    REQUIRE(s != nullptr);
    const std::vector<double> present = s->present_values();
    CHECK(present.size() == r.n);
    CHECK(direction_name(m, r.metric) == r.direction);
    if (r.n == 0) {
      // A failed benchmark is there, with no sample: never a zero, never absent.
      CHECK(r.verdict == "failed");
      continue;
    }
    const summary got = summarize(present);
    CHECK(close(got.mean, r.mean));
    CHECK(close(got.median, r.median));
    CHECK(close(got.min, r.min));
    CHECK(close(got.max, r.max));
  }
}

TEST_CASE("real files: the failed benchmarks are noted") {
  const auto notes_of = [](const std::string& tool, const std::string& side) {
    const matrix m = io::load_results(file_of(tool, side));
    return std::vector<std::string>(m.notes().begin(), m.notes().end());
  };
  CHECK(notes_of("gbench", "base").empty());
  REQUIRE(notes_of("gbench", "head").size() == 1);
  CHECK(notes_of("gbench", "head")[0].find("\"BM_Fail\" failed (error_occurred) in 10 repetitions") !=
        std::string::npos);
  REQUIRE(notes_of("go", "head").size() == 1);
  CHECK(notes_of("go", "head")[0].find("\"BenchmarkFlaky-2\" failed (`--- FAIL`)") != std::string::npos);
  REQUIRE(notes_of("go-json", "head").size() == 1);
  REQUIRE(notes_of("hyperfine", "base").size() == 1);
  CHECK(notes_of("hyperfine", "base")[0].find("\"fails\" failed (a non-zero exit code) in 10 of its 10 runs") !=
        std::string::npos);
  CHECK(notes_of("pytest", "head").empty());
}
