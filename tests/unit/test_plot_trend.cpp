#include <doctest/doctest.h>

#include "perfmail/error.hpp"
#include "perfmail/plot/trend_plot.hpp"

#include <cmath>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

using namespace perfmail;
using namespace perfmail::plot;

namespace {

constexpr double qnan = std::numeric_limits<double>::quiet_NaN();
constexpr double infinity = std::numeric_limits<double>::infinity();

plot_options with(look l, std::string title = "metric") {
  plot_options o;
  o.style = l;
  o.title = std::move(title);
  return o;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

const std::vector<look> every_look{look::gnuplot_4_6,   look::gnuplot_5_0,   look::gnuplot_5_2,
                                   look::gnuplot_5_4_0, look::gnuplot_5_4_2, look::gnuplot_5_4};

}  // namespace

TEST_CASE("trend: no plot is an outcome, not an error") {
  SUBCASE("both sets absent: the robot makes no plot") {
    const auto r = render_trend(std::nullopt, std::nullopt, with(look::gnuplot_5_4));
    CHECK(r.outcome == plot_outcome::no_series);
    CHECK_FALSE(r);
    CHECK(r.text.empty());
  }
  SUBCASE("both sets empty: gnuplot reports an invalid x range and prints nothing") {
    const auto r = render_trend(samples{}, samples{}, with(look::gnuplot_5_4));
    CHECK(r.outcome == plot_outcome::no_defined_value);
    CHECK(r.text.empty());
  }
  SUBCASE("only undefined samples: nothing in 5.x, bogus points in 4.6") {
    const samples all_nan{qnan, qnan, qnan};
    for (auto l : every_look) {
      CAPTURE(name_of(l));
      const auto r = render_trend(all_nan, std::nullopt, with(l));
      CHECK(r.drawn() == (l == look::gnuplot_4_6));
    }
  }
}

TEST_CASE("trend: a gnuplot picture is width x height characters without a final newline") {
  const samples good{22e6, 21e6, 22.5e6, 21.5e6, 23e6, 20.5e6, 21.8e6, 22.4e6};
  const samples bad{27e6, 26e6, 25.5e6, 28.5e6, 26.5e6, 27.2e6};
  for (auto l : every_look) {
    CAPTURE(name_of(l));
    const auto r = render_trend(good, bad, with(l));
    REQUIRE(r.drawn());
    const auto rows = lines(r.text);
    if (l == look::gnuplot_4_6) {
      // 4.6 trims every row, so the text ends with the bottom frame and the two empty rows below it
      CHECK(r.text.substr(r.text.size() - 3) == "+\n\n");
      CHECK(rows.size() == 19);
    } else {
      CHECK(r.text.back() != '\n');
      CHECK(rows.size() == 20);
      for (const auto& row : rows) CHECK(row.size() == 80);
    }
  }
  SUBCASE("other sizes keep the layout rules") {
    plot_options o = with(look::gnuplot_5_4);
    o.width = 60;
    o.height = 15;
    const auto rows = lines(render_trend(good, bad, o).text);
    REQUIRE(rows.size() == 15);
    CHECK(rows.at(3).rfind("  2.9e+07 +---", 0) == 0);
    CHECK(rows.at(3).substr(56) == "+   ");  // the right frame is 4 columns from the edge
    CHECK(rows.at(12).rfind("    2e+07 +---", 0) == 0);
  }
}

TEST_CASE("trend: an absent set draws the same picture as an empty one") {
  const samples good{1, 3, 2, 5};
  for (auto l : every_look) {
    CAPTURE(name_of(l));
    CHECK(render_trend(good, std::nullopt, with(l)).text == render_trend(good, samples{}, with(l)).text);
    CHECK(render_trend(std::nullopt, good, with(l)).text == render_trend(samples{}, good, with(l)).text);
  }
}

TEST_CASE("trend: infinities are read like NaN") {
  const samples with_nan{5, 6, qnan, 7, 8};
  for (double v : {infinity, -infinity}) {
    const samples with_inf{5, 6, v, 7, 8};
    for (auto l : every_look) {
      CAPTURE(name_of(l));
      CHECK(render_trend(with_inf, samples{10}, with(l)).text == render_trend(with_nan, samples{10}, with(l)).text);
    }
  }
}

TEST_CASE("trend: magnitudes of half the largest double and more are undefined samples") {
  const double half_max = std::numeric_limits<double>::max() / 2;
  for (auto l : every_look) {
    CAPTURE(name_of(l));
    if (l != look::gnuplot_4_6) {  // 4.6 draws a NaN as a bogus point but skips a huge value
      CHECK(render_trend(samples{5, half_max, 7}, std::nullopt, with(l)).text ==
            render_trend(samples{5, qnan, 7}, std::nullopt, with(l)).text);
      CHECK(render_trend(samples{5, -half_max, 7}, std::nullopt, with(l)).text ==
            render_trend(samples{5, qnan, 7}, std::nullopt, with(l)).text);
    }
    CHECK(render_trend(samples{1e308, -1e308}, std::nullopt, with(l)).outcome == plot_outcome::no_defined_value);
  }
  const double below = std::nextafter(half_max, 0.0);
  CHECK(render_trend(samples{below, 1}, std::nullopt, with(look::gnuplot_5_4)).drawn());
}

TEST_CASE("trend: an undefined sample breaks the good line in 5.x and keeps its x") {
  const auto broken = lines(render_trend(samples{1, 1, qnan, 1, 1}, std::nullopt, with(look::gnuplot_5_4)).text);
  const auto whole = lines(render_trend(samples{1, 1, 1, 1, 1}, std::nullopt, with(look::gnuplot_5_4)).text);
  REQUIRE(broken.size() == 20);
  CHECK(broken != whole);
  const auto& row = broken.at(10);  // the middle row of -1%..+1% around 1
  CHECK(row.find("+ ") != std::string::npos);  // the piece after the gap starts with a lone `+`
  CHECK(row.find("  ") < row.rfind('|'));
}

TEST_CASE("trend: the title") {
  const samples good{1, 2, 3};
  SUBCASE("5.4 centres it directly above the frame, earlier looks one row higher") {
    CHECK(lines(render_trend(good, std::nullopt, with(look::gnuplot_5_4, "abcd")).text).at(2).find("abcd") == 39);
    CHECK(lines(render_trend(good, std::nullopt, with(look::gnuplot_5_2, "abcd")).text).at(1).find("abcd") == 39);
  }
  SUBCASE("an empty title gives its rows to the plot: the top frame moves to line 1") {
    const auto rows = lines(render_trend(good, std::nullopt, with(look::gnuplot_5_4, "")).text);
    CHECK(rows.at(1).find("+---") != std::string::npos);
    CHECK(rows.at(0).find_first_not_of(' ') == std::string::npos);
  }
  SUBCASE("a title that cannot start on the page is dropped") {
    const std::string t88(88, 'T');
    const auto rows = lines(render_trend(good, std::nullopt, with(look::gnuplot_5_4, t88)).text);
    CHECK(rows.at(2).find('T') == std::string::npos);
  }
}

TEST_CASE("trend: a title with a control character is a usage error in every style") {
  // Found by fuzz_plot_render: a newline in the title printed the picture on height + 1 lines.
  for (const look l : {look::gnuplot_4_6, look::gnuplot_5_0, look::gnuplot_5_4, look::unicode}) {
    CAPTURE(name_of(l));
    for (const std::string& title : std::vector<std::string>{"a\nb", "tab\there", "esc\x1b[2J", {"nul\0", 4}, "del\x7f"})
      CHECK_THROWS_AS((void)render_trend(samples{1, 2}, std::nullopt, with(l, title)), usage_error);
    CHECK(render_trend(samples{1, 2}, std::nullopt, with(l, "fio.write_bw_MBps \u00b1 \u541e\u5410")).drawn());
  }
}

TEST_CASE("trend: sizes the gnuplot looks cannot lay out are a usage error") {
  plot_options o = with(look::gnuplot_5_4);
  o.width = min_gnuplot_width - 1;
  CHECK_THROWS_AS((void)render_trend(samples{1}, std::nullopt, o), usage_error);
  o.width = 80;
  o.height = min_gnuplot_height - 1;
  CHECK_THROWS_AS((void)render_trend(samples{1}, std::nullopt, o), usage_error);
  o.height = max_plot_height + 1;
  CHECK_THROWS_AS((void)render_trend(samples{1}, std::nullopt, o), usage_error);
  o.height = min_gnuplot_height;
  o.width = min_gnuplot_width;
  CHECK(render_trend(samples{1, -1e-14}, std::nullopt, o).drawn());
}
