#include <doctest/doctest.h>

#include "perfmail/error.hpp"
#include "perfmail/plot/trend_plot.hpp"
#include "perfmail/plot/unicode_plot.hpp"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

using namespace perfmail;
using namespace perfmail::plot;

namespace {

const samples good{22e6, 21e6, 22.5e6, 21.5e6, 23e6, 20.5e6, 21.8e6, 22.4e6};
const samples bad{27e6, 26e6, 25.5e6, 28.5e6, 26.5e6, 27.2e6};

plot_options unicode_options(int width, int height, colour_mode colour = colour_mode::never) {
  plot_options o;
  o.style = look::unicode;
  o.width = width;
  o.height = height;
  o.title = "vm-scalability.throughput";
  o.colour = colour;
  return o;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

/// Characters (UTF-8 code points) in a line without escape sequences.
std::size_t columns(const std::string& line) {
  std::size_t n = 0;
  for (unsigned char c : line) n += (c & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

void check_golden(const std::string& name, const std::string& actual) {
  const auto path = std::filesystem::path(PERFMAIL_GOLDEN_DIR) / (name + ".txt");
  if (std::getenv("PERFMAIL_UPDATE_GOLDEN") != nullptr) {
    std::ofstream(path, std::ios::binary) << actual;
    return;
  }
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in, "missing ", path.string());
  CHECK(actual == std::string(std::istreambuf_iterator<char>(in), {}));
}

}  // namespace

TEST_CASE("unicode: braille cells hold 2 x 4 dots") {
  braille_grid g(2, 1);
  SUBCASE("the top-left dot is U+2801, the bottom-right U+2880") {
    g.dot(0, 3, unicode_ink::good);
    g.dot(3, 0, unicode_ink::good);
    const auto row = g.row(0);
    CHECK(row.at(0).text == "\u2801");
    CHECK(row.at(1).text == "\u2880");
  }
  SUBCASE("a line sets every dot between its ends") {
    g.line(0, 0, 3, 3, unicode_ink::good);
    const auto row = g.row(0);
    CHECK(row.at(0).text == "\u2860");  // dots (0,0) and (1,1)
    CHECK(row.at(1).text == "\u280A");  // dots (2,2) and (3,3)
  }
  SUBCASE("dots off the grid are ignored") {
    g.dot(4, 0, unicode_ink::good);
    g.dot(0, 4, unicode_ink::good);
    g.dot(-1, 0, unicode_ink::good);
    CHECK(g.row(0).at(0).text == " ");
    CHECK(g.row(0).at(1).text == " ");
  }
}

TEST_CASE("unicode: the picture fits the requested size") {
  for (const auto& size : {std::pair{80, 20}, std::pair{60, 14}, std::pair{20, 5}, std::pair{200, 50}}) {
    // Plain variables rather than structured bindings: clang 14 cannot capture those in CAPTURE's lambda.
    const int w = size.first;
    const int h = size.second;
    CAPTURE(w);
    CAPTURE(h);
    const auto r = render_trend(good, bad, unicode_options(w, h));
    REQUIRE(r.drawn());
    const auto rows = lines(r.text);
    CHECK(rows.size() == static_cast<std::size_t>(h));
    for (const auto& row : rows) CHECK(columns(row) <= static_cast<std::size_t>(w));
    CHECK(r.text.back() != '\n');
  }
}

TEST_CASE("unicode: a long title is cut after its last whole character, measured in columns") {
  // Found by fuzz_plot_render: the title was cut at a byte count, in the middle of a character, and a
  // title of wide characters was measured as one column per byte.
  std::string wide_title;
  for (int i = 0; i < 30; ++i) wide_title += "\u541e";  // 30 CJK characters, 2 columns each
  auto o = unicode_options(25, 8);
  o.title = wide_title;
  auto r = render_trend(good, bad, o);
  REQUIRE(r.drawn());
  CHECK(lines(r.text).at(0) == " " + wide_title.substr(0, 12 * 3));  // 12 characters: 24 columns of the 25
  CHECK(detail::fit_columns(wide_title, 25).columns == 24);

  o.width = 25;
  o.title = std::string(30, 'x') + "\u00e9";
  CHECK(lines(render_trend(good, bad, o).text).at(0) == std::string(25, 'x'));
  o.width = 31;
  CHECK(lines(render_trend(good, bad, o).text).at(0) == std::string(30, 'x') + "\u00e9");
  o.width = 40;
  o.title = "bad \xff\xc3 bytes";  // bytes outside UTF-8 (a lone 0x9B is a terminal's CSI) are refused
  CHECK_THROWS_AS((void)render_trend(good, bad, o), usage_error);
}

TEST_CASE("unicode: every defined bad sample is a dot, the good samples a line") {
  const auto r = render_trend(good, bad, unicode_options(80, 20));
  CHECK(count(r.text, "\u25CF") == bad.size() + 1);  // one more in the legend
  CHECK(r.text.find("bisect-good") != std::string::npos);
  CHECK(r.text.find("2.9e+07") != std::string::npos);
  CHECK(r.text.find("\x1b") == std::string::npos);
}

TEST_CASE("unicode: colour only when asked") {
  const auto plain = render_trend(good, bad, unicode_options(80, 20)).text;
  const auto colour = render_trend(good, bad, unicode_options(80, 20, colour_mode::always)).text;
  CHECK(plain.find('\x1b') == std::string::npos);
  CHECK(colour.find("\x1b[1;31m\u25CF") != std::string::npos);
  CHECK(colour.find("\x1b[36m") != std::string::npos);
  SUBCASE("every line that opens a colour closes it") {
    for (const auto& row : lines(colour))
      if (row.find("\x1b[") != std::string::npos) CHECK(row.rfind("\x1b[") == row.rfind("\x1b[0m"));
  }
}

TEST_CASE("unicode: undefined samples leave gaps, and the outcomes are those of the gnuplot looks") {
  const double qnan = std::numeric_limits<double>::quiet_NaN();
  const double infinity = std::numeric_limits<double>::infinity();
  const auto with_gap = render_trend(samples{1, 2, qnan, 4, 5}, std::nullopt, unicode_options(40, 10)).text;
  const auto with_inf = render_trend(samples{1, 2, infinity, 4, 5}, std::nullopt, unicode_options(40, 10)).text;
  const auto whole = render_trend(samples{1, 2, 3, 4, 5}, std::nullopt, unicode_options(40, 10)).text;
  CHECK(with_gap != whole);
  CHECK(with_gap == with_inf);
  CHECK(render_trend(std::nullopt, std::nullopt, unicode_options(40, 10)).outcome == plot_outcome::no_series);
  CHECK(render_trend(samples{}, samples{qnan}, unicode_options(40, 10)).outcome == plot_outcome::no_defined_value);
  CHECK(render_trend(samples{7}, std::nullopt, unicode_options(40, 10)).drawn());
}

TEST_CASE("unicode: sizes below 20 x 5 are a usage error") {
  CHECK_THROWS_AS((void)render_trend(good, bad, unicode_options(19, 10)), usage_error);
  CHECK_THROWS_AS((void)render_trend(good, bad, unicode_options(40, 4)), usage_error);
}

TEST_CASE("unicode: reference pictures") {
  check_golden("plot_unicode_60x14", render_trend(good, bad, unicode_options(60, 14)).text);
  check_golden("plot_unicode_colour_60x14",
               render_trend(good, bad, unicode_options(60, 14, colour_mode::always)).text);
}
