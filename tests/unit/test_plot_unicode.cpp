#include <doctest/doctest.h>

#include "golden.hpp"

#include "perfmail/error.hpp"
#include "perfmail/plot/trend_plot.hpp"
#include "perfmail/plot/unicode_plot.hpp"

#include <algorithm>
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
  check_golden("plot_unicode_60x14.txt", render_trend(good, bad, unicode_options(60, 14)).text);
  check_golden("plot_unicode_colour_60x14.txt",
               render_trend(good, bad, unicode_options(60, 14, colour_mode::always)).text);
}

namespace {

/// The y labels of a unicode plot, bottom up, with the row (from the bottom) each stands on.
std::vector<std::pair<int, std::string>> y_labels(const std::string& text, bool has_title) {
  auto rows = lines(text);
  rows.erase(rows.end() - 2, rows.end());  // the x axis and the legend
  if (has_title) rows.erase(rows.begin());
  std::vector<std::pair<int, std::string>> out;
  for (std::size_t i = rows.size(); i-- > 0;) {
    const auto at = rows[i].find(" \u2524");  // " ┤"
    if (at == std::string::npos) continue;
    const auto start = rows[i].find_first_not_of(' ');
    out.emplace_back(static_cast<int>(rows.size() - 1 - i), rows[i].substr(start, at - start));
  }
  return out;
}

std::string legend_line(const std::string& text) { return lines(text).back(); }

}  // namespace

TEST_CASE("unicode: labels stand on the rows of their values, every k-th tic and the top one") {
  // The bug report: a sine from 100 to 300 at 70 x 12 lost the labels 140 and 300 (two tics shared a row,
  // and the first kept it); 11 tics on 9 rows now keep every second one.
  samples sine(40);
  for (std::size_t i = 0; i < sine.size(); ++i)
    sine[i] = 200 + 100 * std::sin(2 * 3.141592653589793 * static_cast<double>(i) / 39);
  auto o = unicode_options(70, 12);
  o.title = "sine";
  const auto labels = y_labels(render_trend(sine, std::nullopt, o).text, true);
  const std::vector<std::pair<int, std::string>> expected{{0, "100"}, {1, "140"}, {3, "180"},
                                                          {5, "220"}, {7, "260"}, {8, "300"}};
  CHECK(labels == expected);
  // 2.6e+07 vanished at 40 x 12: 10 tics on 9 rows keep every second one, and the top.
  o = unicode_options(40, 12);
  const auto throughput = y_labels(render_trend(good, bad, o).text, true);
  std::vector<std::string> texts;
  for (const auto& l : throughput) texts.push_back(l.second);
  CHECK(texts == std::vector<std::string>{"2e+07", "2.2e+07", "2.4e+07", "2.6e+07", "2.8e+07", "2.9e+07"});
  CHECK(throughput.front().first == 0);
  CHECK(throughput.back().first == 8);
}

TEST_CASE("unicode: the rows of values, and spans beyond the largest double") {
  const unicode_rows map(value_range{-1e308, 1e308}, 10);
  CHECK(map.dot(-1e308) == 0);
  CHECK(map.dot(1e308) == 39);
  CHECK(map.dot(0) == 20);  // 19.5 rounded away from zero
  CHECK(map.row(8.9e307) == 9);
  // gnuplot draws no tics on an axis whose span overflows; the unicode plot draws them all.
  const y_axis axis = make_unicode_axis(-8.9e307, 8.9e307);
  REQUIRE(axis.tics.size() == 11);
  CHECK(axis.tics.front().label == "-1e+308");
  CHECK(axis.tics.back().label == " 1e+308");
  CHECK(make_y_axis(-8.9e307, 8.9e307, fixed_point_rule::span_or_min_below_10).tics.empty());
  // A fall from 8.9e307 to -8.9e307 was drawn flat, on one row.
  const auto r = render_trend(samples{8.9e307, -8.9e307}, std::nullopt, unicode_options(40, 10));
  const auto rows = lines(r.text);
  const auto has_dots = [](const std::string& row) {  // a braille character, U+2801 .. U+28FF
    return row.find("\xE2\xA0") != std::string::npos || row.find("\xE2\xA1") != std::string::npos ||
           row.find("\xE2\xA2") != std::string::npos || row.find("\xE2\xA3") != std::string::npos;
  };
  CHECK(has_dots(rows.at(1)));  // the top plot row (the title is row 0)
  CHECK(has_dots(rows.at(7)));  // the bottom one
  // A constant too close to zero for the 1 % widening is drawn on the axis of 0.
  const y_axis tiny = make_unicode_axis(1e-322, 1e-322);
  CHECK(tiny.range == value_range{-1, 1});
  CHECK(render_trend(samples{1e-322, 1e-322}, std::nullopt, unicode_options(40, 10)).drawn());
}

TEST_CASE("unicode: every finite double is drawn, on an axis whose whole steps would pass the largest one") {
  constexpr double largest = std::numeric_limits<double>::max();
  // 1.7e308 extends to 2e308 in whole steps of 5e307: the range stops at the data instead.
  const y_axis wide = make_unicode_axis(-1.7e308, 1.7e308);
  CHECK(wide.range == value_range{-1.7e308, 1.7e308});
  CHECK(wide.step == doctest::Approx(5e307));
  REQUIRE(wide.tics.size() == 7);
  CHECK(wide.tics.front().label == "-1.5e+308");
  CHECK(wide.tics[3].label == " 0");
  CHECK(wide.tics.back().label == " 1.5e+308");
  // Within the doubles the extension stays: -1e308 .. 1.7e308 extends below to -1e308 exactly.
  const y_axis one_side = make_unicode_axis(-1e308, largest);
  CHECK(one_side.range.lo == -1e308);
  CHECK(one_side.range.hi == largest);
  for (const auto& t : one_side.tics) CHECK(std::isfinite(t.value));
  // A constant at the largest double: its 1 % widening is kept inside the doubles.
  const y_axis constant = make_unicode_axis(-largest, -largest);
  CHECK(constant.range.lo == -largest);
  CHECK(std::isfinite(constant.range.hi));
  CHECK(constant.range.hi < -largest * 0.98);
  // Drawn: the largest at the top row, the most negative at the bottom, no label reads inf or nan.
  const auto r = render_trend(samples{largest, -1.7e308}, samples{-largest}, unicode_options(40, 10));
  REQUIRE(r.drawn());
  CHECK(r.text.find("inf") == std::string::npos);
  CHECK(r.text.find("nan") == std::string::npos);
  const auto rows = lines(r.text);
  CHECK(rows.at(1).find("\u2524") != std::string::npos);  // a label on the top plot row (the title is row 0)
  CHECK(rows.at(7).find("\u25CF") != std::string::npos);  // the bad sample on the bottom row
  // A gnuplot look reads them as undefined, as gnuplot does.
  CHECK(render_trend(samples{largest, -1.7e308}, std::nullopt, plot_options{}).outcome ==
        plot_outcome::no_defined_value);
}

TEST_CASE("unicode: a label gets more digits where six would put it on another row") {
  // Six digits of 1e16 + 2 read as 1e16, the bottom row: the top label was a lie.
  const auto labels = y_labels(render_trend(samples{1e16, 1e16 + 2}, std::nullopt, unicode_options(60, 12)).text, true);
  REQUIRE(labels.size() == 2);
  CHECK(labels[0].second == "10000000000000000");
  CHECK(labels[1].second == "10000000000000002");
  // gnuplot's fixed-point labels repeat (0.000012 twice); the unicode plot's do not.
  const auto fixed = y_labels(render_trend(samples{1.11e-5, 1.45e-5}, std::nullopt, unicode_options(50, 12)).text, true);
  for (std::size_t i = 1; i < fixed.size(); ++i) CHECK(fixed[i].second != fixed[i - 1].second);
  // A tic within step / 100 of zero reads 0 and stands where 0 is drawn.
  const y_axis axis = make_unicode_axis(-0.3, 0.7);
  const unicode_rows map(axis.range, 7);
  for (const auto& l : make_unicode_labels(axis, map))
    CHECK(map.row(std::strtod(l.text.c_str(), nullptr)) == l.row);
}

TEST_CASE("unicode: the legend names the drawn sets only, by their labels") {
  const double qnan = std::numeric_limits<double>::quiet_NaN();
  auto o = unicode_options(80, 20);
  CHECK(legend_line(render_trend(good, bad, o).text).find("\u28C0\u28C0 bisect-good  \u25CF bisect-bad") !=
        std::string::npos);
  const auto good_only = legend_line(render_trend(good, std::nullopt, o).text);
  CHECK(good_only.find("\u28C0\u28C0 bisect-good") != std::string::npos);
  CHECK(good_only.find("bisect-bad") == std::string::npos);
  CHECK(legend_line(render_trend(good, samples{qnan, qnan}, o).text) == good_only);
  const auto bad_only = legend_line(render_trend(samples{}, bad, o).text);
  CHECK(bad_only.find("\u25CF bisect-bad") != std::string::npos);
  CHECK(bad_only.find("bisect-good") == std::string::npos);

  o.good_label = "v6.8";
  o.bad_label = "v6.9-rc1 \u541e";  // a wide character, two columns
  const auto named = render_trend(good, bad, o).text;
  CHECK(legend_line(named).find("\u28C0\u28C0 v6.8  \u25CF v6.9-rc1 \u541e") != std::string::npos);
  CHECK(named.find("bisect") == std::string::npos);
  o.colour = colour_mode::always;
  CHECK(legend_line(render_trend(good, bad, o).text).find("\x1b[1;31m\u25CF\x1b[0m v6.9-rc1") != std::string::npos);
}

TEST_CASE("unicode: a legend too wide for its line loses the indices, then is cut with an ellipsis") {
  auto o = unicode_options(20, 8);
  o.title.clear();
  const auto narrow = legend_line(render_trend(good, bad, o).text);
  CHECK(narrow.find("\u28C0\u28C0 ") != std::string::npos);
  CHECK(narrow.find("\u25CF ") != std::string::npos);
  CHECK(narrow.find("\u2026") != std::string::npos);
  CHECK(columns(narrow) <= 20);
  o = unicode_options(40, 10);
  o.good_label = std::string(100, 'g');
  const auto cut = legend_line(render_trend(good, std::nullopt, o).text);
  CHECK(cut.find("\u28C0\u28C0 ggg") != std::string::npos);
  CHECK(cut.find("g\u2026") != std::string::npos);
  CHECK(columns(cut) <= 40);
  CHECK(cut.find(" 8") == std::string::npos);  // no room for the last index
}

TEST_CASE("unicode: legend labels must be one line of text; the gnuplot looks have no legend") {
  auto o = unicode_options(60, 14);
  o.good_label = "a\x1b[2Jb";
  CHECK_THROWS_AS((void)render_trend(good, bad, o), usage_error);
  o.good_label.clear();
  o.bad_label = "right-to-left \u202e";
  CHECK_THROWS_AS((void)render_trend(good, bad, o), usage_error);
  CHECK_THROWS_AS(check_legend_label("good", "\xff"), usage_error);
  CHECK_NOTHROW(check_legend_label("good", "v6.9-rc1 \u541e"));
  for (const auto l : {look::gnuplot_4_6, look::gnuplot_5_0, look::gnuplot_5_4}) {
    plot_options g;
    g.style = l;
    g.good_label = "base";
    CHECK_THROWS_AS((void)render_trend(good, bad, g), usage_error);
    g.good_label.clear();
    CHECK(render_trend(good, bad, g).drawn());
  }
}

TEST_CASE("unicode plot: the ASCII fallback keeps every column and says each character's shape") {
  using perfmail::plot::ascii_fallback;
  // braille: upper half only, lower half only, both, none; the marker, frame, change mark and ellipsis
  CHECK(ascii_fallback("\u2809\u28C0\u28FF\u2800") == "'.: ");
  CHECK(ascii_fallback("\u25CF\u2502\u2524\u2514\u2500\u250A\u2026") == "o|++-!~");
  // other text beyond ASCII: one `?` a column, two for a wide character; ASCII and colour kept
  CHECK(ascii_fallback("caf\u00e9 \u4e2d|\x1b[36m\u28C0\x1b[0m") == "caf? ??|\x1b[36m.\x1b[0m");
  // the unicode look drawn in ASCII: the same picture, column for column
  perfmail::plot::plot_options o;
  o.style = perfmail::plot::look::unicode;
  o.width = 40;
  o.height = 10;
  const perfmail::plot::trend_series small_good = perfmail::plot::samples{1, 3, 2};
  const perfmail::plot::trend_series small_bad = perfmail::plot::samples{5, 7, 6};
  const std::string utf8 = perfmail::plot::render_unicode(small_good, small_bad, o).text;
  o.charset = perfmail::plot::text_charset::ascii;
  const std::string ascii = perfmail::plot::render_unicode(small_good, small_bad, o).text;
  CHECK(ascii == ascii_fallback(utf8));
  CHECK(std::all_of(ascii.begin(), ascii.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }));
}
