#pragma once
// The trend over commits (docs/PLOTS.md, "The trend over commits"): per commit every sample as a point and
// the per-commit median as a line, each change point marked by a vertical line between the last commit
// before it and the first after, the y axis labelled with gnuplot's tics, short commit ids under the x
// axis. The picture a developer looks at before believing a change point. Two looks: a gnuplot look's
// plain ASCII (samples `O`, medians `*` joined by `.`, changes `:`), and the unicode one (medians as
// braille dots, samples `●`, changes `┊`, a legend, optional colour). Declarations only:
// src/plot/history_plot.cpp.

#include "perfmail/plot/options.hpp"

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace perfmail::plot {

struct history_plot_data {
  std::span<const std::vector<double>> samples;  ///< per commit, oldest first; empty: no result there
  std::span<const std::string> commit_labels;    ///< one per commit, short and printable
  std::span<const std::size_t> change_points;    ///< the first commit after each change
  std::string title;                             ///< one line (check_plot_title), e.g. the metric's name
  /// Per commit, the value the line joins: the median the search took (metric_history_result::medians,
  /// or commit_medians of analysis/history.hpp); nullopt where the commit has no sample.
  std::span<const std::optional<double>> medians;
};

/// The smallest plot the trend over commits draws: a title, three rows of values, the axis, the commit
/// labels and (unicode) the legend.
inline constexpr int min_history_height = 8;

/// Draws the trend over commits in opts.style at opts.width x opts.height: exactly opts.height lines of
/// at most opts.width columns, without trailing blanks. Commits are evenly spaced; several share a column
/// where there are more commits than columns. Labels never overlap and are never cut: the commits either
/// side of a change come first, then the first and last commits, then as many others as fit, one blank
/// column apart at least. Samples that are not finite are not drawn, and a commit without samples breaks the
/// median line. No defined sample at all is an outcome (plot_outcome::no_defined_value), as in the trend
/// plot. Throws usage_error for a size below the style's minimum (and min_history_height), a title or a
/// label that is not one line of text, labels not one per commit, or a change point out of range.
[[nodiscard]] plot_result render_history(const history_plot_data& data, const plot_options& opts);

}  // namespace perfmail::plot
