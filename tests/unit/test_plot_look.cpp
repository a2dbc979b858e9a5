#include <doctest/doctest.h>

#include "perfmail/plot/look.hpp"

using namespace perfmail::plot;

TEST_CASE("look: style names and aliases") {
  CHECK(parse_look("gnuplot-5.4") == look::gnuplot_5_4);
  CHECK(parse_look("gnuplot") == look::gnuplot_5_4);
  CHECK(parse_look("gnuplot-5.4.2") == look::gnuplot_5_4_2);
  CHECK(parse_look("gnuplot-5.4.0") == look::gnuplot_5_4_0);
  CHECK(parse_look("gnuplot-5.2") == look::gnuplot_5_2);
  CHECK(parse_look("gnuplot-5.0") == look::gnuplot_5_0);
  CHECK(parse_look("gnuplot-4.6") == look::gnuplot_4_6);
  CHECK(parse_look("classic") == look::gnuplot_4_6);
  CHECK_FALSE(parse_look("Gnuplot"));
  CHECK_FALSE(parse_look(""));
  SUBCASE("every look has a canonical name that reads back") {
    for (auto l : {look::gnuplot_4_6, look::gnuplot_5_0, look::gnuplot_5_2, look::gnuplot_5_4_0, look::gnuplot_5_4_2,
                   look::gnuplot_5_4, look::unicode})
      CHECK(parse_look(name_of(l)) == l);
  }
  SUBCASE("unicode is the only look that is not gnuplot's") {
    CHECK_FALSE(is_gnuplot(look::unicode));
    CHECK(is_gnuplot(look::gnuplot_4_6));
    CHECK(is_gnuplot(look::gnuplot_5_4));
  }
}

TEST_CASE("look: what changed between gnuplot releases") {
  SUBCASE("ranked cells up to 5.0, last write wins from 5.2") {
    CHECK(traits(look::gnuplot_4_6).cells == overlap::ranked);
    CHECK(traits(look::gnuplot_5_0).cells == overlap::ranked);
    CHECK(traits(look::gnuplot_5_2).cells == overlap::last_wins);
  }
  SUBCASE("only 4.6 marks good samples, trims rows and reads NaN as a bogus point") {
    CHECK(traits(look::gnuplot_4_6).good_mark == '*');
    CHECK(traits(look::gnuplot_5_0).good_mark == '\0');
    CHECK(traits(look::gnuplot_4_6).trim_trailing_blanks);
    CHECK_FALSE(traits(look::gnuplot_5_4).trim_trailing_blanks);
    CHECK(traits(look::gnuplot_4_6).undefined == undefined_samples::bogus_point);
    CHECK(traits(look::gnuplot_5_0).undefined == undefined_samples::skipped);
  }
  SUBCASE("segment rounding changed in 5.4.2, text may start in column 0 from 5.4.3") {
    CHECK(traits(look::gnuplot_5_4_0).rounding == segment_rounding::truncate_half_up);
    CHECK(traits(look::gnuplot_5_4_2).rounding == segment_rounding::half_away_from_zero);
    CHECK(traits(look::gnuplot_5_4_2).text.min_position == 1);
    CHECK(traits(look::gnuplot_5_4).text.min_position == 0);
  }
  SUBCASE("the title sits above a gap up to 5.2, on the frame from 5.4.0") {
    CHECK(traits(look::gnuplot_5_2).title_above_gap);
    CHECK_FALSE(traits(look::gnuplot_5_4_0).title_above_gap);
  }
  SUBCASE("only 5.0 wraps long text into the row above") {
    CHECK(traits(look::gnuplot_5_0).text.overflow == text_overflow::wrap);
    CHECK(traits(look::gnuplot_5_2).text.overflow == text_overflow::cut);
  }
}
