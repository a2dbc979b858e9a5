// The trend over commits (declared in include/perfmail/plot/history_plot.hpp).

#include "perfmail/plot/history_plot.hpp"

#include "perfmail/error.hpp"
#include "perfmail/plot/axis.hpp"
#include "perfmail/plot/look.hpp"
#include "perfmail/plot/unicode_plot.hpp"

#include "text_look.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace perfmail::plot {

namespace {

using detail::usable;

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
std::vector<detail::placed_text> place_labels(const history_plot_data& data, const std::vector<int>& columns,
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
  std::vector<detail::placed_text> placed;
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
    placed.push_back({start, label});
  }
  return placed;
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

/// The trend over commits in a gnuplot look's plain ASCII: the commits' columns inside the box, changes
/// as columns of `:`, medians `*` joined by `.`, samples `O`. The marks are cells of the picture, and the
/// line between two medians is interpolated in the picture's columns and rows: the floating-point sum that
/// is rounded depends on the origin, so that counting from the plot area's could move a cell of the line.
struct ascii_history {
  std::vector<int> columns;  ///< each commit's column of the picture
  std::vector<detail::text_mark> marks;
};

ascii_history ascii_marks(const history_plot_data& data, const detail::text_frame& frame) {
  ascii_history out;
  const std::size_t n = data.samples.size();
  out.columns.resize(n);
  for (std::size_t i = 0; i < n; ++i) out.columns[i] = frame.first_column + slot_of(i, n, frame.columns);
  const auto& columns = out.columns;
  for (const std::size_t k : data.change_points) {
    const int x = (columns[k - 1] + columns[k] + 1) / 2;
    for (int y = frame.top + 1; y < frame.bottom; ++y) out.marks.push_back({x, y, ":"});
  }
  std::vector<std::optional<double>> medians(n);
  for (std::size_t i = 0; i < n; ++i) medians[i] = drawn_median(data, i);
  for (std::size_t i = 1; i < n; ++i) {
    if (!medians[i - 1] || !medians[i]) continue;
    const auto y0 = frame.row_of(*medians[i - 1]);
    const auto y1 = frame.row_of(*medians[i]);
    if (!y0 || !y1) continue;
    const int x0 = columns[i - 1];
    const int x1 = columns[i];
    const int steps = std::max(std::abs(x1 - x0), std::abs(*y1 - *y0));
    for (int s = 1; s < steps; ++s) {
      const double f = static_cast<double>(s) / steps;
      out.marks.push_back({static_cast<int>(std::lround(x0 + f * (x1 - x0))),
                           static_cast<int>(std::lround(*y0 + f * (*y1 - *y0))), "."});
    }
  }
  for (std::size_t i = 0; i < n; ++i)
    for (const double x : data.samples[i])
      if (usable(x))
        if (const auto y = frame.row_of(x)) out.marks.push_back({columns[i], *y, "O"});
  for (std::size_t i = 0; i < n; ++i)
    if (medians[i])
      if (const auto y = frame.row_of(*medians[i])) out.marks.push_back({columns[i], *y, "*"});
  return out;
}

/// The trend over commits in braille: the medians a line of dots (broken where a commit has no sample),
/// samples `●`, changes `┊`, on the plot area; each commit at its dot column.
struct braille_history {
  std::vector<int> columns;  ///< each commit's column of the picture
  braille_grid dots;
};

braille_history median_dots(const history_plot_data& data, const detail::text_frame& frame) {
  braille_history out{{}, braille_grid(frame.columns, frame.rows)};
  braille_grid& dots = out.dots;
  const std::size_t n = data.samples.size();
  std::vector<int> dot_x(n);
  out.columns.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    dot_x[i] = slot_of(i, n, dots.dot_width());
    out.columns[i] = frame.first_column + dot_x[i] / 2;
  }
  for (const std::size_t k : data.change_points) {
    const int x = (dot_x[k - 1] + dot_x[k] + 1) / 2;
    for (int r = 0; r < frame.rows; ++r) dots.symbol_at_dot(x, 4 * r, "┊", unicode_ink::axis);
  }
  std::optional<std::pair<int, int>> last;  // the previous commit's median, in dots
  for (std::size_t i = 0; i < n; ++i) {
    const std::optional<double> median = drawn_median(data, i);
    if (!median) {
      last.reset();  // a commit without samples breaks the line
      continue;
    }
    const std::pair<int, int> here{dot_x[i], frame.map.dot(*median)};
    if (last) dots.line(last->first, last->second, here.first, here.second, unicode_ink::good);
    else dots.dot(here.first, here.second, unicode_ink::good);
    last = here;
  }
  for (std::size_t i = 0; i < n; ++i)
    for (const double x : data.samples[i])
      if (usable(x)) dots.symbol_at_dot(dot_x[i], frame.map.dot(x), detail::sample_mark, unicode_ink::bad);
  return out;
}

/// The looks: the title centred on the line; a gnuplot look's box with the commit labels under it, plain
/// ASCII; or the unicode axis with the commit labels and a legend under it, naming what is drawn.
detail::text_look history_look(const history_plot_data& data, const plot_options& opts) {
  detail::text_look look{.width = opts.width, .height = opts.height, .title = opts.title};
  if (is_gnuplot(opts.style)) {
    look.frame = detail::frame_kind::ascii_box;
    look.box_labels = traits(opts.style).labels;
    look.below = {detail::row_below::x_labels};
    return look;
  }
  look.frame = detail::frame_kind::unicode_axis;
  look.below = {detail::row_below::x_labels, detail::row_below::legend};
  look.legend = {{std::string(detail::line_mark), 2, unicode_ink::good, "median"},
                 {std::string(detail::sample_mark), 1, unicode_ink::bad, "sample"}};
  if (!data.change_points.empty()) look.legend.push_back({"┊", 1, unicode_ink::axis, "change"});
  look.colour = opts.colour == colour_mode::always;
  look.ascii = opts.charset == text_charset::ascii;
  return look;
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
  const detail::text_look look = history_look(data, opts);
  const detail::text_frame frame = detail::frame_of(look, *values);
  if (frame.columns < 2) throw usage_error(fmt::format("plot width {} leaves no room beside the y labels", opts.width));
  detail::text_layers layers;
  std::vector<int> columns;  // each commit's
  if (look.frame == detail::frame_kind::ascii_box) {
    ascii_history drawn = ascii_marks(data, frame);
    layers.marks = std::move(drawn.marks);
    columns = std::move(drawn.columns);
  } else {
    braille_history drawn = median_dots(data, frame);
    layers.dots = std::move(drawn.dots);
    columns = std::move(drawn.columns);
  }
  layers.x_labels = place_labels(data, columns, frame.x_labels_from, opts.width);
  result.text = detail::compose_picture(look, frame, layers);
  return result;
}

}  // namespace perfmail::plot
