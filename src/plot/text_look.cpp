// A text picture's look and the composer that draws it (src/plot/text_look.hpp).

#include "text_look.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstddef>
#include <utility>

namespace perfmail::plot::detail {

std::optional<int> text_frame::row_of(double v) const {
  const int last = top + rows - 1;  // the plot area's bottom row
  if (!cells) return last - map.row(v);
  const std::optional<int> r = (*cells)(v);
  if (!r || *r < 0 || *r >= rows) return std::nullopt;
  return last - *r;
}

namespace {

/// The unicode axis of the values, and the plot area right of it, above the axis row.
text_frame axis_frame(const text_look& look, value_range values) {
  const y_axis axis = make_unicode_axis(values.lo, values.hi);
  const int top = look.title.empty() ? 0 : 1;
  const int rows = look.height - top - 1 - static_cast<int>(look.below.size());
  const int bottom = top + rows;
  const unicode_rows map(axis.range, rows);
  std::vector<y_label> labels;
  if (rows >= 2)
    for (unicode_label& l : make_unicode_labels(axis, map)) labels.push_back({bottom - 1 - l.row, std::move(l.text)});
  const int axis_column = label_columns(labels) + 1;
  return {.top = top,
          .bottom = bottom,
          .frame_column = axis_column,
          .first_column = axis_column + 1,
          .columns = look.width - axis_column - 1,
          .x_labels_from = axis_column,
          .rows = rows,
          .labels = std::move(labels),
          .map = map,
          .cells = std::nullopt};
}

/// gnuplot's box on the axis of the look's gnuplot, the plot area inside it. gnuplot's axis cannot span
/// values whose difference overflows a double (it draws no tics and maps nothing), nor a few units in the
/// last place of a tiny value (the extension to whole steps collapses them): there the unicode axis, made
/// for exactly these ranges, is used instead.
text_frame box_frame(const text_look& look, value_range values) {
  const int top = look.title.empty() ? 0 : 1;
  const int bottom = look.height - 1 - static_cast<int>(look.below.size());
  const int rows = bottom - top + 1;  // the extended range spans the box's rows, as gnuplot's box does
  y_axis axis = make_y_axis(values.lo, values.hi, look.box_labels);
  const bool gnuplot_axis = std::isfinite(values.hi - values.lo) && axis.range.hi > axis.range.lo &&
                            std::isfinite(axis.range.hi - axis.range.lo) && axis.range.lo <= values.lo &&
                            axis.range.hi >= values.hi &&
                            std::isfinite(static_cast<double>(look.height) / (axis.range.hi - axis.range.lo));
  if (!gnuplot_axis) axis = make_unicode_axis(values.lo, values.hi);
  const int left = axis.label_width() + 1;
  std::optional<cell_scale> cells;
  if (gnuplot_axis) cells = cell_scale(axis.range, 0, rows - 1);
  text_frame frame{.top = top,
                   .bottom = bottom,
                   .frame_column = left,
                   .first_column = left + 1,
                   .columns = look.width - 1 - left - 1,  // between the sides, the right one the line's last column
                   .x_labels_from = 0,  // labels under the box may stand under the y labels too
                   .rows = rows,
                   .labels = {},
                   .map = unicode_rows(axis.range, rows),
                   .cells = cells};
  for (const tic& t : axis.tics)
    if (const std::optional<int> y = frame.row_of(t.value)) frame.labels.push_back({*y, t.label});
  return frame;
}

/// The column from which a legend of `columns` columns is centred under the plot area.
int centred_under(const text_frame& frame, int columns) {
  return frame.first_column + (frame.columns - columns) / 2;
}

/// The legend `text` on `row` from `start`, moved as far as it needs to stay on the line.
void put_kept_legend(text_grid& grid, const text_look& look, int row, int start, const legend_text& text) {
  put_legend(grid, row, std::clamp(start, 0, std::max(0, look.width - text.columns)), look.legend, text);
}

/// row_below::ends_and_legend on `row`.
void put_ends_and_legend(text_grid& grid, const text_look& look, const text_frame& frame, const text_layers& layers,
                         int row) {
  const legend_text legend = cut_legend(look.legend, look.width);
  const int left = frame.first_column;
  const int last_at = left + frame.columns - fit_columns(layers.last, INT_MAX).columns;
  const int centred = centred_under(frame, legend.columns);
  const int earliest = left + fit_columns(layers.first, INT_MAX).columns + 2;
  const int latest = (layers.last.empty() ? look.width : last_at) - 2 - legend.columns;
  if (earliest <= latest) {
    grid.write(left, row, layers.first);
    grid.write(last_at, row, layers.last);
    put_legend(grid, row, std::clamp(centred, earliest, latest), look.legend, legend);
    return;
  }
  // The legend alone, fitted to the line. It starts where the legend before fitting centred (kept on the
  // line), as the unicode trend plot has always placed it: centring the fitted legend instead would move
  // some pictures by a few columns.
  put_kept_legend(grid, look, row, centred, fit_legend(look.legend, look.width));
}

/// The row under the frame that `what` says, on `row`.
void put_row_below(text_grid& grid, const text_look& look, const text_frame& frame, const text_layers& layers,
                   row_below what, int row) {
  switch (what) {
    case row_below::x_labels:
      for (const placed_text& label : layers.x_labels) grid.write_wide(label.column, row, label.text);
      return;
    case row_below::legend: {
      const legend_text text = fit_legend(look.legend, look.width);
      put_kept_legend(grid, look, row, centred_under(frame, text.columns), text);
      return;
    }
    case row_below::ends_and_legend:
      put_ends_and_legend(grid, look, frame, layers, row);
      return;
  }
}

}  // namespace

text_frame frame_of(const text_look& look, value_range values) {
  return look.frame == frame_kind::ascii_box ? box_frame(look, values) : axis_frame(look, values);
}

std::string compose_picture(const text_look& look, const text_frame& frame, const text_layers& layers) {
  text_grid grid(look.width, look.height);
  const fitted_text title = fit_title(grid, look.title);
  put_title(grid, title,
            look.title_at == title_centre::plot_area ? frame.first_column + frame.columns / 2 - title.columns / 2
                                                     : (look.width - title.columns) / 2);
  if (look.frame == frame_kind::ascii_box)
    put_ascii_box(grid, frame.frame_column, look.width - 1, frame.top, frame.bottom, frame.labels);
  else
    put_unicode_axis(grid, frame.frame_column, frame.top, frame.bottom, frame.labels);
  if (layers.dots) grid.draw(frame.first_column, frame.top, *layers.dots);
  for (const text_mark& m : layers.marks) grid.put(m.column, m.row, std::string(m.glyph));
  for (std::size_t i = 0; i < look.below.size(); ++i)
    put_row_below(grid, look, frame, layers, look.below[i], frame.bottom + 1 + static_cast<int>(i));
  std::string out = grid.text(look.colour);
  return look.ascii ? ascii_fallback(out) : out;
}

}  // namespace perfmail::plot::detail
