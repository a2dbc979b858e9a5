#pragma once
// A history read and searched as `perfmail history` does it, for any program that links perfmail:
// where the results come from, which metrics are searched and how they are judged; and what comes back,
// the history, its search and the notes of what the search left aside, ready for any of the renderers
// (table/history.hpp, io/history_json.hpp, and the picture of one metric below). Declarations only:
// src/io/history_report.cpp.

#include "perfmail/analysis/history_search.hpp"
#include "perfmail/io/history_input.hpp"
#include "perfmail/model/history.hpp"
#include "perfmail/plot/options.hpp"

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::io {

struct load_limits;

/// Where a history comes from: each commit's results, oldest first (anything compare reads), or one
/// CSV (`-` for standard input) and how its columns are named.
struct history_source {
  std::vector<std::filesystem::path> results;
  std::filesystem::path csv;  ///< empty: the results
  history_csv_options columns;
};

/// What to search in a history, and how.
struct history_request {
  history_source source;
  /// The metrics searched (metrics/metric_patterns.hpp); empty: every one. A pattern that matches no
  /// metric of the history is refused, naming it.
  std::vector<std::string> metrics;
  history_options search;  ///< the caller's direction rules included
  std::size_t jobs = 0;    ///< metrics searched at once; 0: one per core
};

/// A history and its change points.
struct history_report {
  commit_history history;
  history_search search;
  history_options options;  ///< what the search ran with (the JSON states it)
  /// What the search left aside and why (table/history.hpp, history_notes), a line each.
  std::vector<std::string> notes;
};

/// Reads the history `request` names within `limits` and searches its chosen metrics, each classified by
/// the rules of the history's conventions (the robot's for the robot's results). Throws input_error for
/// a history it cannot read and usage_error for a request it cannot search.
[[nodiscard]] history_report analyse_history(const history_request& request, const load_limits& limits);

/// Why history_picture draws no picture of a metric.
enum class picture_refusal {
  unknown_metric,  ///< the history has no metric of that name
  not_searched,    ///< the metric was not searched (not among those chosen, or a failure counter)
  nothing_to_draw, ///< the metric has no sample a picture can show
};

/// history_picture's refusal. Its message names the metric as `"NAME": problem`, and says nothing of how
/// the metric was asked for, which is the caller's to add (the command line's `--plot`).
class history_picture_error : public usage_error {
 public:
  history_picture_error(picture_refusal why, const std::string& message) : usage_error(message), why_(why) {}
  [[nodiscard]] picture_refusal why() const noexcept { return why_; }

 private:
  picture_refusal why_;
};

/// The trend of metric `metric` over the report's commits, its change points marked (plot/history_plot.hpp),
/// titled with its name and labelled with the commits' short names. Throws history_picture_error for a
/// metric the history has not (with the name probably meant), one not searched, or one with no sample to
/// draw.
[[nodiscard]] std::string history_picture(const history_report& report, std::string_view metric,
                                          plot::plot_options options);

}  // namespace perfmail::io
