// A text picture's look and its composer (src/plot/text_look.hpp): what a description says is what is drawn.

#include "plot/text_look.hpp"

#include "perfmail/text/lines.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace perfmail::plot;
using namespace perfmail::plot::detail;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  for (const perfmail::text::line l : perfmail::text::lines(text)) out.emplace_back(l.text);
  return out;
}

}  // namespace

TEST_CASE("text look: the unicode axis leaves the plot area right of it and the rows below under it") {
  const text_look look{.width = 30, .height = 10, .title = "t", .below = {row_below::x_labels, row_below::legend}};
  const text_frame frame = frame_of(look, {0, 10});
  CHECK(frame.top == 1);
  CHECK(frame.rows == 6);      // less the title, the axis row and the two rows below
  CHECK(frame.bottom == 7);
  CHECK(frame.first_column == frame.frame_column + 1);
  CHECK(frame.first_column + frame.columns == look.width);
  for (const y_label& l : frame.labels) CHECK((l.row >= frame.top && l.row < frame.bottom));
}

TEST_CASE("text look: the ASCII box holds the plot area, its top and bottom rows included") {
  const text_look look{.width = 40, .height = 12, .frame = frame_kind::ascii_box, .below = {row_below::x_labels}};
  const text_frame frame = frame_of(look, {0, 10});
  CHECK(frame.top == 0);
  CHECK(frame.bottom == 10);
  CHECK(frame.rows == 11);
  CHECK(frame.first_column + frame.columns == look.width - 1);  // the right side is the line's last column
  CHECK(frame.row_of(10) == frame.top);                          // the axis's range spans the box
  CHECK(frame.row_of(0) == frame.bottom);
  CHECK_FALSE(frame.row_of(1000).has_value());                   // gnuplot's scale: off the box, not drawn
}

TEST_CASE("text look: the title centres on the line or on the plot area, as the look says") {
  text_look look{.width = 40, .height = 8, .title = "ab", .below = {row_below::legend}};
  const text_frame frame = frame_of(look, {0, 1000});
  const std::string on_line = lines_of(compose_picture(look, frame, {}))[0];
  look.title_at = title_centre::plot_area;
  const std::string on_area = lines_of(compose_picture(look, frame, {}))[0];
  CHECK(on_line.find("ab") == 19);
  CHECK(on_area.find("ab") == static_cast<std::size_t>(frame.first_column + frame.columns / 2 - 1));
}

TEST_CASE("text look: the composer puts the data over the frame and each row below where the look says") {
  const text_look look{.width = 30,
                       .height = 6,
                       .frame = frame_kind::ascii_box,
                       .below = {row_below::x_labels}};
  const text_frame frame = frame_of(look, {0, 1});
  text_layers layers;
  layers.marks = {{frame.first_column, frame.top, "*"}, {frame.first_column + 1, frame.top, "O"}};
  layers.x_labels = {{0, fit_columns("abc", 10)}, {20, fit_columns("日本", 10)}};
  const std::vector<std::string> rows = lines_of(compose_picture(look, frame, layers));
  REQUIRE(rows.size() == 6);
  CHECK(rows[0].substr(static_cast<std::size_t>(frame.frame_column), 4) == "+*O-");  // over the box's top row
  CHECK(rows[5] == "abc                 日本");
}

TEST_CASE("text look: the legend stands between the ends where it fits, alone where it does not") {
  const std::vector<legend_entry> legend{{"●", 1, unicode_ink::bad, "samples"}};
  text_look look{.width = 40, .height = 6, .below = {row_below::ends_and_legend}, .legend = legend};
  text_frame frame = frame_of(look, {0, 1});
  text_layers layers{.first = "1", .last = "12"};
  std::string last_row = lines_of(compose_picture(look, frame, layers)).back();
  CHECK(last_row.find('1') == static_cast<std::size_t>(frame.first_column));
  CHECK(last_row.size() == static_cast<std::size_t>(look.width) + 2);  // "12" ends the line; `●` is 3 bytes
  CHECK(last_row.find("● samples") != std::string::npos);
  look.legend = {{"●", 1, unicode_ink::bad, std::string(60, 'x')}};
  frame = frame_of(look, {0, 1});
  last_row = lines_of(compose_picture(look, frame, layers)).back();
  CHECK(last_row.find("12") == std::string::npos);  // the ends give way
  CHECK(last_row.find("● xxx") != std::string::npos);
  CHECK(last_row.find("…") != std::string::npos);
}
