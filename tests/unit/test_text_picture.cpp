// The decoration layer of the text pictures (src/plot/text_picture.hpp): what every look relies on.

#include "plot/text_picture.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace perfmail::plot;
using namespace perfmail::plot::detail;

TEST_CASE("text picture: a later write replaces exactly the characters it covers") {
  text_grid g(8, 1);
  g.write(0, 0, "4.99");
  g.write(2, 0, "5");
  CHECK(g.text(false) == "4.59");
  g.write(4, 0, "日x");  // a wide character takes two cells
  CHECK(g.text(false) == "4.59日x");
  g.write(5, 0, "y");  // over the wide character's second cell: the rest stands
  CHECK(g.text(false) == "4.59日yx");
}

TEST_CASE("text picture: rows lose their trailing blanks; writes outside are dropped") {
  text_grid g(5, 2);
  g.write(3, 1, "abc");
  g.put(-1, 0, "z");
  g.put(0, 7, "z");
  CHECK(g.text(false) == "\n   ab");
}

TEST_CASE("text picture: the title moves left as far as it needs to fit, and is cut to the line") {
  text_grid g(10, 1);
  const fitted_text title = fit_title(g, "throughput");
  put_title(g, title, 4);
  CHECK(g.text(false) == "throughput");
  text_grid narrow(6, 1);
  put_title(narrow, fit_title(narrow, "throughput"), 2);
  CHECK(narrow.text(false) == "throug");
}

TEST_CASE("text picture: the unicode axis stands its labels right-aligned, a blank before the tic") {
  text_grid g(8, 4);
  const std::vector<y_label> labels{{0, "10"}, {2, "5"}};
  put_unicode_axis(g, 3, 0, 3, labels);
  CHECK(g.text(false) == "10 ┤\n   │\n 5 ┤\n   └────");
  // The blank before the axis is the axis's (one colour run), the labels plain.
  text_grid c(5, 1);
  const std::vector<y_label> one{{0, "7"}};
  put_unicode_axis(c, 2, 0, 1, one);
  CHECK(c.text(true) == "7\x1b[2m ┤\x1b[0m");
}

TEST_CASE("text picture: the ASCII box has its tics on the side and its labels before it") {
  text_grid g(8, 4);
  const std::vector<y_label> labels{{1, "12"}};
  put_ascii_box(g, 3, 7, 0, 3, labels);
  CHECK(g.text(false) == "   +---+\n12 +   |\n   |   |\n   +---+");
}

TEST_CASE("text picture: a legend fits its line, cutting names with … rather than dropping them") {
  const std::vector<legend_entry> entries{{"⣀⣀", 2, unicode_ink::good, "median"},
                                          {"●", 1, unicode_ink::bad, "sample"},
                                          {"┊", 1, unicode_ink::axis, "change"}};
  const legend_text whole = fit_legend(entries, 40);
  CHECK(whole.columns == 29);
  const legend_text cut = fit_legend(entries, 24);
  CHECK(cut.columns <= 24);
  text_grid g(24, 1);
  put_legend(g, 0, 0, entries, cut);
  CHECK(g.text(false) == "⣀⣀ med…  ● sam…  ┊ cha…");
  // Each mark in its ink, which ends with the mark; the name plain.
  text_grid c(40, 1);
  put_legend(c, 0, 0, entries, whole);
  CHECK(c.text(true) == "\x1b[36m⣀⣀\x1b[0m median  \x1b[1;31m●\x1b[0m sample  \x1b[2m┊\x1b[0m change");
}
