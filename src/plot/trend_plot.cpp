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

plot_result render_gnuplot(const trend_series& good, const trend_series& bad,
                           const plot_options& opts) {
  check_gnuplot_size(opts.width, opts.height);
  check_plot_title(opts.title);
  if (!opts.good_label.empty() || !opts.bad_label.empty())
    throw usage_error("legend labels go with the unicode style only: the gnuplot styles draw the robot's plot, "
                      "which has no legend");
  if (!good && !bad) return {plot_outcome::no_series, {}};
  const gnuplot_traits look = traits(opts.style);
  const auto good_points = good ? detail::read_series(*good, look.undefined) : std::vector<detail::read_sample>{};
  const auto bad_points = bad ? detail::read_series(*bad, look.undefined) : std::vector<detail::read_sample>{};

  // Ranges: x over every sample, y over the defined ones.
  bool any_defined = false;
  value_range xr{INFINITY, -INFINITY};
  value_range yr{INFINITY, -INFINITY};
  for (const auto* set : {&bad_points, &good_points})
    for (const auto& p : *set) {
      xr.lo = std::min(xr.lo, p.x);
      xr.hi = std::max(xr.hi, p.x);
      if (!p.defined) continue;
      any_defined = true;
      yr.lo = std::min(yr.lo, p.y);
      yr.hi = std::max(yr.hi, p.y);
    }
  if (!any_defined) return {plot_outcome::no_defined_value, {}};
  if (xr.lo == xr.hi) xr = widen_empty(xr.lo);
  const y_axis axis = make_y_axis(yr.lo, yr.hi, look.labels);

  // Layout: the frame spans columns xleft..xright and rows ybot..ytop.
  const int width = opts.width;
  const int height = opts.height;
  const bool has_title = !opts.title.empty();
  const int xleft = axis.left_margin();
  const int xright = width - 4;
  const int ybot = 2;
  const int ytop = has_title ? height - 4 : height - 2;
  const int title_row = look.title_above_gap ? height - 2 : height - 3;
  const int title_start = (xleft + xright) / 2 - static_cast<int>(opts.title.size() / 2);
  const cell_scale col(xr, xleft, xright);
  const cell_scale row(axis.range, ybot, ytop);

  canvas c(width, height, look.cells);
  const auto draw_frame = [&] {
    c.segment(xleft, ytop, xleft, ybot, frame_pen, rank::frame, look.rounding);
    c.segment(xleft, ybot, xright, ybot, frame_pen, rank::frame, look.rounding);
    c.segment(xright, ybot, xright, ytop, frame_pen, rank::frame, look.rounding);
    c.segment(xright, ytop, xleft, ytop, frame_pen, rank::frame, look.rounding);
  };
  const auto draw_title = [&] {
    if (has_title) c.text(title_start, title_row, opts.title, look.text);
  };

  for (const auto& t : axis.tics) {
    const auto at = row(t.value);
    if (!at) continue;
    const int r = *at;
    c.segment(xleft, r, xleft + look.tick_length, r, frame_pen, rank::frame, look.rounding);
    c.text(xleft - 1 - static_cast<int>(t.label.size()), r, t.label, look.text);
  }
  draw_frame();
  if (look.title_above_gap) draw_title();

  // A sample is drawn where both its coordinates map to cells.
  const auto cell_of = [&](const detail::read_sample& p) -> std::optional<std::pair<int, int>> {
    if (!p.defined) return std::nullopt;
    const auto x = col(p.x);
    const auto y = row(p.y);
    if (!x || !y) return std::nullopt;
    return std::pair{*x, *y};
  };
  for (const auto& p : bad_points)
    if (const auto at = cell_of(p)) c.point(at->first, at->second, 'O');

  bool piece_open = false;  // a defined good sample precedes this one without a gap
  int x0 = 0;
  int y0 = 0;
  for (const auto& p : good_points) {
    const auto at = cell_of(p);
    if (!at) {
      piece_open = false;
      continue;
    }
    const auto [x, y] = *at;
    if (!piece_open) {
      x0 = x;
      y0 = y;
    }
    c.segment(x0, y0, x, y, dotted_pen, rank::line, look.rounding);  // a piece starts as a lone `+`
    piece_open = true;
    x0 = x;
    y0 = y;
  }
  if (look.good_mark != '\0')
    for (const auto& p : good_points)
      if (const auto at = cell_of(p)) c.point(at->first, at->second, look.good_mark);

  draw_frame();
  if (!look.title_above_gap) draw_title();
  return {plot_outcome::drawn, c.str(look.trim_trailing_blanks)};
}

plot_result render_trend(const trend_series& good, const trend_series& bad,
                         const plot_options& opts) {
  return is_gnuplot(opts.style) ? render_gnuplot(good, bad, opts) : render_unicode(good, bad, opts);
}

}  // namespace perfmail::plot
