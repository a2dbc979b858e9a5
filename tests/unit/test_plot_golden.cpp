// The stored cases: every picture gnuplot printed (4.6.6, 5.0.5, 5.2.6, 5.4.0, 5.4.2 and 5.4.4 builds)
// for the cases under tests/data/plot-examples/; and, for 5.4.4 only, the cases of other sizes and empty
// titles under tests/data/plot-extra/ and the cases the differential test once failed on under
// tests/data/plot-regressions/ (a size.txt holds WIDTHxHEIGHT when it is not 80x20). Byte for byte.

#include <doctest/doctest.h>

#include "perfmail/plot/sample_text.hpp"
#include "perfmail/plot/trend_plot.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace perfmail::plot;

namespace {

std::optional<std::string> slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(in), {});
}

trend_series series(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  return read_samples(in, p.string());
}

/// The first line where two pictures differ, both versions, for a readable failure.
std::string first_difference(const std::string& expected, const std::string& actual) {
  std::size_t line = 0;
  std::size_t a = 0;
  std::size_t b = 0;
  while (true) {
    const auto ea = expected.find('\n', a);
    const auto eb = actual.find('\n', b);
    const auto la = expected.substr(a, ea == std::string::npos ? std::string::npos : ea - a);
    const auto lb = actual.substr(b, eb == std::string::npos ? std::string::npos : eb - b);
    if (la != lb || ea == std::string::npos || eb == std::string::npos)
      return "line " + std::to_string(line) + "\n  expected: '" + la + "'\n  actual:   '" + lb + "'";
    a = ea + 1;
    b = eb + 1;
    ++line;
  }
}

/// Renders every case under dir that has an expectation for the look; returns the number checked.
int check_cases(const fs::path& dir, const std::string& look_suffix, look l) {
  std::vector<fs::path> cases;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_directory()) cases.push_back(e.path());
  std::sort(cases.begin(), cases.end());
  int checked = 0;
  for (const auto& c : cases) {
    const auto expected = slurp(c / ("expected." + look_suffix + ".txt"));
    if (!expected) continue;
    plot_options opts;
    opts.style = l;
    opts.title = slurp(c / "title.txt").value_or("");
    if (const auto size = slurp(c / "size.txt")) {
      const auto x = size->find('x');
      opts.width = std::stoi(size->substr(0, x));
      opts.height = std::stoi(size->substr(x + 1));
    }
    const auto result = render_trend(series(c / "good.txt"), series(c / "bad.txt"), opts);
    const std::string& actual = result.text;
    INFO("case ", c.filename().string(), " look ", look_suffix);
    CHECK_MESSAGE(actual == *expected, first_difference(*expected, actual));
    ++checked;
  }
  return checked;
}

const fs::path examples = fs::path(PERFMAIL_TEST_DATA_DIR) / "plot-examples";
const fs::path extra = fs::path(PERFMAIL_TEST_DATA_DIR) / "plot-extra";
const fs::path regressions = fs::path(PERFMAIL_TEST_DATA_DIR) / "plot-regressions";

}  // namespace

TEST_CASE("golden: the 53 stored cases in the gnuplot 5.4 look (installed 5.4.4)") {
  CHECK(check_cases(examples, "5.4", look::gnuplot_5_4) == 53);
}
TEST_CASE("golden: the 53 stored cases in the gnuplot 5.4.2 look") {
  CHECK(check_cases(examples, "5.4.2", look::gnuplot_5_4_2) == 53);
}
TEST_CASE("golden: the 53 stored cases in the gnuplot 5.4.0 look") {
  CHECK(check_cases(examples, "5.4.0", look::gnuplot_5_4_0) == 53);
}
TEST_CASE("golden: the 53 stored cases in the gnuplot 5.2 look") {
  CHECK(check_cases(examples, "5.2", look::gnuplot_5_2) == 53);
}
TEST_CASE("golden: the 53 stored cases in the gnuplot 5.0 look (seed 001)") {
  CHECK(check_cases(examples, "5.0", look::gnuplot_5_0) == 53);
}
TEST_CASE("golden: the 53 stored cases in the gnuplot 4.6 look (seed 003)") {
  CHECK(check_cases(examples, "4.6", look::gnuplot_4_6) == 53);
}
TEST_CASE("golden: other sizes and empty titles in the gnuplot 5.4 look") {
  CHECK(check_cases(extra, "5.4", look::gnuplot_5_4) >= 9);
}
TEST_CASE("golden: the cases the differential test once failed on (5.4)") {
  CHECK(check_cases(regressions, "5.4", look::gnuplot_5_4) >= 6);
}
