#include <doctest/doctest.h>

#include "perfmail/plot/canvas.hpp"

#include <string>

using namespace perfmail::plot;

namespace {

/// The cells of row y from column x0 to x1 inclusive.
std::string cells(const canvas& c, int y, int x0, int x1) {
  std::string out;
  for (int x = x0; x <= x1; ++x) out += c.at(x, y);
  return out;
}

}  // namespace

TEST_CASE("canvas: a new canvas is blank and prints top row first without a final newline") {
  canvas c(4, 3, overlap::last_wins);
  CHECK(c.str() == "    \n    \n    ");
  c.set(0, 2, 'T', rank::text);
  c.set(3, 0, 'B', rank::text);
  CHECK(c.str() == "T   \n    \n   B");
  SUBCASE("trimmed rows lose only trailing blanks") { CHECK(c.str(true) == "T\n\n   B"); }
}

TEST_CASE("canvas: the overlap policy decides which write wins") {
  SUBCASE("ranked: a strictly higher rank replaces, an equal rank keeps the first write") {
    canvas c(3, 1, overlap::ranked);
    CHECK(c.set(1, 0, '.', rank::line));
    CHECK_FALSE(c.set(1, 0, ':', rank::line));
    CHECK(c.at(1, 0) == '.');
    CHECK(c.set(1, 0, '|', rank::frame));
    CHECK_FALSE(c.set(1, 0, '.', rank::line));
    CHECK(c.at(1, 0) == '|');
  }
  SUBCASE("last_wins: every write replaces") {
    canvas c(3, 1, overlap::last_wins);
    c.set(1, 0, 'O', rank::point);
    c.set(1, 0, '.', rank::line);
    CHECK(c.at(1, 0) == '.');
  }
}

TEST_CASE("canvas: writes follow the linear buffer") {
  canvas c(5, 2, overlap::last_wins);
  SUBCASE("x == width lands in column 0 of the row above") {
    c.set(5, 0, 'W', rank::text);
    CHECK(c.at(0, 1) == 'W');
  }
  SUBCASE("writes outside the buffer are ignored") {
    CHECK_FALSE(c.set(-1, 0, 'X', rank::text));
    CHECK_FALSE(c.set(6, 0, 'X', rank::text));
    CHECK_FALSE(c.set(0, 2, 'X', rank::text));
    CHECK_FALSE(c.set(5, 1, 'X', rank::text));
    CHECK(c.str() == "     \n     ");
  }
}

TEST_CASE("canvas: segments use the pen's end, interior and diagonal characters") {
  canvas c(12, 8, overlap::last_wins);
  SUBCASE("mostly horizontal") {
    c.segment(1, 1, 8, 1, dotted_pen, rank::line, segment_rounding::half_away_from_zero);
    CHECK(cells(c, 1, 0, 9) == " +......+ ");
  }
  SUBCASE("mostly vertical") {
    c.segment(2, 0, 2, 4, frame_pen, rank::frame, segment_rounding::half_away_from_zero);
    CHECK(std::string{c.at(2, 0), c.at(2, 1), c.at(2, 2), c.at(2, 3), c.at(2, 4)} == "+|||+");
  }
  SUBCASE("an exact diagonal is all diagonal characters") {
    c.segment(0, 3, 3, 0, dotted_pen, rank::line, segment_rounding::half_away_from_zero);
    CHECK(std::string{c.at(0, 3), c.at(1, 2), c.at(2, 1), c.at(3, 0)} == "++++");
  }
  SUBCASE("a zero-length segment is one end character") {
    c.segment(5, 5, 5, 5, dotted_pen, rank::line, segment_rounding::half_away_from_zero);
    CHECK(c.at(5, 5) == '+');
    CHECK(c.str().find_first_not_of(" \n+") == std::string::npos);
  }
}

TEST_CASE("canvas: descending segments differ between the two roundings") {
  // From (43,5) to (60,3): gnuplot 5.4.2 and later split the rows evenly; earlier releases stay on the
  // start row longer because (int)(v + 0.5) rounds negative offsets toward zero.
  canvas now(80, 8, overlap::last_wins);
  now.segment(43, 5, 60, 3, dotted_pen, rank::line, segment_rounding::half_away_from_zero);
  CHECK(cells(now, 5, 43, 60) == "+....             ");
  CHECK(cells(now, 4, 43, 60) == "     ........     ");
  CHECK(cells(now, 3, 43, 60) == "             ....+");

  canvas old(80, 8, overlap::last_wins);
  old.segment(43, 5, 60, 3, dotted_pen, rank::line, segment_rounding::truncate_half_up);
  CHECK(cells(old, 5, 43, 60) == "+............     ");
  CHECK(cells(old, 4, 43, 60) == "             .... ");
  CHECK(cells(old, 3, 43, 60) == "                 +");
}

TEST_CASE("canvas: round_offset") {
  CHECK(round_offset(-0.5, segment_rounding::truncate_half_up) == 0);
  CHECK(round_offset(-1.2, segment_rounding::truncate_half_up) == 0);
  CHECK(round_offset(-1.5, segment_rounding::truncate_half_up) == -1);
  CHECK(round_offset(-0.5, segment_rounding::half_away_from_zero) == -1);
  CHECK(round_offset(2.5, segment_rounding::half_away_from_zero) == 3);
  CHECK(round_offset(2.5, segment_rounding::truncate_half_up) == 3);
}

TEST_CASE("canvas: text placement") {
  const text_rules cut{1, text_overflow::cut, text_write::as_ranked};
  SUBCASE("text starting left of the first allowed column is dropped whole") {
    canvas c(10, 3, overlap::last_wins);
    c.text(0, 1, "abc", cut);
    CHECK(c.row(1) == "          ");
    c.text(0, 1, "abc", text_rules{0, text_overflow::cut, text_write::as_ranked});
    CHECK(c.row(1) == "abc       ");
  }
  SUBCASE("text on row 0 is dropped unless row 0 is allowed") {
    canvas c(10, 3, overlap::last_wins);
    c.text(2, 0, "abc", cut);
    CHECK(c.row(0) == "          ");
  }
  SUBCASE("text running past the edge is moved left, then cut") {
    canvas c(10, 3, overlap::last_wins);
    c.text(8, 1, "abcd", cut);
    CHECK(c.row(1) == "      abcd");
    c.text(1, 2, "0123456789AB", cut);
    CHECK(c.row(2) == "0123456789");
  }
  SUBCASE("wrapping text continues in the row above") {
    canvas c(10, 3, overlap::ranked);
    c.text(1, 1, "0123456789AB", text_rules{1, text_overflow::wrap, text_write::unconditional});
    CHECK(c.row(1) == "0123456789");
    CHECK(c.row(2) == "AB        ");
  }
  SUBCASE("unconditional text replaces a higher-ranked cell; ranked text does not replace its own rank") {
    canvas c(10, 2, overlap::ranked);
    c.set(3, 1, 'O', rank::point);
    c.text(2, 1, "xy", text_rules{1, text_overflow::cut, text_write::unconditional});
    CHECK(c.row(1) == "  xy      ");
    canvas r(10, 2, overlap::ranked);
    r.text(2, 1, "xy", cut);
    r.text(2, 1, "zz", cut);
    CHECK(r.row(1) == "  xy      ");
  }
}
