#pragma once
// The trend plot exactly as gnuplot's `dumb` terminal draws it for the robot's commands: bisect-good
// samples connected by a dotted line, bisect-bad samples as `O`, a centred title, the y axis on the
// left and no x tics. Composed from the axis (axis.hpp) and the canvas (canvas.hpp) with the
// parameters of a look (look.hpp).
//
// Drawn in src/plot/trend_plot.cpp; the unicode style is plot/unicode_plot.hpp.

#include "perfmail/plot/look.hpp"
#include "perfmail/plot/options.hpp"

#include <cstddef>
#include <limits>
#include <vector>

namespace perfmail::plot {

/// gnuplot stores a value whose magnitude reaches half the largest double as undefined: the gnuplot looks
/// leave such a sample out, where the unicode look draws it.
inline constexpr double gnuplot_undefined_from = std::numeric_limits<double>::max() / 2;

/// The finite samples of both sets that a gnuplot look leaves out as undefined (magnitudes of
/// gnuplot_undefined_from or more), so that a caller can say so; an absent set has none.
[[nodiscard]] std::size_t gnuplot_undefined_count(const trend_series& good, const trend_series& bad);

namespace detail {

/// A sample as the look reads it: x, y and whether y is defined.
struct read_sample {
  double x;
  double y;
  bool defined;
};

std::vector<read_sample> read_series(const samples& s, undefined_samples rule);

}  // namespace detail

/// Throws usage_error unless a gnuplot look can draw a plot of this size.
void check_gnuplot_size(int width, int height);

/// Draws the trend plot in a gnuplot look (opts.style must not be look::unicode). The result is
/// byte for byte what that gnuplot prints for the robot's commands, without the leading form feed.
/// Throws usage_error for a size check_gnuplot_size rejects, a title check_plot_title rejects, or legend
/// labels (the robot's plot has none; see plot_options).
[[nodiscard]] plot_result render_gnuplot(const trend_series& good, const trend_series& bad,
                                         const plot_options& opts);

/// Draws the trend plot of the good (connected) and bad (points) samples in the style opts.style.
/// Both series absent, or no defined sample in either, is an outcome rather than an error: the result
/// then holds no text. Throws usage_error for a size the style cannot draw, a title or legend label that is
/// not one line of text, or legend labels with a gnuplot style.
[[nodiscard]] plot_result render_trend(const trend_series& good, const trend_series& bad,
                                       const plot_options& opts);

}  // namespace perfmail::plot
