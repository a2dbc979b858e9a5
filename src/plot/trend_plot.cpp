// The trend plot in gnuplot's looks (plot/trend_plot.hpp): the axis and the canvas drawn as a look says.

#include "perfmail/plot/trend_plot.hpp"

#include "perfmail/error.hpp"
#include "perfmail/plot/axis.hpp"
#include "perfmail/plot/canvas.hpp"
#include "perfmail/plot/unicode_plot.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace perfmail::plot {

namespace detail {

std::vector<read_sample> read_series(const samples& s, undefined_samples rule) {
  std::vector<read_sample> out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto x = static_cast<double>(i + 1);
    if (!std::isfinite(s[i]) && rule == undefined_samples::bogus_point)
      out.push_back({x - 1, x, true});
    else if (!std::isfinite(s[i]) || std::fabs(s[i]) >= gnuplot_undefined_from)
      out.push_back({x, 0.0, false});
    else
      out.push_back({x, s[i], true});
  }
  return out;
}

}  // namespace detail

std::size_t gnuplot_undefined_count(const trend_series& good, const trend_series& bad) {
  std::size_t n = 0;
  for (const trend_series* set : {&good, &bad})
    if (*set)
      n += static_cast<std::size_t>(std::count_if((*set)->begin(), (*set)->end(), [](double v) {
        return std::isfinite(v) && std::fabs(v) >= gnuplot_undefined_from;
      }));
  return n;
}

void check_gnuplot_size(int width, int height) {
  if (width < min_gnuplot_width || width > max_plot_width || height < min_gnuplot_height ||
      height > max_plot_height)
    throw usage_error(fmt::format("plot size {}x{} is outside {}x{} .. {}x{} for the gnuplot styles", width, height,
                                  min_gnuplot_width, min_gnuplot_height, max_plot_width, max_plot_height));
}

namespace {

/// Both sets as the look's gnuplot reads them, the x range over every sample, the y range over the
/// defined ones (none: `defined` is false).
struct gnuplot_points {
  std::vector<detail::read_sample> good;
  std::vector<detail::read_sample> bad;
  value_range x{INFINITY, -INFINITY};
  value_range y{INFINITY, -INFINITY};
  bool defined = false;
};

gnuplot_points read_points(const trend_series& good, const trend_series& bad, undefined_samples rule) {
  gnuplot_points out;
  if (good) out.good = detail::read_series(*good, rule);
  if (bad) out.bad = detail::read_series(*bad, rule);
  for (const auto* set : {&out.bad, &out.good})
    for (const auto& p : *set) {
      out.x.lo = std::min(out.x.lo, p.x);
      out.x.hi = std::max(out.x.hi, p.x);
      if (!p.defined) continue;
      out.defined = true;
      out.y.lo = std::min(out.y.lo, p.y);
      out.y.hi = std::max(out.y.hi, p.y);
    }
  if (out.x.lo == out.x.hi) out.x = widen_empty(out.x.lo);
  return out;
}

/// Where the dumb terminal puts the parts: the frame spans columns xleft..xright and rows ybot..ytop
/// (counted from the bottom), the title starts at (title_start, title_row), centred by its bytes as gnuplot
/// counts them, and the scales map samples to cells.
struct gnuplot_layout {
  int xleft = 0;
  int xright = 0;
  int ybot = 0;
  int ytop = 0;
  int title_row = 0;
  int title_start = 0;
  cell_scale col;
  cell_scale row;
};

gnuplot_layout layout_of(const plot_options& opts, const gnuplot_traits& look, const y_axis& axis, value_range x) {
  gnuplot_layout l;
  l.xleft = axis.left_margin();
  l.xright = opts.width - 4;
  l.ybot = 2;
  l.ytop = opts.title.empty() ? opts.height - 2 : opts.height - 4;
  l.title_row = look.title_above_gap ? opts.height - 2 : opts.height - 3;
  l.title_start = (l.xleft + l.xright) / 2 - static_cast<int>(opts.title.size() / 2);
  l.col = cell_scale(x, l.xleft, l.xright);
  l.row = cell_scale(axis.range, l.ybot, l.ytop);
  return l;
}

/// The frame's four sides, drawn as gnuplot draws its border.
void draw_border(canvas& c, const gnuplot_layout& l, const gnuplot_traits& look) {
  c.segment(l.xleft, l.ytop, l.xleft, l.ybot, frame_pen, rank::frame, look.rounding);
  c.segment(l.xleft, l.ybot, l.xright, l.ybot, frame_pen, rank::frame, look.rounding);
  c.segment(l.xright, l.ybot, l.xright, l.ytop, frame_pen, rank::frame, look.rounding);
  c.segment(l.xright, l.ytop, l.xleft, l.ytop, frame_pen, rank::frame, look.rounding);
}

/// Each y tic that maps to a row: its tick mark right of the left side, its label right-aligned before it.
void draw_tics(canvas& c, const gnuplot_layout& l, const gnuplot_traits& look, const y_axis& axis) {
  for (const auto& t : axis.tics) {
    const auto at = l.row(t.value);
    if (!at) continue;
    const int r = *at;
    c.segment(l.xleft, r, l.xleft + look.tick_length, r, frame_pen, rank::frame, look.rounding);
    c.text(l.xleft - 1 - static_cast<int>(t.label.size()), r, t.label, look.text);
  }
}

/// The title, where there is one.
void draw_title(canvas& c, const gnuplot_layout& l, const gnuplot_traits& look, const plot_options& opts) {
  if (!opts.title.empty()) c.text(l.title_start, l.title_row, opts.title, look.text);
}

/// The cell of a sample, where both its coordinates map to cells.
std::optional<std::pair<int, int>> cell_of(const gnuplot_layout& l, const detail::read_sample& p) {
  if (!p.defined) return std::nullopt;
  const auto x = l.col(p.x);
  const auto y = l.row(p.y);
  if (!x || !y) return std::nullopt;
  return std::pair{*x, *y};
}

/// The data: the bad samples as `O`, then the good ones as a dotted line broken where a sample is not
/// drawn (a piece starts as a lone `+`), then the look's mark at each good sample.
void draw_samples(canvas& c, const gnuplot_layout& l, const gnuplot_traits& look, const gnuplot_points& points) {
  for (const auto& p : points.bad)
    if (const auto at = cell_of(l, p)) c.point(at->first, at->second, 'O');
  std::optional<std::pair<int, int>> previous;  // the last good sample drawn, without a gap since
  for (const auto& p : points.good) {
    const auto at = cell_of(l, p);
    if (!at) {
      previous.reset();
      continue;
    }
    const auto [x0, y0] = previous.value_or(*at);
    c.segment(x0, y0, at->first, at->second, dotted_pen, rank::line, look.rounding);
    previous = at;
  }
  if (look.good_mark != '\0')
    for (const auto& p : points.good)
      if (const auto at = cell_of(l, p)) c.point(at->first, at->second, look.good_mark);
}

}  // namespace

plot_result render_gnuplot(const trend_series& good, const trend_series& bad,
                           const plot_options& opts) {
  check_gnuplot_size(opts.width, opts.height);
  check_plot_title(opts.title);
  if (!opts.good_label.empty() || !opts.bad_label.empty())
    throw usage_error("legend labels go with the unicode style only: the gnuplot styles draw the robot's plot, "
                      "which has no legend");
  if (!good && !bad) return {plot_outcome::no_series, {}};
  const gnuplot_traits look = traits(opts.style);
  const gnuplot_points points = read_points(good, bad, look.undefined);
  if (!points.defined) return {plot_outcome::no_defined_value, {}};
  const y_axis axis = make_y_axis(points.y.lo, points.y.hi, look.labels);
  const gnuplot_layout layout = layout_of(opts, look, axis, points.x);

  // gnuplot's order of drawing, which decides each cell that two parts share: the tics, the border, the
  // title where it stands above a gap (up to 5.2), the data, the border again, the title where it stands
  // directly above the frame (5.4).
  canvas c(opts.width, opts.height, look.cells);
  draw_tics(c, layout, look, axis);
  draw_border(c, layout, look);
  if (look.title_above_gap) draw_title(c, layout, look, opts);
  draw_samples(c, layout, look, points);
  draw_border(c, layout, look);
  if (!look.title_above_gap) draw_title(c, layout, look, opts);
  return {plot_outcome::drawn, c.str(look.trim_trailing_blanks)};
}

plot_result render_trend(const trend_series& good, const trend_series& bad,
                         const plot_options& opts) {
  return is_gnuplot(opts.style) ? render_gnuplot(good, bad, opts) : render_unicode(good, bad, opts);
}

}  // namespace perfmail::plot
