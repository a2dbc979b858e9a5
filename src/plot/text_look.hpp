#pragma once
// A text picture's look as a description of what differs between the pictures, and the one composer that
// draws any look: title, frame with its y labels, the data's dots and marks, the rows under the frame (x
// labels, a legend). The unicode trend plot and both looks of the trend over commits are each a look and
// their data; the parts they are drawn with are src/plot/text_picture.hpp's. The gnuplot looks of the trend
// plot are not drawn here: they reproduce gnuplot's own drawing (plot/canvas.hpp), frame and labels
// included.

#include "text_picture.hpp"

#include "perfmail/plot/axis.hpp"
#include "perfmail/plot/unicode_plot.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::plot::detail {

/// Where a look centres its title on the top row.
enum class title_centre : std::uint8_t {
  line,       ///< on the whole line
  plot_area,  ///< on the plot area, right of the y axis
};

/// The frame round the plot area, with the y labels beside it.
enum class frame_kind : std::uint8_t {
  /// `┤ │ └───` (put_unicode_axis) on the unicode trend plot's axis (make_unicode_axis, and the labels of
  /// make_unicode_labels); the plot area right of the axis to the line's end, above `└───`.
  unicode_axis,
  /// gnuplot's box of `+ - |` (put_ascii_box) on the axis of the look's gnuplot, or on the unicode one
  /// where gnuplot's cannot be drawn; the plot area inside the box, its top and bottom rows included,
  /// since gnuplot's box spans the axis's range.
  ascii_box,
};

/// What a row under the frame holds.
enum class row_below : std::uint8_t {
  x_labels,  ///< the x labels, each where the picture placed it (text_layers::x_labels)
  legend,    ///< the legend, fitted to the line (fit_legend), centred under the plot area
  /// The labels of the first and last x position (text_layers::first, last) at the ends of the plot area,
  /// and the legend centred between them, two blanks clear of each; where it needs their room, the legend
  /// alone, fitted to the line.
  ends_and_legend,
};

/// A text picture's look: its size and title, and what the looks differ in.
struct text_look {
  int width = 0;
  int height = 0;
  std::string_view title{};  ///< on the top row when not empty
  title_centre title_at = title_centre::line;
  frame_kind frame = frame_kind::unicode_axis;
  fixed_point_rule box_labels = fixed_point_rule::span_or_min_below_10;  ///< ascii_box: its gnuplot's labels
  std::vector<row_below> below{};      ///< the rows under the frame, top first
  std::vector<legend_entry> legend{};  ///< what a legend row names
  bool colour = false;                 ///< the inks as ANSI colour
  bool ascii = false;                  ///< the whole picture through ascii_fallback
};

/// Where a look's frame puts the plot area and the y labels for the values drawn. Each picture checks that
/// the plot area suits it: its rows and columns may be too few.
struct text_frame {
  int top = 0;           ///< the frame's first row, and the plot area's
  int bottom = 0;        ///< the axis row `└───`, or the box's bottom row; the rows below follow it
  int frame_column = 0;  ///< the axis's column, or the box's left side
  int first_column = 0;  ///< the plot area's first column
  int columns = 0;       ///< the plot area's columns
  int x_labels_from = 0;  ///< the first column x labels take: from `└` under the axis, from 0 under the box
  int rows = 0;          ///< the plot area's rows
  std::vector<y_label> labels;      ///< on the picture's rows; none on a unicode axis of fewer than 2 rows
  unicode_rows map;                 ///< values to the plot area's rows (and dot rows), 0 at the bottom
  std::optional<cell_scale> cells;  ///< ascii_box on gnuplot's axis: values to rows as gnuplot maps them

  /// The picture's row of value `v`: its row in the plot area by `cells` where there is one (none where
  /// that falls outside the area), else by `map`.
  [[nodiscard]] std::optional<int> row_of(double v) const;
};

/// The frame of `look` for defined values spanning `values`.
[[nodiscard]] text_frame frame_of(const text_look& look, value_range values);

/// One cell of data drawn cell by cell (the ASCII look), at a column and row of the picture.
struct text_mark {
  int column = 0;
  int row = 0;
  std::string_view glyph{};
};

/// Text put from a column of the picture.
struct placed_text {
  int column = 0;
  fitted_text text{};
};

/// What a picture draws in its look besides the decorations.
struct text_layers {
  std::optional<braille_grid> dots{};   ///< the plot area's dots and symbols, of its columns and rows
  std::vector<text_mark> marks{};       ///< in the order drawn, over the frame and the dots
  std::vector<placed_text> x_labels{};  ///< for row_below::x_labels
  std::string first{};                  ///< for row_below::ends_and_legend
  std::string last{};                   ///< for row_below::ends_and_legend; empty for a lone position
};

/// The picture of `look` in `frame`: the title, the frame with its y labels, the dots, the marks, the rows
/// below; in that order, a later part replacing the cells it covers.
[[nodiscard]] std::string compose_picture(const text_look& look, const text_frame& frame, const text_layers& layers);

}  // namespace perfmail::plot::detail
