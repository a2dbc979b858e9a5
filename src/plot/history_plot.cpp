// The trend over commits (declared in include/perfmail/plot/history_plot.hpp).

#include "perfmail/plot/history_plot.hpp"

#include "perfmail/error.hpp"
#include "perfmail/plot/axis.hpp"
#include "perfmail/plot/look.hpp"
#include "perfmail/plot/unicode_plot.hpp"
#include "perfmail/text/printable.hpp"

#include "text_picture.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace perfmail::plot {

namespace {

using detail::usable;

using detail::text_grid;

/// Commit `i`'s median as the caller's search took it, where it can be drawn (a finite value).
std::optional<double> drawn_median(const history_plot_data& data, std::size_t i) {
  if (const std::optional<double> median = data.medians[i]; median && usable(*median)) return median;
  return std::nullopt;
}

/// The place of commit `i` of `n` among `slots` evenly spaced positions (0-based).
int slot_of(std::size_t i, std::size_t n, int slots) {
  if (n <= 1) return (slots - 1) / 2;
  return static_cast<int>(std::lround(static_cast<double>(i) * (slots - 1) / static_cast<double>(n - 1)));
}

/// The commit labels that fit under the axis, each at the column where it starts: those either side of
/// each change (the first after it before the last before it), then the first and last commits, then
/// the rest from the oldest, wherever a label does not come within one blank column of another. Each
/// label is centred under its commit's column where the line allows; either side of a change, the label
/// after starts right of the change's column and the one before ends left of it, so that both fit where
/// the commits are close. A label wider than the line is left out.
void place_labels(text_grid& grid, int row, const history_plot_data& data, const std::vector<int>& columns,
                  int first_column, int width) {
  const std::size_t n = data.commit_labels.size();
  // Where a label of a change's neighbour may lie: starting at `after` or later, ending before `before`.
  struct wanted {
    std::size_t commit;
    int after = INT_MIN;
    int before = INT_MAX;
  };
  std::vector<wanted> order;
  const auto want = [&](wanted w) {
    if (w.commit < n && std::none_of(order.begin(), order.end(), [&](const wanted& o) { return o.commit == w.commit; }))
      order.push_back(w);
  };
  // The commits either side of each change are what a reader looks for: they come before the ends.
  for (const std::size_t k : data.change_points) {
    const int mark = (columns[k - 1] + columns[k] + 1) / 2;
    want({k, mark + 1});
    want({k - 1, INT_MIN, mark});
  }
  want({0});
  want({n - 1});
  for (std::size_t i = 0; i < n; ++i) want({i});
  std::vector<std::pair<int, int>> taken;  // [start, end) of each placed label
  for (const wanted& w : order) {
    const detail::fitted_text label = detail::fit_columns(data.commit_labels[w.commit], INT_MAX);
    if (label.columns == 0 || label.columns > width - first_column) continue;
    int start = columns[w.commit] - label.columns / 2;
    start = std::max(start, w.after);
    if (w.before != INT_MAX) start = std::min(start, w.before - label.columns);
    start = std::clamp(start, first_column, width - label.columns);
    const int end = start + label.columns;
    const bool clear = std::none_of(taken.begin(), taken.end(),
                                    [&](const auto& t) { return start < t.second + 1 && t.first < end + 1; });
    if (!clear) continue;
    taken.emplace_back(start, end);
    grid.write_wide(start, row, label, unicode_ink::none);
  }
}

/// The range of every defined sample, or nullopt when there is none.
std::optional<value_range> range_of(const history_plot_data& data) {
  std::optional<value_range> r;
  for (const auto& samples : data.samples)
    for (const double x : samples) {
      if (!usable(x)) continue;
      if (!r) r = value_range{x, x};
      r->lo = std::min(r->lo, x);
      r->hi = std::max(r->hi, x);
    }
  return r;
}

void check(const history_plot_data& data, const plot_options& opts) {
  const bool gnuplot = is_gnuplot(opts.style);
  const int min_width = gnuplot ? min_gnuplot_width : min_unicode_width;
  if (opts.width < min_width || opts.width > max_plot_width || opts.height < min_history_height ||
      opts.height > max_plot_height)
    throw usage_error(fmt::format("plot size {}x{} is outside {}x{} .. {}x{} for the trend over commits in this style",
                                  opts.width, opts.height, min_width, min_history_height, max_plot_width,
                                  max_plot_height));
  check_plot_title(opts.title);
  if (data.commit_labels.size() != data.samples.size())
    throw usage_error(fmt::format("{} commit labels for {} commits", data.commit_labels.size(), data.samples.size()));
  if (data.medians.size() != data.samples.size())
    throw usage_error(fmt::format("{} medians for {} commits", data.medians.size(), data.samples.size()));
  for (std::size_t i = 0; i < data.samples.size(); ++i)
    if (data.medians[i].has_value() == data.samples[i].empty())
      throw usage_error(fmt::format("commit {} has {} samples and {} median", i, data.samples[i].size(),
                                    data.medians[i] ? "a" : "no"));
  for (const std::string& label : data.commit_labels) check_legend_label("commit", label);
  for (const std::size_t k : data.change_points)
    if (k == 0 || k >= data.samples.size())
      throw usage_error(fmt::format("a change point at commit {} of {}: a change lies between two commits", k,
                                    data.samples.size()));
}

/// The title, centred on the top row.
void put_title(text_grid& grid, const plot_options& opts) {
  const detail::fitted_text title = detail::fit_title(grid, opts.title);
  detail::put_title(grid, title, (opts.width - title.columns) / 2);
}

/// A gnuplot look's plain ASCII: a frame of `+`, `-` and `|`, the y tics and labels as the trend plot
/// prints them, changes as columns of `:`, medians `*` joined by `.`, samples `O`.
std::string draw_ascii(const history_plot_data& data, const plot_options& opts, value_range values) {
  text_grid grid(opts.width, opts.height);
  put_title(grid, opts);
  const int top = opts.title.empty() ? 0 : 1;  // the frame's top row
  const int axis_row = opts.height - 2;         // the frame's bottom row; the labels under it
  // gnuplot's axis cannot span values whose difference overflows a double (it draws no tics and maps
  // nothing), nor a few units in the last place of a tiny value (the extension to whole steps collapses
  // them): there the unicode look's axis, made for exactly these ranges, is used instead.
  y_axis axis = make_y_axis(values.lo, values.hi, traits(opts.style).labels);
  const bool gnuplot_axis = std::isfinite(values.hi - values.lo) && axis.range.hi > axis.range.lo &&
                            std::isfinite(axis.range.hi - axis.range.lo) && axis.range.lo <= values.lo &&
                            axis.range.hi >= values.hi &&
                            std::isfinite(static_cast<double>(opts.height) / (axis.range.hi - axis.range.lo));
  if (!gnuplot_axis) axis = make_unicode_axis(values.lo, values.hi);
  const int frame = axis.label_width() + 1;
  const int right = opts.width - 1;
  const int inner = right - frame - 1;
  if (inner < 2) throw usage_error(fmt::format("plot width {} leaves no room beside the y labels", opts.width));
  // Rows from the bottom frame (0) to the top one; the extended range spans them, as gnuplot's box does.
  const int rows = axis_row - top + 1;
  const cell_scale scale(axis.range, 0, rows - 1);
  const unicode_rows wide(axis.range, rows);
  const auto row_of = [&](double v) -> std::optional<int> {
    if (!gnuplot_axis) return axis_row - wide.row(v);
    const auto r = scale(v);
    if (!r || *r < 0 || *r >= rows) return std::nullopt;
    return axis_row - *r;
  };
  std::vector<detail::y_label> labels;
  for (const tic& t : axis.tics)
    if (const auto y = row_of(t.value)) labels.push_back({*y, t.label});
  detail::put_ascii_box(grid, frame, right, top, axis_row, labels);
  const std::size_t n = data.samples.size();
  std::vector<int> columns(n);
  for (std::size_t i = 0; i < n; ++i) columns[i] = frame + 1 + slot_of(i, n, inner);
  for (const std::size_t k : data.change_points) {
    const int x = (columns[k - 1] + columns[k] + 1) / 2;
    for (int y = top + 1; y < axis_row; ++y) grid.put(x, y, ":");
  }
  std::vector<std::optional<double>> medians(n);
  for (std::size_t i = 0; i < n; ++i) medians[i] = drawn_median(data, i);
  for (std::size_t i = 1; i < n; ++i) {
    if (!medians[i - 1] || !medians[i]) continue;
    const auto y0 = row_of(*medians[i - 1]);
    const auto y1 = row_of(*medians[i]);
    if (!y0 || !y1) continue;
    const int x0 = columns[i - 1];
    const int x1 = columns[i];
    const int steps = std::max(std::abs(x1 - x0), std::abs(*y1 - *y0));
    for (int s = 1; s < steps; ++s) {
      const double f = static_cast<double>(s) / steps;
      grid.put(static_cast<int>(std::lround(x0 + f * (x1 - x0))), static_cast<int>(std::lround(*y0 + f * (*y1 - *y0))),
               ".");
    }
  }
  for (std::size_t i = 0; i < n; ++i)
    for (const double x : data.samples[i])
      if (usable(x))
        if (const auto y = row_of(x)) grid.put(columns[i], *y, "O");
  for (std::size_t i = 0; i < n; ++i)
    if (medians[i])
      if (const auto y = row_of(*medians[i])) grid.put(columns[i], *y, "*");
  place_labels(grid, axis_row + 1, data, columns, 0, opts.width);
  return grid.text(false);
}

/// The unicode look: braille medians, `●` samples, `┊` changes, the y labels of the unicode trend plot,
/// and a legend.
std::string draw_unicode(const history_plot_data& data, const plot_options& opts, value_range values) {
  text_grid grid(opts.width, opts.height);
  put_title(grid, opts);
  // Under the axis, a row of commit labels and one of the legend.
  const detail::unicode_frame frame =
      detail::unicode_frame_of(opts.width, opts.height, !opts.title.empty(), 2, make_unicode_axis(values.lo, values.hi));
  if (frame.columns < 2) throw usage_error(fmt::format("plot width {} leaves no room beside the y labels", opts.width));
  const int label_row = frame.axis_row + 1;
  const int legend_row = frame.axis_row + 2;
  const int rows = frame.rows;
  const unicode_rows& map = frame.map;
  const int inner = frame.columns;
  detail::put_unicode_axis(grid, frame.axis_column, frame.top, frame.axis_row, frame.labels);

  braille_grid dots(inner, rows);
  const std::size_t n = data.samples.size();
  std::vector<int> dot_x(n);
  std::vector<int> columns(n);
  for (std::size_t i = 0; i < n; ++i) {
    dot_x[i] = slot_of(i, n, dots.dot_width());
    columns[i] = frame.first_column + dot_x[i] / 2;
  }
  for (const std::size_t k : data.change_points) {
    const int x = (dot_x[k - 1] + dot_x[k] + 1) / 2;
    for (int r = 0; r < rows; ++r) dots.symbol_at_dot(x, 4 * r, "┊", unicode_ink::axis);
  }
  std::optional<std::pair<int, int>> last;  // the previous commit's median, in dots
  for (std::size_t i = 0; i < n; ++i) {
    const std::optional<double> median = drawn_median(data, i);
    if (!median) {
      last.reset();  // a commit without samples breaks the line
      continue;
    }
    const std::pair<int, int> here{dot_x[i], map.dot(*median)};
    if (last) dots.line(last->first, last->second, here.first, here.second, unicode_ink::good);
    else dots.dot(here.first, here.second, unicode_ink::good);
    last = here;
  }
  for (std::size_t i = 0; i < n; ++i)
    for (const double x : data.samples[i])
      if (usable(x)) dots.symbol_at_dot(dot_x[i], map.dot(x), "●", unicode_ink::bad);
  grid.draw(frame.first_column, frame.top, dots);
  place_labels(grid, label_row, data, columns, frame.axis_column, opts.width);

  // The legend names what is drawn, centred under the values, its labels cut where the line is too narrow.
  std::vector<detail::legend_entry> legend{{"⣀⣀", 2, unicode_ink::good, "median"}, {"●", 1, unicode_ink::bad, "sample"}};
  if (!data.change_points.empty()) legend.push_back({"┊", 1, unicode_ink::axis, "change"});
  const detail::legend_text text = detail::fit_legend(legend, opts.width);
  detail::put_legend(grid, legend_row, std::clamp(frame.first_column + (inner - text.columns) / 2, 0,
                                                  std::max(0, opts.width - text.columns)), legend, text);
  return grid.text(opts.colour == colour_mode::always);
}

}  // namespace

plot_result render_history(const history_plot_data& data, const plot_options& opts) {
  check(data, opts);
  plot_result result;
  const std::optional<value_range> values = range_of(data);
  if (!values) {
    result.outcome = plot_outcome::no_defined_value;
    return result;
  }
  if (is_gnuplot(opts.style))
    result.text = draw_ascii(data, opts, *values);
  else if (opts.charset == text_charset::ascii)
    result.text = ascii_fallback(draw_unicode(data, opts, *values));
  else
    result.text = draw_unicode(data, opts, *values);
  return result;
}

}  // namespace perfmail::plot
