#pragma once
// The parts the text pictures (the unicode trend plot, and the trend over commits in its unicode and ASCII
// looks) are drawn with: one grid of character cells, and the title, the unicode axis or the ASCII box
// with its y labels, and the legend put on it, each in one place. What a look is made of and the composer
// that puts these parts together are src/plot/text_look.hpp's.

#include "perfmail/plot/unicode_plot.hpp"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::plot::detail {

/// One character cell of a picture and the ink it is drawn in.
struct text_cell {
  std::string glyph = " ";
  unicode_ink ink = unicode_ink::none;
};

/// A picture as rows of cells, top row first. A write outside it is dropped.
class text_grid {
 public:
  text_grid(int width, int height);
  [[nodiscard]] int width() const noexcept { return width_; }
  [[nodiscard]] int height() const noexcept { return static_cast<int>(rows_.size()); }

  void put(int x, int y, std::string glyph, unicode_ink ink = unicode_ink::none);
  /// Text from column x on, one cell a character (a wide one takes the next cell too), so that a later
  /// write replaces exactly the characters it covers.
  void write(int x, int y, std::string_view text, unicode_ink ink = unicode_ink::none);
  /// Text of known terminal columns (one line, made to fit) as one cell followed by the cells it covers.
  void write_wide(int x, int y, const fitted_text& text, unicode_ink ink = unicode_ink::none);
  /// The rows of `dots` from column x and row y on, a character a cell.
  void draw(int x, int y, const braille_grid& dots);
  /// The picture, its rows without trailing blanks, ANSI colour when `colour`.
  [[nodiscard]] std::string text(bool colour) const;

 private:
  int width_;
  std::vector<std::vector<text_cell>> rows_;
};

/// The title made to fit the line: whole characters only, cut after the last that fits.
[[nodiscard]] fitted_text fit_title(const text_grid& grid, std::string_view title);

/// The title in the title ink on the top row, from column `start`, moved left as far as it needs to fit.
/// Where a look centres it (on the line, on the plot area) is the look's.
void put_title(text_grid& grid, const fitted_text& title, int start);

/// A y label: its row of the picture and its text.
struct y_label {
  int row = 0;
  std::string text;
};

/// The terminal columns of the widest label.
[[nodiscard]] int label_columns(std::span<const y_label> labels);

/// The unicode axis: `│` from row `top` down to the row above `axis_row`, `┤` where a label stands (the
/// label right-aligned before it, a blank between), `└` on `axis_row` and `─` from there to the line's end.
/// `column` is the axis's column; labels take the columns before it less one.
void put_unicode_axis(text_grid& grid, int column, int top, int axis_row, std::span<const y_label> labels);

/// The ASCII box of the gnuplot looks' text: `+` corners, `-` top and bottom rows, `|` sides, from column
/// `left` to `right` and row `top` to `bottom`; each label right-aligned before the left side, one blank
/// between, with a `+` tic on the side.
void put_ascii_box(text_grid& grid, int left, int right, int top, int bottom, std::span<const y_label> labels);

/// The marks the unicode pictures draw their data with, and name in their legends: a sample on its own
/// (`●`, one column), and the line through a set's values (two braille cells of the lowest dots, `⣀⣀`).
inline constexpr std::string_view sample_mark = "\u25CF";
inline constexpr std::string_view line_mark = "\u28C0\u28C0";

/// One entry of a legend: the mark of a set as the picture draws it, in its ink, and the set's name.
struct legend_entry {
  std::string mark;
  int mark_columns;
  unicode_ink ink;
  std::string label;
};

/// `label` in at most `columns` terminal columns: whole, or cut with `…` (one column) after the last whole
/// character that fits.
[[nodiscard]] fitted_text cut_label(std::string_view label, int columns);

/// A legend's labels as they are drawn, and the columns of the whole legend.
struct legend_text {
  std::vector<fitted_text> labels;
  int columns = 0;  ///< marks, a blank after each, labels, two blanks between entries
};

/// The legend with each label cut to at most `label_columns` columns.
[[nodiscard]] legend_text cut_legend(std::span<const legend_entry> entries, int label_columns);

/// The legend in at most `columns` columns where the marks and blanks allow: each label cut to the line
/// (cut_legend), and where the legend is still wider, to an equal share of the columns the marks and
/// blanks leave (one at least).
[[nodiscard]] legend_text fit_legend(std::span<const legend_entry> entries, int columns);

/// The legend on row `row` from column `x`: each mark in its ink, a blank, the label; two blanks between.
void put_legend(text_grid& grid, int row, int x, std::span<const legend_entry> entries, const legend_text& text);

}  // namespace perfmail::plot::detail
